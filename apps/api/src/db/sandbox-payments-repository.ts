/**
 * The sandbox payment processor's records (ports/sandbox-processor.ts): its one-time card tokens,
 * its saved cards and its payments, written in the caller's transaction so a rolled-back placement
 * leaves no payment behind (ports/payments.ts). ports/services.ts hands these to the processor.
 */
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Executor } from '../kernel/executor';
import type { CardTokensTable, SandboxSavedCardsTable } from '../kernel/schema';
import { rowShape, runCompiled, writeCompiled } from './compiled-queries';

export async function insertCardToken(db: Executor, row: Insertable<CardTokensTable>): Promise<void> {
  await db.insertInto('card_tokens').values(row).execute();
}

export async function insertSavedCard(db: Executor, row: Insertable<SandboxSavedCardsTable>): Promise<void> {
  await db.insertInto('sandbox_saved_cards').values(row).execute();
}

export async function deleteSavedCard(db: Executor, reference: string): Promise<void> {
  await db.deleteFrom('sandbox_saved_cards').where('reference', '=', reference).execute();
}

export async function findSavedCard(db: Executor, reference: string) {
  return db
    .selectFrom('sandbox_saved_cards')
    .select(['brand', 'last4', 'expiry', 'sandbox_outcome'])
    .where('reference', '=', reference)
    .executeTakeFirst();
}

// Every card payment runs these statements: compiled once (db/compiled-queries.ts, decision 0048).

export async function validToken(db: Executor, restaurantId: number, token: string, now: Date) {
  const at = now.toISOString();
  const [row] = await runCompiled(
    db,
    'sandboxValidToken',
    () =>
      db
        .selectFrom('card_tokens')
        .select(['brand', 'last4', 'expiry', 'postal_code', 'sandbox_outcome'])
        .where('token', '=', token)
        .where('restaurant_id', '=', restaurantId)
        .where('expires_at', '>', at),
    [token, restaurantId, at],
  );
  return row;
}

export async function insertPayment(
  db: Executor,
  request: { restaurantId: number; orderId: string; amount: number; now: Date },
  method: string,
  cardToken: string | null,
  brand: string | null,
  last4: string | null,
): Promise<string> {
  const paymentId = `pay_${randomUUID()}`;
  const now = request.now.toISOString();
  const row = {
    id: paymentId,
    restaurant_id: request.restaurantId,
    order_id: request.orderId,
    processor: 'sandbox',
    method,
    card_token: cardToken,
    brand,
    last4,
    status: 'authorised',
    amount_cents: request.amount,
    captured_cents: 0,
    refunded_cents: 0,
    created_at: now,
    updated_at: now,
  };
  const [shape, values] = rowShape('payments', row);
  await writeCompiled(db, `insert ${shape}`, () => db.insertInto('payments').values(row), values);
  return paymentId;
}

export async function findPayment(db: Executor, restaurantId: number, paymentId: string) {
  const [row] = await runCompiled(
    db,
    'sandboxFindPayment',
    () =>
      db
        .selectFrom('payments')
        .select(['status', 'amount_cents', 'captured_cents', 'refunded_cents'])
        .where('restaurant_id', '=', restaurantId)
        .where('id', '=', paymentId),
    [restaurantId, paymentId],
  );
  return row;
}

/**
 * Captures `amount` of an authorised payment that covers it, in one statement: true when it did. Every
 * card order captures once, so the common case reads nothing first (docs/decisions/0128-two-statements-fewer-per-order.md);
 * the caller asks findPayment why only when nothing changed.
 */
export async function captureAuthorised(
  db: Executor,
  restaurantId: number,
  paymentId: string,
  amount: number,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const { changed } = await writeCompiled(
    db,
    'sandboxCaptureAuthorised',
    () =>
      db
        .updateTable('payments')
        .set({ status: 'captured', captured_cents: amount, updated_at: at })
        .where('restaurant_id', '=', restaurantId)
        .where('id', '=', paymentId)
        .where('status', '=', 'authorised')
        .where('amount_cents', '>=', amount),
    ['captured', amount, at, restaurantId, paymentId, 'authorised', amount],
  );
  return changed === 1;
}

/** The payments under one reference (our order id), oldest first: rare calls, after a fault. */
export async function paymentsFor(db: Executor, restaurantId: number, orderId: string) {
  return db
    .selectFrom('payments')
    .select(['id', 'status', 'amount_cents', 'captured_cents', 'refunded_cents'])
    .where('restaurant_id', '=', restaurantId)
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function updatePayment(
  db: Executor,
  restaurantId: number,
  paymentId: string,
  values: { status: string; updated_at: string; captured_cents?: number; refunded_cents?: number },
): Promise<void> {
  const [shape, set] = rowShape('payments', values);
  await writeCompiled(
    db,
    `update ${shape}`,
    () => db.updateTable('payments').set(values).where('restaurant_id', '=', restaurantId).where('id', '=', paymentId),
    [...set, restaurantId, paymentId],
  );
}
