/**
 * The sandbox processor's capture on a real database (SQLite, or PostgreSQL by DATABASE_URL): one
 * conditional UPDATE captures (db/sandbox-payments-repository.ts `captureAuthorised`), and a capture
 * that changes nothing still says why, as when the payment was read first
 * (docs/decisions/0128-two-statements-fewer-per-order.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sandboxPayments from '../db/sandbox-payments-repository';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import type { PaymentProcessor } from './payments';
import { sandboxProcessor } from './sandbox-processor';

const RESTAURANT = 7001;
const NOW = new Date('2026-12-02T18:00:00.000Z');
const processor: PaymentProcessor = sandboxProcessor(sandboxPayments);
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  const at = NOW.toISOString();
  await database.db
    .insertInto('restaurants')
    .values({
      id: RESTAURANT,
      slug: 'capture-test',
      name: 'Capture test',
      group_slug: null,
      settings: '{}',
      menu_version: 1,
      created_at: at,
      updated_at: at,
    })
    .execute();
});
afterAll(() => database?.drop());

/** A payment of `amount` authorised on a fresh sandbox card, then the steps before the capture; its id and its order's. */
async function authorised(
  amount: number,
  before: 'nothing' | 'captured' | 'voided' = 'nothing',
): Promise<{ paymentId: string; orderId: string }> {
  const db = database.db;
  const tokenised = await processor.tokenise(
    db,
    RESTAURANT,
    { number: '4242424242424242', expiry: '1230', cvd: '123', postalCode: null },
    NOW,
  );
  if (!tokenised.ok) throw new Error(tokenised.error);
  const orderId = crypto.randomUUID();
  const result = await processor.authorise(db, { restaurantId: RESTAURANT, orderId, token: tokenised.card.token, amount, now: NOW });
  if (!result.ok) throw new Error(result.reason);
  if (before === 'captured') expect(await processor.capture(db, RESTAURANT, result.paymentId, amount, NOW)).toEqual({ ok: true });
  if (before === 'voided') expect(await processor.void(db, RESTAURANT, result.paymentId, NOW)).toEqual({ ok: true });
  return { paymentId: result.paymentId, orderId };
}

describe('sandbox capture', () => {
  it.each([
    { name: 'the whole amount', before: 'nothing', capture: 2500, answer: { ok: true }, status: 'captured', captured: 2500 },
    {
      name: 'less than authorised (a tab closed lower)',
      before: 'nothing',
      capture: 1800,
      answer: { ok: true },
      status: 'captured',
      captured: 1800,
    },
    {
      name: 'more than authorised',
      before: 'nothing',
      capture: 2501,
      answer: { ok: false, reason: 'amount_too_large' },
      status: 'authorised',
      captured: 0,
    },
    {
      name: 'nothing',
      before: 'nothing',
      capture: 0,
      answer: { ok: false, reason: 'amount_too_large' },
      status: 'authorised',
      captured: 0,
    },
    {
      name: 'a second time',
      before: 'captured',
      capture: 2500,
      answer: { ok: false, reason: 'invalid_state' },
      status: 'captured',
      captured: 2500,
    },
    {
      name: 'after a void',
      before: 'voided',
      capture: 2500,
      answer: { ok: false, reason: 'invalid_state' },
      status: 'voided',
      captured: 0,
    },
  ] as const)('$name', async ({ before, capture, answer, status, captured }) => {
    const { paymentId, orderId } = await authorised(2500, before);
    expect(await processor.capture(database.db, RESTAURANT, paymentId, capture, NOW)).toEqual(answer);
    const [payment] = await processor.paymentsFor(database.db, RESTAURANT, orderId);
    expect(payment).toMatchObject({ paymentId, status, amount: 2500, captured });
  });

  it('a payment it does not know, or another restaurant’s, is not found', async () => {
    expect(await processor.capture(database.db, RESTAURANT, 'pay_unknown', 100, NOW)).toEqual({ ok: false, reason: 'not_found' });
    const { paymentId } = await authorised(900);
    expect(await processor.capture(database.db, RESTAURANT + 1, paymentId, 900, NOW)).toEqual({ ok: false, reason: 'not_found' });
  });
});
