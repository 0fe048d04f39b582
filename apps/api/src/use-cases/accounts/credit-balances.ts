/**
 * The user's account credit at every restaurant, as the profile shows it (issue 30, defect 5): a
 * credit is given back at the restaurant of a cancelled order (cancel-scheduled-order.ts) and spent
 * only there, so the profile, which spans restaurants, lists each restaurant's balance on its own.
 */
import type { RestaurantCredits } from '@servery/contracts/accounts';
import { listActiveCreditsEverywhere } from '../../db/accounts-repository';
import type { Executor } from '../../kernel/executor';
import { restaurantZones } from './account-orders';
import { toCredits } from './account-view';

export async function creditBalances(db: Executor, userId: number, now: Date): Promise<RestaurantCredits[]> {
  const grants = await listActiveCreditsEverywhere(db, userId, now);
  const byRestaurant = new Map<number, typeof grants>();
  for (const grant of grants) byRestaurant.set(grant.restaurant_id, [...(byRestaurant.get(grant.restaurant_id) ?? []), grant]);
  const zones = await restaurantZones(db, byRestaurant.keys());
  // The rows come by restaurant name: the map keeps that order.
  return [...byRestaurant].map(([restaurantId, rows]) => ({
    restaurantId,
    restaurantName: rows[0]!.restaurant_name,
    restaurantZone: zones.get(restaurantId)!,
    credits: toCredits(rows),
  }));
}
