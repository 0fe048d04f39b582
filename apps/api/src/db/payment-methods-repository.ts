/**
 * A user's saved cards (payment_methods; use-cases/accounts/payment-methods.ts holds their rules, decision 0011).
 * Every query is scoped to the user.
 */
import type { Executor } from '../kernel/executor';
import type { PaymentMethodsTable } from '../kernel/schema';

/** The user's cards: the default first, then newest first. */
export async function listPaymentMethods(db: Executor, userId: number): Promise<PaymentMethodsTable[]> {
  return db
    .selectFrom('payment_methods')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** One of the user's cards, or null (also for another user's card). */
export async function findPaymentMethod(db: Executor, userId: number, paymentCardId: string): Promise<PaymentMethodsTable | null> {
  const row = await db
    .selectFrom('payment_methods')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', paymentCardId)
    .executeTakeFirst();
  return row ?? null;
}

/** The user's cards' default flags and times, newest first. */
export async function listCardDefaultsAndDates(db: Executor, userId: number) {
  return db
    .selectFrom('payment_methods')
    .select(['is_default', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function insertPaymentMethod(db: Executor, row: PaymentMethodsTable): Promise<void> {
  await db.insertInto('payment_methods').values(row).execute();
}

export async function makeDefault(db: Executor, userId: number, paymentCardId: string): Promise<void> {
  await db.updateTable('payment_methods').set({ is_default: 1 }).where('user_id', '=', userId).where('id', '=', paymentCardId).execute();
}

export async function deletePaymentMethodRow(db: Executor, userId: number, paymentCardId: string): Promise<void> {
  await db.deleteFrom('payment_methods').where('user_id', '=', userId).where('id', '=', paymentCardId).execute();
}

/** The id of the user's newest card, or null. */
export async function newestPaymentMethodId(db: Executor, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('payment_methods')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function clearDefault(db: Executor, userId: number): Promise<void> {
  await db.updateTable('payment_methods').set({ is_default: 0 }).where('user_id', '=', userId).where('is_default', '=', 1).execute();
}
