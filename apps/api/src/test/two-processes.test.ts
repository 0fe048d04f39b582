/**
 * Two real server processes on one database, as behind a load balancer (README, "Several server
 * processes"). On PostgreSQL: a session made on one works on the other, an Idempotency-Key taken on
 * one is replayed by the other, a rate limit counts the hits of both, the staff board's live events
 * of one hear an order placed through the other, and a sold-out mark made on one is in the other's
 * next menu (its menu cache is keyed by the version in the database). On SQLite, the default: the
 * second process is refused, naming the first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { LIMITS } from '@servery/domain/rate-limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureApiBuild } from '../../../../scripts/lib.mjs';
import { todayAtOnePmInToronto } from '../../../../scripts/open-hours.mjs';
import { repoRoot } from '../config';
import { createTestDatabase, type TestDatabase } from './test-database';

const onPostgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');
const MAIN = path.join(repoRoot, 'apps/api/dist/main.js');
const PASSWORD = 'Demo1234!';
const SOUP = { id: 1101, menu_id: 1010, section_id: 1050, orderId: 1, quantity: 1, orderPrice: 800, orderOptions: [] };

interface Server {
  url: string;
  child: ChildProcess;
  output: () => string;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Starts `node apps/api/dist/main.js`; resolves once /api/health answers, or with the exit code. */
async function startServer(databaseUrl: string, env: Record<string, string> = {}): Promise<Server | { exitCode: number; output: string }> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      CLOCK_START: todayAtOnePmInToronto().toISOString(),
      DELIVERY_WORKERS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  const exited = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? 0)));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    const ended = await Promise.race([exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), 200))]);
    if (ended !== null) return { exitCode: ended, output };
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { url, child, output: () => output };
  }
  child.kill();
  throw new Error(`the server did not start:\n${output}`);
}

function stop(server: Server | null): Promise<void> {
  if (!server || server.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });
}

const json = (method: string, body?: object, headers: Record<string, string> = {}) => ({
  method,
  headers: { 'content-type': 'application/json', 'x-restaurant-id': 'maple-bistro', ...headers },
  ...(body && { body: JSON.stringify(body) }),
});

beforeAll(async () => {
  await ensureApiBuild({ exitOnFailure: false });
}, 120_000);

describe.skipIf(!onPostgres)('two server processes on one PostgreSQL', () => {
  let database: TestDatabase;
  let first: Server | null = null;
  let second: Server | null = null;

  beforeAll(async () => {
    database = await createTestDatabase();
    // The first process loads the demo tenants and accounts; the second finds them there.
    const a = await startServer(database.url, { LOAD_DEMO_TENANTS: '1' });
    if (!('url' in a)) throw new Error(`the first server exited (${a.exitCode}):\n${a.output}`);
    first = a;
    const b = await startServer(database.url);
    if (!('url' in b)) throw new Error(`the second server exited (${b.exitCode}):\n${b.output}`);
    second = b;
  }, 150_000);
  afterAll(async () => {
    await Promise.all([stop(first), stop(second)]);
    await database.drop();
  });

  async function signIn(server: Server, email: string): Promise<{ token: string; userId: number }> {
    const response = await fetch(`${server.url}/api/auth/login-native`, json('POST', { email, password: PASSWORD }));
    expect(response.status, await response.clone().text()).toBe(200);
    const body = (await response.json()) as { token: string; user: { id: number } };
    return { token: body.token, userId: body.user.id };
  }

  async function cardToken(server: Server): Promise<string> {
    const card = await fetch(
      `${server.url}/api/payment/tokenize`,
      json('POST', { number: '4242424242424242', expiry: '1230', cvd: '123', postal_code: 'M5A 3C4' }),
    );
    return ((await card.json()) as { token: string }).token;
  }

  async function order(server: Server, key: string, token: string) {
    return fetch(
      `${server.url}/api/orders`,
      json(
        'POST',
        {
          type: 'dine_in',
          data: {
            config: { tableNum: '5' },
            items: [SOUP],
            costs: {},
            checkout: {
              paymentMethod: 'credit_card',
              contact: { full_name: 'Two Servers', email: 'two@example.com', phone_number: '416-555-0101' },
              card: { token },
              questions: [{ id: 1920, answers: [0] }],
            },
          },
        },
        { 'idempotency-key': key },
      ),
    );
  }

  it('a session made on one process works on the other, and signing out on the other ends it', async () => {
    const { token, userId } = await signIn(first!, 'diner@example.com');
    const restore = (server: Server) => fetch(`${server.url}/api/auth/get-salata-user-info`, json('POST', { token, userId }));
    const me = await restore(second!);
    expect(me.status, await me.clone().text()).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe('diner@example.com');
    await fetch(`${second!.url}/api/auth/logout`, json('POST', {}, { authorization: `Bearer ${token}` }));
    expect(((await (await restore(first!)).json()) as { error: string }).error).toBe('SESSION_EXPIRED');
  });

  it('an Idempotency-Key taken on one process is replayed by the other: one order, one charge', async () => {
    const key = `two-processes-${Date.now()}`;
    const token = await cardToken(first!);
    const placed = await order(first!, key, token);
    expect(placed.status, await placed.clone().text()).toBe(201);
    const replayed = await order(second!, key, token);
    expect(replayed.status).toBe(200);
    const [a, b] = [
      (await placed.json()) as { order: { id: string } },
      (await replayed.json()) as { order: { id: string }; replayed: boolean },
    ];
    expect(b).toMatchObject({ replayed: true, order: { id: a.order.id } });
  });

  it('a rate limit counts the hits of both processes', async () => {
    const email = 'diner@example.com';
    const wrong = (server: Server) => fetch(`${server.url}/api/auth/login-native`, json('POST', { email, password: 'Wrong-pass-1' }));
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
    const placed = await order(first!, `two-processes-board-${Date.now()}`, await cardToken(first!));
    const id = ((await placed.json()) as { order: { id: string } }).order.id;
    expect(await heard(id)).toBeLessThan(1_000);
    controller.abort();
  });

  it('a sold-out mark made on one process is in the other’s next menu', async () => {
    const menus = (server: Server, etag?: string) =>
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
    const a = await startServer(url);
    if (!('url' in a)) throw new Error(`the first server exited (${a.exitCode}):\n${a.output}`);
    try {
      const b = await startServer(url);
      if ('url' in b) {
        await stop(b);
        throw new Error('a second server started on the same SQLite file');
      }
      expect(b.exitCode).toBe(1);
      expect(b.output).toContain(`Another Servery server (process ${a.child.pid}) is already using`);
      expect(b.output).toContain('PostgreSQL');
      expect((await fetch(`${a.url}/api/health`)).status).toBe(200);
    } finally {
      await stop(a);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
