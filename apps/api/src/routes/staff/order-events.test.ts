import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/password';
import { bistroFile, placeBistroDineIn, TWO_SOUPS } from '../../test/bistro-dine-in';
import { secondProcess } from '../../test/second-process';
import { asSource, tenantFixture } from '../../test/fixtures';
import { openEventStream } from '../../test/event-stream-client';
import { createTestApp, openHoursClock, type TestApp } from '../../test/test-app';
import { staffMember } from '../../test/staff-member';

const BISTRO = 101;
const OTHER = 85;

let t: TestApp;
/** A second server process on the same database, as behind a load balancer. */
let second: FastifyInstance;
let secondUrl = '';
const tokens = { bistro: '', other: '' };

const staffToken = async (email: string, restaurantId: number) => (await staffMember(t.database.db, { email, restaurantId })).token;

beforeAll(async () => {
  const clock = openHoursClock();
  t = await createTestApp([bistroFile, asSource(tenantFixture({ id: OTHER, slug: 'events-other' }))], { now: clock });
  ({ app: second, url: secondUrl } = await secondProcess(t, clock));
  tokens.bistro = await staffToken('board@maple-bistro.example.com', BISTRO);
  tokens.other = await staffToken('board@events-other.example.com', OTHER);
});
afterAll(async () => {
  await second.close();
  await t.close();
});

interface Received {
  event: string;
  data: { id?: string; order_id?: string; type?: string };
}

/** Opens the event stream on the second process and collects what arrives. */
function openStream(token: string | null, restaurant = 'maple-bistro') {
  return openEventStream<Received['data']>(
    `${secondUrl}/api/staff/orders/events?restaurant=${restaurant}`,
    token ? { authorization: `Bearer ${token}` } : {},
  );
}

const LEMONADE = { id: 1133, menu_id: 1010, section_id: 1058, orderId: 2, quantity: 1, orderPrice: 450, orderOptions: [] };

const placeDineIn = async (more: object[] = []) => (await placeBistroDineIn(t, { items: [TWO_SOUPS, ...more], tableNum: '12' })).id;

