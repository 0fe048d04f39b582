/**
 * POST /orders (issue 5 item 3; ARCHITECTURE.md rule 7): from a cart to a stored, paid order that is
 * never lost nor doubled.
 *
 * 1. Before the transaction (reads only): a replay of a key already used is answered at once; then
 *    the cart is priced exactly like set-costs (`setCosts`, the same function) and every rule that
 *    needs no lock is checked: orders paused, stale lines (415/426/428 with fresh items and costs),
 *    promo/gift card that no longer apply, meal limits, catering minimum, contact, custom questions,
 *    delivery radius, the pickup time (ASAP or a slot that exists), the payment selection.
 *    Pricing stays out of the transaction on purpose: the menu tree comes from a per-process cache
 *    filled through the pool, and on SQLite the transaction holds the only connection, so a cache
 *    fill awaited inside it could wait for itself. Menus change only on import.
 * 2. One transaction, in this order:
 *    a. claim the Idempotency-Key: INSERT … ON CONFLICT DO NOTHING on (restaurant_id, key). On
 *       PostgreSQL a second request with the same key blocks on the first one's uncommitted row until
 *       it commits (then it inserts nothing, reads the committed row in a new read-committed snapshot
 *       and replays the order) or rolls back (then it proceeds); on SQLite transactions are
 *       serialised (one writer). Same key, different body hash: 409 IDEMPOTENCY_KEY_REUSED.
 *    b. the slot: take its lock row, count the open orders in it, `checkSlot` with that count.
 *    c. tenders: debit the gift card (UPDATE … WHERE balance >= amount), count a promo code use
 *       (limit checked in the same statement).
 *    d. payment, last of the checks: authorise + capture amountDue through the processor port (a new
 *       card's token, the diner's saved card or a wallet token; an open tab is authorised only). A
 *       decline throws: the whole transaction rolls back, nothing is stored, the cart stays. Then
 *       "save this card" keeps the paid card for the signed-in diner.
 *    e. the order number (a per-restaurant counter row), the order, the key's order id, the receipt
 *       in the outbox.
 *    If anything throws after a capture by a processor outside our database, the capture is voided.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { ErrorName } from '@servery/contracts/errors';
import type { OrderView, PlaceOrderRequest, PlaceOrderResponse } from '@servery/contracts/orders';
import type { Locale } from '@servery/contracts/tenant-file';
import { type CartItem, checkCateringMinimum, checkMealLimits } from '@servery/domain/cart';
import type { CartLineError } from '@servery/domain/cart-lines';
import { validateEmail, validateFullName, validatePhoneNumber, validatePostalCode, type FieldMessage } from '@servery/domain/card';
import { withinRadius } from '@servery/domain/geo';
import { openState } from '@servery/domain/opening-hours';
import { EMPTY_CARD_FIELDS, availablePaymentMethods, isPaymentRequired, validatePaymentSelection } from '@servery/domain/payment-method';
import { zonedInstant } from '@servery/domain/price-schedule';
import { asapOption, checkSlot, combineMenuTimings, defaultPickupTime, slotKey, type SchedulingInput } from '@servery/domain/scheduling';
import type { Costs } from '@servery/domain/pricing';
import type { Db } from '../db/database';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  debitGiftCard,
  findIdempotencyKey,
  findOrder,
  insertOrder,
  lockAndCountSlot,
  nextOrderNumber,
  recordDiscountCodeUse,
  takeOrderNumberFromSequence,
  type OrderRow,
} from '../db/placed-orders-repository';
import type { Restaurant } from '../db/restaurants-repository';
import { spendCredits } from '../db/accounts-repository';
import { AppError } from '../lib/app-error';
import type { Geocoder } from '../ports/geocoder';
import type { Mailer } from '../ports/mailer';
import type { DeclineReason, Executor, PaymentProcessor } from '../ports/payments';
import { cartLineContext, mealLookup } from './cart-context';
import { composeReceipt } from './compose-receipt';
import { cartMenuTimings, menuLookup } from './menu-lookup';
import { findMember } from './members';
import { findPaymentMethod, savePaymentMethod } from './payment-methods';
import { schedulingRestaurant } from './scheduling-input';
import { setCosts } from './set-costs';

export interface PlacementServices {
  payments: PaymentProcessor;
  mailer: Mailer;
  geocoder: Geocoder;
}

/** What the order row's `data` keeps: everything the views and receipts need, no card data. */
interface StoredOrder {
  items: CartItem[];
  costs: Costs;
  scheduled: boolean;
  tableNum: string | null;
  config: PlaceOrderRequest['data']['config'];
  contact: OrderView['contact'];
  delivery: OrderView['delivery'];
  notes: string;
  questions: Array<{ id: number; question: string; answers: string[] }>;
  /**
   * `paymentId` is the processor's payment; `captured` is false while an authorisation waits for its
   * capture (an open tab: captured when the order is completed, voided when it is cancelled) and true
   * otherwise, also when no processor payment exists (rows older than saved cards have no field: true).
   */
  payment: OrderView['payment'] & { paymentId: string | null; captured: boolean };
  /** Dine-in on an open tab: the card is authorised now and captured when the tab closes. */
  tabOwner?: string | null;
}

