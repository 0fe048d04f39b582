import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { displayName } from '../../components/restaurant-shell/restaurant-frame';

/** The page's name for a school: its k12TitleDisplay ("Hot lunch"), else the restaurant's name. */
export function schoolTitle(restaurant: PublicRestaurant): string {
  return restaurant.k12TitleDisplay?.trim() || displayName(restaurant);
}
