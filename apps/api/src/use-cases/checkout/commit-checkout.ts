/**
 * The last step of every checkout (place-checkout.ts): one transaction, in this order:
 * a. claim the Idempotency-Key for the first order's id: INSERT … ON CONFLICT DO NOTHING on (restaurant_id, key). On
 *    PostgreSQL a second request with the same key blocks on the first one's uncommitted row until
 *    it commits (then it inserts nothing, reads the committed row in a new read-committed snapshot
 *    and replays the order) or rolls back (then it proceeds); on SQLite transactions are
 *    serialised (one writer). Same key, different body hash: 409 IDEMPOTENCY_KEY_REUSED.
 * b. capacity: e.g. the slot's lock row, the open orders in it counted, `checkSlot` with that count.
 *    The policy's capacity rule says which (order-types/policy.ts `CapacityRule`): a suite order's is
 *    the tab's lock, its limit, the pre-order it replaces (suite-orders.ts chargeSuiteTab).
 *    A policy paid on the suite's tab is charged nothing now: the tab is settled when it closes.
 * b′. stock: the order takes its quantities of the items staff count; at zero the item is sold out
 *    (take-stock.ts; UPDATE … WHERE remaining >= quantity).
 * c. tenders: spend credits, debit the gift card (UPDATE … WHERE balance >= amount), count a promo
 *    code use (limit checked in the same statement).
 * d. payment, last of the checks: authorise + capture amountDue through the processor port (a new
 *    card's token, the diner's saved card or a wallet token; an open tab is authorised only). A
 *    decline throws: the whole transaction rolls back, nothing is stored, the cart stays. Then
 *    "save this card" keeps the paid card for the signed-in diner.
 * e. the order number (the order type's numbering), the order, its event, the receipt in
 *    the outbox.
 * If anything throws once a processor outside our database has been called, whatever it holds under
 * the order's reference is given back (give-back-payments.ts): a call that timed out or failed may
 * have charged, and what it charged is only known by asking it. Once the order is placed, a second
 * payment under the same reference (a processor that charged twice on one call) is given back too.
 */
import { randomUUID } from 'node:crypto';
import type { ErrorName } from '@servery/contracts/errors';
import type { PlaceOrderResponse } from '@servery/contracts/orders';
import type { Locale } from '@servery/contracts/tenant-file';
import type { OrderNumbering } from '@servery/domain/order-type';
import type { OrderPlan, PlanError } from '@servery/domain/plan-order';
import { slotKey } from '@servery/domain/scheduling';
import { spendCredits } from '../../db/accounts-repository';
import type { Db } from '../../db/database';
import {
  claimIdempotencyKey,
  debitGiftCard,
  findIdempotencyKey,
  findOrder,
  insertOrder,
  nextOrderNumber,
  recordDiscountCodeUse,
  takeOrderNumberFromSequence,
  type OrderRow,
} from '../../db/placed-orders-repository';
import type { Restaurant } from '../../db/restaurants-repository';
import { AppError } from '../../lib/app-error';
import { listCheckoutOrders } from '../../db/school-orders-repository';
import { orderAccessToken, withMaskedGiftCards } from '../../lib/secret-digests';
import { hashToken } from '../../lib/session-tokens';
import type { Executor } from '../../kernel/executor';
import { orderMetrics } from '../../ports/metrics';
import type { DeclineReason } from '../../ports/payments';
import { recordOrderEvent } from '../../db/order-events-repository';
import type { Ports } from '../../ports/services';
import type { DiscountCode } from '../cart/check-discount-code';
import { replayedOrder, type StoredOrder, type StoredPayment } from '../orders/order-view';
import { savePaymentMethod } from '../accounts/payment-methods';
import { giveBackPayments } from './give-back-payments';
import { takeOrderStock } from './take-stock';
import { addressKey, type Claim, reserve, spentLimit, tooManyRequests } from '../platform/rate-limits';
import type { SuiteOrder } from '../suites/suite-orders';

export type PlacementServices = Pick<Ports, 'payments' | 'mailer' | 'geocoder'>;

/**
 * How each numbering draws a number. On PostgreSQL the restaurant's counter is a sequence taken
 * before the transaction (no row lock held while paying); on SQLite a counter row inside it.
 */
const NUMBERINGS: Record<
  OrderNumbering,
  {
    reserve: (database: Db, restaurantId: number) => Promise<number | null>;
    take: (trx: Executor, restaurantId: number) => Promise<number>;
  }
