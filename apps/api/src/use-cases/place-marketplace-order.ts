/**
 * POST /orders/create-marketplace-order (spec ordering.md section 7; contracts/marketplace.ts): a
 * marketplace hub's one cart, one payment, one order per vendor. The same pipeline as POST /orders
 * and the school checkout (docs/decisions/0020-order-pipeline.md), with the marketplace policy
 * (order-type.ts MARKETPLACE_ORDER_POLICY) and its "when" step (marketplace.ts `vendorWhen`):
 *
 * 1. replay: a key already used answers with every vendor order of its checkout.
 * 2. admit: the hub's orders paused.
 * 3. price: the cart's lines built and priced by the server (`loadPricing` once, `buildCartLines`),
 *    split by the vendor of each item's menu group and each vendor's part priced by the one pricer
 *    with the tenders carried from one vendor to the next (set-costs.ts `priceVendorParts`, the split
 *    the cart's costs were the sum of); stale lines and a tender that no longer applies stop here.
 * 4. plan (plan-order.ts): contact, questions and payment over the checkout's total; "when" plans
 *    each vendor with its own menus (prep time, slot capacity), hours and pause. A paused or closed
 *    vendor refuses its own lines only: the refusal names every such vendor with its reason and lines.
 * 5. commit (commit-order.ts `commitPlacement`): one transaction: the key, each vendor's slot lock
 *    and count (50 checkouts at once cannot pass a vendor's capacity), the tenders, ONE charge of the
 *    checkout's amount due, one numbered order per vendor, the one receipt e-mail.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { ERRORS, type ErrorName } from '@servery/contracts/errors';
import type { CreateMarketplaceOrderRequest, CreateMarketplaceOrderResponse } from '@servery/contracts/marketplace';
import type { OrderVendor } from '@servery/contracts/orders';
import type { Locale } from '@servery/contracts/tenant-file';
import type { CartItem } from '@servery/domain/cart';
import { buildCartLines } from '@servery/domain/cart-lines';
import { vendorScheduling } from '@servery/domain/marketplace';
import { admitOrder, planOrder, type PlanError } from '@servery/domain/plan-order';
import type { Costs } from '@servery/domain/pricing';
import { checkSlot, combineMenuTimings, slotKey } from '@servery/domain/scheduling';
import { checkoutTotal } from '@servery/domain/school-order';
import type { Db } from '../db/database';
import { lockAndCountVendorSlot } from '../db/marketplace-orders-repository';
import type { OrderRow } from '../db/placed-orders-repository';
import type { Restaurant } from '../db/restaurants-repository';
import { AppError } from '../lib/app-error';
import type { Executor } from '../ports/payments';
import { mealLookup } from './cart-context';
import {
  checkoutDraftPayment,
  checkoutOrdersOf,
  checkoutPayment,
  checkoutTenders,
  type CommitDraft,
  commitPlacement,
  planRefusal,
  type PlacementServices,
} from './commit-order';
import { composeMarketplaceReceipt } from './compose-receipt';
import { cartMenuTimings, menuLookup } from './menu-lookup';
import { requestHash } from './order-request-hash';
import { orderView, storedOrderOf } from './order-view';
import { findPaymentMethod } from './payment-methods';
import { orderUnderKey } from './replay-order';
import { schedulingRestaurant } from './scheduling-input';
import { isVendorRefusal, marketVendor, vendorReason, type VendorFile } from './market-vendors';
import { loadPricing, priceVendorParts } from './set-costs';
import { staleCartError } from './stale-cart';

export interface PlaceMarketplaceOrderOptions {
  database: Db;
  restaurant: Restaurant;
  request: CreateMarketplaceOrderRequest;
  idempotencyKey: string;
  locale: Locale;
  services: PlacementServices;
  now: Date;
  userId: number | null;
  memberCookie?: string | undefined;
  address: string;
}

interface PricedVendorPart {
  vendorId: number | null;
  vendor: VendorFile | null;
  snapshot: OrderVendor;
  items: CartItem[];
  costs: Costs;
}

export async function placeMarketplaceOrder(options: PlaceMarketplaceOrderOptions): Promise<CreateMarketplaceOrderResponse> {
  const { database, restaurant, request, idempotencyKey, locale, services, now, userId } = options;
  const settings = restaurant.settings;
  const { data } = request;
  const hash = requestHash(request);

  const earlier = await orderUnderKey(database.db, restaurant.id, idempotencyKey, hash);
  if (earlier) return replayCheckout(database.db, restaurant.id, earlier);
  if (!settings.marketplaceHub) throw new AppError('NOT_A_MARKETPLACE');
  const refused = admitOrder('take-out', settings, now);
  if (refused) throw planRefusal(refused);

  // 3. price: every line built from the published menus, then priced per vendor.
  const loaded = await loadPricing(
    database.db,
    restaurant,
    { costs: data.costs, type: 'take-out', checkout: { pickup: { delivery: false } } },
    options.memberCookie,
    locale,
    now,
    userId,
    options.address,
  );
  const built = buildCartLines(data.items, loaded.context);
  if (built.errors.length > 0) throw staleCartError(built.errors, built.items);
  const rejected = loaded.rejected[0];
  if (rejected) throw new AppError(rejected.error, undefined, { items: built.items });

  const vendors = new Map(settings.vendors.map((vendor) => [vendor.id, vendor]));
  // The same split and prices as the cart showed (set-costs.ts priceVendorParts).
  const split = priceVendorParts(restaurant, 'take-out', loaded, built) ?? [];
  const costs = split.map((part) => part.costs);
  const parts: PricedVendorPart[] = split.map((part) => {
    const vendor = part.vendorId === null ? null : (vendors.get(part.vendorId) ?? null);
    return { vendorId: part.vendorId, vendor, snapshot: vendorSnapshot(vendor, settings), items: part.items, costs: part.costs };
  });
  const total = checkoutTotal(costs);

  // 4. plan: the checkout as a whole, each vendor's time on its own.
  const savedCard =
    data.checkout.paymentMethod === 'credit_card' && data.checkout.chosenCreditCard && userId !== null
      ? await findPaymentMethod(database.db, userId, data.checkout.chosenCreditCard)
      : null;
  const lookup = menuLookup(loaded.context.menuGroups);
  const scheduling = {
    restaurant: schedulingRestaurant(restaurant),
    menus: cartMenuTimings(lookup, built.items),
    config: { takeoutDateRange: data.config.takeoutDateRange ?? null, takeoutSpecificDates: data.config.takeoutSpecificDates ?? null },
    booked: new Map<string, number>(),
  };
  const vendorParts = parts.map((part) => ({ vendor: marketVendor(part.vendor), menus: cartMenuTimings(lookup, part.items) }));
  const planned = planOrder({
    type: 'take-out',
    restaurant: settings,
    tableNum: null,
    // Picked up at each vendor's counter: a hub does not deliver.
    checkout: { ...data.checkout, pickup: { ...data.checkout.pickup, delivery: false } },
    cart: { items: built.items, subtotal: total.subtotal, amountDue: total.amountDue, isMeal: mealLookup(loaded.context.menuGroups) },
    scheduling,
    loaded: {
      signedIn: userId !== null,
      processor: { name: services.payments.name, wallets: services.payments.wallets },
      savedCard: savedCard ? { reference: savedCard.reference, processor: savedCard.processor } : null,
      located: null,
    },
    vendors: vendorParts,
    now,
  });
  if (!planned.ok) throw vendorRefusal(planned.error, parts, locale);
  const plan = planned.plan;
  const times = plan.vendorTimes ?? [];

  const checkoutId = randomUUID();
  const drafts: CommitDraft[] = parts.map((part, index) => {
    const time = times[index]!;
    return {
      orderId: randomUUID(),
      accessToken: randomBytes(24).toString('base64url'),
      totalCents: part.costs.totalWithTip,
      pickupTime: time.pickupTime,
      slotStart: time.slotStart,
      school: null,
      marketplace: { checkoutId, vendorId: part.vendorId },
      stored: {
        items: part.items,
        costs: part.costs,
        scheduled: plan.scheduled,
        tableNum: null,
        config: { ...data.config, takeout: true },
        contact: plan.contact,
        delivery: null,
        notes: data.checkout.pickup.notes,
        questions: plan.questions,
        payment: checkoutDraftPayment(plan, part.costs.amountDue),
        tabOwner: null,
        marketplace: {
          checkoutId,
          vendor: part.snapshot,
          lines: part.items.map((item) => ({
            orderId: item.orderId,
            quantity: item.quantity,
            names: { 'en-CA': lookup.itemName(item.id, 'en-CA'), 'fr-CA': lookup.itemName(item.id, 'fr-CA') },
          })),
        },
      },
    };
  });

  return commitPlacement({
    database,
    address: options.address,
    restaurant,
    idempotencyKey,
    hash,
    locale,
    services,
    now,
    userId,
    plan,
    tenders: checkoutTenders(costs, total, loaded.discountCode),
    drafts,
    // Each vendor's slot under its own lock, in the vendors' order: its capacity counts its own orders.
    checkCapacity: async (trx) => {
      for (const [index, part] of vendorParts.entries()) {
        const slotStart = times[index]?.slotStart;
        if (!slotStart || combineMenuTimings(part.menus).capacity === null) continue;
        const booked = await lockAndCountVendorSlot(trx, restaurant.id, parts[index]!.vendorId, slotKey(slotStart));
        const vendorInput = vendorScheduling(part, { hub: scheduling.restaurant, config: scheduling.config });
        const check = checkSlot(slotStart, { ...vendorInput, booked: () => booked }, now);
        if (!check.ok) throw vendorRefusal({ error: check.error, details: [vendorDetail(parts[index]!, check.error)] }, parts, locale);
      }
    },
    replay: async (trx) => {
      const row = await orderUnderKey(trx, restaurant.id, idempotencyKey, hash);
      return row ? replayCheckout(trx, restaurant.id, row) : null;
    },
    receipt: (rows, payment) =>
      composeMarketplaceReceipt({
        restaurantName: settings.display_name ?? settings.name,
        zone: settings.zone,
        locale,
        orders: rows.map((row, index) => ({
          number: row.number ?? 0,
          vendor: vendorName(parts[index]!.snapshot, locale),
          pickupTime: drafts[index]!.pickupTime,
          items: parts[index]!.items,
          costs: parts[index]!.costs,
        })),
        total,
        payment,
        lookup,
      }),
    answer: (rows) => checkoutResponse(rows, false),
  });
}

/** The vendor as its order keeps it; the hub itself for items of a group without a vendor. */
function vendorSnapshot(vendor: VendorFile | null, settings: Restaurant['settings']): OrderVendor {
  if (!vendor) {
    const name = settings.display_name ?? settings.name;
    return { id: null, slug: null, name, names: { 'en-CA': name } };
  }
  const names: OrderVendor['names'] = { 'en-CA': vendor.name };
  const french = vendor.localization['fr-CA']?.name;
  if (french) names['fr-CA'] = french;
  return { id: vendor.id, slug: vendor.slug, name: vendor.name, names };
}

