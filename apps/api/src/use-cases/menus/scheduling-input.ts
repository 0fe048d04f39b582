/** The restaurant's part of scheduling.ts's input, from its settings. */
import type { SchedulingRestaurant } from '@servery/domain/scheduling';
import type { Restaurant } from '../../db/restaurants-repository';

export function schedulingRestaurant(restaurant: Restaurant): SchedulingRestaurant {
  const settings = restaurant.settings;
  return {
    zone: settings.zone,
    hours: settings.hours,
    holiday_hours: settings.holiday_hours,
    maxAdvancedOrderDays: settings.maxAdvancedOrderDays,
    noTakeoutTimeslot: settings.noTakeoutTimeslot,
    orders_paused: settings.orders_paused,
    asap_paused: settings.asap_paused,
  };
}
