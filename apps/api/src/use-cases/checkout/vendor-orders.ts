/**
 * A marketplace hub's checkout (POST /orders/create-marketplace-order; spec ordering.md section 7):
 * the shape place-checkout.ts runs for the marketplace policy (split 'per-vendor'): the hub's one
 * cart, one payment, one order per vendor.
 *
 * - price: the cart's lines built and priced by the server (`loadPricing` once, `buildCartLines`),
 *   split by the vendor of each item's menu group and each vendor's part priced by the one pricer
 *   with the tenders carried from one vendor to the next (set-costs.ts `priceVendorParts`, the split
 *   the cart's costs were the sum of); stale lines and a tender that no longer applies stop here.
 * - plan: the checkout as a whole; the policy's "when" plans each vendor with its own menus, hours
 *   and pause. A paused or closed vendor refuses its own lines only: the refusal names every such
 *   vendor with its reason and lines (market-vendors.ts).
 * - commit: each vendor's slot lock and count (50 checkouts at once cannot pass a vendor's capacity),
 *   ONE charge of the checkout's amount due, one numbered order per vendor, one receipt (each
 *   vendor's order with the link to its own status, as a restaurant's receipt has: status-link.ts).
 */
import { randomUUID } from 'node:crypto';
import { ERRORS, type ErrorName } from '@servery/contracts/errors';
import type { CreateMarketplaceOrderRequest, CreateMarketplaceOrderResponse } from '@servery/contracts/marketplace';
import type { OrderVendor } from '@servery/contracts/orders';
import type { Locale } from '@servery/contracts/tenant-file';
import type { CartItem } from '@servery/domain/cart';
import { buildCartLines } from '@servery/domain/cart-lines';
import { checkoutTotal, type CheckoutTotal } from '@servery/domain/checkout';
import { vendorScheduling } from '@servery/domain/marketplace';
import { MARKETPLACE_POLICY } from '@servery/domain/order-types/marketplace';
import type { OrderPlan, PlanError } from '@servery/domain/plan-order';
import type { Costs } from '@servery/domain/pricing';
import { checkSlot, combineMenuTimings, type SchedulingInput, slotKey } from '@servery/domain/scheduling';
import { lockAndCountVendorSlot } from '../../db/marketplace-orders-repository';
import type { OrderRow } from '../../db/placed-orders-repository';
import type { Restaurant } from '../../db/restaurants-repository';
import { AppError } from '../../lib/app-error';
import { mealLookup } from '../cart/cart-context';
import { composeMarketplaceReceipt } from '../orders/compose-receipt';
import { isVendorRefusal, marketVendor, vendorReason, type VendorFile } from '../menus/market-vendors';
import { cartMenuTimings, type MenuLookup, menuLookup } from '../menus/menu-lookup';
import { orderView } from '../orders/order-view';
import { schedulingRestaurant } from '../menus/scheduling-input';
import { loadPricing, priceVendorParts } from '../cart/set-costs';
import { staleCartError } from '../cart/stale-cart';
import type { CheckoutContext, CheckoutShape, ShapeCommit } from './checkout-shape';
import { newOrderIdentity, type CommitDraft } from './commit-checkout';
import { statusLink } from './status-link';
import { replayedAccessToken } from '../../lib/secret-digests';
import { checkoutAnswer, checkoutDraftPayment, checkoutTenders, replayCheckout } from './several-orders';

interface PricedVendorPart {
  vendorId: number | null;
  vendor: VendorFile | null;
  snapshot: OrderVendor;
  items: CartItem[];
  costs: Costs;
}

interface Priced {
  items: CartItem[];
  parts: PricedVendorPart[];
  total: CheckoutTotal;
  loaded: Awaited<ReturnType<typeof loadPricing>>;
  lookup: MenuLookup;
  scheduling: SchedulingInput;
}

