import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { displayName, RestaurantFrame } from '../components/restaurant-shell/restaurant-frame';
import { RestaurantMenu } from '../features/menu/menu-screen';
import { SchoolMenu, schoolTitle } from '../features/school/school-menu';

const titleOf = (restaurant: PublicRestaurant) => (restaurant.k12 ? schoolTitle(restaurant) : displayName(restaurant));

/**
 * /{restaurant_slug}: the restaurant's home. A K-12 restaurant shows its school menu by week; any
 * other the menu for the order type its address gives. The choice is made here, in app/, because
 * features never import each other: menu and school each export their screen body.
 */
export function RestaurantHomeScreen() {
  return (
    <RestaurantFrame title={titleOf}>
      {(restaurant) => (restaurant.k12 ? <SchoolMenu restaurant={restaurant} /> : <RestaurantMenu restaurant={restaurant} />)}
    </RestaurantFrame>
  );
}
