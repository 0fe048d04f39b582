import { useEffect, useState } from 'react';
import { restaurantForLogin, restaurantSlugOf } from '../features/account/post-login';
import { onSessionCleared, startSession } from '../lib/session';
import { useLocale } from '../lib/use-locale';

/**
 * Restores the session as the app starts, whatever the first screen is (spec accounts-and-suites.md
 * section 4): the first address's query decides user, operator or login-as; its restaurant makes the
 * user's credits and students that restaurant's. A logout or an expired session clears the saved
 * carts (lib/session may not know the restaurant feature, so the app connects the two). The core
 * (and its cart storage chunk) is fetched only then: the shell's first load does not carry it.
 */
export function SessionStart() {
  const { locale } = useLocale();
  const [initialLocale] = useState(locale);
  useEffect(
    () =>
      onSessionCleared(
        () =>
          void import('../ordering').then(
            (ordering) => ordering.forgetSavedCarts(),
            () => undefined,
          ),
      ),
    [],
  );
  useEffect(() => {
    const { pathname, search } = window.location;
    void startSession({ locale: initialLocale, search, restaurant: restaurantSlugOf(pathname) ?? restaurantForLogin(search) });
    // Only the first address decides; a later change of language does not restore again.
  }, [initialLocale]);
  return null;
}
