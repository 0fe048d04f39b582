/**
 * POST /api/orders/:id/cancel (use-cases/orders/cancel-guest-order.ts): a guest cancels their own
 * scheduled order with its secret where the restaurant allows it; the card's money goes back; an
 * account's order, an order the kitchen took, a restaurant that does not allow it and a wrong secret
 * are refused and change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSource, tenantFixture } from '../../test/fixtures';
import { createTestApp, openHoursClock, type TestApp } from '../../test/test-app';
import { changeOrderStatus } from './order-notifications';
import { findRestaurantBySlug } from '../../db/restaurants-repository';
import { placeGuestPickup } from '../../test/guest-pickup';

const menu = (base: number) => [
  {
    id: base + 1,
    name: 'Food',
    slug: 'food',
    menus: [{ id: base + 2, name: 'Lunch', items: [{ id: base + 3, name: 'Bowl', price: '10.00' }] }],
  },
];
const allows = tenantFixture({ id: 86, slug: 'guest-cancels', guest_order_cancellation: true, menu_groups: menu(8600) });
const refuses = tenantFixture({ id: 87, slug: 'no-guest-cancels', menu_groups: menu(8700) });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp([asSource(allows), asSource(refuses)], { now: openHoursClock() });
});
afterAll(() => t.close());

const post = (url: string, payload: object, tenant: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'x-restaurant-id': tenant, ...headers } });

/** A guest's scheduled pickup of one bowl, paid by card: its id and secret. */
const guestOrder = (tenant: string, base: number, headers: Record<string, string> = {}) =>
  placeGuestPickup(t, tenant, { itemId: base + 3, menuId: base + 2 }, headers);

const paymentOf = async (orderId: string) =>
  t.database.db
    .selectFrom('payments')
    .select(['status', 'captured_cents', 'refunded_cents'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();

describe('a guest cancels their order', () => {
  it('cancels a placed scheduled order where the restaurant allows it, gives the money back, and says so on the order', async () => {
    const order = await guestOrder('guest-cancels', 8600);
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}?token=${order.token}`,
      headers: { 'x-restaurant-id': 'guest-cancels' },
    });
    expect(shown.json()).toMatchObject({ guestCancellable: true, order: { status: 'placed' } });

    const cancelled = await post(`/api/orders/${order.id}/cancel`, { token: order.token }, 'guest-cancels');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ guestCancellable: false, order: { status: 'cancelled' } });
    expect(await paymentOf(order.id)).toMatchObject({ status: expect.stringMatching(/voided|refunded/) });
    const events = await t.database.db.selectFrom('order_events').select(['type', 'reason']).where('order_id', '=', order.id).execute();
    expect(events).toContainEqual({ type: 'cancelled', reason: 'Cancelled by the guest.' });

    // Again: the same answer, nothing more given back.
    const again = await post(`/api/orders/${order.id}/cancel`, { token: order.token }, 'guest-cancels');
    expect(again.json()).toMatchObject({ order: { status: 'cancelled' } });
  });

  it('refuses with 443 where the restaurant does not allow it, or once the kitchen accepted the order', async () => {
    const elsewhere = await guestOrder('no-guest-cancels', 8700);
    const refused = await post(`/api/orders/${elsewhere.id}/cancel`, { token: elsewhere.token }, 'no-guest-cancels');
    expect(refused.json()).toMatchObject({ code: 443, error: 'SCHEDULED_ORDER_NOT_CANCELLABLE' });

    const accepted = await guestOrder('guest-cancels', 8600);
    const restaurant = (await findRestaurantBySlug(t.database.db, 'guest-cancels'))!;
    await changeOrderStatus(t.database, restaurant, accepted.id, 'accepted', t.app.ports.sms, new Date(), null);
    const late = await post(`/api/orders/${accepted.id}/cancel`, { token: accepted.token }, 'guest-cancels');
    expect(late.json()).toMatchObject({ code: 443 });
    const row = await t.database.db.selectFrom('orders').select('status').where('id', '=', accepted.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('accepted');
  });

  it('a wrong secret, another restaurant or a malformed body is refused and changes nothing', async () => {
    const order = await guestOrder('guest-cancels', 8600);
    expect(
      (await post(`/api/orders/${order.id}/cancel`, { token: 'not-the-secret-of-this-order-at-all' }, 'guest-cancels')).statusCode,
    ).toBe(404);
    expect((await post(`/api/orders/${order.id}/cancel`, { token: order.token }, 'no-guest-cancels')).statusCode).toBe(404);
    expect((await post(`/api/orders/${order.id}/cancel`, { token: order.token, extra: 1 }, 'guest-cancels')).statusCode).toBe(400);
    const row = await t.database.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('placed');
  });
});
