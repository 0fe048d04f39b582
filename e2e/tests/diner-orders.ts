/**
 * What the order-totals and credits journeys share (scheduled-order-totals.spec.ts,
 * account-credits.spec.ts): a fresh diner of their own, orders placed through the API as the diner's
 * app would place them, and the costs a screen shows read back as cents.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { uniqueEmail } from './checkout-journey';
import { keepSession, openPage } from './ready';

/** Every diner these journeys register signs in with it. */
export const DINER_PASSWORD = 'Secret12!';

export interface Diner {
  email: string;
  token: string;
  userId: number;
}

/** A fresh account for this test only, so journeys running alongside never see each other's orders or credits. */
export async function registerDiner(request: APIRequestContext, label: string): Promise<Diner> {
  const email = uniqueEmail(label);
  const response = await request.post('/api/auth/register-user', {
    data: { firstName: 'Pat', lastName: 'Diner', email, password: DINER_PASSWORD, phoneNumber: '416-555-0142' },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { token: string; user: { id: number } };
  return { email, token: body.token, userId: body.user.id };
}

/**
 * Opens `path` signed in as the diner, with the session registration gave (the sign-in form is
 * account.spec.ts's to test; a second password hash costs seconds on a loaded machine).
 */
export async function openSignedIn(page: Page, diner: Diner, path: string): Promise<void> {
  await keepSession(page, { token: diner.token, userId: diner.userId });
  await openPage(page, path);
}

/** The first slot the restaurant offers for these items that is at least half an hour ahead (still cancellable). */
export async function slotAhead(
  request: APIRequestContext,
  headers: Record<string, string>,
  type: string,
  items: object[],
): Promise<{ date: string; time: string }> {
  const scheduling = await request.post('/api/orders/scheduling', { headers, data: { type, items } });
  expect(scheduling.status(), await scheduling.text()).toBe(200);
  const { days } = (await scheduling.json()) as { days: Array<{ date: string; slots: Array<{ startTime: string; start: string }> }> };
  const later = Date.now() + 30 * 60_000;
  for (const day of days) {
    const slot = day.slots.find((candidate) => Date.parse(candidate.start) > later);
    if (slot) return { date: day.date, time: slot.startTime };
  }
  test.skip(true, `No ${type} slot ahead right now`);
  throw new Error('unreachable');
}

export interface PlacedOrder {
  id: string;
  number: number;
  costs: { totalWithTip: number; subtotal: number; deliveryCharge: { amount: number }; subsidyDiscount: { amount: number } };
}

/** POST /api/orders as the signed-in diner, with a fresh idempotency key; the order it placed. */
export async function placeOrder(request: APIRequestContext, diner: Diner, restaurant: string, body: object): Promise<PlacedOrder> {
  const placed = await request.post('/api/orders', {
    headers: {
      'X-Restaurant-Id': restaurant,
      Authorization: `Bearer ${diner.token}`,
      'Idempotency-Key': `diner-orders-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    },
    data: body,
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { order: PlacedOrder }).order;
}

/** Maple Bistro's soup ($8.00), twice, picked up later, paid by card with a 15 % tip. */
export async function placeBistroPickup(request: APIRequestContext, diner: Diner): Promise<PlacedOrder> {
  const headers = { 'X-Restaurant-Id': 'maple-bistro', Authorization: `Bearer ${diner.token}` };
  const items = [{ id: 1101, menu_id: 1010, section_id: 1050, orderId: 1, quantity: 2, orderPrice: 1600, orderOptions: [] }];
  const slot = await slotAhead(request, headers, 'take-out', items);
  const card = await request.post('/api/payment/tokenize', {
    headers,
    data: { number: '4242424242424242', expiry: '1230', cvd: '123', postal_code: 'M5A 3C4' },
  });
  expect(card.status(), await card.text()).toBe(200);
  return placeOrder(request, diner, 'maple-bistro', {
    type: 'take-out',
    data: {
      config: { takeout: true, takeoutType: 'pickup' },
      items,
      costs: { tip: { type: 'percentage', value: '15' } },
      checkout: {
        paymentMethod: 'credit_card',
        pickup: { delivery: false, scheduled: true, dueByDate: slot.date, dueByTime: slot.time },
        contact: { full_name: 'Pat Diner', email: diner.email, phone_number: '416-555-0142' },
        card: { token: ((await card.json()) as { token: string }).token },
        questions: [{ id: 1920, answers: [1] }],
      },
    },
  });
}

/** "$1,234.50", "-$1.60", "1 234,50 $", "−1,60 $" as signed cents. */
export function cents(text: string): number {
  const negative = /[-−]/.test(text);
  const digits = text
    .replace(/[^\d,.]/g, '')
    .replace(/[.,](\d\d)$/, '#$1')
    .replace(/[.,]/g, '')
    .replace('#', '');
  const value = Number(digits);
  expect(Number.isInteger(value), `an amount in cents: ${text}`).toBe(true);
  return negative ? -value : value;
}

/**
 * Each row of a list of costs (terms and their amounts), in order, as [label, signed cents]; read
 * again until the list is whole (a language switch renders it anew).
 */
export async function costRows(costs: Locator): Promise<Array<[string, number]>> {
  let rows: Array<[string, number]> = [];
  await expect(async () => {
    const labels = await costs.getByRole('term').allTextContents();
    const amounts = await costs.getByRole('definition').allTextContents();
    expect(labels.length).toBeGreaterThan(0);
    expect(amounts).toHaveLength(labels.length);
    rows = labels.map((label, index) => [label.trim(), cents(amounts[index]!)]);
  }).toPass();
  return rows;
}

/**
 * The rows above the total add up to it exactly, and the total is what the order was priced at:
 * every charge, reduction, tax and tip it was priced with is on screen.
 */
export function expectRowsToAddUp(rows: Array<[string, number]>, totalLabel: string, total: number): void {
  const at = rows.findIndex(([label]) => label === totalLabel);
  expect(at, `a "${totalLabel}" row in ${JSON.stringify(rows)}`).toBeGreaterThan(0);
  const sum = rows.slice(0, at).reduce((whole, [, amount]) => whole + amount, 0);
  expect({ sum, rows }).toEqual({ sum: rows[at]![1], rows });
  expect(rows[at]![1]).toBe(total);
}
