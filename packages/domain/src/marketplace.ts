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
 * - `hubScheduling(parts, request, now)`: the times a hub's cart may be picked up, offered only where
 *   every vendor in it can take them: ASAP when each vendor can (ready when the slowest is), a slot
 *   when it is one of each vendor's own slots (its hours, lead time and interval) with room left in
 *   each vendor's own capacity. A vendor that can take nothing at all (paused, closed for the whole
 *   window, fully booked) is named in `blocked` and left out of the times, so the diner sees why and
 *   can take its items out; its lines are still refused if the cart is placed with them.
 * - `vendorState(vendor, hub, now)`: what the menu says of a vendor's counter and whether its items
 *   can go in the cart: paused (with its message), ASAP paused, closed with its next opening, or open.
 * - `combineCosts(parts)`: the cart's costs as the sum of its vendors' orders, so the cart shows
 *   exactly what the one payment will charge (each order rounds its own taxes and tip).
 * - `withVendorSplit(combined, parts, whole)`: those costs with each vendor's share and the sums that
 *   its rounding per vendor moved from `whole` (the cart priced as one order), for the screens to say so.
 *
 * Readings where the spec is silent (docs/decisions/0031-marketplace-orders.md):
 * 1. A paused vendor refuses VENDOR_PAUSED whatever the time asked; a vendor with no opening for an
 *    ASAP order, or whose slot is not one of its own, refuses VENDOR_CLOSED; a vendor's full slot is
 *    TIMESLOT_FULL (the diner picks another time for every vendor).
 * 2. A scheduled order asks one time for every vendor; ASAP gives each vendor its own ready time.
 */
import { openState, type HolidayHours, type HoursRange } from './opening-hours';
import type { Costs, VendorShare, VendorSplit } from './pricing';
import {
  asapOption,
  checkSlot,
  schedulingRestrictions,
  type AsapOption,
  type BookedCounts,
  type MenuTimings,
  type SchedulingDay,
  type SchedulingInput,
  type SchedulingRestaurant,
  type SchedulingRestrictions,
  type SchedulingUnavailableReason,
  type TimeSlot,
} from './scheduling';

