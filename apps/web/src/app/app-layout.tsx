import { Suspense, useEffect, type MouseEvent } from 'react';
import { useTranslation } from '../i18n/i18n-context';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ErrorBoundary } from '../components/ui/error-boundary';
import { ErrorFallback } from '../components/ui/error-fallback';
import { LanguageSwitch } from '../components/ui/language-switch';
import { Spinner } from '../components/ui/spinner';
import { rememberRestaurant, restaurantSlugOf } from '../features/account/post-login';
import { SessionBanners } from '../features/account/welcome-banner';
import { loginPathKeepingQuery, onSessionExpired } from '../lib/session';

export const MAIN_CONTENT_ID = 'main-content';

/** The frame of every screen: skip link, header with the language switch, and the main landmark. */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();

  // The restaurant the diner is looking at: a login goes back to it.
  useEffect(() => {
    const slug = restaurantSlugOf(pathname);
    if (slug) rememberRestaurant(slug);
  }, [pathname]);

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
          <LanguageSwitch />
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
