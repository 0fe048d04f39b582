/**
 * What the staff tests of maple-bistro's orders stand on (refunds, sales, webhooks, the kitchen printer,
 * the message relay, the board's events): a paid dine-in order (at table 3 unless told), placed through the API as a diner's phone would
 * (a tokenised card, the bistro's question answered).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { repoRoot } from '../config';
import type { TestApp } from './test-app';

/** The demo bistro's tenant file as the tests load it. */
export const bistroFile = {
  name: 'maple-bistro.json',
  text: fs.readFileSync(path.join(repoRoot, 'tenants/maple-bistro.json'), 'utf8'),
};

/** Two soups of $8.00 (maple-bistro's menu), as a cart line. */
export const TWO_SOUPS = { id: 1101, menu_id: 1010, section_id: 1050, orderId: 1, quantity: 2, orderPrice: 1600, orderOptions: [] };

export interface PlacedDineIn {
  id: string;
  number: number;
  /** The diner's access token (GET /api/orders/:id, the status stream). */
  token: string;
  /** Cents charged to the card. */
  amount: number;
}

let keys = 0;

export async function placeBistroDineIn(
  t: TestApp,
  {
    items = [TWO_SOUPS],
    contact = {},
    tableNum = '3',
    costs = {},
  }: { items?: object[]; contact?: { full_name?: string; email?: string }; tableNum?: string; costs?: object } = {},
): Promise<PlacedDineIn> {
  const card = await t.app.inject({
    method: 'POST',
    url: '/api/payment/tokenize',
    headers: { 'x-restaurant-id': 'maple-bistro' },
    payload: { number: '4242424242424242', expiry: '1230', cvd: '123', postal_code: 'M5A 3C4' },
  });
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'x-restaurant-id': 'maple-bistro', 'idempotency-key': `bistro-dine-in-${Date.now()}-${(keys += 1)}` },
    payload: {
      type: 'dine_in',
      data: {
        config: { tableNum },
        items,
        costs,
        checkout: {
          paymentMethod: 'credit_card',
          contact: { full_name: 'Dana Diner', email: 'dana@example.com', phone_number: '416-555-0101', ...contact },
          card: { token: card.json().token },
          questions: [{ id: 1920, answers: [0] }],
        },
      },
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const body = placed.json();
  return { id: body.order.id, number: body.order.number, token: body.access_token, amount: body.order.payment.amount };
}