> = {
  restaurant_counter: {
    reserve: (database, restaurantId) =>
      database.dialect === 'postgres' ? takeOrderNumberFromSequence(database.db, restaurantId) : Promise.resolve(null),
    take: (trx, restaurantId) => nextOrderNumber(trx, restaurantId),
  },
};

/**
 * A new order's id and its diner's secret. The secret is derived from the id under the server's key
 * (lib/secret-digests.ts), so the row keeps only its hash and a replay of the placement can still
 * answer with it.
 */
export function newOrderIdentity(): { orderId: string; accessToken: string } {
  const orderId = randomUUID();
  return { orderId, accessToken: orderAccessToken(orderId) };
}

/** One order of a placement, as its row will store it. */
export interface CommitDraft {
  orderId: string;
  accessToken: string;
  stored: StoredOrder;
  /** The order's totalWithTip (what a cancellation refunds). */
  totalCents: number;
  pickupTime: Date | null;
  slotStart: Date | null;
  /** A school order: its checkout, day, student and meal packages (migration 0011). */
  school: { checkoutId: string; date: string; studentId: number | null; mealCount: number } | null;
  /** A marketplace hub's vendor order: its checkout and vendor (migration 0019); absent otherwise. */
  marketplace?: { checkoutId: string; vendorId: number | null } | null;
}

export interface CommitPlacementOptions<R> {
  database: Db;
  /** The caller's address: declined card payments are counted per address (decision 0015). */
  address: string;
  /** The event suite of a suite order, stored on its row (suite-orders.ts); null otherwise. */
  suite?: SuiteOrder | null;
  restaurant: Restaurant;
  idempotencyKey: string;
  hash: string;
  locale: Locale;
  services: PlacementServices;
  now: Date;
  userId: number | null;
  /** The payment selection, contact and order type's policy. */
  plan: OrderPlan;
  /** What the drafts' costs add up to: spent and charged once for the whole placement. */
  tenders: {
    credits: number;
    voucher: { code: string | null; amount: number };
    /** The promo code pricing applied (counted once), or null. */
    discountCode: DiscountCode | null;
    amountDue: number;
  };
  /** The orders, numbered in this order. */
  drafts: CommitDraft[];
  /** Checks a capacity under its locks (a slot, the meals of a school day) before any money moves. */
  checkCapacity: (trx: Executor) => Promise<void>;
  /** The placement a concurrent request with the same key committed first; null when there is none. */
  replay: (trx: Executor) => Promise<R | null>;
  /** The receipt e-mail once the numbers and the payment are known; null sends none. */
  receipt: (rows: OrderRow[], payment: StoredPayment) => { subject: string; text: string } | null;
  answer: (rows: OrderRow[]) => R;
  /** What the caller writes in the same transaction once the orders are stored (an operator's change and its reason); absent: nothing. */
  alongside?: ((trx: Executor, rows: readonly OrderRow[]) => Promise<void>) | undefined;
}