const move = (orderId: string, status: string, reason?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/staff/orders/${orderId}/status`,
    headers: { 'x-restaurant-id': 'maple-bistro', authorization: `Bearer ${tokens.bistro}` },
    payload: { status, ...(reason && { reason }) },
  });

describe('the order event stream', () => {
  it('tells a board on another server process of a new order within a second, then of each move', async () => {
    const stream = await openStream(tokens.bistro);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    await stream.next((r) => r.event === 'ready', 5000);

    const orderId = await placeDineIn();
    const placedAt = Date.now();
    const placed = await stream.next((r) => r.data.order_id === orderId && r.data.type === 'placed', 1000);
    expect(Date.now() - placedAt).toBeLessThan(1000);
    expect(placed.data.id).toEqual(expect.any(String));

    expect((await move(orderId, 'accepted')).statusCode).toBe(200);
    await stream.next((r) => r.data.order_id === orderId && r.data.type === 'accepted', 1000);
    expect((await move(orderId, 'cancelled', 'Out of soup')).statusCode).toBe(200);
    await stream.next((r) => r.data.order_id === orderId && r.data.type === 'cancelled', 1000);
    stream.close();

    const events = await t.database.db
      .selectFrom('order_events')
      .select(['type', 'actor_user_id', 'reason'])
      .where('order_id', '=', orderId)
      .orderBy('at')
      .execute();
    expect(events.map((e) => e.type)).toEqual(['placed', 'accepted', 'cancelled']);
    expect(events[2]).toMatchObject({ reason: 'Out of soup', actor_user_id: expect.any(Number) });
  });

  it('tells a board on another server process of each station’s bump and recall, and of the ready the last bump makes, within a second', async () => {
    const stream = await openStream(tokens.bistro);
    await stream.next((r) => r.event === 'ready', 5000);
    const orderId = await placeDineIn([LEMONADE]);
    expect((await move(orderId, 'accepted')).statusCode).toBe(200);
    const seen = new Set<string>();
    const station = async (id: string, action: 'bump' | 'recall', type: string) => {
      const answer = await t.app.inject({
        method: 'POST',
        url: `/api/staff/orders/${orderId}/stations/${id}/${action}`,
        headers: { 'x-restaurant-id': 'maple-bistro', authorization: `Bearer ${tokens.bistro}` },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const sent = Date.now();
      // Each call's own event: the stream keeps what it received, the earlier bump's event included.
      const heard = await stream.next((r) => r.data.order_id === orderId && r.data.type === type && !seen.has(r.data.id ?? ''), 1000);
      seen.add(heard.data.id ?? '');
      expect(Date.now() - sent).toBeLessThan(1000);
    };
    await station('bar', 'bump', 'station_bumped');
    await station('bar', 'recall', 'station_recalled');
    await station('bar', 'bump', 'station_bumped');
    await station('kitchen', 'bump', 'ready');
    stream.close();
  });

  it('ends within a second and a half when its member is removed from the team on the other process, and tells them nothing after', async () => {
    const cook = await staffMember(t.database.db, { email: 'removed-cook@maple-bistro.example.com', restaurantId: BISTRO });
    const owner = await staffMember(t.database.db, {
      email: 'owner-removing@maple-bistro.example.com',
      restaurantId: BISTRO,
      role: 'owner',
    });
    const stream = await openStream(cook.token);
    await stream.next((r) => r.event === 'ready', 5000);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/staff/members/${cook.id}`,
      headers: { 'x-restaurant-id': 'maple-bistro', authorization: `Bearer ${owner.token}` },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const removedAt = Date.now();
    await Promise.race([stream.ended, new Promise((_, reject) => setTimeout(() => reject(new Error('the stream stayed open')), 3000))]);
    expect(Date.now() - removedAt).toBeLessThan(1500);
    const orderId = await placeDineIn();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(stream.received.some((r) => r.data.order_id === orderId)).toBe(false);
  });

  it('ends within a second and a half when its member signs out on the other process', async () => {
    const cook = await staffMember(t.database.db, { email: 'signing-out-cook@maple-bistro.example.com', restaurantId: BISTRO });
    const stream = await openStream(cook.token);
    await stream.next((r) => r.event === 'ready', 5000);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { accessToken: cook.token } });
    expect(out.statusCode, out.body).toBe(200);
    const outAt = Date.now();
    await Promise.race([stream.ended, new Promise((_, reject) => setTimeout(() => reject(new Error('the stream stayed open')), 3000))]);
    expect(Date.now() - outAt).toBeLessThan(1500);
  });

  /** Waits for the stream to end, at most three seconds, and says how long it took after `since`. */
  async function endedWithin(stream: { ended: Promise<unknown> }, since: number): Promise<number> {
    await Promise.race([stream.ended, new Promise((_, reject) => setTimeout(() => reject(new Error('the stream stayed open')), 3000))]);
    return Date.now() - since;
  }

  it('ends within a second and a half when an owner changes its member’s role on the other process', async () => {
    const manager = await staffMember(t.database.db, {
      email: 'demoted-manager@maple-bistro.example.com',
      restaurantId: BISTRO,
      role: 'manager',
    });
    const owner = await staffMember(t.database.db, {
      email: 'owner-demoting@maple-bistro.example.com',
      restaurantId: BISTRO,
      role: 'owner',
    });
    const stream = await openStream(manager.token);
    await stream.next((r) => r.event === 'ready', 5000);
    const changed = await t.app.inject({
      method: 'POST',
      url: `/api/staff/members/${manager.id}/role`,
      headers: { 'x-restaurant-id': 'maple-bistro', authorization: `Bearer ${owner.token}` },
      payload: { role: 'staff' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await endedWithin(stream, Date.now())).toBeLessThan(1500);
    // The old session is gone: a new stream with it is refused.
    expect((await openStream(manager.token)).response.status).toBe(401);
  });

  it('ends within a second and a half when its member changes their password elsewhere', async () => {
    const password = 'Board-Stream-7!';
    const cook = await staffMember(t.database.db, {
      email: 'password-cook@maple-bistro.example.com',
      restaurantId: BISTRO,
      passwordHash: await hashPassword(password),
    });
    const stream = await openStream(cook.token);
    await stream.next((r) => r.event === 'ready', 5000);
    // Signed in a second time (another device), then the password changed from there.
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-native',
      payload: { email: 'password-cook@maple-bistro.example.com', password },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/edit-user',
      headers: { authorization: `Bearer ${signedIn.json().token}` },
      payload: { password: 'Board-Stream-8!', currentPassword: password },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await endedWithin(stream, Date.now())).toBeLessThan(1500);
  });

  it("carries only the caller's restaurant, and only to its staff", async () => {
    expect((await openStream(null)).response.status).toBe(401);
    expect((await openStream(tokens.other)).response.status).toBe(403);
    const theirs = await openStream(tokens.other, 'events-other');
    await theirs.next((r) => r.event === 'ready', 5000);
    const orderId = await placeDineIn();
    const ours = await t.database.db.selectFrom('order_events').select('id').where('order_id', '=', orderId).executeTakeFirst();
    expect(ours).toBeDefined();
    // Give the other restaurant's stream time to (wrongly) receive it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(theirs.received.some((r) => r.data.order_id === orderId)).toBe(false);
    theirs.close();
  });
});

describe('the board’s orders', () => {
  it('name each line for the kitchen, keep the cancel reason, and include orders ahead of today', async () => {
    const orderId = await placeDineIn();
    expect((await move(orderId, 'cancelled', '  Kitchen closed early ')).statusCode).toBe(200);
    const tomorrow = await placeDineIn();
    const later = new Date(Date.now() + 30 * 3600 * 1000).toISOString();
    await t.database.db.updateTable('orders').set({ pickup_time: later }).where('id', '=', tomorrow).execute();
    const french = await t.app.inject({
      method: 'GET',
      url: '/api/staff/orders',
      headers: { 'x-restaurant-id': 'maple-bistro', 'accept-language': 'fr-CA', authorization: `Bearer ${tokens.bistro}` },
    });
    const orders = french.json().orders as Array<{
      id: string;
      lines: unknown[];
      cancel_reason: string | null;
      tableNum: string;
      suite_place: unknown;
    }>;
    const cancelled = orders.find((o) => o.id === orderId);
    expect(cancelled).toMatchObject({ cancel_reason: 'Kitchen closed early', tableNum: '12', suite_place: null });
    expect(cancelled?.lines).toEqual([
      // The soup's section names no station: the restaurant's first, the kitchen (decision 0107).
      {
        line_id: 1,
        quantity: 2,
        name: expect.any(String),
        options: [],
        instructions: null,
        amount: 1600,
        station: 'kitchen',
        bumped: false,
      },
    ]);
    expect((cancelled?.lines[0] as { name: string }).name).not.toMatch(/^\d+$/);
    expect(orders.some((o) => o.id === tomorrow)).toBe(true);
  });
});
