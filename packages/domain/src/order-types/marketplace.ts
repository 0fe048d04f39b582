/**
 * A marketplace hub's checkout (spec ordering.md section 7; ../marketplace.ts): the hub's one cart
 * becomes one order per vendor, paid once, picked up at each vendor's counter (a hub does not
 * deliver), ordered ahead like takeout and stored as takeout. Its own "when" plans each vendor on its
 * own (`vendorWhen`: its prep time, slot, hours and pause); every refusing vendor is named. Only a
 * hub takes it.
 *
 * `hubOrderVendor`: an order placed one at a time at a hub (POST /orders: a table's drinks from the
 * bar) is that vendor's when all its lines are one vendor's; several vendors' lines take this checkout.
 */
import { type VendorSchedulingPart, type VendorTime, vendorWhen } from '../marketplace';
import type { Draft, PlanError, PlanInput } from '../plan-order';
import { admitUnlessPaused, pausedByEveryPause } from './admission';
import { requestedSlot } from './plan-helpers';
import { type AdmitRestaurant, ONE_ORDER_PAID_NOW, type OrderTypePolicy } from './policy';

export interface MarketplacePolicy extends OrderTypePolicy {
  readonly perVendor: true;
}

/**
 * Every vendor's own time; every vendor that refuses is named in the details (`vendors.<id>`), the
 * first one's refusal is the error. The checkout's own pickup time is the last vendor's.
 */
export function planVendorTimes(input: PlanInput, draft: Draft): PlanError | null {
  const { pickup } = input.checkout;
  draft.scheduled = pickup.scheduled;
  draft.pickupTime = null;
  draft.slotStart = null;
  let slotStart: Date | null = null;
  if (pickup.scheduled) {
    const slot = requestedSlot(pickup.dueByDate ?? null, pickup.dueByTime ?? null, input.restaurant.zone);
    if (!slot.ok) return slot.error;
    slotStart = slot.start;
  }
  const planned = vendorWhen(
    input.vendors ?? [],
    { hub: input.scheduling.restaurant, config: input.scheduling.config, slotStart },
    input.now,
  );
  if (!planned.ok) {
    return {
      error: planned.refusals[0]!.error,
      details: planned.refusals.map((refusal) => ({ path: `vendors.${refusal.vendorId ?? 'hub'}`, message: refusal.error })),
    };
  }
  draft.vendorTimes = planned.times;
  draft.pickupTime = planned.times.reduce<Date | null>(
    (latest, time) => (latest === null || time.pickupTime > latest ? time.pickupTime : latest),
    null,
  );
  return null;
}

/** Only a hub takes it; then, like takeout, only a pause of every order stops it. */
export function admitAtHub(restaurant: AdmitRestaurant): PlanError | null {
  if (!restaurant.marketplaceHub) return { error: 'NOT_A_MARKETPLACE' };
  return admitUnlessPaused(restaurant);
}

/** The vendor of a hub's single order (null: the hub's own items), or the refusal to place it alone. */
export function hubOrderVendor(
  vendorIds: ReadonlySet<number | null>,
): { ok: true; vendorId: number | null } | { ok: false; error: 'MARKETPLACE_CHECKOUT_REQUIRED' } {
  if (vendorIds.size > 1) return { ok: false, error: 'MARKETPLACE_CHECKOUT_REQUIRED' };
  const [vendorId = null] = vendorIds;
  return { ok: true, vendorId };
}

export const MARKETPLACE_POLICY: MarketplacePolicy = {
  ...ONE_ORDER_PAID_NOW,
  name: 'marketplace',
  storedAs: 'take-out',
  placedAhead: false,
  ordersAhead: true,
  allowsDelivery: false,
  allowsTab: false,
  schedule: 'time',
  perVendor: true,
  paused: pausedByEveryPause,
  admit: admitAtHub,
  split: 'per-vendor',
  steps: { when: planVendorTimes },
  capacity: 'vendor-slots',
  answer: 'marketplace-checkout',
};

/** A vendor's part of the hub's cart as the plan reads it (plan-order.ts `PlanInput.vendors`). */
export type VendorPlanPart = VendorSchedulingPart;
/** A vendor's planned pickup time and slot (plan-order.ts `OrderPlan.vendorTimes`). */
export type PlannedVendorTime = VendorTime;
