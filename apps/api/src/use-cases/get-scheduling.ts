/**
 * POST /orders/scheduling: scheduling.ts's restrictions for the menus of a cart,
 * with the open orders already booked per slot, and labels in the diner's language (12-hour in
 * English, 24-hour in French, spec section 9).
 */
import type { SchedulingRequest, SchedulingResponse } from '@servery/contracts/orders';
import type { Locale } from '@servery/contracts/tenant-file';
import { schedulingRestrictions, type PrepTime } from '@servery/domain/scheduling';
import type { Db } from '../db/database';
import { bookedSlots } from '../db/placed-orders-repository';
import type { Restaurant } from '../db/restaurants-repository';
import { cartLineContext } from './cart-context';
import { cartMenuTimings, menuLookup } from './menu-lookup';
import { schedulingRestaurant } from './scheduling-input';

export async function getScheduling(
  database: Db,
  restaurant: Restaurant,
  request: SchedulingRequest,
  locale: Locale,
  now: Date,
): Promise<SchedulingResponse> {
  const context = await cartLineContext(database.db, restaurant, request.type, null, now);
  const lookup = menuLookup(context.menuGroups);
  const booked = await bookedSlots(database.db, restaurant.id, new Date(now.getTime() - 24 * 60 * 60_000));
  const restrictions = schedulingRestrictions(
    {
      restaurant: schedulingRestaurant(restaurant),
      menus: cartMenuTimings(lookup, request.items),
      config: {
        takeoutDateRange: request.config?.takeoutDateRange ?? null,
        takeoutSpecificDates: request.config?.takeoutSpecificDates ?? null,
      },
      booked,
    },
    now,
  );
  const zone = restaurant.settings.zone;
  const time = new Intl.DateTimeFormat(locale, { timeZone: zone, hour: 'numeric', minute: '2-digit', hour12: locale === 'en-CA' });
  const day = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' });
  return {
    zone,
    asap: {
      available: restrictions.asap.available,
      readyAt: restrictions.asap.readyAt?.toISOString() ?? null,
      prepTime: restrictions.asap.prepTime,
      prepTimeLabel: prepTimeLabel(restrictions.asap.prepTime),
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
  };
}

function prepTimeLabel({ hours, minutes }: PrepTime): string {
  return hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min`;
}
