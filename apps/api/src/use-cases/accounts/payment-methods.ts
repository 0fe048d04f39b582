/**
 * A signed-in user's saved cards (spec accounts-and-suites.md sections 3, 4 and 7;
 * docs/decisions/0011-saved-cards.md).
 *
 * - Only the processor's lasting reference, brand, last four and expiry are kept (payment_methods).
 * - Cards belong to the user, at every restaurant. Every query is scoped to the user: another user's
 *   paymentCardId is PAYMENT_METHOD_NOT_FOUND (404), exactly like an id that does not exist.
 * - The first card is the default; making a card the default unsets the other; deleting the default
 *   promotes the newest remaining card.
 */
import type { PaymentMethodSummary } from '@servery/contracts/accounts';
import type { CardType } from '@servery/domain/card';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';
import type { PaymentMethodsTable } from '../../kernel/schema';
import { AppError } from '../../lib/app-error';
import type { Executor } from '../../kernel/executor';
import type { PaymentProcessor, SaveCardSource } from '../../ports/payments';
import {
  clearDefault,
  deletePaymentMethodRow,
  findPaymentMethod,
  insertPaymentMethod,
  listCardDefaultsAndDates,
  makeDefault,
  newestPaymentMethodId,
} from '../../db/payment-methods-repository';
import { isUniqueViolation } from '../../db/unique-violation';

// The reads stay importable from here: routes and other use cases name them with the cards' rules.
export { findPaymentMethod, listPaymentMethods } from '../../db/payment-methods-repository';

export type PaymentMethodRow = PaymentMethodsTable;

export function toPaymentMethodSummary(row: PaymentMethodRow): PaymentMethodSummary {
  return { paymentCardId: row.id, isDefault: row.is_default === 1, brand: row.brand as CardType, last4: row.last4, expiry: row.expiry };
}

/**
 * Keeps a card for the user, inside the caller's transaction (checkout's "save this card" runs in
 * the order's). The processor's lasting reference is made first; the card is the default when the
 * user has none yet, or when asked.
 */
export async function savePaymentMethod(
  db: Executor,
  payments: PaymentProcessor,
  userId: number,
  source: SaveCardSource,
  options: { makeDefault: boolean },
  now: Date,
): Promise<PaymentMethodRow> {
  const saved = await payments.saveCard(db, source, now);
  if (!saved.ok) throw new AppError(saved.error);
  const existing = await listCardDefaultsAndDates(db, userId);
  const hasDefault = existing.some((row) => row.is_default === 1);
  const isDefault = options.makeDefault || !hasDefault;
  // "Newest" decides which card becomes the default after a delete: keep the times strictly increasing.
  const newest = existing[0] ? Date.parse(existing[0].created_at) : Number.NEGATIVE_INFINITY;
  const createdAt = new Date(Math.max(now.getTime(), newest + 1));
  if (isDefault && hasDefault) await clearDefault(db, userId);
  const row: PaymentMethodRow = {
    id: `pm_${randomBytes(16).toString('hex')}`,
    user_id: userId,
    processor: payments.name,
    reference: saved.card.reference,
    brand: saved.card.brand,
    last4: saved.card.last4,
    expiry: saved.card.expiry,
    is_default: isDefault ? 1 : 0,
    created_at: createdAt.toISOString(),
  };
  await insertPaymentMethod(db, row);
  return row;
}

/**
 * POST /auth/payment-method, in its own transaction. Two first cards added at once could both try to
 * be the default: the partial unique index refuses the second, which is then tried once more (and
 * finds the first one's default).
 */
export async function addPaymentMethod(
  database: Db,
  payments: PaymentProcessor,
  userId: number,
  source: SaveCardSource,
  makeDefault: boolean,
  now: Date,
): Promise<PaymentMethodRow> {
  const attempt = () => database.db.transaction().execute((trx) => savePaymentMethod(trx, payments, userId, source, { makeDefault }, now));
  try {
    return await attempt();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return attempt();
  }
}

/** PUT /auth/payment-method: this card becomes the default. */
export async function setDefaultPaymentMethod(database: Db, userId: number, paymentCardId: string): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    const row = await findPaymentMethod(trx, userId, paymentCardId);
    if (!row) throw new AppError('PAYMENT_METHOD_NOT_FOUND');
    if (row.is_default === 1) return;
    await clearDefault(trx, userId);
    await makeDefault(trx, userId, paymentCardId);
  });
}

/** POST /auth/delete-payment: the card and its processor reference go; a deleted default hands over to the newest card. */
export async function deletePaymentMethod(database: Db, payments: PaymentProcessor, userId: number, paymentCardId: string): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    const row = await findPaymentMethod(trx, userId, paymentCardId);
    if (!row) throw new AppError('PAYMENT_METHOD_NOT_FOUND');
    await deletePaymentMethodRow(trx, userId, paymentCardId);
    if (row.processor === payments.name) await payments.deleteCard(trx, row.reference);
    if (row.is_default !== 1) return;
    const newest = await newestPaymentMethodId(trx, userId);
    if (newest) await makeDefault(trx, userId, newest);
  });
}
