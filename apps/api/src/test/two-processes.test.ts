/**
 * Two real server processes on one database, as behind a load balancer (README, "Several server
 * processes"). On PostgreSQL: a session made on one works on the other, an Idempotency-Key taken on
 * one is replayed by the other, a rate limit counts the hits of both, the staff board's live events
 * of one hear an order placed through the other, and a sold-out mark made on one is in the other's
 * next menu (its menu cache is keyed by the version in the database). On SQLite, the default: the
 * second process is refused, naming the first.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LIMITS } from '@servery/domain/rate-limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureApiBuild } from '../../../../scripts/lib.mjs';
import { todayAtOnePmInToronto } from '../../../../scripts/open-hours.mjs';
import { cardToken, json, onPostgres, placeDineInOrder, startServerProcess, stopServerProcess, type ServerProcess } from './server-process';
import { createTestDatabase, type TestDatabase } from './test-database';

const PASSWORD = 'Demo1234!';
/** The servers' clock starts at 1 p.m. in Toronto: the demo restaurant is open for the orders below. */
const OPEN = { CLOCK_START: todayAtOnePmInToronto().toISOString() };

beforeAll(async () => {
  await ensureApiBuild({ exitOnFailure: false });
}, 120_000);

describe.skipIf(!onPostgres)('two server processes on one PostgreSQL', () => {
  let database: TestDatabase;
  let first: ServerProcess | null = null;
  let second: ServerProcess | null = null;

  beforeAll(async () => {
    database = await createTestDatabase();
    // The first process loads the demo tenants and accounts; the second finds them there.
    const a = await startServerProcess(database.url, { ...OPEN, LOAD_DEMO_TENANTS: '1' });
    if (!('url' in a)) throw new Error(`the first server exited (${a.exitCode}):\n${a.output}`);
    first = a;
    const b = await startServerProcess(database.url, OPEN);
    if (!('url' in b)) throw new Error(`the second server exited (${b.exitCode}):\n${b.output}`);
    second = b;
  }, 150_000);
  afterAll(async () => {
    await Promise.all([stopServerProcess(first), stopServerProcess(second)]);
    await database.drop();
  });

  async function signIn(server: ServerProcess, email: string): Promise<{ token: string; userId: number }> {
    const response = await fetch(`${server.url}/api/auth/login-native`, json('POST', { email, password: PASSWORD }));
    expect(response.status, await response.clone().text()).toBe(200);
    const body = (await response.json()) as { token: string; user: { id: number } };
    return { token: body.token, userId: body.user.id };
  }

  it('a session made on one process works on the other, and signing out on the other ends it', async () => {
    const { token, userId } = await signIn(first!, 'diner@example.com');
    const restore = (server: ServerProcess) => fetch(`${server.url}/api/auth/get-salata-user-info`, json('POST', { token, userId }));
    const me = await restore(second!);
    expect(me.status, await me.clone().text()).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe('diner@example.com');
    await fetch(`${second!.url}/api/auth/logout`, json('POST', {}, { authorization: `Bearer ${token}` }));
    expect(((await (await restore(first!)).json()) as { error: string }).error).toBe('SESSION_EXPIRED');
  });

  it('an Idempotency-Key taken on one process is replayed by the other: one order, one charge', async () => {
    const key = `two-processes-${Date.now()}`;
    const token = await cardToken(first!);
    const placed = await placeDineInOrder(first!, key, token);
    expect(placed.status, await placed.clone().text()).toBe(201);
    const replayed = await placeDineInOrder(second!, key, token);
    expect(replayed.status).toBe(200);
    const [a, b] = [
      (await placed.json()) as { order: { id: string } },
      (await replayed.json()) as { order: { id: string }; replayed: boolean },
    ];
    expect(b).toMatchObject({ replayed: true, order: { id: a.order.id } });
  });

  it('a rate limit counts the hits of both processes', async () => {
    const email = 'diner@example.com';
    const wrong = (server: ServerProcess) =>
      fetch(`${server.url}/api/auth/login-native`, json('POST', { email, password: 'Wrong-pass-1' }));
    for (let index = 0; index < LIMITS.signInPair.max; index++) expect((await wrong(index % 2 === 0 ? first! : second!)).status).toBe(401);
    const refused = await wrong(second!);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('the staff board on one process hears, within a second, an order placed through the other', async () => {
    const { token: staff } = await signIn(second!, 'kitchen@maple-bistro.example.com');
    const controller = new AbortController();
    const stream = await fetch(`${second!.url}/api/staff/orders/events?restaurant=maple-bistro`, {
      headers: { authorization: `Bearer ${staff}` },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    let seen = '';
    const heard = (id: string) =>
      new Promise<number>((resolve, reject) => {
        const started = Date.now();
        const timer = setTimeout(() => reject(new Error(`not heard within 3 s; the stream said: ${seen}`)), 3_000);
        void (async () => {
          for (;;) {
            const { value, done } = await reader.read();
            if (done) return;
            seen += new TextDecoder().decode(value);
            if (seen.includes(id)) {
              clearTimeout(timer);
              resolve(Date.now() - started);
              return;
            }
          }
        })().catch(() => undefined);
      });
    // The stream says it is ready before anything is placed.
    for (let waited = 0; !seen.includes('event: ready') && waited < 50; waited++) {
      const { value } = await reader.read();
      seen += new TextDecoder().decode(value);
    }
    const placed = await placeDineInOrder(first!, `two-processes-board-${Date.now()}`, await cardToken(first!));
    const id = ((await placed.json()) as { order: { id: string } }).order.id;
    expect(await heard(id)).toBeLessThan(1_000);
    controller.abort();
  });

  it('a sold-out mark made on one process is in the other’s next menu', async () => {
    const menus = (server: ServerProcess, etag?: string) =>
      fetch(`${server.url}/api/restaurants/101/menus?type=dine_in`, { headers: { ...(etag && { 'if-none-match': etag }) } });
    const before = await menus(second!);
    const etag = before.headers.get('etag') ?? '';
    expect(JSON.stringify(await before.json())).toContain('"id":1101');
    const { token: owner } = await signIn(first!, 'staff@maple-bistro.example.com');
    const marked = await fetch(
      `${first!.url}/api/staff/availability/sold-out`,
      json('POST', { kind: 'item', id: 1101, sold_out: true }, { authorization: `Bearer ${owner}` }),
    );
    expect(marked.status, await marked.clone().text()).toBe(200);
    const after = await menus(second!, etag);
    expect(after.status).toBe(200);
    const soup = JSON.stringify(await after.json()).match(/\{"id":1101,[^]*?"sold_out":(true|false)/)?.[1];
    expect(soup).toBe('true');
    await fetch(
      `${first!.url}/api/staff/availability/sold-out`,
      json('POST', { kind: 'item', id: 1101, sold_out: false }, { authorization: `Bearer ${owner}` }),
    );
  });
});

describe.skipIf(onPostgres)('two server processes on one SQLite file', () => {
  it('the second is refused, naming the first, and the first keeps serving', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-two-'));
    const url = `file:${path.join(dir, 'one.sqlite')}`;
    const a = await startServerProcess(url, OPEN);
    if (!('url' in a)) throw new Error(`the first server exited (${a.exitCode}):\n${a.output}`);
    try {
      const b = await startServerProcess(url, OPEN);
      if ('url' in b) {
        await stopServerProcess(b);
        throw new Error('a second server started on the same SQLite file');
      }
      expect(b.exitCode).toBe(1);
      expect(b.output).toContain(`Another Servery server (process ${a.child.pid}) is already using`);
      expect(b.output).toContain('PostgreSQL');
      expect((await fetch(`${a.url}/api/health`)).status).toBe(200);
    } finally {
      await stopServerProcess(a);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
