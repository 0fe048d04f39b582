/**
 * After every browser journey: the server's whole log (e2e/server.mjs writes it) holds no secret, no
 * report of a content security policy violation and no page's report of a hydration mismatch.
 * The journeys sign in, reset a password, pay with test cards, apply gift cards and reload
 * confirmations by their order token, so each kind of secret has passed through the server.
 */
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { earlyServerLog, ownServerLogs, schoolServerLog, serverLog } from '../playwright.config';

const PASSWORDS = ['Demo1234!', 'Checkout1!', 'Newpass34!', 'Other567!', 'Secret12!', 'Wrong1234!'];
const CARDS = ['4242424242424242', '4000000000000002', '5555555555554444', '6011111111111117', '6035710000005678', '6035710000009999'];
/**
 * The children the journeys order for: seeded (apps/api/src/use-cases/platform/seed-demo-accounts.ts), added in
 * school.spec.ts and privacy.spec.ts, and named by a guest in school-guest.spec.ts.
 */
const STUDENTS = ['Léa Parent', 'Noah Parent', 'Mia Parent', 'Sam Parent', 'Rosalie Guest', 'Félix Invité'];
/** The family name Apple's `user` field posts (tests/social-apple-form-post.spec.ts): kept on the flow, never logged. */
const POSTED_NAMES = ['Pommier'];
/** A card's security code under any of its names, with a value after it (a JSON key or a query parameter). */
const SECURITY_CODE = /["']?\b(cvd|cvc|cvv|cvv2|security_?code)\b["']?\s*[:=]\s*["']?\d/i;
const spaced = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** Built files carry a content hash in their names (checkout-confirmation-screen-utAMKwG5.js). */
const ASSET = /\/assets\/[^"?\s]+/g;
/** A random token: a long run of base64url with both capitals and digits (order tokens are 32, sessions 43). */
const TOKEN = /[A-Za-z0-9_-]{32,}/g;
/** The configured servers' logs, and those of the servers specs started for themselves (tests/own-server.ts). */
const logs = () => [serverLog, earlyServerLog, schoolServerLog, ...ownServerLogs()];

test('no page broke the content security policy', () => {
  // Browsers report each violation to /api/csp-reports, which logs it (apps/api/src/plugins/security-headers.ts).
  const violations = logs()
    .flatMap((file) => fs.readFileSync(file, 'utf8').split('\n'))
    .filter((line) => line.includes('content security policy violation'));
  expect(violations).toEqual([]);
});

test('no page reported a hydration mismatch', () => {
  // A page's uncaught errors reach the server's log (lib/report-failures.ts, POST /api/client-errors);
  // React reports a server page its render disagrees with as error 418 (423, 425: the same, older
  // wordings), then throws that page away and draws it again: a French school week once did on every load.
  const mismatches = logs()
    .flatMap((file) => fs.readFileSync(file, 'utf8').split('\n'))
    .filter((line) => line.includes('"clientFailure"') && /Minified React error #(418|423|425)\b/.test(line));
  expect(mismatches).toEqual([]);
});

test('the server logs hold no password, card number, security code, token, reset link, student name or posted name', () => {
  // Every server: the one open at 1 p.m., the one before opening, the school's (playwright.config.ts) and a spec's own.
  const log = logs()
    .map((file) => fs.readFileSync(file, 'utf8'))
    .join('\n');
  // The journeys ran against this server: its requests are in the log.
  expect(log).toContain('"msg":"incoming request"');
  for (const password of PASSWORDS) expect(log).not.toContain(password);
  for (const card of CARDS) {
    expect(log).not.toContain(card);
    expect(log).not.toContain(spaced(card));
  }
  expect(log).not.toMatch(SECURITY_CODE);
  // A child's name, whole or as the first name alone (tokens and hashed file names cleared first: a
  // random run of letters could spell one).
  const words = log.replace(UUID, '').replace(ASSET, '').replace(TOKEN, '');
  for (const student of STUDENTS) {
    expect(words).not.toContain(student);
    expect(words).not.toMatch(new RegExp(`\\b${student.split(' ')[0]}\\b`, 'u'));
  }
  for (const name of POSTED_NAMES) expect(words).not.toContain(name);
  expect(log).not.toMatch(/token=(?!\[redacted\])/);
  expect(log).not.toMatch(/Bearer\s+\S/);
  const tokens = (log.replace(UUID, '').replace(ASSET, '').match(TOKEN) ?? []).filter((run) => /[A-Z]/.test(run) && /\d/.test(run));
  expect(tokens).toEqual([]);
});
