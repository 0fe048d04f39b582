/**
 * Kitchen tickets end to end (issue 31 item 3): an owner sets a network printer, a local receiver
 * (test/ticket-receiver.ts) plays it on a free port and decodes what it gets as a cook would read
 * it. Placing an order never calls the printer; the relay prints each ticket once, retries with
 * backoff while the printer is off, gives up into a failed print the kitchen can see and reprint,
 * and two relays on two connections to one database (as two processes) never print a ticket twice.
 * Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';
import { openDatabase } from '../../db/database';
import { placeBistroDineIn, TWO_SOUPS } from '../../test/bistro-dine-in';
import { asSource, tenantFixture } from '../../test/fixtures';
import { createTestApp, openHoursClock, type TestApp } from '../../test/test-app';
import { staffMember } from '../../test/staff-member';
import { RECEIVER_RELAY_OPTIONS, startTicketReceiver, type TicketReceiver } from '../../test/ticket-receiver';
import { relayDueTickets } from '../../use-cases/platform/relay-kitchen-tickets';
import type { DeliveryLog } from '../../use-cases/platform/relay-deliveries';

// The bistro with French as its first language: the kitchen's tickets are in French.
const bistro = JSON.parse(fs.readFileSync(path.join(repoRoot, 'tenants/maple-bistro.json'), 'utf8')) as Record<string, unknown>;
const frenchBistro = {
  name: 'maple-bistro.json',
  text: JSON.stringify({
    ...bistro,
    locales: [
      { locale_short: 'fr', locale_long: 'fr-CA', label: 'Français', is_default: true },
      { locale_short: 'en', locale_long: 'en-CA', label: 'English', is_default: false },
    ],
  }),
};
const BISTRO = 101;
const OTHER = 87;
const SOUP = TWO_SOUPS;
const CAESAR = {
  id: 1102,
  menu_id: 1010,
  section_id: 1050,
  orderId: 2,
  quantity: 1,
  orderPrice: 2600,
  orderOptions: [
    {
      id: 1501,
      values: [
        { id: 1604, quantity: 1 },
        { id: 1605, quantity: 1 },
      ],
    },
  ],
  specialInstructions: 'Vinaigrette à côté',
};

let t: TestApp;
let printer: TicketReceiver;
const tokens = { owner: '', manager: '', kitchen: '', otherOwner: '' };
const log: DeliveryLog = { info: () => undefined, warn: () => undefined };
const options = RECEIVER_RELAY_OPTIONS;
const pass = (at: Date) => relayDueTickets(t.database.db, options, log, at);
const later = (seconds: number) => new Date(t.app.now().getTime() + seconds * 1000);

const member = async (email: string, restaurantId: number, role: 'owner' | 'manager' | 'staff') =>
  (await staffMember(t.database.db, { email, restaurantId, role })).token;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { 'x-restaurant-id': 'maple-bistro', authorization: `Bearer ${token}` },
    ...(payload && { payload }),
  });

const setPrinter = (token: string, settings: object) =>
  call('PUT', '/api/staff/kitchen-printer', token, { host: '127.0.0.1', port: printer.port, paper_mm: 58, enabled: true, ...settings });

const placeOrder = () =>
  placeBistroDineIn(t, { items: [SOUP, CAESAR], contact: { full_name: 'Élodie Gagné', email: 'elodie.printer@example.com' } });

const ticketsOf = async (token = tokens.kitchen) => {
  const response = await call('GET', '/api/staff/kitchen-printer', token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const auditActions = async () => {
  const team = await call('GET', '/api/staff/team', tokens.owner);
  expect(team.statusCode, team.body).toBe(200);
  return (team.json().audit as Array<{ action: string; subject: string; actor: string }>).map(
    (entry) => `${entry.actor} ${entry.action} ${entry.subject}`,
  );
};

beforeAll(async () => {
  printer = await startTicketReceiver();
  t = await createTestApp([frenchBistro, asSource(tenantFixture({ id: OTHER, slug: 'printer-other' }))], { now: openHoursClock() });
  tokens.owner = await member('owner@maple-bistro.example.com', BISTRO, 'owner');
  tokens.manager = await member('manager@maple-bistro.example.com', BISTRO, 'manager');
  tokens.kitchen = await member('cook@maple-bistro.example.com', BISTRO, 'staff');
  tokens.otherOwner = await member('owner@printer-other.example.com', OTHER, 'owner');
});
afterAll(async () => {
  await t.close();
  await printer.close();
});
beforeEach(async () => {
  await printer.up();
  printer.tickets.length = 0;
  // Nothing left over from a test before: every earlier ticket is settled.
  await t.database.db.updateTable('kitchen_tickets').set({ status: 'failed' }).where('status', 'in', ['queued', 'retrying']).execute();
});

describe("a restaurant's kitchen printer", () => {
  it('is set by owners and managers only; the kitchen sees it and cannot change it; every change is in the audit', async () => {
    expect((await ticketsOf()).printer).toBeNull();
    expect((await setPrinter(tokens.kitchen, {})).statusCode).toBe(403);
    expect((await call('DELETE', '/api/staff/kitchen-printer', tokens.kitchen)).statusCode).toBe(403);
    expect((await call('POST', '/api/staff/kitchen-printer/test', tokens.kitchen)).statusCode).toBe(403);
    // Another restaurant's owner is no one here.
    expect((await call('GET', '/api/staff/kitchen-printer', tokens.otherOwner)).statusCode).toBe(403);

    for (const bad of [
      { host: 'http://192.168.1.50' },
      { host: '192.168.1.50:9100' },
      { host: 'printer.local/path' },
      { host: 'kitchen printer' },
      { host: 'print\u0007er' },
      { host: 'printer\r\nHost: x' },
      { host: '' },
      { port: 0 },
      { port: 70000 },
      { port: '9100' },
      { paper_mm: 72 },
      { print_on: 'ready' },
    ]) {
      const refused = await setPrinter(tokens.owner, bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.json().error).toBe('VALIDATION_FAILED');
    }

    // The port is 9100 unless said; a manager may set it too.
    const byDefault = await call('PUT', '/api/staff/kitchen-printer', tokens.manager, { host: 'kitchen-printer.lan', enabled: false });
    expect(byDefault.statusCode, byDefault.body).toBe(200);
    expect((await ticketsOf()).printer).toMatchObject({
      host: 'kitchen-printer.lan',
      port: 9100,
      paper_mm: 80,
      enabled: false,
      print_on: 'placed',
    });

    expect((await setPrinter(tokens.owner, {})).statusCode).toBe(200);
    const seen = await ticketsOf();
    expect(seen.printer).toMatchObject({ host: '127.0.0.1', port: printer.port, paper_mm: 58, enabled: true, print_on: 'placed' });
    expect(seen.can_configure).toBe(false);
    expect((await ticketsOf(tokens.owner)).can_configure).toBe(true);
    expect(await auditActions()).toEqual(
      expect.arrayContaining([
        'manager@maple-bistro.example.com printer_set kitchen-printer.lan:9100',
        `owner@maple-bistro.example.com printer_set 127.0.0.1:${printer.port}`,
      ]),
    );
  });

  it('prints an order once, when it is placed, as a cook reads it, in French, without calling the printer from the order', async () => {
    const order = await placeOrder();
    // The order is placed: the printer has not been called (the relay does that).
    expect(printer.tickets).toHaveLength(0);

    expect(await pass(later(1))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(printer.tickets).toHaveLength(1);
    const ticket = printer.tickets[0]!;
    expect(ticket).toMatchObject({ initialised: true, codePage: 19, cuts: 1 });
    const lines = ticket.lines.map((line) => line.text);
    expect(ticket.lines.find((line) => line.text === `#${order.number}`)).toMatchObject({
      bold: true,
      doubleHeight: true,
      doubleWidth: true,
    });
    expect(lines).toContain('SUR PLACE - TABLE 3');
    expect(lines).toContain('Pour Élodie Gagné');
    expect(lines).toContain('2 x Soupe du jour');
    expect(lines).toContain('1 x Salade César');
    expect(lines).toContain('   - Poulet grillé');
    expect(lines).toContain("   - Crevettes à l'ail");
    expect(lines).toContain('   > Vinaigrette à côté');
    expect(lines.indexOf('1 x Salade César')).toBeLessThan(lines.indexOf('   - Poulet grillé'));
    // No money on a kitchen ticket; every line fits 58 mm paper.
    expect(ticket.text).not.toMatch(/\$|\d+[.,]\d\d/);
    for (const line of ticket.lines) expect(line.text.length).toBeLessThanOrEqual(line.doubleWidth ? 16 : 32);

    // Printed once: later passes and the order's next moves (the printer prints at placing) add nothing.
    expect(await pass(later(120))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    const accepted = await call('POST', `/api/staff/orders/${order.id}/status`, tokens.owner, { status: 'accepted' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await pass(later(240))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(printer.tickets).toHaveLength(1);
    expect((await ticketsOf()).tickets[0]).toMatchObject({ reason: 'placed', order_number: order.number, status: 'sent', attempts: 1 });
  });

  it('retries with backoff while the printer is off and prints once when it is back', async () => {
    await printer.down();
    const order = await placeOrder();
    expect(await pass(later(1))).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const waiting = (await ticketsOf()).tickets[0];
    expect(waiting).toMatchObject({ order_number: order.number, status: 'retrying', attempts: 1, last_error: 'ECONNREFUSED' });
    expect(waiting.next_attempt_at).not.toBeNull();
    // Not due before its backoff (5 s after the first failure).
    expect(await pass(later(3))).toEqual({ sent: 0, retrying: 0, failed: 0 });

    await printer.up();
    expect(await pass(later(8))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await pass(later(600))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(printer.tickets).toHaveLength(1);
    expect(printer.tickets[0]!.text).toContain(`#${order.number}`);
    expect((await ticketsOf()).tickets[0]).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
  });

  it('gives up after its attempts into a failed print the kitchen sees and reprints; the reprint is in the audit', async () => {
    await printer.down();
    const order = await placeOrder();
    let outcome = { sent: 0, retrying: 0, failed: 0 };
    for (let minute = 1; minute <= 10 && outcome.failed === 0; minute += 1) outcome = await pass(later(minute * 60));
    expect(outcome.failed).toBe(1);
    expect((await ticketsOf()).tickets[0]).toMatchObject({
      order_number: order.number,
      status: 'failed',
      attempts: 4,
      next_attempt_at: null,
    });

    await printer.up();
    const reprint = await call('POST', `/api/staff/orders/${order.id}/kitchen-ticket`, tokens.kitchen);
    expect(reprint.statusCode, reprint.body).toBe(200);
    expect(await pass(later(11 * 60))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(printer.tickets).toHaveLength(1);
    expect(printer.tickets[0]!.text).toContain(`#${order.number}`);
    expect(
      printer.tickets[0]!.lines.at(
        -1 -
          printer.tickets[0]!.lines.slice()
            .reverse()
            .findIndex((line) => line.text !== ''),
      )!.text,
    ).toBe('RÉIMPRESSION');
    expect(await auditActions()).toContain(`cook@maple-bistro.example.com ticket_reprinted #${order.number}`);

    // Another restaurant's order id is unknown here.
    const stranger = await call('POST', '/api/staff/orders/00000000-0000-4000-8000-000000000000/kitchen-ticket', tokens.kitchen);
    expect(stranger.statusCode).toBe(404);
  });

  it('prints at acceptance when set so, and nothing while it is off', async () => {
    expect((await setPrinter(tokens.owner, { print_on: 'accepted' })).statusCode).toBe(200);
    const order = await placeOrder();
    expect(await pass(later(1))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect((await call('POST', `/api/staff/orders/${order.id}/status`, tokens.kitchen, { status: 'accepted' })).statusCode).toBe(200);
    expect(await pass(later(2))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(printer.tickets[0]!.text).toContain(`#${order.number}`);

    expect((await setPrinter(tokens.owner, { enabled: false })).statusCode).toBe(200);
    const quiet = await placeOrder();
    expect((await call('POST', `/api/staff/orders/${quiet.id}/status`, tokens.kitchen, { status: 'accepted' })).statusCode).toBe(200);
    expect(await pass(later(3))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(printer.tickets).toHaveLength(1);
    expect((await setPrinter(tokens.owner, {})).statusCode).toBe(200);
  });

  it('sends a test print with French accents at the paper width, for owners and managers', async () => {
    const queued = await call('POST', '/api/staff/kitchen-printer/test', tokens.manager);
    expect(queued.statusCode, queued.body).toBe(200);
    expect(await pass(later(1))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const lines = printer.tickets[0]!.lines.map((line) => line.text);
    expect(lines).toContain('IMPRESSION TEST');
    expect(lines).toContain('1 x Crème brûlée');
    expect(lines).toContain('   - Façon maison');
    expect(lines).toContain('12345678901234567890123456789012');
    expect(await auditActions()).toContain(`manager@maple-bistro.example.com printer_test 127.0.0.1:${printer.port}`);
  });

  it('two relays on two connections to the database (two processes) print each ticket once', async () => {
    const orders = [await placeOrder(), await placeOrder(), await placeOrder(), await placeOrder()];
    const second = openDatabase(t.database.url, { outsideScope: 'owner' });
    try {
      const at = later(1);
      const results = await Promise.all([
        relayDueTickets(t.database.db, options, log, at),
        relayDueTickets(second.db, options, log, at),
        relayDueTickets(t.database.db, options, log, at),
        relayDueTickets(second.db, options, log, at),
      ]);
      expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(orders.length);
    } finally {
      await second.close();
    }
    const numbers = printer.tickets.map((ticket) => ticket.lines.find((line) => line.doubleWidth && line.text.startsWith('#'))?.text);
    expect(numbers.sort()).toEqual(orders.map((order) => `#${order.number}`).sort());
  });

  it('refuses this machine and link-local addresses unless the deployment allows them', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/staff/kitchen-printer/test',
      headers: { 'x-restaurant-id': 'maple-bistro', authorization: `Bearer ${tokens.owner}` },
    });
    expect(await relayDueTickets(t.database.db, { ...options, targets: 'lan' }, log, later(1))).toEqual({
      sent: 0,
      retrying: 1,
      failed: 0,
    });
    expect((await ticketsOf()).tickets[0]).toMatchObject({ reason: 'test', status: 'retrying', last_error: 'REFUSED_ADDRESS' });
    expect(printer.tickets).toHaveLength(0);
  });
});
