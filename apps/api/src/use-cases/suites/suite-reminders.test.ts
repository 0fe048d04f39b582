/**
 * Pre-order reminders to suite owners (decision 0106), on the database the tests run on (SQLite, or
 * PostgreSQL with DATABASE_URL), through the message relay to a real SMTP server started here. The
 * sweep runs at the instant the test says; two sweeps run at once as two server processes would.
 *
 * The arena's events are written out as dates here (no import-day offsets), in Edmonton (UTC-6 all year from
 * November 2026, lib/zone-rules.ts):
 * - the concert (3971) locks on Wednesday 9 December at 23:59 (10 December 05:59 UTC), so with the
 *   default 48 hours its reminders are due from 8 December 05:59 UTC: owner@ for suite 1 (3982, no
 *   pre-order; owner@ last ordered in French), owner@ for suite 4 (3984, pre-ordered: none),
 *   suites.buyer@ for suite 2 (3988, no account: the venue's English), suite 3 (3983) with no owner;
 * - the hockey game (3970) locked on 7 December at 21:59 local (8 December 03:59 UTC): none;
 * - Rivalry Night (3972) locks on 28 December at 23:59 local: not yet.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SuiteActivityResponse } from '@servery/contracts/suites';
import { repoRoot } from '../../config';
import { openDatabase, type Db } from '../../db/database';
import { ARENA, suitePreOrder } from '../../test/arena';
import { BARE_APP_CONFIG, createTestApp, type TestApp } from '../../test/test-app';
import { buildApp } from '../../app';
import { smtpTransport } from '../../ports/smtp-relay';
import { relayDueMessages } from '../platform/relay-deliveries';
import { DEMO_PASSWORD, seedDemoAccounts } from '../platform/seed-demo-accounts';
import { sendDueSuiteReminders } from './suite-reminders';

const EARLY = new Date('2026-12-08T05:00:00Z');
const DUE = new Date('2026-12-08T12:00:00Z');
const PUBLIC_URL = 'https://arena.servery.example';
let now = EARLY;

const arrived: string[] = [];
/** Called after each message arrives (a test waiting for the delivery workers). */
let onArrival = () => {};
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    let raw = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (raw += chunk));
    stream.on('end', () => {
      arrived.push(raw);
      onArrival();
      callback();
    });
  },
});
let smtpPort = 0;

function arenaSource() {
  const file = JSON.parse(fs.readFileSync(path.join(repoRoot, 'tenants/northside-arena.json'), 'utf8')) as {
    events: Array<Record<string, unknown> & { id: number; suites: Array<Record<string, unknown>> }>;
  };
  const times: Record<number, [string, string]> = {
    3973: ['2026-11-24T19:00', '2026-11-21T23:59'],
    3970: ['2026-12-08T19:00', '2026-12-07T21:59'],
    3971: ['2026-12-12T19:30', '2026-12-09T23:59'],
    3972: ['2026-12-31T18:00', '2026-12-28T23:59'],
  };
  for (const event of file.events) {
    const [starts, lock] = times[event.id]!;
    delete event.import_day_offset;
    delete event.on_import_day;
    delete event.ends_at;
    Object.assign(event, { starts_at: starts, pre_order_lock_at: lock });
    if (event.id === 3971) {
      delete event.suites.find((suite) => suite.id === 3983)!.owner_email;
      event.suites.push({ id: 3988, suite_id: 3951, owner_email: 'Suites.Buyer@example.com' });
    }
  }
  return { name: 'northside-arena.json', text: JSON.stringify(file) };
}

