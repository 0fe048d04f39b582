/**
 * The last step of placing an order (place-order.ts): one transaction, in this order:
 * a. claim the Idempotency-Key: INSERT … ON CONFLICT DO NOTHING on (restaurant_id, key). On
 *    PostgreSQL a second request with the same key blocks on the first one's uncommitted row until
 *    it commits (then it inserts nothing, reads the committed row in a new read-committed snapshot
 *    and replays the order) or rolls back (then it proceeds); on SQLite transactions are
 *    serialised (one writer). Same key, different body hash: 409 IDEMPOTENCY_KEY_REUSED.
 * b. the slot: take its lock row, count the open orders in it, `checkSlot` with that count.
 * c. tenders: spend credits, debit the gift card (UPDATE … WHERE balance >= amount), count a promo
 *    code use (limit checked in the same statement).
 * d. payment, last of the checks: authorise + capture amountDue through the processor port (a new
 *    card's token, the diner's saved card or a wallet token; an open tab is authorised only). A
 *    decline throws: the whole transaction rolls back, nothing is stored, the cart stays. Then
 *    "save this card" keeps the paid card for the signed-in diner.
 * e. the order number (the order type's numbering), the order, the key's order id, the receipt in
 *    the outbox.
 * If anything throws after a capture by a processor outside our database, the capture is voided.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { ErrorName } from '@servery/contracts/errors';
import type { PlaceOrderRequest, PlaceOrderResponse } from '@servery/contracts/orders';
import type { Locale } from '@servery/contracts/tenant-file';
import type { OrderNumbering } from '@servery/domain/order-type';
import type { OrderPlan } from '@servery/domain/plan-order';
import { checkSlot, combineMenuTimings, slotKey, type SchedulingInput } from '@servery/domain/scheduling';
import { spendCredits } from '../db/accounts-repository';
import type { Db } from '../db/database';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  debitGiftCard,
  insertOrder,
  lockAndCountSlot,
  nextOrderNumber,
  recordDiscountCodeUse,
  takeOrderNumberFromSequence,
  type OrderRow,
} from '../db/placed-orders-repository';
import type { Restaurant } from '../db/restaurants-repository';
import { AppError } from '../lib/app-error';
import type { DeclineReason, Executor } from '../ports/payments';
import { recordOrderEvent } from '../ports/order-events';
import type { Ports } from '../ports/services';
import { composeReceipt } from './compose-receipt';
import type { MenuLookup } from './menu-lookup';
import { orderView, type StoredOrder } from './order-view';
import { savePaymentMethod } from './payment-methods';
import { replayOrder } from './replay-order';
import type { SetCostsResult } from './set-costs';

export type PlacementServices = Pick<Ports, 'payments' | 'mailer' | 'geocoder'>;

export interface CommitOrderOptions {
  database: Db;
  restaurant: Restaurant;
  request: PlaceOrderRequest;
  idempotencyKey: string;
  hash: string;
  locale: Locale;
  services: PlacementServices;
  now: Date;
  userId: number | null;
  priced: SetCostsResult;
  plan: OrderPlan;
  scheduling: SchedulingInput;
  lookup: MenuLookup;
}

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

export async function commitOrder(options: CommitOrderOptions): Promise<PlaceOrderResponse> {
  const { database, restaurant, request, idempotencyKey, hash, locale, services, now, userId, priced, plan, scheduling, lookup } = options;
  const db = database.db;
  const settings = restaurant.settings;
  const costs = priced.costs;
  const payment = plan.payment.selection;
  const orderId = randomUUID();
  const accessToken = randomBytes(24).toString('base64url');
  let charged: { paymentId: string; captured: boolean } | null = null;
  const stored: StoredOrder = {
    items: priced.items,
    costs,
    scheduled: plan.scheduled,
    tableNum: plan.tableNum,
    config: request.data.config,
    contact: plan.contact,
    delivery: plan.delivery,
    notes: request.data.checkout.pickup.notes,
    questions: plan.questions,
    payment: {
      method: payment.method,
      brand: null,
      last4: null,
      reference: plan.payment.reference,
      amount: plan.payment.amount,
      paymentId: null,
      captured: true,
    },
    tabOwner: plan.tabOwner,
  };

  const numbering = NUMBERINGS[plan.policy.numbering];
  const reservedNumber = await numbering.reserve(database, restaurant.id);
  try {
    return await db.transaction().execute(async (trx): Promise<PlaceOrderResponse> => {
      if (!(await claimIdempotencyKey(trx, restaurant.id, idempotencyKey, hash, now))) {
        const again = await replayOrder(trx, restaurant.id, idempotencyKey, hash);
        if (!again) throw new AppError('IDEMPOTENCY_KEY_REUSED');
        return again;
      }

      // Only a slot with a limit needs its lock and count.
      if (plan.slotStart && combineMenuTimings(scheduling.menus).capacity !== null) {
        const booked = await lockAndCountSlot(trx, restaurant.id, slotKey(plan.slotStart));
        const check = checkSlot(plan.slotStart, { ...scheduling, booked: () => booked }, now);
        if (!check.ok) throw new AppError(check.error);
      }

      if (costs.credits.amount > 0 && userId !== null) {
        if (!(await spendCredits(trx, restaurant.id, userId, costs.credits.amount, now))) throw new AppError('CREDITS_CHANGED');
      }
      if (costs.voucher.amount > 0 && costs.voucher.code) {
        if (!(await debitGiftCard(trx, restaurant.id, costs.voucher.code, costs.voucher.amount, now))) {
          throw new AppError('GIFT_CARD_BALANCE_CHANGED');
        }
      }
      // The code pricing applied, as the restaurant configured it (never matched again here).
      const discountCode = priced.discountCode;
      if (discountCode && costs.discount.code) {
        if (!(await recordDiscountCodeUse(trx, restaurant.id, discountCode.code, discountCode.max_uses, orderId, now))) {
          throw new AppError('DISCOUNT_CODE_USED_UP');
        }
      }

      if (
        plan.payment.required &&
        (payment.method === 'credit_card' || payment.method === 'apple_pay' || payment.method === 'google_pay')
      ) {
        const charge = { restaurantId: restaurant.id, orderId, amount: costs.amountDue, now };
        const authorised =
          payment.method === 'credit_card'
            ? await services.payments.authorise(trx, { ...charge, token: payment.savedCardId ?? '' })
            : await services.payments.authoriseWallet(trx, { ...charge, wallet: payment.method, token: payment.token });
        if (!authorised.ok) throw new AppError(DECLINES[authorised.reason]);
        charged = { paymentId: authorised.paymentId, captured: false };
        if (plan.payment.captureNow) {
          const captured = await services.payments.capture(trx, restaurant.id, authorised.paymentId, costs.amountDue, now);
          if (!captured.ok) throw new AppError('TRANSACTION_FAILED');
          charged.captured = true;
        }
        stored.payment = {
          ...stored.payment,
          brand: authorised.brand,
          last4: authorised.last4,
          paymentId: authorised.paymentId,
          captured: charged.captured,
        };
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

      const number = reservedNumber ?? (await numbering.take(trx, restaurant.id));
      const placedAt = now.toISOString();
      const row: OrderRow = {
        id: orderId,
        restaurant_id: restaurant.id,
        user_id: userId,
        status: 'placed',
        order_type: plan.policy.storedAs,
        total_cents: costs.totalWithTip,
        data: JSON.stringify(stored),
        placed_at: placedAt,
        updated_at: placedAt,
        number,
        pickup_slot: plan.slotStart ? slotKey(plan.slotStart) : null,
        pickup_time: plan.pickupTime ? plan.pickupTime.toISOString() : null,
        idempotency_key: idempotencyKey,
        request_hash: hash,
        access_token: accessToken,
        locale,
      };
      await insertOrder(trx, row);
      await completeIdempotencyKey(trx, restaurant.id, idempotencyKey, orderId);
      await recordOrderEvent(trx, { restaurantId: restaurant.id, orderId, type: 'placed' }, now);

      if (plan.contact.email) {
        const receipt = composeReceipt({
          restaurantName: settings.display_name ?? settings.name,
          zone: settings.zone,
          locale,
          number,
          items: priced.items,
          costs,
          pickupTime: plan.pickupTime,
          delivery: plan.facts.isDelivery,
          tableNum: plan.tableNum,
          payment: stored.payment,
          lookup,
        });
        await services.mailer.send(trx, { restaurantId: restaurant.id, to: plan.contact.email, ...receipt, locale, orderId }, now);
      }
      return { order: orderView(row), access_token: accessToken, paymentNotRequired: !plan.payment.required, replayed: false };
    });
  } catch (error) {
    // A processor outside our database has really charged (or held) the money: give it back.
    if (charged && !services.payments.recordsInDatabase) {
      const { paymentId, captured } = charged;
      await (
        captured
          ? services.payments.refund(db, restaurant.id, paymentId, costs.amountDue, new Date())
          : services.payments.void(db, restaurant.id, paymentId, new Date())
      ).catch(() => undefined);
    }
    throw error;
  }
}

const DECLINES: Record<DeclineReason, ErrorName> = {
  declined: 'TRANSACTION_FAILED',
  insufficient_funds: 'CARD_INSUFFICIENT_FUNDS',
  unsupported_brand: 'CARD_BRAND_UNSUPPORTED',
  token_invalid: 'CARD_TOKEN_INVALID',
};