/** The transaction of the module comment (a to e), for one order or the orders of a school or marketplace checkout. */
export async function commitPlacement<R>(options: CommitPlacementOptions<R>): Promise<R> {
  const { database, restaurant, idempotencyKey, hash, locale, services, now, userId, plan, tenders, drafts } = options;
  const db = database.db;
  const payment = plan.payment.selection;
  const first = drafts[0]!;
  let charged: { paymentId: string; captured: boolean } | null = null;
  // Set before the first processor call: from then on a failure may have left money with it.
  let reached = false;
  let paid: StoredPayment = first.stored.payment;

  // Card testing: an address whose payments keep being declined is refused before the next charge.
  const paying =
    plan.payment.required &&
    plan.policy.payment === 'now' &&
    (payment.method === 'credit_card' || payment.method === 'apple_pay' || payment.method === 'google_pay');
  const declines: Claim[] = [{ limit: 'declinedPaymentAddress', key: addressKey(options.address) }];
  if (paying) {
    const spent = await spentLimit(db, declines, now);
    if (spent) throw tooManyRequests(spent);
  }

  const numbering = NUMBERINGS[plan.policy.numbering];
  const reserved: Array<number | null> = [];
  for (let index = 0; index < drafts.length; index++) reserved.push(await numbering.reserve(database, restaurant.id));
  // The orders this call stored, counted once committed (a concurrent retry's replay stores none).
  let stored = 0;
  try {
    const placed = await db.transaction().execute(async (trx): Promise<R> => {
      if (!(await claimIdempotencyKey(trx, restaurant.id, idempotencyKey, hash, first.orderId, now))) {
        const again = await options.replay(trx);
        if (!again) throw new AppError('IDEMPOTENCY_KEY_REUSED');
        return again;
      }

      await options.checkCapacity(trx);
      // b′. stock: the quantities of the items staff count (take-stock.ts).
      await takeOrderStock(
        trx,
        restaurant,
        drafts.flatMap((draft) => draft.stored.items),
        locale,
        now,
      );

      if (tenders.credits > 0 && userId !== null) {
        if (!(await spendCredits(trx, restaurant.id, userId, tenders.credits, now))) throw new AppError('CREDITS_CHANGED');
      }
      if (tenders.voucher.amount > 0 && tenders.voucher.code) {
        if (!(await debitGiftCard(trx, restaurant.id, tenders.voucher.code, tenders.voucher.amount, now))) {
          throw new AppError('GIFT_CARD_BALANCE_CHANGED');
        }
      }
      // The card is debited: from here the orders (their rows and answers alike) keep only its last four.
      for (const draft of drafts) draft.stored = withMaskedGiftCards(draft.stored);
      // The code pricing applied, as the restaurant configured it (never matched again here).
      const discountCode = tenders.discountCode;
      if (discountCode) {
        if (!(await recordDiscountCodeUse(trx, restaurant.id, discountCode.code, discountCode.max_uses, first.orderId, now))) {
          throw new AppError('DISCOUNT_CODE_USED_UP');
        }
      }

      if (paying) {
        const charge = { restaurantId: restaurant.id, orderId: first.orderId, amount: tenders.amountDue, now };
        reached = true;
        const authorised = await reachProcessor(() =>
          payment.method === 'credit_card'
            ? services.payments.authorise(trx, { ...charge, token: payment.savedCardId ?? '' })
            : services.payments.authoriseWallet(trx, { ...charge, wallet: payment.method, token: payment.token }),
        );
        if (!authorised.ok) throw new AppError(DECLINES[authorised.reason]);
        charged = { paymentId: authorised.paymentId, captured: false };
        if (plan.payment.captureNow) {
          const paymentId = authorised.paymentId;
          const captured = await reachProcessor(() => services.payments.capture(trx, restaurant.id, paymentId, tenders.amountDue, now));
          if (!captured.ok) throw new AppError('TRANSACTION_FAILED');
          charged.captured = true;
        }
        const fromProcessor = {
          brand: authorised.brand,
          last4: authorised.last4,
          paymentId: authorised.paymentId,
          captured: charged.captured,
        };
        for (const draft of drafts) draft.stored.payment = { ...draft.stored.payment, ...fromProcessor };
        paid = { ...paid, ...fromProcessor, amount: tenders.amountDue };
        // Kept only once the new card has paid; a card the processor will not keep leaves the order as it is.
        const cardToSave = plan.payment.cardToSave;
        if (cardToSave !== null && userId !== null && payment.method === 'credit_card') {
          await savePaymentMethod(
            trx,
            services.payments,
            userId,
            { kind: 'token', restaurantId: restaurant.id, token: cardToSave },
            { makeDefault: false },
            now,
          ).catch((error: unknown) => {
            if (!(error instanceof AppError)) throw error;
          });
        }
      }

      const placedAt = now.toISOString();
      const rows: OrderRow[] = [];
      for (const [index, draft] of drafts.entries()) {
        const number = reserved[index] ?? (await numbering.take(trx, restaurant.id));
        const row: OrderRow = {
          id: draft.orderId,
          restaurant_id: restaurant.id,
          user_id: userId,
          status: 'placed',
          order_type: plan.policy.storedAs,
          total_cents: draft.totalCents,
          data: JSON.stringify(draft.stored),
          placed_at: placedAt,
          updated_at: placedAt,
          number,
          pickup_slot: draft.slotStart ? slotKey(draft.slotStart) : null,
          pickup_time: draft.pickupTime ? draft.pickupTime.toISOString() : null,
          idempotency_key: index === 0 ? idempotencyKey : null,
          request_hash: hash,
          access_token_hash: hashToken(draft.accessToken),
          locale,
          checkout_id: draft.school?.checkoutId ?? draft.marketplace?.checkoutId ?? null,
          school_date: draft.school?.date ?? null,
          student_id: draft.school?.studentId ?? null,
          meal_count: draft.school?.mealCount ?? null,
          event_suite_id: options.suite?.facts.eventSuite.id ?? null,
          suite_order_kind: options.suite?.kind ?? null,
          operator_user_id: options.suite?.operatorUserId ?? null,
          vendor_id: draft.marketplace?.vendorId ?? null,
        };
        await insertOrder(trx, row);
        // The staff board and kitchen displays hear of each order (ports/order-events.ts).
        await recordOrderEvent(trx, { restaurantId: restaurant.id, orderId: draft.orderId, type: 'placed' }, now);
        rows.push(row);
      }

      if (options.alongside) await options.alongside(trx, rows);
      const receipt = plan.contact.email ? options.receipt(rows, paid) : null;
      if (receipt && plan.contact.email) {
        await services.mailer.send(
          trx,
          { restaurantId: restaurant.id, to: plan.contact.email, ...receipt, locale, orderId: first.orderId },
          now,
        );
      }
      stored = rows.length;
      return options.answer(rows);
    });
    if (stored > 0) orderMetrics.placed(plan.policy.name, stored);
    const kept = charged as { paymentId: string } | null;
    if (kept && !services.payments.recordsInDatabase) {
      await giveBackPayments(services.payments, db, restaurant.id, first.orderId, { keep: kept.paymentId, known: null, now: new Date() });
    }
    return placed;
  } catch (error) {
    // Counted outside the rolled-back transaction; a refusal of the count itself changes nothing here.
    if (paying && error instanceof AppError && DECLINED.has(error.errorName)) await reserve(db, declines, now).catch(() => undefined);
    // A processor outside our database may hold money for an order that does not exist: give it
    // back. Not only what we know we charged: an authorisation or capture whose answer was lost
    // (a timeout, a 500 after the charge) charged too, and a capture we never heard back from must
    // be refunded, not voided (voiding it answers invalid_state and would leave the money taken).
    if (reached && !services.payments.recordsInDatabase) {
      const known = charged as { paymentId: string } | null;
      await giveBackPayments(services.payments, db, restaurant.id, first.orderId, {
        keep: null,
        known: known && { paymentId: known.paymentId, amount: tenders.amountDue },
        now: new Date(),
      });
    }
    throw error;
  }
}

