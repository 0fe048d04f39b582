import { useTranslation } from 'react-i18next';
import { useOperatorSession, useSession, useSessionActions, useSessionBanners } from '../../lib/session';
import { LoginAsBanner } from './login-as-banner';
import { accountName } from './post-login';
import './account.css';

/**
 * The session banners (spec accounts-and-suites.md section 4, Banners): a welcome after a restore, a
 * login or a social login, until dismissed; and, while an operator acts as a user, who for whom: the
 * suite's owner, or a guest of the suite by name.
 */
export function SessionBanners() {
  const { t } = useTranslation();
  const session = useSession();
  const operator = useOperatorSession();
  const { welcome, loginAs } = useSessionBanners();
  const { dismissWelcomeBanner } = useSessionActions();
  if (session.status !== 'authenticated') return null;
  const name = accountName(session.user);
  // The server says when the session is a login-as one (and for whom); the query says so on a restore.
  const acting = session.user.loginAs;
  return (
    <>
      {(loginAs || acting) && (operator.status === 'authenticated' || acting) && (
        <LoginAsBanner
          name={acting?.guestName ?? name}
          text={
            acting?.guestName
              ? t('account.banner.loginAsGuest', { operator: acting.operator, guest: acting.guestName })
              : t('account.banner.loginAs', {
                  operator: operator.status === 'authenticated' ? accountName(operator.user) : (acting?.operator ?? ''),
                  name,
                })
          }
        />
      )}
      {welcome && !acting && (
        <div className="session-banner" role="status">
          <p>{t('account.banner.welcome', { name: session.user.firstName.trim() || name })}</p>
          <button type="button" className="account-link-button" onClick={dismissWelcomeBanner}>
            {t('account.banner.dismiss')}
          </button>
        </div>
      )}
    </>
  );
}
