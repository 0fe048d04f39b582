/**
 * The order's status as server-sent events (use-cases/orders/watch-order-status.ts): placed, then each change
 * staff make, until the order is done; only with the order's own token, only at its restaurant; the
 * order-ready text still goes out.
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

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp([bistroFile, asSource(tenantFixture({ id: 86, slug: 'other-place' }))], { now: openHoursClock() });
});
afterAll(() => t.close());

const headers = { 'x-restaurant-id': 'maple-bistro' };

async function placeOrder(): Promise<{ id: string; token: string; number: number }> {
  const scheduling = (
    await t.app.inject({ method: 'POST', url: '/api/orders/scheduling', headers, payload: { type: 'take-out', items: [SOUP] } })
  ).json();
  const day = scheduling.days[0];
  const card = await t.app.inject({
    method: 'POST',
    url: '/api/payment/tokenize',
    headers,
    payload: { number: '4242424242424242', expiry: '1230', cvd: '123', postal_code: 'M5A 3C4' },
  });
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...headers, 'idempotency-key': `events-${Date.now()}-${Math.random()}` },
    payload: pickupOrderBody([SOUP], day, card.json().token),
  });
  expect(placed.statusCode).toBe(201);
  const body = placed.json();
  return { id: body.order.id, token: body.access_token, number: body.order.number };
}

/** The `status` events of a finished stream, in order. */
function statuses(body: string): string[] {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('event: status'))
    .map((block) => JSON.parse(block.split('\n')[1]!.replace(/^data: /, '')).status as string);
}

describe('GET /api/restaurants/:restaurantId/orders/:id/events', () => {
  it('streams placed, then each status staff set, and ends once the order is completed; the ready text goes out', async () => {
    const order = await placeOrder();
    const restaurant = (await findRestaurantBySlug(t.database.db, 'maple-bistro'))!;
    const streaming = t.app.inject({ method: 'GET', url: `/api/restaurants/maple-bistro/orders/${order.id}/events?token=${order.token}` });
    const sms = outboxSms(queueInOutbox);
    // Ask for the ready text, as the confirmation's "Text me when it's ready" does.
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/orders/notification',
      headers,
      payload: {
        data: { config: { checkNum: order.number, accessToken: order.token }, checkout: { contact: { phone_number: '416-555-0199' } } },
      },
    });
    expect(asked.statusCode).toBe(200);
    const textsSoFar = async () =>
      (await t.database.db.selectFrom('outbox').select(['recipient', 'channel']).where('order_id', '=', order.id).execute()).filter(
        (text) => text.channel === 'sms',
      );
    const sent: number[] = [];
    for (const to of ['accepted', 'ready', 'completed'] as const) {
      expect(await changeOrderStatus(t.database, restaurant, order.id, to, sms, new Date())).toMatchObject({ ok: true, status: to });
      sent.push((await textsSoFar()).length);
      // Give the stream its hub's read of each change (every 200 ms; ports/order-events.ts).
      await new Promise((resolve) => setTimeout(resolve, 700));
    }
    const response = await streaming;
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(statuses(response.body)).toEqual(['placed', 'accepted', 'ready', 'completed']);
    // One text when it became ready, to the phone the diner gave, and none after.
    expect(sent[1]).toBe((sent[0] ?? 0) + 1);
    expect(sent[2]).toBe(sent[1]);
    expect((await textsSoFar()).every((text) => text.recipient === '+14165550199')).toBe(true);
  });

  it('answers a finished order with its status and ends at once', async () => {
    const order = await placeOrder();
    const restaurant = (await findRestaurantBySlug(t.database.db, 'maple-bistro'))!;
    await changeOrderStatus(t.database, restaurant, order.id, 'cancelled', outboxSms(queueInOutbox), new Date());
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/restaurants/${restaurant.id}/orders/${order.id}/events?token=${order.token}`,
    });
    expect(statuses(response.body)).toEqual(['cancelled']);
  });

  it('refuses a wrong token, another restaurant and an unknown order with one same 404, before any event', async () => {
    const order = await placeOrder();
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: `/api/restaurants/maple-bistro/orders/${order.id}/events?token=${order.token}x` }),
      t.app.inject({ method: 'GET', url: `/api/restaurants/other-place/orders/${order.id}/events?token=${order.token}` }),
      t.app.inject({ method: 'GET', url: `/api/restaurants/maple-bistro/orders/${crypto.randomUUID()}/events?token=${order.token}` }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ error: 'ORDER_NOT_FOUND' });
    }
    const french = await t.app.inject({
      method: 'GET',
      url: `/api/restaurants/maple-bistro/orders/not-a-uuid/events?token=${order.token}`,
      headers: { 'accept-language': 'fr-CA' },
    });
    expect(french.statusCode).toBe(400);
  });
});
