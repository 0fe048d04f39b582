/**
 * Every operation of the API (read from its own OpenAPI document, so a new route is covered the day
 * it is added) meets a client's mistakes with a 4xx in the error envelope, never a 500: malformed
 * JSON, a body of the wrong type, a body over the size limit, an unknown restaurant, and ids that are
 * not ids. Answers in French when asked.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../config';
import { listTenantFiles, readTenantSources } from '../load-tenant-files';
import { createTestApp, openHoursClock, type TestApp } from '../test/test-app';
import { DEMO_PASSWORD, seedDemoAccounts } from '../use-cases/platform/seed-demo-accounts';
import { TENANT_FILE_LIMIT_BYTES } from './staff-menu/tenant-file';

const WITH_BODY = new Set(['post', 'put', 'patch', 'delete']);
/** Over the server's body limit (app.ts bodyLimit, 256 kB). */
const OVERSIZED = JSON.stringify({ text: 'x'.repeat(300 * 1024) });
/** The routes that take a whole tenant file have a larger limit of their own (routes/staff-menu/tenant-file.ts, menu-drafts.ts). */
const TENANT_FILE_ROUTES = new Set(['/api/staff/tenant-file', '/api/staff/menu/draft']);
/** A route with a larger limit of its own gets a body over that one. */
const oversizedFor = (route: string) =>
  TENANT_FILE_ROUTES.has(route) ? JSON.stringify({ text: 'x'.repeat(TENANT_FILE_LIMIT_BYTES + 1024) }) : OVERSIZED;

let t: TestApp;
let operations: Array<{ method: string; path: string }> = [];
/** Sessions of the demo people, so that the refusals are also met past the sign-in checks. */
const sessions: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp(await readTenantSources(await listTenantFiles(path.join(repoRoot, 'tenants'))), { now: openHoursClock() });
  await seedDemoAccounts(t.database.db, new Date());
  for (const email of ['diner@example.com', 'parent@example.com', 'staff@maple-bistro.example.com', 'operator@example.com']) {
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/auth/login-native', payload: { email, password: DEMO_PASSWORD } });
    sessions[email] = (signedIn.json() as { token: string }).token;
  }
  const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = Object.entries(document.paths).flatMap(([route, methods]) =>
    Object.keys(methods)
      .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map((method) => ({ method, path: route })),
  );
});
afterAll(() => t.close());

/** The route with its path parameters filled by `value`. */
const filled = (route: string, value: string) => route.replace(/\{[^}]+\}/g, encodeURIComponent(value));

interface Sent {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string;
}

async function send(request: Sent) {
  const response = await t.app.inject({
    method: request.method.toUpperCase() as 'GET',
    url: request.url,
    headers: { 'x-restaurant-id': 'maple-bistro', ...request.headers },
    ...(request.payload !== undefined && { payload: request.payload }),
  });
  return { ...request, status: response.statusCode, type: String(response.headers['content-type'] ?? ''), body: response.body };
}

/** What went wrong with each answer: a 5xx, or a 4xx without the envelope. */
function faults(answers: Array<Awaited<ReturnType<typeof send>>>): string[] {
  return answers.flatMap((answer) => {
    const where = `${answer.method.toUpperCase()} ${answer.url.slice(0, 80)}`;
    if (answer.status >= 500) return [`${where}: ${answer.status} ${answer.body.slice(0, 200)}`];
    if (answer.status < 400) return [];
    if (!answer.type.includes('application/json')) return [`${where}: ${answer.status} without the JSON envelope`];
    const body = JSON.parse(answer.body) as { code?: unknown; error?: unknown; message?: unknown };
    return typeof body.error === 'string' && typeof body.message === 'string' && typeof body.code === 'number'
      ? []
      : [`${where}: ${answer.status} without the envelope: ${answer.body.slice(0, 200)}`];
  });
}

