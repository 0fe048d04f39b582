/**
 * The network between the API and PostgreSQL failing (issue 29 item 8): a TCP proxy sits between the
 * server and its database and adds latency, resets every connection, or stops passing bytes (a
 * blackhole: the bytes wait, as TCP keeps them while a link is down). Whatever it does, every answer
 * comes within a bound (db/database.ts: 3 s to get a connection, 12 s for a statement's answer), a
 * failure is a 503 with the envelope and Retry-After, a diner who sends the same order again with its
 * Idempotency-Key gets one order, and when the network is back the same server serves again without
 * a restart. PostgreSQL pass only: SQLite has no network.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { repoRoot } from '../config';
import { openDatabase, type Db } from '../db/database';
import { importTenants } from '../use-cases/platform/import-tenants';
import { cardToken, onPostgres, placeDineInOrder } from './server-process';
import { BARE_APP_CONFIG, openHoursClock } from './test-app';
import { createTestDatabase, type TestDatabase } from './test-database';

type Mode = 'pass' | 'latency' | 'reset' | 'blackhole';

/** A TCP proxy to PostgreSQL whose behaviour a test switches. */
class FaultyLink {
  mode: Mode = 'pass';
  latencyMs = 0;
  private readonly pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  private readonly server: net.Server;

  constructor(private readonly target: { host: string; port: number }) {
    this.server = net.createServer((client) => this.accept(client));
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as net.AddressInfo).port;
  }

  set(mode: Mode, latencyMs = 0): void {
    this.mode = mode;
    this.latencyMs = latencyMs;
    for (const pair of this.pairs) {
      if (mode === 'reset') {
        pair.client.resetAndDestroy();
        pair.upstream.destroy();
      } else if (mode === 'blackhole') {
        pair.client.pause();
        pair.upstream.pause();
      } else {
        pair.client.resume();
        pair.upstream.resume();
      }
    }
  }

  async close(): Promise<void> {
    for (const pair of this.pairs) {
      pair.client.destroy();
      pair.upstream.destroy();
    }
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: net.Socket): void {
    client.on('error', () => undefined);
    if (this.mode === 'reset') {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(this.target.port, this.target.host);
    upstream.on('error', () => undefined);
    const pair = { client, upstream };
    this.pairs.add(pair);
    const forward = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk) => {
        // A constant delay keeps the bytes in order: timers of one delay fire in the order they were set.
        if (this.mode === 'latency') setTimeout(() => to.writable && to.write(chunk), this.latencyMs);
        else if (to.writable) to.write(chunk);
      });
    forward(client, upstream);
    forward(upstream, client);
    const end = () => {
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end);
    upstream.on('close', end);
    if (this.mode === 'blackhole') {
      client.pause();
      upstream.pause();
    }
  }
}

const bistroFile = { name: 'maple-bistro.json', text: fs.readFileSync(path.join(repoRoot, 'tenants/maple-bistro.json'), 'utf8') };

interface Answer {
  status: number;
  error?: string;
  retryAfter: string | null;
  ms: number;
}

describe.skipIf(!onPostgres)('PostgreSQL behind a failing network', () => {
  let owner: TestDatabase;
  let link: FaultyLink;
  let database: Db;
  let app: FastifyInstance;
  let url = '';
  let tokens: string[] = [];
  let used = 0;
  /** Every key sent, with the card token its order carries (the same body is sent again). */
  const keys = new Map<string, string>();

  beforeAll(async () => {
    const clock = openHoursClock();
    owner = await createTestDatabase();
    const imported = await importTenants(owner.db, [bistroFile], new Date(Math.min(Date.now(), clock().getTime())));
    if (!imported.ok) throw new Error(imported.errors.join('\n'));
    const direct = new URL(owner.url);
    link = new FaultyLink({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(owner.url);
    proxied.host = `127.0.0.1:${await link.listen()}`;
    database = openDatabase(proxied.toString());
    app = await buildApp(BARE_APP_CONFIG, database, { now: clock, tabSweepMs: null });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
    tokens = await Promise.all(Array.from({ length: 12 }, () => cardToken({ url })));
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await link?.close();
    await owner?.drop();
  });

  async function place(key: string): Promise<Answer> {
    keys.set(key, tokens[used++]!);
    const started = Date.now();
    const response = await placeDineInOrder({ url }, key, keys.get(key)!);
    const body = (await response.json()) as { error?: string };
    return { status: response.status, error: body.error, retryAfter: response.headers.get('retry-after'), ms: Date.now() - started };
  }

  /** Sends the same order again, as the web app does after a 503, until it is acknowledged. */
  async function placeAgain(key: string, within: number): Promise<number> {
    const until = Date.now() + within;
    for (;;) {
      const response = await placeDineInOrder({ url }, key, keys.get(key)!);
      if (response.status === 201 || response.status === 200) return response.status;
      if (Date.now() > until) throw new Error(`${key} was not placed again: ${response.status} ${await response.text()}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }

  function expectUnavailable(answer: Answer, boundMs: number): void {
    expect(answer.status).toBe(503);
    expect(answer.error).toBe('SERVICE_UNAVAILABLE');
    expect(answer.retryAfter).toBe('5');
    expect(answer.ms).toBeLessThan(boundMs);
  }

  it('places orders through a slow link, each within the bound', async () => {
    link.set('latency', 60);
    const answers = await Promise.all(['slow-link-1', 'slow-link-2', 'slow-link-3'].map(place));
    link.set('pass');
    for (const answer of answers) {
      expect(answer.status).toBe(201);
      expect(answer.ms).toBeLessThan(15_000);
    }
  }, 60_000);

  it('answers 503 while every connection is reset, and serves again once the link is back', async () => {
    link.set('reset');
    const answers = await Promise.all(['reset-link-1', 'reset-link-2'].map(place));
    for (const answer of answers) expectUnavailable(answer, 5_000);
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(503);
    link.set('pass');
    // Each diner sends the same order again: placed once.
    expect(await placeAgain('reset-link-1', 15_000)).toBe(201);
    expect(await placeAgain('reset-link-2', 15_000)).toBe(201);
  }, 60_000);

  it('answers 503 within the bound while the link passes nothing, and recovers without a restart', async () => {
    link.set('blackhole');
    const answers = await Promise.all(['dark-link-1', 'dark-link-2'].map(place));
    // A connection in use waits for its statement's answer (12 s), a new one for its start (3 s).
    for (const answer of answers) expectUnavailable(answer, 16_000);
    link.set('pass');
    // The bytes held up arrive; an order that committed meanwhile is replayed, not placed twice.
    for (const key of ['dark-link-1', 'dark-link-2']) expect([200, 201]).toContain(await placeAgain(key, 30_000));
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
  }, 90_000);

  it('keeps exactly one order, charged once, for every key sent', async () => {
    const rows = await owner.db
      .selectFrom('idempotency_keys')
      .innerJoin('payments', 'payments.order_id', 'idempotency_keys.order_id')
      .select(['idempotency_keys.key', 'payments.captured_cents'])
      .where('idempotency_keys.key', 'in', [...keys.keys()])
      .execute();
    expect(rows.map((row) => row.key).sort()).toEqual([...keys.keys()].sort());
    expect(rows.every((row) => row.captured_cents > 0)).toBe(true);
  });
});
