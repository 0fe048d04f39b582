/**
 * Kitchen tickets with two real server processes on one PostgreSQL, each running its delivery
 * workers (issue 31 items 3 and 4): orders placed through either process print once each on the
 * one printer, never twice, within about a second, though both processes look for due tickets every
 * 50 ms. The printer is a local receiver (ticket-receiver.ts). On SQLite a second process is refused
 * (db/sqlite-lock.ts); the claim on SQLite is tested with two connections in
 * routes/staff/kitchen-printer.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureApiBuild } from '../../../../scripts/lib.mjs';
import { todayAtOnePmInToronto } from '../../../../scripts/open-hours.mjs';
import { cardToken, onPostgres, placeDineInOrder, startServerProcess, stopServerProcess, type ServerProcess } from './server-process';
import { createTestDatabase, type TestDatabase } from './test-database';
import { startTicketReceiver, type TicketReceiver } from './ticket-receiver';

const BISTRO = 101;
const WORKERS = {
  CLOCK_START: todayAtOnePmInToronto().toISOString(),
  DELIVERY_WORKERS: '1',
  DELIVERY_POLL_MS: '50',
  // The receiver is on this machine.
  KITCHEN_PRINTER_TARGETS: 'any',
};

beforeAll(async () => {
  await ensureApiBuild({ exitOnFailure: false });
}, 120_000);

describe.skipIf(!onPostgres)('kitchen tickets with two server processes on one PostgreSQL', () => {
  let database: TestDatabase;
  let printer: TicketReceiver;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    printer = await startTicketReceiver();
    database = await createTestDatabase();
    const first = await startServerProcess(database.url, { ...WORKERS, LOAD_DEMO_TENANTS: '1' });
    if (!('url' in first)) throw new Error(`the first server exited (${first.exitCode}):\n${first.output}`);
    servers.push(first);
    const second = await startServerProcess(database.url, WORKERS);
    if (!('url' in second)) throw new Error(`the second server exited (${second.exitCode}):\n${second.output}`);
    servers.push(second);
    // As an owner's PUT /api/staff/kitchen-printer would leave it (its own tests cover the route).
    await database.db
      .insertInto('kitchen_printers')
      .values({
        restaurant_id: BISTRO,
        host: '127.0.0.1',
        port: printer.port,
        columns: 48,
        enabled: 1,
        print_on: 'placed',
        updated_by: null,
        updated_at: new Date().toISOString(),
      })
      .execute();
  }, 150_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => stopServerProcess(server)));
    await database.drop();
    await printer.close();
  });

  it('prints each order placed through either process once, within about a second', async () => {
    const numbers: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      const server = servers[index % 2]!;
      const placed = await placeDineInOrder(server, `two-printers-${index}-${Date.now()}`, await cardToken(server));
      expect(placed.status, await placed.clone().text()).toBe(201);
      numbers.push(((await placed.json()) as { order: { number: number } }).order.number);
    }
    const started = Date.now();
    while (printer.tickets.length < numbers.length && Date.now() - started < 10_000)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(Date.now() - started).toBeLessThan(2000);
    // Both processes keep looking for a while: nothing prints a second time.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const printed = printer.tickets.map((ticket) => ticket.lines.find((line) => line.doubleWidth && line.text.startsWith('#'))?.text);
    expect(printed.sort()).toEqual(numbers.map((number) => `#${number}`).sort());
    const rows = await database.db
      .selectFrom('kitchen_tickets')
      .select(['status', 'attempts'])
      .where('restaurant_id', '=', BISTRO)
      .execute();
    expect(rows).toHaveLength(numbers.length);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });
});
