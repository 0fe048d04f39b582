/**
 * The server killed in the middle of a batch of orders (docs/decisions/0009-placing-orders.md): the real
 * server runs as a child process (server-process.ts, demo tenants) on a throwaway database, 8 diners
 * send 60 orders, each with its own Idempotency-Key, and the server gets SIGKILL (no shutdown hook
 * runs) once a few have been acknowledged. Restarted on the same database, every order acknowledged
 * before the kill must be there exactly once, and sending the whole batch again with the same keys
 * must give at most one order per key: the acknowledged ones replay their order, charged once.
 * On SQLite by default; on PostgreSQL with DATABASE_URL (test-database.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureApiBuild } from '../../../../scripts/lib.mjs';
import { startedServerProcess, stopServerProcess, type ServerProcess } from './server-process';
import { createTestDatabase, type TestDatabase } from './test-database';

const ORDERS = 60;
const CONCURRENCY = 8;
/** SIGKILL once this many orders were acknowledged: the rest of the batch is in flight or not sent. */
const KILL_AFTER = 15;
const TENANT = { 'x-restaurant-id': 'maple-bistro', 'content-type': 'application/json' };
const LINES = [
  { id: 1101, menu_id: 1010, section_id: 1050, orderId: 1, quantity: 2, orderPrice: 1600, orderOptions: [] },
  { id: 1116, menu_id: 1010, section_id: 1053, orderId: 2, quantity: 1, orderPrice: 600, orderOptions: [] },
];

let database: TestDatabase;
let emptyWeb: string;
const running = new Set<ServerProcess>();

beforeAll(async () => {
  await ensureApiBuild({ exitOnFailure: false });
  database = await createTestDatabase();
  emptyWeb = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-kill-web-'));
}, 120_000);

afterAll(async () => {
  for (const server of running) await stopServerProcess(server, 'SIGKILL');
  await database?.drop();
  fs.rmSync(emptyWeb, { recursive: true, force: true });
});

async function startServer(): Promise<ServerProcess> {
  const server = await startedServerProcess(database.url, {
    LOAD_DEMO_TENANTS: '1',
    NODE_ENV: 'production',
    // Production refuses the public development keys (config.ts); the same ones at every restart.
    EVENT_SUITE_LINK_KEY: 'ab'.repeat(32),
    DATA_HASH_KEY: 'cd'.repeat(32),
    WEB_DIST: emptyWeb,
    WEB_SSR_ENTRY: path.join(emptyWeb, 'none.js'),
  });
  running.add(server);
  return server;
}