/**
 * A processor that does not answer (its call throws: a timeout, a network failure) is not a decline:
 * 1803 PAYMENT_PROCESSOR_UNAVAILABLE (503, "unable to make payment" in the spec's catalogue), the
 * transaction rolls back and a held amount is voided below, so the diner may simply try again. Our
 * own refusals pass through; the cause stays on the error for the log, never in the answer.
 */
async function reachProcessor<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('PAYMENT_PROCESSOR_UNAVAILABLE', undefined, undefined, undefined, { cause: error });
  }
}

const DECLINES: Record<DeclineReason, ErrorName> = {
  declined: 'CARD_DECLINED',
  insufficient_funds: 'CARD_INSUFFICIENT_FUNDS',
  unsupported_brand: 'CARD_BRAND_UNSUPPORTED',
  token_invalid: 'CARD_TOKEN_INVALID',
};
const DECLINED: ReadonlySet<ErrorName> = new Set(Object.values(DECLINES));

/** A plan's or a policy's refusal as the error the client hears (every checkout, place-checkout.ts). */
export function planRefusal(error: PlanError): AppError {
  return new AppError(error.error as ErrorName, error.details);
}

// Idempotent placement (ARCHITECTURE.md rule 7): a request whose key already placed a checkout gets its
// orders again. The key is claimed above, in the placement's transaction; its replay reads here.

/** The order placed under this key, or null when the key is new; the same key with another body is refused. */
export async function replayOrder(db: Executor, restaurantId: number, key: string, hash: string): Promise<PlaceOrderResponse | null> {
  const order = await orderUnderKey(db, restaurantId, key, hash);
  return order ? replayedOrder(order) : null;
}

/**
 * The (first) order stored under this key, or null when the key is new; the same key with another
 * body, or a key whose placement is not committed, is IDEMPOTENCY_KEY_REUSED. A school checkout
 * or hub checkout (several-orders.ts) lists the rest of its orders from this one's checkout.
 */
export async function orderUnderKey(db: Executor, restaurantId: number, key: string, hash: string): Promise<OrderRow | null> {
  const existing = await findIdempotencyKey(db, restaurantId, key);
  if (!existing) return null;
  if (existing.request_hash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  const order = existing.order_id ? await findOrder(db, restaurantId, existing.order_id) : null;
  if (!order) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return order;
}

/** The orders an earlier checkout under the same key placed, from its first one; none: the key was reused. */
export async function checkoutOrdersOf(db: Executor, restaurantId: number, first: OrderRow): Promise<OrderRow[]> {
  const rows = first.checkout_id ? await listCheckoutOrders(db, restaurantId, first.checkout_id) : [];
  if (rows.length === 0) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return rows;
}
