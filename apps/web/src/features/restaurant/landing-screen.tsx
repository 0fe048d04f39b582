import { RestaurantScreen } from './restaurant-screen';

/** /{restaurant_slug}/landing: pre-order, sign-in and table number come in later issues. */
export function LandingScreen() {
  return <RestaurantScreen />;
}
