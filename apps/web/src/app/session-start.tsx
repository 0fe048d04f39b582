import { useEffect, useState } from 'react';
import { restaurantForLogin, restaurantSlugOf } from '../features/account/post-login';
import { onSessionCleared, startSession } from '../lib/session';
import { useLocale } from '../lib/use-locale';

/**
 * Restores the session as the app starts, whatever the first screen is (spec accounts-and-suites.md
 * section 4): the first address's query decides user, operator or login-as; its restaurant makes the
 * user's credits and students that restaurant's. A logout or an expired session clears the saved
 * carts (lib/session may not know the restaurant feature, so the app connects the two). Cart storage
 * is its own chunk (it checks saved lines with the domain's cart rules): it is fetched only then.
 */
const forgetSavedCarts = () =>
  import('../features/cart/cart-storage').then(
    ({ browserStorage, forgetAllCarts }) => forgetAllCarts(browserStorage()),
    () => undefined,
  );

export function SessionStart() {
  const { locale } = useLocale();
  const [initialLocale] = useState(locale);
  useEffect(() => onSessionCleared(() => void forgetSavedCarts()), []);
  useEffect(() => {
    const { pathname, search } = window.location;
    void startSession({ locale: initialLocale, search, restaurant: restaurantSlugOf(pathname) ?? restaurantForLogin(search) });
    // Only the first address decides; a later change of language does not restore again.
  }, [initialLocale]);
  return null;
}