function vendorName(vendor: OrderVendor, locale: Locale): string {
  return vendor.names[locale] ?? vendor.name;
}

function vendorDetail(part: PricedVendorPart, error: string): { path: string; message: string } {
  return { path: `vendors.${part.vendorId ?? 'hub'}`, message: error };
}

/**
 * A vendor's refusal said in the diner's language: each refusing vendor's name and reason (its own
 * pause message when it left one), and its lines as invalid items so the cart can mark them.
 */
function vendorRefusal(
  error: PlanError | { error: string; details?: Array<{ path: string; message: string }> },
  parts: readonly PricedVendorPart[],
  locale: Locale,
): AppError {
  const byPath = new Map(parts.map((part) => [`vendors.${part.vendorId ?? 'hub'}`, part]));
  const refusing = (error.details ?? []).flatMap((detail) => {
    const part = byPath.get(detail.path);
    return part && isVendorRefusal(detail.message) ? [{ part, reason: detail.message }] : [];
  });
  if (refusing.length === 0) return new AppError(error.error as ErrorName, error.details);
  const name = error.error === 'TIMESLOT_UNAVAILABLE' ? 'VENDOR_CLOSED' : (error.error as ErrorName);
  return new AppError(
    name,
    refusing.map(({ part, reason }) => ({
      path: `vendors.${part.vendorId ?? 'hub'}`,
      message: vendorReason(vendorName(part.snapshot, locale), part.vendor, reason, locale),
    })),
    {
      invalid_items: refusing.flatMap(({ part, reason }) =>
        part.items.map((item) => ({ orderId: item.orderId, code: ERROR_CODES[reason], error: reason })),
      ),
    },
  );
}

const ERROR_CODES = {
  VENDOR_PAUSED: ERRORS.VENDOR_PAUSED.code,
  VENDOR_CLOSED: ERRORS.VENDOR_CLOSED.code,
  TIMESLOT_FULL: ERRORS.TIMESLOT_FULL.code,
} as const;

async function replayCheckout(db: Executor, restaurantId: number, first: OrderRow): Promise<CreateMarketplaceOrderResponse> {
  return checkoutResponse(await checkoutOrdersOf(db, restaurantId, first), true);
}

function checkoutResponse(rows: readonly OrderRow[], replayed: boolean): CreateMarketplaceOrderResponse {
  const stored = rows.map((row) => storedOrderOf(row));
  const first = stored[0]!;
  return {
    checkoutId: first.marketplace?.checkoutId ?? '',
    orders: rows.map((row, index) => ({
      order: orderView(row),
      vendor: stored[index]!.marketplace!.vendor,
      access_token: row.access_token ?? '',
    })),
    total: checkoutTotal(stored.map((order) => order.costs)),
    ...checkoutPayment(stored),
    replayed,
  };
}
