/**
 * POST /orders (ARCHITECTURE.md rule 7 and "Order types and verticals";
 * docs/decisions/0020-order-pipeline.md): from a cart to a stored, paid order that is never lost nor
 * doubled, as one pipeline of named steps:
 *
 * 1. replay: a key already used answers with its order at once (order-request-hash.ts, order-view.ts).
 * 2. admit (`admitOrder`, packages/domain/src/plan-order.ts): orders paused; an order at a table
 *    while the restaurant is closed (takeout and catering are checked against their pickup time by
 *    the plan).
 * 3. price: the cart priced exactly like set-costs (`setCosts`, the same function, with the member
 *    cookie the cart was priced with), which loads the menus, the member, the promo code, the gift
 *    card, the credits and the user once, and hands the diner's choices (tip, codes, subsidy) to
 *    packages/domain/src/pricing.ts, where every amount is computed; stale lines (415/426/428 with
 *    fresh items and costs) and a promo code or gift card that no longer applies stop here.
 * 4. load for the plan: the diner's chosen saved card, where the geocoder puts a delivery postal
 *    code, and the event suite a suite order names with who may order for it (suite-orders.ts).
 *    A suite order checks its caller before it is priced.
 * 5. plan (packages/domain/src/plan-order.ts, pure): sign-in (generic catering), cart rules, table,
 *    contact, questions, delivery, table location (generic catering), slot, tab, payment selection.
 * 6. commit (commit-order.ts): one transaction: key, slot count, tenders, payment, number, row (the
 *    priced costs stored as they are), receipt.
 *
 * Pricing and loading stay out of the transaction on purpose: the menu tree comes from a per-process
 * cache filled through the pool, and on SQLite the transaction holds the only connection, so a cache
 * fill awaited inside it could wait for itself. Menus change only on import.
 */
import type { PlaceOrderRequest, PlaceOrderResponse } from '@servery/contracts/orders';
import type { Locale } from '@servery/contracts/tenant-file';
import type { LatLng } from '@servery/domain/geo';
import { admitOrder, deliveryToLocate, type PlanInput, planOrder } from '@servery/domain/plan-order';
import type { Db } from '../db/database';
import type { Restaurant } from '../db/restaurants-repository';
import { AppError } from '../lib/app-error';
import type { EventSuiteSealer } from '../lib/event-suite-link';
import { mealLookup } from './cart-context';
import { commitOrder, type PlacementServices, planRefusal } from './commit-order';
import { cartMenuTimings, menuLookup } from './menu-lookup';
import { requestHash } from './order-request-hash';
import { findPaymentMethod } from './payment-methods';
import { replayOrder } from './replay-order';
import { schedulingRestaurant } from './scheduling-input';
import { setCosts, type SetCostsResult } from './set-costs';
import { staleCartError } from './stale-cart';
import { loadSuiteOrder, type SuiteOrder, type SuiteOrderCaller } from './suite-orders';

export interface PlaceOrderOptions {
  database: Db;
  restaurant: Restaurant;
  request: PlaceOrderRequest;
  idempotencyKey: string;
  locale: Locale;
  services: PlacementServices;
  now: Date;
  /** The signed-in diner, whose receipts and scheduled orders will list this order; null for a guest. */
  userId: number | null;
  /** The restaurant's member cookie (lib/cookies.ts memberCookieName): the member the cart was priced for. */
  memberCookie?: string | undefined;
  /** The caller's address, for the limits on promo-code and gift-card guesses (tender-look-ups.ts). */
  address: string;
  /** Opens sealed event-suite values (a suite order's `config.eventSuite`). */
  sealer: EventSuiteSealer;
  /** An operator acting for an event suite (login-as), checked by the route; null otherwise. */
  operator?: SuiteOrderCaller['operator'];
}