const post = (server: ServerProcess, url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${url}`, { method: 'POST', headers: { ...TENANT, ...headers }, body: JSON.stringify(body) });

async function orderBodies(server: ServerProcess) {
  const priced = await post(server, '/api/orders/set-costs', { items: LINES, costs: {}, type: 'take-out' });
  const items = priced.status === 200 ? LINES : ((await priced.json()) as { items: unknown[] }).items;
  const scheduling = await post(server, '/api/orders/scheduling', { type: 'take-out', items });
  expect(scheduling.status).toBe(200);
  const days = ((await scheduling.json()) as { days: Array<{ date: string; slots: Array<{ startTime: string; start: string }> }> }).days;
  const offered = days.flatMap((day) => day.slots.map((slot) => ({ date: day.date, time: slot.startTime, start: Date.parse(slot.start) })));
  // Not the next hour's slots: one could reach its last call while the test runs.
  const later = offered.filter((slot) => slot.start > Date.now() + 60 * 60_000);
  const slots = later.length > 0 ? later : offered;
  expect(slots.length).toBeGreaterThan(0);
  const bodies: object[] = [];
  for (let i = 0; i < ORDERS; i += 1) {
    const token = await post(server, '/api/payment/tokenize', {
      number: '4242424242424242',
      expiry: '1230',
      cvd: '123',
      postal_code: 'M5A 3C4',
    });
    expect(token.status).toBe(200);
    const slot = slots[i % slots.length]!;
    bodies.push({
      type: 'take-out',
      data: {
        config: { takeout: true, takeoutType: 'pickup' },
        items,
        costs: {},
        checkout: {
          paymentMethod: 'credit_card',
          pickup: { delivery: false, scheduled: true, dueByDate: slot.date, dueByTime: slot.time },
          contact: { full_name: 'Dana Diner', email: 'dana@example.com', phone_number: '416-555-0101' },
          card: { token: ((await token.json()) as { token: string }).token },
          questions: [{ id: 1920, answers: [0] }],
        },
      },
    });
  }
  return bodies;
}

interface Placed {
  id: string;
  access_token: string;
  replayed: boolean;
}

async function countByKey(key: string): Promise<number> {
  const row = await database.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('idempotency_key', '=', key)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function capturedPayments(orderId: string): Promise<number> {
  const row = await database.db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('order_id', '=', orderId)
    .where('status', '=', 'captured')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

it('keeps every order acknowledged before a SIGKILL exactly once, and a resent batch makes at most one order per key', async () => {
  let server = await startServer();
  const bodies = await orderBodies(server);
  const keys = bodies.map((_, i) => `kill-test-${Date.now()}-${i}`);

  // The batch: 8 diners take the next order until none is left; SIGKILL once KILL_AFTER are acknowledged.
  const acknowledged = new Map<number, Placed>();
  let next = 0;
  let killed = false;
  const diner = async () => {
    while (next < ORDERS) {
      const i = next++;
      try {
        const response = await post(server, '/api/orders', bodies[i], { 'idempotency-key': keys[i]! });
        if (response.status >= 200 && response.status < 300) {
          const body = (await response.json()) as { order: { id: string }; access_token: string; replayed: boolean };
          if (!killed) acknowledged.set(i, { id: body.order.id, access_token: body.access_token, replayed: body.replayed });
        } else {
          throw new Error(`order ${i} answered ${response.status}: ${await response.text()}`);
        }
      } catch (error) {
        // Once the server is gone a request fails: that diner's outcome is unknown, which is the point.
        if (!killed) throw error;
      }
      if (!killed && acknowledged.size >= KILL_AFTER) {
        killed = true;
        server.child.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, diner));
  expect(killed).toBe(true);
  await server.exited;
  running.delete(server);
  expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER);
  // The kill came in the middle: part of the batch never got an answer.
  expect(acknowledged.size).toBeLessThan(ORDERS);

  server = await startServer();
  try {
    // Every acknowledged order is there, once, readable with its token.
    for (const [i, placed] of acknowledged) {
      const view = await fetch(`${server.url}/api/orders/${placed.id}?token=${placed.access_token}`, { headers: TENANT });
      expect(view.status).toBe(200);
      expect(((await view.json()) as { order: { id: string } }).order.id).toBe(placed.id);
      expect(await countByKey(keys[i]!)).toBe(1);
      expect(await capturedPayments(placed.id)).toBe(1);
    }

    // The whole batch again, same keys: the acknowledged ones replay, the others are placed (once).
    const again = await Promise.all(
      bodies.map(async (body, i) => {
        const response = await post(server, '/api/orders', body, { 'idempotency-key': keys[i]! });
        expect([200, 201]).toContain(response.status);
        return (await response.json()) as { order: { id: string }; replayed: boolean };
      }),
    );
    for (const [i, placed] of acknowledged) {
      expect(again[i]!.replayed).toBe(true);
      expect(again[i]!.order.id).toBe(placed.id);
    }
    for (const [i, key] of keys.entries()) {
      expect(await countByKey(key)).toBe(1);
      expect(await capturedPayments(again[i]!.order.id)).toBe(1);
    }
    const payments = await database.db
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('status', '=', 'captured')
      .executeTakeFirstOrThrow();
    // One captured payment per key: nobody was charged twice, no charge without its order.
    expect(Number(payments.count)).toBe(ORDERS);
  } finally {
    await stopServerProcess(server, 'SIGKILL');
    running.delete(server);
  }
}, 120_000);
