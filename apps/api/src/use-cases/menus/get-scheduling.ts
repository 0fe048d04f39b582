/**
 * POST /orders/scheduling: scheduling.ts's restrictions for the menus of a cart,
 * with the open orders already booked per slot, and labels in the diner's language (12-hour in
 * English, 24-hour in French, spec section 9). A marketplace hub's take-out cart is asked of each of
 * its vendors (its own hours, pause, prep time and capacity over its own orders) and only the times
 * every vendor can take are offered (marketplace.ts `hubScheduling`), the vendors that can take
 * nothing named with why: the checkout offers no time that placing would refuse as full or closed.
 * A restaurant that keeps a kitchen queue offers nothing sooner than its banner's wait (decision 0131).
 */
import type { SchedulingRequest, SchedulingResponse } from '@servery/contracts/orders';
import type { Locale } from '@servery/contracts/tenant-file';
import { hubScheduling } from '@servery/domain/marketplace';
import {
  type MenuTimings,
  prepTimeLabel,
  schedulingRestrictions,
  type SchedulingInput,
  type SchedulingRestrictions,
} from '@servery/domain/scheduling';
import type { Db } from '../../db/database';
import { bookedVendorSlots } from '../../db/marketplace-orders-repository';
import { bookedSlots } from '../../db/placed-orders-repository';
import type { Restaurant } from '../../db/restaurants-repository';
import { cartLineContext } from '../cart/cart-context';
import { cartMenuTimings, menuLookup, type MenuLookup } from './menu-lookup';
import { splitsByVendor, vendorDisplayName, vendorFileOf, vendorReason, vendorSchedulingParts } from './market-vendors';
import { queueMinutesFor } from './get-queue-time';
import { schedulingRestaurant } from './scheduling-input';
import { dateTimeFormat } from '../../lib/intl-formats';

export async function getScheduling(
  database: Db,
  restaurant: Restaurant,
  request: SchedulingRequest,
  locale: Locale,
  now: Date,
): Promise<SchedulingResponse> {
  const context = await cartLineContext(database.db, restaurant, request.type, null, now);
  const lookup = menuLookup(context.menuGroups);
  const since = new Date(now.getTime() - 24 * 60 * 60_000);
  const input: Omit<SchedulingInput, 'booked'> = {
    restaurant: schedulingRestaurant(restaurant),
    menus: cartMenuTimings(lookup, request.items),
    config: {
      takeoutDateRange: request.config?.takeoutDateRange ?? null,
      takeoutSpecificDates: request.config?.takeoutSpecificDates ?? null,
    },
  };
  let restrictions: SchedulingRestrictions;
  let vendors: SchedulingResponse['vendors'] = [];
  if (splitsByVendor(restaurant, request.type) && request.items.length > 0) {
    const booked = await bookedVendorSlots(database.db, restaurant.id, since);
    const parts = vendorSchedulingParts(restaurant, context.menuGroups, lookup, request.items).map((part) => ({
      ...part,
      booked: booked.get(part.vendorId) ?? new Map<string, number>(),
    }));
    const hub = hubScheduling(parts, { hub: input.restaurant, config: input.config }, { ...input, booked: new Map() }, now);
    restrictions = hub;
    vendors = hub.blocked.map(({ vendorId, error }) => {
      const vendor = vendorFileOf(restaurant, vendorId);
      return { vendorId, error, message: vendorReason(vendorDisplayName(restaurant, vendor, locale), vendor, error, locale) };
    });
  } else {
    const booked = await bookedSlots(database.db, restaurant.id, since);
    // The menu banner's wait (decision 0131): ASAP and the first slot come no sooner than it.
    const queueMinutes = await queueMinutesFor(database.db, restaurant, now);
    const browsed = request.items.length === 0 ? browsedMenuTimings(lookup, request.menus ?? []) : [];
    restrictions =
      browsed.length === 0
        ? schedulingRestrictions({ ...input, booked, queueMinutes }, now)
        : earliest(browsed.map((menu) => schedulingRestrictions({ ...input, menus: [menu], booked, queueMinutes }, now)));
  }
  const zone = restaurant.settings.zone;
  const time = dateTimeFormat(locale, { timeZone: zone, hour: 'numeric', minute: '2-digit', hour12: locale === 'en-CA' });
  const day = dateTimeFormat(locale, { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' });
  return {
    zone,
    asap: {
      available: restrictions.asap.available,
      readyAt: restrictions.asap.readyAt?.toISOString() ?? null,
      prepTime: restrictions.asap.prepTime,
      prepTimeLabel: prepTimeLabel(restrictions.asap.prepTime, locale),
      reason: restrictions.asap.reason,
    },
    timeslots: restrictions.timeslots,
    interval: restrictions.interval,
    days: restrictions.days.map((entry) => ({
      date: entry.date,
      dateLabel: day.format(new Date(`${entry.date}T12:00:00Z`)),
      slots: entry.slots.map((slot) => ({
        start: slot.start.toISOString(),
        end: slot.end.toISOString(),
        startTime: slot.startTime,
        endTime: slot.endTime,
        label: slot.label,
        localLabel: `${time.format(slot.start)} – ${time.format(slot.end)}`,
        remaining: slot.remaining,
      })),
    })),
    reason: restrictions.reason,
    labels: { asap: { 'en-CA': 'As soon as possible', 'fr-CA': 'Dès que possible' } },
    vendors,
  };
}

/**
 * The browsed menus' timings, each distinct one once: the menu's notice asks what the earliest of
 * them takes, so a caterer whose every menu needs 48 hours does not promise this afternoon.
 */
function browsedMenuTimings(lookup: MenuLookup, ids: readonly number[]): MenuTimings[] {
  const distinct = new Map<string, MenuTimings>();
  for (const menu of cartMenuTimings(
    lookup,
    ids.map((id) => ({ menu_id: id })),
  )) {
    const { required_notice, ordering_interval, max_orders_per_interval, last_call_time, estimated_prep_time } = menu;
    const timing = { required_notice, ordering_interval, max_orders_per_interval, last_call_time, estimated_prep_time };
    distinct.set(JSON.stringify(timing), timing);
  }
  return [...distinct.values()];
}

/** Of several menus' answers, the one that takes an order first: ASAP when one offers it, else the first slot. */
function earliest(answers: SchedulingRestrictions[]): SchedulingRestrictions {
  const firstAt = (answer: SchedulingRestrictions) =>
    answer.asap.available ? Number.NEGATIVE_INFINITY : (answer.days[0]?.slots[0]?.start.getTime() ?? Number.POSITIVE_INFINITY);
  return answers.reduce((best, answer) => (firstAt(answer) < firstAt(best) ? answer : best));
}