let t: TestApp;
/** A second server process's own connections to the same database. */
let second: Db;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp([arenaSource()], { now: () => now });
  await seedDemoAccounts(t.database.db, now);
  second = t.database.dialect === 'sqlite' ? t.database : openDatabase(t.database.url, { outsideScope: 'owner' });
});
afterAll(async () => {
  if (second !== t.database) await second.close();
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const services = () => ({ mailer: t.app.ports.mailer, sealer: t.app.eventSuiteSealer, publicUrl: PUBLIC_URL });
const quiet = { info: () => undefined, warn: () => undefined };

/** Relays what the outbox holds to the SMTP server; answers the messages that arrived, decoded. */
async function relay(): Promise<Array<{ to: string; subject: string; language: string; text: string }>> {
  const email = smtpTransport({ url: `smtp://127.0.0.1:${smtpPort}`, from: 'Servery <orders@servery.example>', timeoutMs: 5000 });
  const before = arrived.length;
  const policy = { maxAttempts: 3, baseDelaySeconds: 30, maxDelaySeconds: 600 };
  await relayDueMessages(t.database.db, { email, sms: null }, { policy, leaseSeconds: 60, batch: 20 }, quiet, now);
  email.close();
  return arrived.slice(before).map(decodeMail);
}

function decodeMail(raw: string) {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(headers)?.[1] ?? '';
  const body = rest.join('\n\n');
  const quoted = /quoted-printable/i.test(header('Content-Transfer-Encoding'));
  const base64 = /base64/i.test(header('Content-Transfer-Encoding'));
  const text = base64 ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : quoted ? qp(body.replace(/=\r?\n/g, '')) : body;
  return {
    to: header('To'),
    subject: encodedWords(header('Subject')),
    language: header('Content-Language'),
    text: text.replace(/\r\n/g, '\n'),
  };
}

/** Quoted-printable bytes to UTF-8 text. */
function qp(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A header of RFC 2047 encoded words ("=?UTF-8?Q?...?=" or "?B?"), as text. */
function encodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_all, kind: string, word: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(word, 'base64').toString('utf8') : qp(word.replace(/_/g, ' ')),
    );
}

let addresses = 0;
function call(
  method: 'POST' | 'GET',
  url: string,
  payload: object | undefined,
  options: { token?: string; language?: string; key?: string } = {},
) {
  addresses += 1;
  const headers: Record<string, string> = { 'x-restaurant-id': ARENA };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.language) headers['accept-language'] = options.language;
  if (options.key) headers['idempotency-key'] = options.key;
  return t.app.inject({ method, url, headers, ...(payload && { payload }), remoteAddress: `10.44.0.${addresses}` });
}

