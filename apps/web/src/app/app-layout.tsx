import { Suspense, useEffect, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ErrorBoundary } from '../components/ui/error-boundary';
import { ErrorFallback } from '../components/ui/error-fallback';
import { LanguageSwitch } from '../components/ui/language-switch';
import { Spinner } from '../components/ui/spinner';
import { RestaurantHeader } from '../components/restaurant-shell/restaurant-header';
import { rememberMenuSearch } from '../components/restaurant-shell/menu-address';
import { rememberRestaurant, restaurantSlugOf } from '../features/account/post-login';
import { useSavedCartCount } from '../lib/cart-count';
import { SessionBanners } from '../features/account/welcome-banner';
import { loginPathKeepingQuery, onSessionExpired, safeRedirect } from '../lib/session';
import { useRootContainerId } from './root-container';

/**
 * The restaurant a screen belongs to: its path's (`/maple-bistro/...`), else, on the login and the
 * profile, the one it was opened from (`?restaurant=` or the slug of `?redirect=`).
 */
export function headerRestaurantSlug(pathname: string, search: string): string | null {
  const own = restaurantSlugOf(pathname);
  if (own) return own;
  const query = new URLSearchParams(search);
  const named = query.get('restaurant')?.trim() ?? '';
  if (named !== '' && restaurantSlugOf(`/${named}`)) return named;
  const redirect = safeRedirect(query.get('redirect'));
  return redirect ? restaurantSlugOf(redirect.split('?')[0] ?? '') : null;
}

export const MAIN_CONTENT_ID = 'main-content';

/**
 * The frame of every screen: skip link, header (the restaurant's, with its cart and sign-in, on its
 * screens; else the language switch alone), and the main landmark.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();

  const slug = headerRestaurantSlug(pathname, search);
  const cartCount = useSavedCartCount(slug);
  useRootContainerId();

  // The restaurant the diner is looking at: a login goes back to it, and the header to its menu as it was.
  useEffect(() => {
    const own = restaurantSlugOf(pathname);
    if (own) rememberRestaurant(own);
    if (own && pathname === `/${own}`) rememberMenuSearch(own, search);
  }, [pathname, search]);

  // Code 201 on any call: the session is gone (lib/session cleared it); /login, keeping the query.
  useEffect(() => onSessionExpired(() => void navigate(loginPathKeepingQuery(search), { replace: true })), [navigate, search]);

  // Focus the main landmark directly: following the #fragment would add a history entry.
  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
  };

  return (
    <>
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skipToMain}>
        {t('app.skipToContent')}
      </a>
      <header className="app-header">
        <div className="app-header__inner">
          {slug ? (
            // A boundary of its own: React hydrates it after the page's frame, or first when touched (decision 0053).
            <Suspense fallback={null}>
              <RestaurantHeader slug={slug} cartCount={cartCount} />
            </Suspense>
          ) : (
            <LanguageSwitch />
          )}
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} className="app-main" tabIndex={-1}>
        <SessionBanners />
        <ErrorBoundary resetKey={pathname} fallback={(props) => <ErrorFallback {...props} />}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
    </>
  );
}
