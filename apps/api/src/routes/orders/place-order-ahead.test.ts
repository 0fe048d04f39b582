/**
 * Ordering ahead (docs/decisions/0027-ordering-ahead.md): takeout is taken for a later slot while the
 * restaurant is closed or paused; ASAP and a table's order are not. Its own file: its apps run at 9
 * a.m., and menus are cached per process (apps/api/src/use-cases/menus/get-menus.ts), so an app at 1 p.m.
 * in the same process would hand it menus published at 1 p.m.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';
import { asSource, tenantFixture } from '../../test/fixtures';
import { createTestApp, openHoursClock } from '../../test/test-app';

const bistroFile = { name: 'maple-bistro.json', text: fs.readFileSync(path.join(repoRoot, 'tenants/maple-bistro.json'), 'utf8') };
const SOUP = { id: 1101, menu_id: 1010, section_id: 1050 };
const VISA = '4242424242424242';
let keys = 0;
const newKey = () => `ahead-key-${Date.now()}-${(keys += 1)}`;
const soup = (quantity = 2) => ({ ...SOUP, orderId: 1, quantity, orderPrice: 800 * quantity, orderOptions: [] });

interface Slot {
  date: string;
  time: string;
}
function pickupOrder(token: string | null, slot: Slot, overrides: { checkout?: object } = {}) {
  return {
    type: 'take-out',
    data: {
      config: { takeout: true, takeoutType: 'pickup' },
      items: [soup()],
      costs: {},
      checkout: {
        paymentMethod: 'credit_card',
        pickup: { delivery: false, scheduled: true, dueByDate: slot.date, dueByTime: slot.time },
        contact: { full_name: 'Dana Diner', email: 'dana@example.com', phone_number: '416-555-0101' },
        card: token ? { token } : null,
        questions: [{ id: 1920, answers: [1] }],
        ...overrides.checkout,
      },
    },
  };
}

describe('ordering ahead while the restaurant is closed or its orders are paused', () => {
  it('at 9 a.m., before opening, takes a pickup for the first slot the schedule offers, refuses ASAP and a table', async () => {
    const nine = new Date(openHoursClock()().getTime() - 4 * 3600_000);
    const early = await createTestApp([bistroFile], { now: () => nine });
    const headers = { 'x-restaurant-id': 'maple-bistro' };
    const inject = (url: string, payload: object, extra: Record<string, string> = {}) =>
      early.app.inject({ method: 'POST', url, headers: { ...headers, ...extra }, payload });
    try {
      const scheduling = (await inject('/api/orders/scheduling', { type: 'take-out', items: [soup()] })).json();
      expect(scheduling.asap).toMatchObject({ available: false, reason: 'CLOSED' });
      const first = scheduling.days[0].slots[0];
      // Maple Bistro opens at 10 or 11 (tenants/maple-bistro.json): the first slot is today, at or after opening.
      expect(scheduling.days[0].date).toBe(localIsoDate(nine));
      expect(['10:00', '11:00']).toContain(first.startTime);

      const token = (await inject('/api/payment/tokenize', { number: VISA, expiry: '1230', cvd: '123', postal_code: 'M5A 3C4' })).json()
        .token as string;
      const slot = { date: scheduling.days[0].date, time: first.startTime, start: first.start };
      const placed = await inject('/api/orders', pickupOrder(token, slot), { 'idempotency-key': newKey() });
      expect(placed.statusCode).toBe(201);
      expect(placed.json().order).toMatchObject({ status: 'placed', type: 'take-out', scheduled: true, pickup_time: first.start });

      const asap = pickupOrder(null, slot, { checkout: { pickup: { delivery: false, scheduled: false }, card: null } });
      const refusedAsap = await inject('/api/orders', asap, { 'idempotency-key': newKey() });
      expect(refusedAsap.json()).toMatchObject({ error: 'ASAP_UNAVAILABLE' });
      const table = await inject('/api/orders/validate', { itemsInCart: [soup()], type: 'dine_in' });
      expect(table.json()).toMatchObject({ code: 417, error: 'RESTAURANT_CLOSED' });
      const orders = await early.database.db.selectFrom('orders').select(['id']).execute();
      expect(orders).toHaveLength(1);
    } finally {
      await early.close();
    }
  });

  it('while only ASAP is paused, offers and takes the later slots but not ASAP', async () => {
    const tenant = 'paused-ahead';
    const paused = await createTestApp(
      [
        asSource(
          tenantFixture({
            id: 85,
            slug: tenant,
            asap_paused: true,
            menu_groups: [
              {
                id: 8501,
                name: 'Food',
                slug: 'food',
                menus: [
                  { id: 8502, name: 'Lunch', sections: [{ id: 8504, name: 'Bowls', items: [{ id: 8503, name: 'Bowl', price: '10.00' }] }] },
                ],
              },
            ],
          }),
        ),
      ],
      { now: openHoursClock() },
    );
    const inject = (url: string, payload: object, extra: Record<string, string> = {}) =>
      paused.app.inject({ method: 'POST', url, headers: { 'x-restaurant-id': tenant, ...extra }, payload });
    try {
      const scheduling = (await inject('/api/orders/scheduling', { type: 'take-out', items: [] })).json();
      expect(scheduling.asap).toMatchObject({ available: false, reason: 'ORDERS_PAUSED' });
      expect(scheduling.reason).toBeNull();
      const first = scheduling.days[0].slots[0];
      const item = { id: 8503, menu_id: 8502, section_id: 8504, orderId: 1, quantity: 1, orderPrice: 1000, orderOptions: [] };
      const card = await inject('/api/payment/tokenize', { number: VISA, expiry: '1230', cvd: '123', postal_code: 'M5A 3C4' });
      const order = (pickup: object) => ({
        type: 'take-out',
        data: {
          config: { takeout: true, takeoutType: 'pickup' },
          items: [item],
          costs: {},
          checkout: {
            paymentMethod: 'credit_card',
            pickup,
            contact: { full_name: 'Dana Diner', email: 'dana@example.com', phone_number: '416-555-0101' },
            card: { token: card.json().token },
          },
        },
      });
      const asap = await inject('/api/orders', order({ delivery: false, scheduled: false }), { 'idempotency-key': newKey() });
      expect(asap.json()).toMatchObject({ code: 418, error: 'ASAP_PAUSED' });
      const later = await inject(
        '/api/orders',
        order({ delivery: false, scheduled: true, dueByDate: scheduling.days[0].date, dueByTime: first.startTime }),
        { 'idempotency-key': newKey() },
      );
      expect(later.statusCode).toBe(201);
      expect(later.json().order).toMatchObject({ scheduled: true, pickup_time: first.start });
    } finally {
      await paused.close();
    }
  });
});

function localIsoDate(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
}
