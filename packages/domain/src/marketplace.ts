/**
 * A marketplace hub (spec ordering.md section 7, POST /orders/create-marketplace-order): one
 * restaurant whose menu groups belong to vendors (`vendor_id`), one cart and one payment, one order
 * per vendor. Pure rules:
 *
 * - `splitByVendor(lines, vendorOf, vendorOrder)`: the cart's lines grouped by the vendor of their
 *   item, vendors in the hub's order, lines in cart order. Lines of a menu group without a vendor
 *   are the hub's own (vendor null) and come last.
 * - `vendorWhen(parts, when, now)`: each vendor's pickup time and slot, from its own menus (its
 *   prep time, its slot interval and capacity) and its own opening (its hours, else the hub's; its
 *   pause). A vendor that is paused or closed refuses its own part only: every refusing vendor is
 *   named, so the diner can take exactly those items out and order from the others.
 * - `combineCosts(parts)`: the cart's costs as the sum of its vendors' orders, so the cart shows
 *   exactly what the one payment will charge (each order rounds its own taxes and tip).
 *
 * Readings where the spec is silent (docs/decisions/0031-marketplace-orders.md):
 * 1. A paused vendor refuses VENDOR_PAUSED whatever the time asked; a vendor with no opening for an
 *    ASAP order, or whose slot is not one of its own, refuses VENDOR_CLOSED; a vendor's full slot is
 *    TIMESLOT_FULL (the diner picks another time for every vendor).
 * 2. A scheduled order asks one time for every vendor; ASAP gives each vendor its own ready time.
 */
import type { HolidayHours, HoursRange } from './opening-hours';
import type { Costs } from './pricing';
import { asapOption, checkSlot, type MenuTimings, type SchedulingInput, type SchedulingRestaurant } from './scheduling';

export interface MarketVendor {
  id: number;
  /** Orders paused at this vendor's counter (the rest of the hub still takes orders). */
  orders_paused: boolean;
  /** The vendor's own hours; null keeps the hub's. */
  hours: readonly HoursRange[] | null;
  holiday_hours?: readonly HolidayHours[] | null;
}

export interface VendorPart<T> {
  vendorId: number | null;
  lines: T[];
}

export function splitByVendor<T>(
  lines: readonly T[],
  vendorOf: (line: T) => number | null,
  vendorOrder: readonly number[],
): Array<VendorPart<T>> {
  const parts = new Map<number | null, T[]>();
  for (const line of lines) {
    const vendorId = vendorOf(line);
    const part = parts.get(vendorId);
    if (part) part.push(line);
    else parts.set(vendorId, [line]);
  }
  const rank = (vendorId: number | null) => {
    if (vendorId === null) return Number.MAX_SAFE_INTEGER;
    const index = vendorOrder.indexOf(vendorId);
    return index === -1 ? vendorOrder.length : index;
  };
  return [...parts.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || (a ?? 0) - (b ?? 0))
    .map(([vendorId, part]) => ({ vendorId, lines: part }));
}

export interface VendorSchedulingPart {
  /** null: the hub's own items, under the hub's hours and pause. */
  vendor: MarketVendor | null;
  /** The menus of this vendor's lines in the cart. */
  menus: readonly MenuTimings[];
}

export interface VendorWhenRequest {
  hub: SchedulingRestaurant;
  config: SchedulingInput['config'];
  /** The slot asked for every vendor; null for ASAP. */
  slotStart: Date | null;
}

export type VendorRefusalError = 'VENDOR_PAUSED' | 'VENDOR_CLOSED' | 'TIMESLOT_FULL';

export interface VendorRefusal {
  vendorId: number | null;
  error: VendorRefusalError;
}

export interface VendorTime {
  vendorId: number | null;
  pickupTime: Date;
  /** The slot to lock and count for this vendor; null for ASAP. */
  slotStart: Date | null;
}

export type VendorWhenResult = { ok: true; times: VendorTime[] } | { ok: false; refusals: VendorRefusal[] };

/** The scheduling input of one vendor: its menus under its own hours and pause, the hub's zone and dates. */
export function vendorScheduling(part: VendorSchedulingPart, request: Omit<VendorWhenRequest, 'slotStart'>): SchedulingInput {
  const vendor = part.vendor;
  return {
    restaurant: {
      ...request.hub,
      hours: vendor?.hours ?? request.hub.hours,
      holiday_hours: vendor?.holiday_hours ?? request.hub.holiday_hours,
      orders_paused: request.hub.orders_paused || (vendor?.orders_paused ?? false),
    },
    menus: part.menus,
    config: request.config,
    // The capacity is counted again under the vendor's slot lock when the orders are committed.
    booked: new Map(),
  };
}