describe('every operation of the API', () => {
  it('is found in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(60);
  });

  it('refuses malformed JSON with 400 and the envelope', async () => {
    const answers = await Promise.all(
      operations
        .filter(({ method }) => WITH_BODY.has(method))
        .map(({ method, path: route }) =>
          send({ method, url: filled(route, '1'), headers: { 'content-type': 'application/json' }, payload: '{"items": [' }),
        ),
    );
    expect(faults(answers)).toEqual([]);
    expect(answers.filter((answer) => answer.status !== 400).map((answer) => `${answer.method} ${answer.url} ${answer.status}`)).toEqual(
      [],
    );
  });

  it.each([
    ['an array', '[1, 2, 3]'],
    ['a string', '"order"'],
    ['null', 'null'],
    ['numbers where text goes', '{"email": 1, "password": 2, "items": 3, "type": 4, "token": 5, "id": {}}'],
  ])('answers a body that is %s with a 4xx and the envelope, or takes it', async (_name, payload) => {
    const answers = await Promise.all(
      operations
        .filter(({ method }) => WITH_BODY.has(method))
        .map(({ method, path: route }) =>
          send({ method, url: filled(route, '1'), headers: { 'content-type': 'application/json' }, payload }),
        ),
    );
    expect(faults(answers)).toEqual([]);
  });

  it('refuses a body over the size limit with 413 and the envelope', async () => {
    const answers = await Promise.all(
      operations
        .filter(({ method }) => WITH_BODY.has(method))
        .map(({ method, path: route }) =>
          send({ method, url: filled(route, '1'), headers: { 'content-type': 'application/json' }, payload: oversizedFor(route) }),
        ),
    );
    expect(faults(answers)).toEqual([]);
    expect(answers.filter((answer) => answer.status !== 413).map((answer) => `${answer.method} ${answer.url} ${answer.status}`)).toEqual(
      [],
    );
  });

  it.each([
    ['an unknown restaurant', '1', { 'x-restaurant-id': 'no-such-restaurant' }],
    ['a restaurant id out of range', '1', { 'x-restaurant-id': '99999999999999999999' }],
    ['ids that are not ids', "1' or '1'='1", {}],
    ['a very long id', 'x'.repeat(5000), {}],
    ['a negative id', '-1', {}],
    ['a path climbing out', '../../etc/passwd', {}],
  ])('answers %s with a 4xx and the envelope, in French when asked', async (_name, id, headers) => {
    const answers = await Promise.all(
      operations
        // A stream that is answered stays open: its refusals are in its own tests.
        .filter(({ path: route }) => !route.endsWith('/events'))
        .map(({ method, path: route }) =>
          send({
            method,
            url: `${filled(route, id)}?token=${encodeURIComponent(id)}&page=%ZZ&date=2026-13-45`,
            headers: { 'accept-language': 'fr-CA', 'content-type': 'application/json', ...headers },
            ...(WITH_BODY.has(method) && { payload: '{}' }),
          }),
        ),
    );
    expect(faults(answers)).toEqual([]);
  });

  it.each(['diner@example.com', 'parent@example.com', 'staff@maple-bistro.example.com', 'operator@example.com'])(
    'signed in as %s, answers empty bodies and ids that name nothing with a 4xx and the envelope, or takes them',
    async (email) => {
      expect(sessions[email]).toEqual(expect.any(String));
      const answers = [];
      // One at a time: a few of these change the account (sign out, forget a card), as a person's own mistakes would.
      for (const { method, path: route } of operations.filter(({ path: route }) => !route.endsWith('/events'))) {
        for (const id of ['1', '0', 'maple-bistro']) {
          answers.push(
            await send({
              method,
              url: filled(route, id),
              headers: { authorization: `Bearer ${sessions[email]}`, 'content-type': 'application/json' },
              ...(WITH_BODY.has(method) && { payload: '{}' }),
            }),
          );
        }
      }
      expect(faults(answers)).toEqual([]);
    },
  );

  it('answers a URL the router cannot read like any refusal: the envelope, the language, the security headers', async () => {
    const long = await t.app.inject({ method: 'GET', url: `/api/orders/${'7'.repeat(150)}`, headers: { 'accept-language': 'fr-CA' } });
    expect(long.statusCode).toBe(404);
    expect(long.json()).toMatchObject({ code: 404, error: 'NOT_FOUND', message: expect.stringMatching(/trouvé/) });
    expect(long.headers['x-content-type-options']).toBe('nosniff');
    expect(long.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const broken = await t.app.inject({ method: 'GET', url: '/api/orders/%E0%A4%A' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ error: 'VALIDATION_FAILED', message: expect.any(String) });
  });
});
