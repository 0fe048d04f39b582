/**
 * GET /api/auth/orders/events (use-cases/accounts/watch-diner-orders.ts): the signed-in diner's orders
 * in progress, where each stands and then each change, on one stream; never another user's order;
 * 401 signed out; the stream ends at a sign-out and once none is left moving.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';
import { findRestaurantBySlug } from '../../db/restaurants-repository';
import { queueInOutbox } from '../../db/outbox-repository';
import { outboxSms } from '../../ports/sms';
import { asSource, pickupOrderBody, tenantFixture } from '../../test/fixtures';
import { createTestApp, openHoursClock, type TestApp } from '../../test/test-app';
import { changeOrderStatus } from '../../use-cases/orders/order-notifications';

const bistroFile = { name: 'maple-bistro.json', text: fs.readFileSync(path.join(repoRoot, 'tenants/maple-bistro.json'), 'utf8') };
const SOUP = { id: 1101, menu_id: 1010, section_id: 1050, orderId: 1, quantity: 1, orderPrice: 800, orderOptions: [] };
const headers = { 'x-restaurant-id': 'maple-bistro' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp([bistroFile, asSource(tenantFixture({ id: 87, slug: 'live-other' }))], { now: openHoursClock() });
});
afterAll(() => t.close());

let people = 0;
async function register(): Promise<string> {
  people += 1;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register-user',
    headers,
    remoteAddress: `10.8.0.${people}`,
    payload: { firstName: 'Grace', lastName: 'Hopper', email: `live${people}-${Date.now()}@example.com`, password: 'Secret12!' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token as string;
}

async function placeOrder(token: string): Promise<string> {
  const scheduling = await t.app.inject({
    method: 'POST',
    url: '/api/orders/scheduling',
    headers,
    payload: { type: 'take-out', items: [SOUP] },
  });
  const card = await t.app.inject({
    method: 'POST',
    url: '/api/payment/tokenize',
    headers,
    payload: { number: '4242424242424242', expiry: '1230', cvd: '123', postal_code: 'M5A 3C4' },
  });
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...headers, authorization: `Bearer ${token}`, 'idempotency-key': `live-${Date.now()}-${Math.random()}` },
    payload: pickupOrderBody([SOUP], scheduling.json().days[0], card.json().token),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().order.id as string;
}

/** The events of a finished stream, in order: `status` ones as "id:status", others by name. */
function events(body: string): string[] {
  return body
    .split('\n\n')
    .map((block) => {
      const name = /^event: (\w+)$/m.exec(block)?.[1];
      if (name !== 'status') return name;
      const data = JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as { orderId: string; status: string };
      return `${data.orderId}:${data.status}`;
    })
    .filter((name): name is string => name !== undefined);
}

const hubRead = () => new Promise((resolve) => setTimeout(resolve, 700));

describe('GET /api/auth/orders/events', () => {
  it('follows each of the diner’s orders in progress, never another user’s, and ends once none is left moving', async () => {
    const alice = await register();
    const bob = await register();
    const [first, second, bobs] = [await placeOrder(alice), await placeOrder(alice), await placeOrder(bob)];
    const restaurant = (await findRestaurantBySlug(t.database.db, 'maple-bistro'))!;
    const move = async (id: string, to: 'accepted' | 'preparing' | 'ready' | 'completed' | 'cancelled') => {
      expect(await changeOrderStatus(t.database, restaurant, id, to, outboxSms(queueInOutbox), new Date())).toMatchObject({ ok: true });
      await hubRead();
    };
    const streaming = t.app.inject({ method: 'GET', url: '/api/auth/orders/events', headers: { authorization: `Bearer ${alice}` } });
    await hubRead();
    await move(first, 'accepted');
    await move(bobs, 'accepted');
    await move(first, 'preparing');
    await move(first, 'ready');
    await move(second, 'cancelled');
    await move(bobs, 'ready');
    await move(first, 'completed');
    const response = await streaming;
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const seen = events(response.body);
    // Where each stands first, then each change, then the end.
    expect(seen.slice(0, 2).sort()).toEqual([`${first}:placed`, `${second}:placed`].sort());
    expect(seen.slice(2)).toEqual([
      `${first}:accepted`,
      `${first}:preparing`,
      `${first}:ready`,
      `${second}:cancelled`,
      `${first}:completed`,
      'done',
    ]);
    expect(response.body).not.toContain(bobs);
  });

  it('says done at once when nothing is in progress', async () => {
    const carol = await register();
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/orders/events', headers: { authorization: `Bearer ${carol}` } });
    expect(events(response.body)).toEqual(['done']);
  });

  it('follows one restaurant’s orders only when asked for it, and refuses an unknown one before any event', async () => {
    const frank = await register();
    await placeOrder(frank);
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: '/api/auth/orders/events?restaurant=live-other',
      headers: { authorization: `Bearer ${frank}` },
    });
    expect(events(elsewhere.body)).toEqual(['done']);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/auth/orders/events?restaurant=no-such-place',
      headers: { authorization: `Bearer ${frank}` },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('is 401 signed out or with an ended session, before any event', async () => {
    const dave = await register();
    await placeOrder(dave);
    const loggedOut = await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { accessToken: dave } });
    expect(loggedOut.statusCode).toBe(200);
    for (const answer of [
      await t.app.inject({ method: 'GET', url: '/api/auth/orders/events' }),
      await t.app.inject({ method: 'GET', url: '/api/auth/orders/events', headers: { authorization: `Bearer ${dave}` } }),
      await t.app.inject({ method: 'GET', url: '/api/auth/orders/events', headers: { cookie: `accessToken=${'x'.repeat(40)}` } }),
    ]) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ error: 'SESSION_EXPIRED' });
    }
  });

  it('ends within a second of a sign-out', async () => {
    const erin = await register();
    await placeOrder(erin);
    const streaming = t.app.inject({ method: 'GET', url: '/api/auth/orders/events', headers: { cookie: `accessToken=${erin}` } });
    await hubRead();
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { accessToken: erin } });
    const started = Date.now();
    const response = await streaming;
    expect(Date.now() - started).toBeLessThan(1500);
    expect(events(response.body)).toHaveLength(1);
  });
});