export function vendorWhen(parts: readonly VendorSchedulingPart[], request: VendorWhenRequest, now: Date): VendorWhenResult {
  const times: VendorTime[] = [];
  const refusals: VendorRefusal[] = [];
  for (const part of parts) {
    const vendorId = part.vendor?.id ?? null;
    if (part.vendor?.orders_paused) {
      refusals.push({ vendorId, error: 'VENDOR_PAUSED' });
      continue;
    }
    const input = vendorScheduling(part, request);
    if (request.slotStart) {
      const check = checkSlot(request.slotStart, input, now);
      if (check.ok) times.push({ vendorId, pickupTime: request.slotStart, slotStart: request.slotStart });
      else refusals.push({ vendorId, error: check.error === 'TIMESLOT_FULL' ? 'TIMESLOT_FULL' : 'VENDOR_CLOSED' });
      continue;
    }
    const asap = asapOption(input, now);
    if (asap.available && asap.readyAt) times.push({ vendorId, pickupTime: asap.readyAt, slotStart: null });
    else refusals.push({ vendorId, error: asap.reason === 'ORDERS_PAUSED' ? 'VENDOR_PAUSED' : 'VENDOR_CLOSED' });
  }
  return refusals.length > 0 ? { ok: false, refusals } : { ok: true, times };
}

/**
 * The costs of a hub's whole cart as the sum of its vendors' orders (each priced on its own, its
 * taxes and tip rounded per order): what the cart shows is what the one payment charges. Amounts are
 * added; tax brackets are added by key; lines are listed in the vendors' order; choices (tip rate,
 * codes, the gift card's and credits' balances before this cart) are the first vendor's that has one.
 * At least one part.
 */
export function combineCosts(parts: readonly [Costs, ...Costs[]]): Costs {
  const first = parts[0];
  const add = (pick: (costs: Costs) => number) => parts.reduce((sum, costs) => sum + pick(costs), 0);
  const brackets = new Map<string, Costs['taxBrackets'][number]>();
  for (const costs of parts)
    for (const bracket of costs.taxBrackets) {
      const seen = brackets.get(bracket.key);
      brackets.set(bracket.key, seen ? { ...seen, amount: seen.amount + bracket.amount } : { ...bracket });
    }
  const withCode = <K extends 'discount' | 'voucher'>(key: K) => parts.find((costs) => costs[key].code !== null)?.[key] ?? first[key];
  const discount = withCode('discount');
  const voucher = withCode('voucher');
  return {
    subtotal: add((costs) => costs.subtotal),
    subtotalDiscounted: add((costs) => costs.subtotalDiscounted),
    taxBrackets: [...brackets.values()],
    taxes: add((costs) => costs.taxes),
    taxInfo: first.taxInfo,
    tip: { ...first.tip, amount: add((costs) => costs.tip.amount) },
    serviceCharge: { ...first.serviceCharge, amount: add((costs) => costs.serviceCharge.amount) },
    deliveryCharge: { ...first.deliveryCharge, amount: add((costs) => costs.deliveryCharge.amount) },
    voucher: { ...voucher, amount: add((costs) => costs.voucher.amount) },
    discount: { ...discount, amount: add((costs) => costs.discount.amount) },
    credits: { ...first.credits, amount: add((costs) => costs.credits.amount) },
    memberDiscount: { ...first.memberDiscount, amount: add((costs) => costs.memberDiscount.amount) },
    subsidyDiscount: {
      ...first.subsidyDiscount,
      amount: add((costs) => costs.subsidyDiscount.amount),
      baseSubsidizedAmount: add((costs) => costs.subsidyDiscount.baseSubsidizedAmount),
    },
    total: add((costs) => costs.total),
    totalWithoutTaxes: add((costs) => costs.totalWithoutTaxes),
    totalWithTip: add((costs) => costs.totalWithTip),
    amountDue: add((costs) => costs.amountDue),
    paymentNotRequired: parts.every((costs) => costs.paymentNotRequired),
    lines: parts.flatMap((costs) => costs.lines),
  };
}