/** A stable hash of the parsed body: the same order sent again hashes the same. */
export function requestHash(body: unknown): string {
  return createHash('sha256').update(stableJson(body)).digest('hex');
}

/**
 * Keys sorted by UTF-16 code units (the default sort), undefined members left out, array holes empty.
 * Stored hashes depend on this exact text: a change would refuse every retry of an earlier request.
 */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) {
    let out = '[';
    for (let index = 0; index < value.length; index++) {
      if (index > 0) out += ',';
      if (index in value) out += stableJson(value[index]);
    }
    return `${out}]`;
  }
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    let out = '{';
    for (const key of Object.keys(record).sort()) {
      const entry = record[key];
      if (entry === undefined) continue;
      if (out.length > 1) out += ',';
      out += `${JSON.stringify(key)}:${stableJson(entry)}`;
    }
    return `${out}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function orderView(row: OrderRow): OrderView {
  const data = JSON.parse(row.data) as StoredOrder;
  const { paymentId: _paymentId, captured: _captured, ...payment } = data.payment;
  return {
    id: row.id,
    number: row.number ?? 0,
    status: row.status as OrderView['status'],
    type: row.order_type,
    placed_at: row.placed_at,
    pickup_time: row.pickup_time,
    scheduled: data.scheduled,
    items: data.items,
    costs: data.costs,
    contact: data.contact,
    payment,
    delivery: data.delivery,
    tableNum: data.tableNum,
    tabOwner: data.tabOwner ?? null,
  };
}

function replay(row: OrderRow): PlaceOrderResponse {
  const view = orderView(row);
  return { order: view, access_token: row.access_token ?? '', paymentNotRequired: view.payment.method === null, replayed: true };
}

async function replayOrRefuse(db: Executor, restaurantId: number, key: string, hash: string): Promise<PlaceOrderResponse | null> {
  const existing = await findIdempotencyKey(db, restaurantId, key);
  if (!existing) return null;
  if (existing.request_hash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  const order = existing.order_id ? await findOrder(db, restaurantId, existing.order_id) : null;
  if (!order) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return replay(order);
}

function invalid(path: string, message: FieldMessage): AppError {
  return new AppError('VALIDATION_FAILED', [{ path, message: message.key }]);
}

function staleCart(lineErrors: CartLineError[], items: CartItem[], costs: Costs): AppError {
  const first = lineErrors[0]!;
  return new AppError(first.error, undefined, {
    invalid_items: lineErrors.map((error) => ({ orderId: error.orderId, code: error.code, error: error.error })),
    items,
    costs,
  });
}

export async function placeOrder(
  database: Db,
  restaurant: Restaurant,
  body: PlaceOrderRequest,
  idempotencyKey: string,
  locale: Locale,
  services: PlacementServices,
  now: Date,
  /** The signed-in diner, whose receipts and scheduled orders will list this order; null for a guest. */
  userId: number | null,
  /** The caller's address, for the limits on promo-code and gift-card guesses. */
  address: string,
): Promise<PlaceOrderResponse> {
  const db = database.db;
  const settings = restaurant.settings;
  const hash = requestHash(body);
  const earlier = await replayOrRefuse(db, restaurant.id, idempotencyKey, hash);
  if (earlier) return earlier;
  if (settings.orders_paused) throw new AppError('ORDERS_PAUSED');
  // A dine-in order is for now: a closed restaurant cannot take it (takeout and catering are checked
  // against their pickup time below). The menu screen says so too, but the browser's clock is not ours.
  if (body.type === 'dine_in' && !openState(settings.hours, settings.holiday_hours, now, settings.zone).open)
    throw new AppError('RESTAURANT_CLOSED');

  const { type, data } = body;
  const { checkout, config } = data;
  const isDelivery = type === 'take-out' && checkout.pickup.delivery;
  const isCatering = type === 'catering' || type === 'generic_catering';

  // --- price exactly like set-costs
  const priced = await setCosts(
    db,
    restaurant,
    { items: data.items, costs: data.costs, type, tableNum: config.tableNum ?? null, checkout: { pickup: { delivery: isDelivery } } },
    undefined,
    locale,
    now,
    userId,
    address,
  );
  const costs = priced.costs;
  if (priced.errors.length > 0) throw staleCart(priced.errors, priced.items, costs);
  const rejected = priced.rejected[0];
  if (rejected) throw new AppError(rejected.error, undefined, { items: priced.items, costs });

  const member = findMember(restaurant, data.costs.memberDiscount?.identifier);
  const context = await cartLineContext(db, restaurant, type, member, now);
  const meals = checkMealLimits(priced.items, {
    maxMealsPerCart: settings.maxMealsPerCart,
    minMealsPerCart: settings.minMealsPerCart,
    isMeal: mealLookup(context.menuGroups),
  });
  if (!meals.ok) throw new AppError(meals.error);
  if (isCatering) {
    const minimum = checkCateringMinimum(costs.subtotal, settings.min_catering_amount);
    if (!minimum.ok) throw new AppError(minimum.error);
  }

  // --- the diner's details
  const tableNum = config.tableNum?.trim() || null;
  if (type === 'dine_in' && !tableNum) throw invalid('data.config.tableNum', { key: 'required' });
  const contact = checkContact(checkout.contact, settings.hideGuestInfo);
  const questions = checkQuestions(checkout.questions, settings.customQuestions);
  const delivery = isDelivery ? await checkDelivery(checkout.delivery ?? null, restaurant, services.geocoder) : null;

  // --- when
  const lookup = menuLookup(context.menuGroups);
  const scheduling: SchedulingInput = {
    restaurant: schedulingRestaurant(restaurant),
    menus: cartMenuTimings(lookup, priced.items),
    config: { takeoutDateRange: config.takeoutDateRange ?? null, takeoutSpecificDates: config.takeoutSpecificDates ?? null },
    booked: new Map(),
  };
  let pickupTime: Date | null = null;
  let slotStart: Date | null = null;
  if (type !== 'dine_in') {
    if (checkout.pickup.scheduled) {
      slotStart = requestedSlot(checkout.pickup.dueByDate ?? null, checkout.pickup.dueByTime ?? null, settings.zone);
      // Checked here without counts (cheap refusal); checked again with the counts under the slot's lock.
      const check = checkSlot(slotStart, scheduling, now);
      if (!check.ok) throw new AppError(check.error);
      pickupTime = slotStart;
    } else {
      const asap = asapOption(scheduling, now);
      if (!asap.available || !asap.readyAt) throw new AppError(asap.reason === 'ORDERS_PAUSED' ? 'ORDERS_PAUSED' : 'ASAP_UNAVAILABLE');
      pickupTime = asap.readyAt;
    }
  }

  // --- how it is paid
  const paymentRequired = isPaymentRequired({
    order: { isPreOrder: false, isEventDay: false, isCatering },
    processor: settings.payment_processor,
    amountDue: costs.amountDue,
  });
  // An open tab (dine-in where the restaurant keeps tabs): the card or wallet is authorised now and
  // captured when the order is completed.
  const tabOwner = checkTab(checkout.tab ?? null, type, settings.allow_open_tab);
  // A saved card must be the signed-in diner's own: a guest's or another user's id is not found.
  const savedCard =
    checkout.paymentMethod === 'credit_card' && checkout.chosenCreditCard
      ? await chosenSavedCard(db, userId, checkout.chosenCreditCard, services.payments)
      : null;
  // "Save this card" is for a signed-in diner paying with a new card; a guest's request is ignored.
  const cardToSave = savedCard === null && checkout.savePaymentMethodOnCheckout && userId !== null ? (checkout.card?.token ?? null) : null;
  const available = availablePaymentMethods({
    processor: settings.payment_processor,
    extraPaymentMethods: settings.extraPaymentMethods,
    wallets: services.payments.wallets,
    hideCreditCard: type === 'generic_catering' && settings.genericCateringHideCreditCard,
  });
  const selection = validatePaymentSelection(
    {
      paymentMethod: checkout.paymentMethod,
      card: EMPTY_CARD_FIELDS,
      savePaymentMethodOnCheckout: false,
      applePayPaymentToken: checkout.applePayPaymentToken ?? null,
      applePayPaymentDetails: null,
      googlePayPaymentPayload: checkout.googlePayPaymentPayload ?? null,
      purchaseOrder: checkout.purchaseOrder,
      costCenter: checkout.costCenter,
      invoice: checkout.invoice,
    },
    {
      available,
      paymentRequired,
      savedCardId: savedCard?.reference ?? checkout.card?.token ?? null,
      postalCodeRequired: settings.avs,
      now,
    },
  );
  if (!selection.ok) {
    if (selection.error === 'INVALID_CARD') throw invalid('data.checkout.card.token', { key: 'required' });
    if (selection.error === 'INVALID_REFERENCE')
      throw new AppError('PAYMENT_REFERENCE_REQUIRED', [{ path: `data.checkout.${selection.field}`, message: selection.message.key }]);
    if (selection.error === 'WALLET_TOKEN_MISSING') throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
    throw new AppError(selection.error);
  }
  const payment = selection.payment;

  // --- one transaction
  const orderId = randomUUID();
  const accessToken = randomBytes(24).toString('base64url');
  const discountCode = costs.discount.code
    ? (settings.discount_codes.find((code) => code.code.toUpperCase() === costs.discount.code?.toUpperCase()) ?? null)
    : null;
  let charged: { paymentId: string; captured: boolean } | null = null;
  const stored: StoredOrder = {
    items: priced.items,
    costs,
    scheduled: checkout.pickup.scheduled,
    tableNum,
    config,
    contact,
    delivery,
    notes: checkout.pickup.notes,
    questions,
    payment: {
      method: payment.method,
      brand: null,
      last4: null,
      reference: 'reference' in payment ? payment.reference : null,
      amount: payment.method === null || payment.method === 'pay_on_premise' ? 0 : costs.amountDue,
      paymentId: null,
      captured: true,
    },
    tabOwner,
  };

  const reservedNumber = database.dialect === 'postgres' ? await takeOrderNumberFromSequence(db, restaurant.id) : null;
  try {
    const outcome = await db.transaction().execute(async (trx): Promise<PlaceOrderResponse> => {
      if (!(await claimIdempotencyKey(trx, restaurant.id, idempotencyKey, hash, now))) {
        const again = await replayOrRefuse(trx, restaurant.id, idempotencyKey, hash);
        if (!again) throw new AppError('IDEMPOTENCY_KEY_REUSED');
        return again;
      }

      // Only a slot with a limit needs its lock and count.
      if (slotStart && combineMenuTimings(scheduling.menus).capacity !== null) {
        const booked = await lockAndCountSlot(trx, restaurant.id, slotKey(slotStart));
        const check = checkSlot(slotStart, { ...scheduling, booked: () => booked }, now);
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
      if (discountCode) {
        if (!(await recordDiscountCodeUse(trx, restaurant.id, discountCode.code, discountCode.max_uses, orderId, now))) {
          throw new AppError('DISCOUNT_CODE_USED_UP');
        }
      }

      if (paymentRequired && (payment.method === 'credit_card' || payment.method === 'apple_pay' || payment.method === 'google_pay')) {
        const request = { restaurantId: restaurant.id, orderId, amount: costs.amountDue, now };
        const authorised =
          payment.method === 'credit_card'
            ? await services.payments.authorise(trx, { ...request, token: payment.savedCardId ?? '' })
            : await services.payments.authoriseWallet(trx, { ...request, wallet: payment.method, token: payment.token });
        if (!authorised.ok) throw new AppError(DECLINES[authorised.reason]);
        charged = { paymentId: authorised.paymentId, captured: false };
        if (tabOwner === null) {
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

      const number = reservedNumber ?? (await nextOrderNumber(trx, restaurant.id));
      const placedAt = now.toISOString();
      const row: OrderRow = {
        id: orderId,
        restaurant_id: restaurant.id,
        user_id: userId,
        status: 'placed',
        order_type: type,
        total_cents: costs.totalWithTip,
        data: JSON.stringify(stored),
        placed_at: placedAt,
        updated_at: placedAt,
        number,
        pickup_slot: slotStart ? slotKey(slotStart) : null,
        pickup_time: pickupTime ? pickupTime.toISOString() : null,
        idempotency_key: idempotencyKey,
        request_hash: hash,
        access_token: accessToken,
        locale,
      };
      await insertOrder(trx, row);
      await completeIdempotencyKey(trx, restaurant.id, idempotencyKey, orderId);

      if (contact.email) {
        const receipt = composeReceipt({
          restaurantName: settings.display_name ?? settings.name,
          zone: settings.zone,
          locale,
          number,
          items: priced.items,
          costs,
          pickupTime,
          delivery: isDelivery,
          tableNum,
          payment: stored.payment,
          lookup,
        });
        await services.mailer.send(trx, { restaurantId: restaurant.id, to: contact.email, ...receipt, locale, orderId }, now);
      }
      return { order: orderView(row), access_token: accessToken, paymentNotRequired: !paymentRequired, replayed: false };
    });
    return outcome;
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

/** The open tab's owner, or null; a tab is only for dine-in where the restaurant keeps tabs open. */
function checkTab(
  tab: NonNullable<PlaceOrderRequest['data']['checkout']['tab']> | null,
  type: PlaceOrderRequest['type'],
  allowOpenTab: boolean,
): string | null {
  if (tab === null) return null;
  if (type !== 'dine_in' || !allowOpenTab) throw invalid('data.checkout.tab', { key: 'required' });
  const owner = tab.owner.trim();
  if (owner === '') throw invalid('data.checkout.tab.owner', { key: 'required' });
  return owner;
}

/** The diner's saved card for `chosenCreditCard`; a guest's or another user's id is PAYMENT_METHOD_NOT_FOUND. */
async function chosenSavedCard(db: Executor, userId: number | null, paymentCardId: string, payments: PaymentProcessor) {
  const card = userId === null ? null : await findPaymentMethod(db, userId, paymentCardId);
  if (!card) throw new AppError('PAYMENT_METHOD_NOT_FOUND');
  if (card.processor !== payments.name) throw new AppError('PAYMENT_METHOD_UNSUPPORTED');
  return card;
}

function requestedSlot(date: string | null, time: string | null, zone: string): Date {
  if (!date) throw invalid('data.checkout.pickup.dueByDate', { key: 'required' });
  if (!time) {
    const noon = defaultPickupTime(date, zone);
    if (!noon) throw invalid('data.checkout.pickup.dueByDate', { key: 'required' });
    return noon;
  }
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return zonedInstant(zone, year, month, day, hour, minute);
}

function checkContact(
  contact: PlaceOrderRequest['data']['checkout']['contact'],
  hidden: Restaurant['settings']['hideGuestInfo'],
): OrderView['contact'] {
  const details: Array<{ path: string; message: string }> = [];
  const name = validateFullName(contact.full_name);
  if (!name.ok) details.push({ path: 'data.checkout.contact.full_name', message: name.error.key });
  let email: string | null = null;
  if (!hidden.email || contact.email.trim() !== '') {
    const checked = validateEmail(contact.email);
    if (checked.ok) email = checked.value;
    else details.push({ path: 'data.checkout.contact.email', message: checked.error.key });
  }
  let phone: string | null = null;
  if (!hidden.phone || contact.phone_number.trim() !== '') {
    const checked = validatePhoneNumber(contact.phone_number);
    if (checked.ok) phone = checked.value;
    else details.push({ path: 'data.checkout.contact.phone_number', message: checked.error.key });
  }
  if (details.length > 0 || !name.ok) throw new AppError('VALIDATION_FAILED', details);
  return { full_name: name.value, email, phone_number: phone };
}

function checkQuestions(
  answers: PlaceOrderRequest['data']['checkout']['questions'],
  questions: Restaurant['settings']['customQuestions'],
): StoredOrder['questions'] {
  const byId = new Map(answers.map((answer) => [answer.id, answer.answers]));
  for (const answer of answers) {
    if (!questions.some((question) => question.id === answer.id))
      throw invalid(`data.checkout.questions.${answer.id}`, { key: 'required' });
  }
  const missing: Array<{ path: string; message: string }> = [];
  const stored: StoredOrder['questions'] = [];
  for (const question of questions) {
    const chosen = [...new Set(byId.get(question.id) ?? [])];
    if (chosen.length === 0) {
      if (question.required) missing.push({ path: `data.checkout.questions.${question.id}`, message: 'required' });
      continue;
    }
    if (chosen.some((index) => index >= question.options.length) || (question.question_type === 'select_one' && chosen.length > 1)) {
      throw invalid(`data.checkout.questions.${question.id}`, { key: 'required' });
    }
    stored.push({ id: question.id, question: question.question, answers: chosen.map((index) => question.options[index] ?? '') });
  }
  if (missing.length > 0) throw new AppError('QUESTION_REQUIRED', missing);
  return stored;
}

/** A comma list from the tenant file ("Lobby, Loading dock") as its entries. */
function commaList(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/**
 * The delivery address for its type. A default address is placed on the map by the geocoder port
 * from its postal code (never from a point the browser sends) and must be within the radius; a
 * choice from the restaurant's lists (locations, areas, schools, sections) must be one of them.
 */
async function checkDelivery(
  delivery: PlaceOrderRequest['data']['checkout']['delivery'] | null,
  restaurant: Restaurant,
  geocoder: Geocoder,
): Promise<OrderView['delivery']> {
  const settings = restaurant.settings;
  const options = settings.delivery;
  if (!options || !delivery) throw new AppError('DELIVERY_ADDRESS_INVALID');
  const refuse = (field: keyof typeof delivery, message = 'required') =>
    new AppError('DELIVERY_ADDRESS_INVALID', [{ path: `data.checkout.delivery.${field}`, message }]);
  const need = (field: keyof typeof delivery) => {
    const value = delivery[field];
    if (value === undefined || (typeof value === 'string' && value.trim() === '')) throw refuse(field);
  };
  const oneOf = (field: 'location' | 'area' | 'section', list: string[]) => {
    if (list.length > 0 && !list.includes(delivery[field] ?? '')) throw refuse(field, 'notOffered');
  };
  switch (delivery.type) {
    case 'default_address': {
      need('address');
      need('postalCode');
      const postal = validatePostalCode(delivery.postalCode ?? '');
      if (!postal.ok) throw refuse('postalCode', postal.error.key);
      if (options.radius_km === null || settings.latitude === null || settings.longitude === null) {
        return { ...delivery, postalCode: postal.value, lat: undefined, lng: undefined };
      }
      const point = await geocoder.locate({ postalCode: postal.value, address: delivery.address ?? '' });
      if (!point) throw refuse('postalCode', 'unknownPostalCode');
      const check = withinRadius({ lat: settings.latitude, lng: settings.longitude }, point, options.radius_km);
      if (!check.ok) throw new AppError(check.error, [{ path: 'data.checkout.delivery.postalCode', message: check.error }]);
      return { ...delivery, postalCode: postal.value, lat: point.lat, lng: point.lng };
    }
    case 'custom_location':
      need('location');
      oneOf('location', commaList(options.custom_locations));
      if (commaList(options.areas).length > 0) {
        need('area');
        oneOf('area', commaList(options.areas));
      }
      break;
    case 'school': {
      need('school');
      const school = options.schools.find((entry) => entry.name === delivery.school);
      if (!school) throw refuse('school', 'notOffered');
      for (const [field, list] of [
        ['grade', school.grades],
        ['classroom', school.classrooms],
        ['teacher', school.teachers],
      ] as const) {
        const offered = commaList(list);
        if (offered.length === 0) continue;
        need(field);
        if (!offered.includes(delivery[field] ?? '')) throw refuse(field, 'notOffered');
      }
      break;
    }
    case 'stadium':
      need('section');
      need('row');
      need('seat');
      oneOf('section', commaList(options.stadium_sections));
      break;
  }
  return { ...delivery, lat: undefined, lng: undefined };
}
