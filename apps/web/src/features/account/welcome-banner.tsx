import { useTranslation } from '../../i18n/i18n-context';
import { dismissWelcomeBanner, useOperatorSession, useSession, useSessionBanners } from '../../lib/session';
import { accountName } from './post-login';
import './account.css';

/**
 * The session banners (spec accounts-and-suites.md section 4, Banners): a welcome after a restore, a
 * login or a social login, until dismissed; and, while an operator acts as a user, who for whom.
 */
export function SessionBanners() {
  const { t } = useTranslation();
  const session = useSession();
  const operator = useOperatorSession();
  const { welcome, loginAs } = useSessionBanners();
  if (session.status !== 'authenticated') return null;
  const name = accountName(session.user);
  return (
    <>
      {loginAs && operator.status === 'authenticated' && (
        <div className="session-banner session-banner--login-as" role="status">
          <p>{t('account.banner.loginAs', { operator: accountName(operator.user), name })}</p>
        </div>
      )}
      {welcome && (
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