export function vendorOrders(
  context: CheckoutContext,
  body: CreateMarketplaceOrderRequest,
): CheckoutShape<CreateMarketplaceOrderResponse, null, Priced> {
  const { database, restaurant, idempotencyKey, hash, locale, now, userId } = context;
  const settings = restaurant.settings;
  const { data } = body;
  // Picked up at each vendor's counter: a hub does not deliver.
  const checkout = { ...data.checkout, pickup: { ...data.checkout.pickup, delivery: false } };

  return {
    type: 'take-out',
    checkout,
    replay: (db) => replayCheckout(db, restaurant.id, idempotencyKey, hash, (rows) => vendorAnswer(rows, true)),
    admit: () => Promise.resolve({ policy: MARKETPLACE_POLICY, admitted: null }),

    async price() {
      // Every line built from the published menus, then priced per vendor.
      const loaded = await loadPricing(
        database.db,
        restaurant,
        { costs: data.costs, type: 'take-out', checkout: { pickup: { delivery: false } } },
        context.memberCookie,
        locale,
        now,
        userId,
        context.address,
      );
      const built = buildCartLines(data.items, loaded.context);
      if (built.errors.length > 0) throw staleCartError(built.errors, built.items);
      const rejected = loaded.rejected[0];
      if (rejected) throw new AppError(rejected.error, undefined, { items: built.items });
      const vendors = new Map(settings.vendors.map((vendor) => [vendor.id, vendor]));
      // The same split and prices as the cart showed (set-costs.ts priceVendorParts).
      const split = priceVendorParts(restaurant, 'take-out', loaded, built) ?? [];
      const parts: PricedVendorPart[] = split.map((part) => {
        const vendor = part.vendorId === null ? null : (vendors.get(part.vendorId) ?? null);
        return { vendorId: part.vendorId, vendor, snapshot: vendorSnapshot(vendor, settings), items: part.items, costs: part.costs };
      });
      const lookup = menuLookup(loaded.context.menuGroups);
      const scheduling: SchedulingInput = {
        restaurant: schedulingRestaurant(restaurant),
        menus: cartMenuTimings(lookup, built.items),
        config: { takeoutDateRange: data.config.takeoutDateRange ?? null, takeoutSpecificDates: data.config.takeoutSpecificDates ?? null },
        booked: new Map<string, number>(),
      };
      return { items: built.items, parts, total: checkoutTotal(split.map((part) => part.costs)), loaded, lookup, scheduling };
    },

    planInput: (priced, loaded) => ({
      type: 'take-out',
      restaurant: settings,
      tableNum: null,
      checkout,
      cart: {
        items: priced.items,
        subtotal: priced.total.subtotal,
        amountDue: priced.total.amountDue,
        isMeal: mealLookup(priced.loaded.context.menuGroups),
      },
      scheduling: priced.scheduling,
      loaded,
      vendors: vendorPlanParts(priced),
      now,
    }),

    refusal: (error, priced) => vendorRefusal(error, priced.parts, locale),
    commit: (priced, plan) => commitVendors(context, body, priced, plan),
  };
}

function vendorPlanParts(priced: Priced) {
  return priced.parts.map((part) => ({ vendor: marketVendor(part.vendor), menus: cartMenuTimings(priced.lookup, part.items) }));
}

function commitVendors(
  context: CheckoutContext,
  body: CreateMarketplaceOrderRequest,
  priced: Priced,
  plan: OrderPlan,
): ShapeCommit<CreateMarketplaceOrderResponse> {
  const { restaurant, idempotencyKey, hash, locale, now } = context;
  const settings = restaurant.settings;
  const { data } = body;
  const { parts, total, lookup, scheduling } = priced;
  const times = plan.vendorTimes ?? [];
  const checkoutId = randomUUID();
  const drafts: CommitDraft[] = parts.map((part, index) => {
    const time = times[index]!;
    return {
      ...newOrderIdentity(),
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
          // The one payment this order is a part of: its status link opens this order alone, and says
          // what the diner was charged for the whole hub order beside this vendor's part.
          checkoutAmount: plan.payment.amount === 0 ? 0 : total.amountDue,
          orderCount: parts.length,
        },
      },
    };
  });
  const vendorParts = vendorPlanParts(priced);

  return {
    tenders: checkoutTenders(
      parts.map((part) => part.costs),
      total,
      priced.loaded.discountCode,
    ),
    drafts,
    // The marketplace policy's capacity rule ('vendor-slots'): each vendor's slot under its own lock,
    // in the vendors' order; its capacity counts its own orders.
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
    replay: (trx) => replayCheckout(trx, restaurant.id, idempotencyKey, hash, (rows) => vendorAnswer(rows, true)),
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
          statusUrl: statusLink(context, row.id, drafts[index]!.accessToken),
        })),
        total,
        payment,
        lookup,
      }),
    answer: (rows) => vendorAnswer(rows, false),
  };
}

/** Each vendor's order with the vendor as the order keeps it. */
function vendorAnswer(rows: readonly OrderRow[], replayed: boolean): CreateMarketplaceOrderResponse {
  return checkoutAnswer(
    rows,
    replayed,
    (stored) => stored.marketplace?.checkoutId,
    ({ row, stored }) => ({ order: orderView(row), vendor: stored.marketplace!.vendor, access_token: replayedAccessToken(row) }),
  );
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