export async function placeOrder(options: PlaceOrderOptions): Promise<PlaceOrderResponse> {
  const { database, restaurant, request, idempotencyKey } = options;
  const hash = requestHash(request);

  const earlier = await replayOrder(database.db, restaurant.id, idempotencyKey, hash);
  if (earlier) return earlier;
  const suite = await loadSuiteOrder(
    database,
    restaurant,
    options.sealer,
    request,
    { userId: options.userId, operator: options.operator ?? null },
    options.now,
  );
  // A login-as session orders for its one event suite and nothing else.
  if (options.operator && !suite) throw new AppError('NOT_ASSIGNED_TO_SUITE');
  // A suite order is not at a table: only paused orders stop it here.
  const refused = suite
    ? restaurant.settings.orders_paused
      ? { error: 'ORDERS_PAUSED' as const }
      : null
    : admitOrder(request.type, restaurant.settings, options.now);
  if (refused) throw planRefusal(refused);
  const priced = await price(options);
  const loaded = await loadForPlan(options, priced, suite);
  const planned = planOrder(loaded);
  if (!planned.ok) throw planRefusal(planned.error);
  return commitOrder({
    ...options,
    hash,
    priced,
    plan: planned.plan,
    suite,
    scheduling: loaded.scheduling,
    lookup: menuLookup(priced.context.menuGroups),
  });
}

async function price(options: PlaceOrderOptions): Promise<SetCostsResult> {
  const { database, restaurant, request, locale, now, userId, memberCookie, address } = options;
  const { type, data } = request;
  const priced = await setCosts(
    database.db,
    restaurant,
    {
      items: data.items,
      costs: data.costs,
      type,
      tableNum: data.config.tableNum ?? null,
      checkout: { pickup: { delivery: data.checkout.pickup.delivery } },
    },
    memberCookie,
    locale,
    now,
    userId,
    address,
  );
  if (priced.errors.length > 0) throw staleCartError(priced.errors, priced.items, priced.costs);
  const rejected = priced.rejected[0];
  if (rejected) throw new AppError(rejected.error, undefined, { items: priced.items, costs: priced.costs });
  return priced;
}

async function loadForPlan(options: PlaceOrderOptions, priced: SetCostsResult, suite: SuiteOrder | null): Promise<PlanInput> {
  const { database, restaurant, request, services, now, userId } = options;
  const settings = restaurant.settings;
  const { type, data } = request;
  const { checkout, config } = data;

  // A saved card must be the signed-in diner's own: a guest's or another user's id is not found.
  const savedCard =
    checkout.paymentMethod === 'credit_card' && checkout.chosenCreditCard && userId !== null
      ? await findPaymentMethod(database.db, userId, checkout.chosenCreditCard)
      : null;
  // A default address is placed on the map by the geocoder port from its postal code, never from a
  // point the browser sends.
  const toLocate = deliveryToLocate(type, checkout, settings);
  const located: LatLng | null = toLocate ? await services.geocoder.locate(toLocate) : null;

  const lookup = menuLookup(priced.context.menuGroups);
  return {
    type,
    restaurant: settings,
    tableNum: config.tableNum,
    tableLocation: config.genericTableLocation,
    checkout,
    cart: {
      items: priced.items,
      subtotal: priced.costs.subtotal,
      amountDue: priced.costs.amountDue,
      isMeal: mealLookup(priced.context.menuGroups),
    },
    scheduling: {
      restaurant: schedulingRestaurant(restaurant),
      menus: cartMenuTimings(lookup, priced.items),
      config: { takeoutDateRange: config.takeoutDateRange ?? null, takeoutSpecificDates: config.takeoutSpecificDates ?? null },
      booked: new Map(),
    },
    loaded: {
      signedIn: userId !== null,
      processor: { name: services.payments.name, wallets: services.payments.wallets },
      savedCard: savedCard ? { reference: savedCard.reference, processor: savedCard.processor } : null,
      located,
    },
    suite: suite?.plan ?? null,
    now,
  };
}
