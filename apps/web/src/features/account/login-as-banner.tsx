import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pathTo } from '../../lib/route-paths';
import { useSessionActions } from '../../lib/session';
import { loginAsFrom, rememberLoginAsFrom } from '../../lib/session-storage';
import { useApiClient } from '../../lib/use-api-client';
import { restaurantSlugOf } from './post-login';

/**
 * While an operator acts as a user (login-as), who for whom, and the ways out (issue 31 defect 4):
 * back to the suites the login-as started from, keeping the acting session, or stop acting (its
 * session ends, the operator's stays) and go back there.
 */
export function LoginAsBanner({ text, name }: { text: string; name: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const client = useApiClient();
  const { stopActing } = useSessionActions();
  const slug = restaurantSlugOf(pathname);
  // The suite list the login-as started from (order-for-suite.tsx), else the venue's events.
  const back = loginAsFrom() ?? (slug ? `${pathTo('OperatorEventList', { restaurantSlug: slug })}?suiteOperator=true` : null);
  const stop = async () => {
    await stopActing(client);
    rememberLoginAsFrom(null);
    if (back) void navigate(back);
  };
  return (
    <section className="session-banner session-banner--login-as" aria-label={t('suites.actingRegion')}>
      <p role="status">{text}</p>
      <div className="session-banner__actions">
        <button type="button" className="account-link-button" onClick={() => void stop()}>
          {t('suites.stopActing', { name })}
        </button>
        {back && (
          <Link className="account-link-button" to={back}>
            {t('suites.backToSuites')}
          </Link>
        )}
      </div>
    </section>
  );
}
