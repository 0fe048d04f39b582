import { RestaurantScreen } from './restaurant-screen';

/** /{restaurant_slug}: the restaurant home. Items, filters and the cart come with the menu issue. */
export function MenuScreen() {
  return <RestaurantScreen />;
}
