import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { mealsOn } from '@servery/domain/school-cart';
import { useCallback } from 'react';
import { useDayCarts } from '../../ordering/verticals';
import { useSchoolCheckoutParts } from './school-checkout-sections';
import { useSchoolGuestParts, useSchoolOrdering, useSchoolPricing } from './school-ordering';
import { useMealAdding } from './use-meal-adding';
import { useSchoolStudents } from './use-school-students';
import type { SchoolWeekData } from './use-school-week-data';

/**
 * The school plugged into the ordering core's day carts (school-ordering.tsx): its pricing, the cart
 * by day and child, the parent's students and the child new meals are for, its parts of checkout,
 * and adding a meal within the meals per child and school day (the server's booked ones counted).
 */
export function useSchoolWeekOrdering(
  restaurant: PublicRestaurant,
  {
    session,
    credentials,
    days,
    entries,
    lineAllergens,
  }: Pick<SchoolWeekData, 'session' | 'credentials' | 'days' | 'entries' | 'lineAllergens'>,
) {
  const pricing = useSchoolPricing(restaurant, entries);
  // Where the school wants an account, a visitor reads the week and signs in to order.
  const signInFirst = restaurant.k12RequiresLogin !== false && session.status !== 'authenticated';
  const cart = useDayCarts({ restaurant, plugin: pricing, enabled: !signInFirst });
  const students = useSchoolStudents({ restaurant, credentials, cart });
  const plugin = useSchoolOrdering(pricing, entries, students.list);
  const guestParts = useSchoolGuestParts(restaurant);
  const checkout = useSchoolCheckoutParts({
    restaurant,
    cart,
    plugin,
    students: students.list,
    lineAllergens,
    onAddStudent: students.openDialog,
  });
  const { chosen } = students;
  // The chosen child's meals on a day: those already in open orders (the server's count) and the cart's.
  const booked = days.data?.booked;
  const mealsFor = useCallback(
    (date: string) => {
      const placed = booked?.find((entry) => entry.date === date && entry.studentId === chosen?.id)?.meals ?? 0;
      return placed + mealsOn(cart.orders, { date, studentId: chosen?.id ?? null }, plugin.isMeal);
    },
    [booked, chosen, cart.orders, plugin.isMeal],
  );
  const adding = useMealAdding({ restaurant, cart, chosen, signedIn: credentials !== null, mealsFor });
  return { signInFirst, cart, students, plugin, guestParts, checkout, mealsFor, adding };
}
