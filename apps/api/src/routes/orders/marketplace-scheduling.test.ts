/**
 * A marketplace hub's pickup times (POST /api/orders/scheduling with a hub's take-out cart): only
 * the times every vendor in the cart can take, each vendor under its own hours, prep time and slot
 * capacity counted over its own orders; a paused vendor named with its reason (EN and FR) and left
 * out. Every slot offered is one the checkout then places. Runs on SQLite, and on PostgreSQL when
 * DATABASE_URL is set (scripts/test.mjs).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchedulingResponse } from '@servery/contracts/orders';
import { BOWL, busyHubFile, CHOWDER, GYOZA, HUB_CARD, hubCart as cart, hubOrderBody, RAMBLE, SALMON } from '../../test/market-hall';
import { createTestApp, type TestApp } from '../../test/test-app';

// The hub on a busy day (test/market-hall.ts busyHubFile): Ramble Greens paused, Kits Noodle House
// from 11:00 with 3 orders per 15-minute slot, Tidewater on the hub's hours without a slot limit.

// Tuesday 24 November 2026 in Vancouver (UTC-7 from November 2026, tzdata/README.md).
const TEN = new Date('2026-11-24T17:00:00Z');
const NOON = new Date('2026-11-24T19:00:00Z');
let now = NOON;

let t: TestApp;
beforeAll(async () => {
  now = new Date('2026-11-24T15:00:00Z');
  t = await createTestApp([busyHubFile()], { now: () => now });
  now = NOON;
});
afterAll(async () => {
  await t.close();
});

let calls = 0;
function call(url: string, payload: object, headers: Record<string, string> = {}) {
  calls += 1;
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'x-restaurant-id': 'market-hall', ...headers },
    remoteAddress: `10.23.${Math.floor(calls / 200)}.${(calls % 200) + 1}`,
    payload,
  });
}

async function times(items: ReturnType<typeof cart>, locale = 'en-CA'): Promise<SchedulingResponse> {
  const answer = await call('/api/orders/scheduling', { type: 'take-out', items }, { 'accept-language': locale });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as SchedulingResponse;
}
const starts = (answer: SchedulingResponse, date = '2026-11-24') =>
  answer.days.find((day) => day.date === date)?.slots.map((slot) => slot.startTime) ?? [];

async function place(items: ReturnType<typeof cart>, pickup: object, key: string) {
  const token = await call('/api/payment/tokenize', HUB_CARD);
  return call('/api/orders/create-marketplace-order', hubOrderBody(items, token.json().token as string, { pickup }), {
    'idempotency-key': key,
  });
}

describe('a hub’s pickup times', () => {
  it('offers ASAP and slots only when every vendor of the cart is open: Kits opens at 11:00', async () => {
    now = TEN;
    const fishOnly = await times(cart(SALMON));
    expect(fishOnly.asap.available).toBe(true);
    expect(starts(fishOnly)[0]).toBe('10:15');
    const both = await times(cart(SALMON, GYOZA));
    expect(both.asap.available).toBe(false);
    expect(starts(both)[0]).toBe('11:00');
    expect(both.vendors).toEqual([]);
    now = NOON;
  });

  it('counts each vendor’s own orders: a slot full at Kits is not offered for a cart with Kits’ items', async () => {
    now = NOON;
    const slot = { scheduled: true, dueByDate: '2026-11-24', dueByTime: '15:00' };
    for (let index = 0; index < 3; index += 1) {
      const placed = await place(cart(GYOZA), slot, `hub-times-full-${index}-${Date.now()}`);
      expect(placed.statusCode, placed.body).toBe(201);
    }
    // Tidewater's own capacity is untouched: the slot is still offered for its items alone.
    expect(starts(await times(cart(CHOWDER)))).toContain('15:00');
    const mixed = await times(cart(CHOWDER, GYOZA));
    expect(starts(mixed)).not.toContain('15:00');
    expect(mixed.days[0]!.slots.find((entry) => entry.startTime === '15:15')?.remaining).toBe(3);
    // Tidewater's orders do not fill Kits' slots: three of them at 16:00 leave Kits' 3 places there.
    for (let index = 0; index < 3; index += 1) {
      const placed = await place(cart(CHOWDER), { ...slot, dueByTime: '16:00' }, `hub-times-fish-${index}-${Date.now()}`);
      expect(placed.statusCode, placed.body).toBe(201);
    }
    const after = await times(cart(CHOWDER, GYOZA));
    expect(after.days[0]!.slots.find((entry) => entry.startTime === '16:00')?.remaining).toBe(3);
    // A full slot asked anyway is still refused when placed.
    const refused = await place(cart(CHOWDER, GYOZA), slot, `hub-times-refused-${Date.now()}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('TIMESLOT_FULL');
  });

  it('offers no time that placing refuses: every offered slot of a two-vendor cart is placed', async () => {
    now = NOON;
    const offered = (await times(cart(CHOWDER, GYOZA))).days[0]!.slots.slice(0, 4);
    expect(offered.length).toBe(4);
    for (const [index, offer] of offered.entries()) {
      const placed = await place(
        cart(CHOWDER, GYOZA),
        { scheduled: true, dueByDate: '2026-11-24', dueByTime: offer.startTime },
        `hub-times-each-${index}-${Date.now()}`,
      );
      expect(placed.statusCode, `${offer.label}: ${placed.body}`).toBe(201);
    }
  });

  it.each([
    ['en-CA', 'Ramble Greens is not taking orders right now. Back at 2 pm.'],
    ['fr-CA', 'Ramble Greens ne prend pas de commandes pour le moment. De retour à 14 h.'],
  ])('names a paused vendor with its reason (%s) and keeps the other vendors’ times', async (locale, message) => {
    now = NOON;
    const answer = await times(cart(SALMON, BOWL), locale);
    expect(answer.vendors).toEqual([{ vendorId: RAMBLE, error: 'VENDOR_PAUSED', message }]);
    expect(answer.asap.available).toBe(true);
    expect(starts(answer)[0]).toBe('12:15');
  });

  it('answers any other restaurant’s cart and an empty hub cart without vendors', async () => {
    now = NOON;
    const empty = await times([]);
    expect(empty.vendors).toEqual([]);
    expect(empty.asap.available).toBe(true);
  });
});
