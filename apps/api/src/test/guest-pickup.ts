/**
 * A guest's scheduled takeout pickup, paid by card, placed through the API as checkout places it
 * (the last day and first slot the restaurant offers): the order tests that need one placed order of
 * a small fixture tenant (use-cases/orders/cancel-guest-order.test.ts, another-round.test.ts).
 */
import { expect } from 'vitest';
import type { TestApp } from './test-app';

let keys = 0;

export interface GuestPickup {
  id: string;
  token: string;
}

type Line = { itemId: number; menuId: number; quantity?: number; unitPrice?: number };

/** One line: the fixture menu's item `itemId` of menu `menuId`, `quantity` of it at `unitPrice` cents. */
export async function placeGuestPickup(t: TestApp, tenant: string, line: Line, headers: Record<string, string> = {}): Promise<GuestPickup> {
  const response = await postGuestPickup(t, tenant, line, headers);
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().order.id, token: response.json().access_token };
}

/** The same order's POST /api/orders answer, whatever it is (a refusal included). */
export async function postGuestPickup(t: TestApp, tenant: string, line: Line, headers: Record<string, string> = {}) {
  const post = (url: string, payload: object, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'x-restaurant-id': tenant, ...extra } });
  const card = await post('/api/payment/tokenize', { number: '4242424242424242', expiry: '1230', cvd: '123', postal_code: 'M5A 3C4' });
  const quantity = line.quantity ?? 1;
  const item = {
    id: line.itemId,
    menu_id: line.menuId,
    section_id: null,
    orderId: 1,
    quantity,
    orderPrice: quantity * (line.unitPrice ?? 1000),
    orderOptions: [],
  };
  const scheduling = await post('/api/orders/scheduling', { type: 'take-out', items: [item] });
  expect(scheduling.statusCode, scheduling.body).toBe(200);
  const day = scheduling.json().days.at(-1);
  return post(
    '/api/orders',
    {
      type: 'take-out',
      data: {
        config: { takeout: true, takeoutType: 'pickup' },
        items: [item],
        costs: { tip: { type: 'percentage', value: '0' } },
        checkout: {
          paymentMethod: 'credit_card',
          pickup: { delivery: false, scheduled: true, dueByDate: day.date, dueByTime: day.slots[0].startTime },
          contact: { full_name: 'Gus Guest', email: 'gus@example.com', phone_number: '416-555-0109' },
          card: { token: card.json().token },
        },
      },
    },
    { 'idempotency-key': `guest-pickup-${tenant}-${(keys += 1)}`, ...headers },
  );
}