export interface MarketVendor {
  id: number;
  /** Orders paused at this vendor's counter (the rest of the hub still takes orders). */
  orders_paused: boolean;
  /** Only its ASAP orders are paused: its scheduled times are still taken. */
  asap_paused?: boolean;
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

/**
 * The menu groups of one counter: a vendor's own (its staff see and switch only these), or every
 * group for the hub's own staff (`vendorId` null).
 */
export function ownMenuGroups<G extends { vendor_id?: number | undefined }>(groups: readonly G[], vendorId: number | null): G[] {
  return vendorId === null ? [...groups] : groups.filter((group) => group.vendor_id === vendorId);
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
      asap_paused: (request.hub.asap_paused ?? false) || (vendor?.asap_paused ?? false),
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

export interface HubSchedulingPart extends VendorSchedulingPart {
  /** This vendor's open orders per slot (its capacity counts its own orders only). */
  booked: BookedCounts;
}

export interface VendorBlock {
  vendorId: number | null;
  error: VendorRefusalError;
}

export interface HubScheduling extends SchedulingRestrictions {
  /** Vendors of the cart that can take nothing in the ordering window, in the cart's vendor order. */
  blocked: VendorBlock[];
}

const BLOCK_OF: Record<SchedulingUnavailableReason, VendorRefusalError> = {
  ORDERS_PAUSED: 'VENDOR_PAUSED',
  FULLY_BOOKED: 'TIMESLOT_FULL',
  CLOSED: 'VENDOR_CLOSED',
  OUTSIDE_ORDERING_DATES: 'VENDOR_CLOSED',
};

/**
 * The pickup times of a hub's cart, through the same scheduling rules as any cart
 * (scheduling.ts `schedulingRestrictions`), once per vendor under its own hours, pause, menus and
 * bookings (`vendorScheduling`), then intersected. Readings:
 * 1. No vendor part (an empty cart): the hub's own restrictions, its hours and its menus.
 * 2. A vendor whose restrictions have a reason (nothing at all can be ordered from it) is blocked
 *    and left out; the others' times are intersected. Every vendor blocked: no time, the first
 *    vendor's reason.
 * 3. ASAP is offered when every vendor left offers it; it is ready when the slowest is, with the
 *    longest lead; else the first refusing vendor's reason.
 * 4. A slot is offered when its start is a slot start of every vendor left; it ends at the earliest
 *    of their ends, and has the least room left of theirs (null only when none is limited).
 */
export function hubScheduling(
  parts: readonly HubSchedulingPart[],
  request: Omit<VendorWhenRequest, 'slotStart'>,
  hubInput: SchedulingInput,
  now: Date,
): HubScheduling {
  if (parts.length === 0 || request.hub.orders_paused) return { ...schedulingRestrictions(hubInput, now), blocked: [] };
  const each = parts.map((part) => ({
    vendorId: part.vendor?.id ?? null,
    restrictions: schedulingRestrictions({ ...vendorScheduling(part, request), booked: part.booked }, now),
  }));
  const blocked = each.flatMap(({ vendorId, restrictions }) =>
    restrictions.reason === null ? [] : [{ vendorId, error: BLOCK_OF[restrictions.reason] }],
  );
  const open = each.filter(({ restrictions }) => restrictions.reason === null).map(({ restrictions }) => restrictions);
  const first = open[0];
  if (!first) {
    const only = each[0]!.restrictions;
    return { ...only, asap: { ...only.asap, available: false, readyAt: null }, timeslots: false, days: [], blocked };
  }
  return {
    zone: first.zone,
    asap: combinedAsap(open.map((restrictions) => restrictions.asap)),
    timeslots: open.every((restrictions) => restrictions.timeslots),
    interval: Math.max(...open.map((restrictions) => restrictions.interval)),
    days: commonDays(open.map((restrictions) => restrictions.days)),
    reason: null,
    blocked,
  };
}

function combinedAsap(options: readonly AsapOption[]): AsapOption {
  const slowest = options.reduce((a, b) =>
    b.prepTime.hours * 60 + b.prepTime.minutes > a.prepTime.hours * 60 + a.prepTime.minutes ? b : a,
  );
  const refusing = options.find((option) => !option.available);
  if (refusing) return { available: false, readyAt: null, prepTime: slowest.prepTime, reason: refusing.reason };
  const readyAt = Math.max(...options.map((option) => option.readyAt?.getTime() ?? 0));
  return { available: true, readyAt: new Date(readyAt), prepTime: slowest.prepTime, reason: null };
}

function commonDays(perVendor: ReadonlyArray<readonly SchedulingDay[]>): SchedulingDay[] {
  const [first, ...others] = perVendor;
  if (!first) return [];
  const slotsOf = others.map((days) => new Map(days.flatMap((day) => day.slots.map((slot) => [slot.start.getTime(), slot] as const))));
  const days: SchedulingDay[] = [];
  for (const day of first) {
    const slots = day.slots.flatMap((slot) => {
      const same = slotsOf.map((slots) => slots.get(slot.start.getTime()));
      if (same.some((other) => other === undefined)) return [];
      return [narrowest([slot, ...(same as TimeSlot[])])];
    });
    if (slots.length > 0) days.push({ date: day.date, slots });
  }
  return days;
}

/** One slot start across vendors: the earliest end, the least room left. */
function narrowest(slots: readonly [TimeSlot, ...TimeSlot[]]): TimeSlot {
  const earliest = slots.reduce((a, b) => (b.end < a.end ? b : a));
  const limited = slots.flatMap((slot) => (slot.remaining === null ? [] : [slot.remaining]));
  return { ...earliest, remaining: limited.length > 0 ? Math.min(...limited) : null };
}

export type VendorState =
  | { kind: 'open' }
  /** Only ASAP is paused: its items are taken for a later time. */
  | { kind: 'asap-paused' }
  | { kind: 'paused' }
  /** nextOpening null: no opening in the next 14 days (opening-hours.ts LOOK_AHEAD_DAYS). */
  | { kind: 'closed'; nextOpening: Date | null };

export interface VendorCounter {
  /** The vendor's pause, ASAP pause and hours (null: the hub's). */
  vendor: Pick<MarketVendor, 'orders_paused' | 'asap_paused' | 'hours'>;
  hub: { zone: string; hours: readonly HoursRange[]; holiday_hours: readonly HolidayHours[] };
  /** The hub takes orders for a later time (its order type orders ahead and offers slots). */
  ordersAhead: boolean;
}

/**
 * A vendor's counter as the menu shows it, and whether its items may go in the cart (`takes`): a
 * paused vendor takes nothing whatever the time (as `vendorWhen` refuses it); a closed one takes
 * items for its next opening where the hub orders ahead and it opens within the look-ahead, as the
 * hub's own closing only stops ASAP (docs/decisions/0027-ordering-ahead.md); else it takes nothing.
 */
export function vendorState({ vendor, hub, ordersAhead }: VendorCounter, now: Date): { state: VendorState; takes: boolean } {
  if (vendor.orders_paused) return { state: { kind: 'paused' }, takes: false };
  const open = openState(vendor.hours ?? hub.hours, hub.holiday_hours, now, hub.zone);
  if (!open.open) return { state: { kind: 'closed', nextOpening: open.nextOpening }, takes: ordersAhead && open.nextOpening !== null };
  if (vendor.asap_paused) return { state: { kind: 'asap-paused' }, takes: ordersAhead };
  return { state: { kind: 'open' }, takes: true };
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

/** One vendor's costs as its share of the hub's cart. */
function vendorShare(vendorId: number | null, costs: Costs): VendorShare {
  return {
    vendorId,
    subtotalDiscounted: costs.subtotalDiscounted,
    charges: costs.serviceCharge.amount + costs.deliveryCharge.amount,
    taxBrackets: costs.taxBrackets.filter((bracket) => bracket.amount !== 0).map(({ key, amount }) => ({ key, amount })),
    memberDiscountAfterTax: costs.memberDiscount.preTax ? 0 : costs.memberDiscount.amount,
    tip: costs.tip.amount,
    totalWithTip: costs.totalWithTip,
  };
}

/**
 * The combined costs of a hub's cart with its split (`vendorSplit`): each vendor's share, and every
 * sum of the combined costs (a tax bracket, the tip, the promo code, the service charge) that differs
 * from `whole`, the same cart priced as one order. The amounts charged stay the vendors' own: pricing
 * rounds each order (pricing.md), and this only says where that moved a figure. Carts of one vendor
 * have no split.
 */
export function withVendorSplit(combined: Costs, parts: ReadonlyArray<{ vendorId: number | null; costs: Costs }>, whole: Costs): Costs {
  if (parts.length < 2) return combined;
  const rounding: VendorSplit['rounding'] = [];
  for (const bracket of combined.taxBrackets) {
    const once = whole.taxBrackets.find((entry) => entry.key === bracket.key)?.amount ?? 0;
    if (once !== bracket.amount) rounding.push({ key: bracket.key, whole: once, split: bracket.amount });
  }
  for (const [key, split, once] of [
    ['tip', combined.tip.amount, whole.tip.amount],
    ['discount', combined.discount.amount, whole.discount.amount],
    ['serviceCharge', combined.serviceCharge.amount, whole.serviceCharge.amount],
  ] as const) {
    if (split !== once) rounding.push({ key, whole: once, split });
  }
  return { ...combined, vendorSplit: { vendors: parts.map((part) => vendorShare(part.vendorId, part.costs)), rounding } };
}