async function ownerSignsInAndPreOrders(eventSuite: number, language: string): Promise<string> {
  const login = await call('POST', '/api/auth/login-native', { email: 'owner@example.com', password: DEMO_PASSWORD });
  expect(login.statusCode, login.body).toBe(200);
  const token = login.json().token as string;
  const card = await call(
    'POST',
    '/api/auth/payment-method',
    { card: { number: '4242424242424242', expiry: '1230', cvd: '123', postal_code: 'T5B 0P1' } },
    { token },
  );
  expect(card.statusCode, card.body).toBe(200);
  const placed = await call('POST', '/api/orders', suitePreOrder(eventSuite, card.json().paymentMethod.paymentCardId as string), {
    token,
    language,
    key: `reminder-pre-order-${eventSuite}`,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return token;
}

describe('pre-order reminders to suite owners', () => {
  it('sends nothing before the lead time, to an owner who pre-ordered, or for an event already locked', async () => {
    now = EARLY;
    // Owner@ pre-orders suite 4 of the concert, in French.
    await ownerSignsInAndPreOrders(3984, 'fr-CA');
    expect(await sendDueSuiteReminders(t.database, services(), now)).toBe(0);
    expect(await t.database.db.selectFrom('suite_reminders').selectAll().execute()).toEqual([]);
    // The pre-order's own receipt leaves now, so that what arrives later is the reminders only.
    await relay();
  });

  it('sends each due reminder once across two processes sweeping at once, in the owner’s language, through SMTP', async () => {
    now = DUE;
    const [first, other] = await Promise.all([
      sendDueSuiteReminders(t.database, services(), now),
      sendDueSuiteReminders(second, services(), now),
    ]);
    // Suite 1 (owner@) and suite 2 (suites.buyer@) of the concert; not suite 4 (pre-ordered), not
    // suite 3 (no owner e-mail), nothing for the locked hockey game or for Rivalry Night.
    expect(first + other).toBe(2);
    const mails = await relay();
    expect(mails.map((mail) => mail.to).sort()).toEqual(['owner@example.com', 'suites.buyer@example.com']);

    const french = mails.find((mail) => mail.to === 'owner@example.com')!;
    expect(french.language).toBe('fr-CA');
    expect(french.subject).toBe(
      'Northside Arena : précommandez pour Loge 1 — Centre de la glace avant Concert des Fêtes Lumières des Prairies',
    );
    expect(french.text).toContain('pour Loge 1 — Centre de la glace (Niveau 2, côté nord) à Concert des Fêtes Lumières des Prairies');
    expect(french.text).toContain('Les précommandes ferment le mercredi 9 décembre 2026 à 23 h 59.');
    expect(french.text).toContain('Merci,\nNorthside Arena');
    const frenchLink = new URL(/^https:\S+$/m.exec(french.text)![0]);
    expect(`${frenchLink.origin}${frenchLink.pathname}`).toBe(`${PUBLIC_URL}/${ARENA}`);
    // The sealed value opens to the suite at this venue only.
    const arena = await call('POST', '/api/catering/events/get-minimal-info', {
      encryptedValue: frenchLink.searchParams.get('eventSuite'),
    });
    expect(arena.statusCode, arena.body).toBe(200);
    expect(arena.json().eventSuite.id).toBe(3982);

    const english = mails.find((mail) => mail.to === 'suites.buyer@example.com')!;
    expect(english.language).toBe('en-CA');
    expect(english.subject).toBe('Northside Arena: pre-order for Suite 2 — Blue line before Prairie Lights Holiday Concert');
    // One period: the time's own ends the sentence.
    expect(english.text).toContain('Pre-orders close on Wednesday, December 9, 2026 at 11:59 p.m.\n');
    expect(english.text).toMatch(new RegExp(`^${PUBLIC_URL}/${ARENA}\\?eventSuite=[\\w-]+$`, 'm'));
  });

  it('sends none again on a later sweep (a restarted server: the claims are in the database)', async () => {
    now = new Date(DUE.getTime() + 60 * 60_000);
    expect(await sendDueSuiteReminders(t.database, services(), now)).toBe(0);
    expect(await relay()).toEqual([]);
    const rows = await t.database.db
      .selectFrom('suite_reminders')
      .select(['event_suite_id', 'recipient', 'locale'])
      .orderBy('event_suite_id')
      .execute();
    expect(rows).toEqual([
      { event_suite_id: 3982, recipient: 'owner@example.com', locale: 'fr-CA' },
      { event_suite_id: 3988, recipient: 'suites.buyer@example.com', locale: 'en-CA' },
    ]);
  });

  it('shows the reminder in the suite’s activity', async () => {
    const login = await call('POST', '/api/auth/login-native', { email: 'owner@example.com', password: DEMO_PASSWORD });
    const response = await call(
      'POST',
      '/api/catering/event-suites/get-activity',
      { eventSuiteId: 3982 },
      { token: login.json().token as string },
    );
    expect(response.statusCode, response.body).toBe(200);
    const activity = response.json() as SuiteActivityResponse;
    expect(activity.entries).toContainEqual(
      expect.objectContaining({
        kind: 'pre_order_reminder',
        at: DUE.toISOString(),
        by: { role: 'venue', name: 'Northside Arena' },
        for: { role: 'owner', name: 'owner@example.com' },
      }),
    );
  });

  it('sends none for an event whose lock passed before any sweep saw it (a server down through the window)', async () => {
    // Rivalry Night locks on 29 December at 05:59 UTC; its reminders were due from the 27th.
    now = new Date('2026-12-29T06:00:00Z');
    expect(await sendDueSuiteReminders(t.database, services(), now)).toBe(0);
    expect(await relay()).toEqual([]);
  });

  it('is swept by a server’s delivery workers, which send it through SMTP', async () => {
    // A minute before Rivalry Night's lock: owner@ (suite 1, 3985) and the party loft's owner (3986).
    now = new Date('2026-12-29T05:58:00Z');
    const before = arrived.length;
    const both = new Promise<void>((resolve) => (onArrival = () => arrived.length >= before + 2 && resolve()));
    const server = await buildApp(
      {
        ...BARE_APP_CONFIG,
        PUBLIC_URL,
        DELIVERY_WORKERS: true,
        DELIVERY_POLL_MS: 50,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        SMTP_FROM: 'Northside Arena <suites@servery.example>',
      },
      t.database,
      { now: () => now, tabSweepMs: null },
    );
    await server.ready();
    await both;
    await server.close();
    const mails = arrived.slice(before).map(decodeMail);
    expect(mails.map((mail) => mail.to).sort()).toEqual(['owner@example.com', 'party.loft@example.com']);
    expect(mails.find((mail) => mail.to === 'owner@example.com')!.subject).toBe(
      'Northside Arena : précommandez pour Loge 1 — Centre de la glace avant Soirée des rivaux : Nighthawks c. Thunder de Regina',
    );
  });
});
