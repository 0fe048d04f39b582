import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/i18n-context';
import { ROUTE_PATHS } from '../../lib/route-paths';
import { loginPathKeepingQuery, logOut } from '../../lib/session';
import { useApiClient } from '../../lib/use-api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { RequireSession } from './require-session';
import './account.css';

export function ProfileSettingsScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.ProfileSettings.title'));
  return <RequireSession>{({ user }) => <ProfileSettings fullName={`${user.firstName} ${user.lastName}`.trim()} />}</RequireSession>;
}

function ProfileSettings({ fullName }: { fullName: string }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [busy, setBusy] = useState(false);

  async function logout() {
    setBusy(true);
    try {
      await logOut(client);
    } catch {
      // A failed logout still clears the local session (logOut did) and goes to /login.
    }
    void navigate(loginPathKeepingQuery(search), { replace: true });
  }

  return (
    <section className="account-screen" aria-labelledby="screen-title">
      <h1 id="screen-title">{t('screens.ProfileSettings.title')}</h1>
      <p>{t('account.profile.signedInAs', { name: fullName })}</p>
      <nav aria-label={t('screens.ProfileSettings.title')}>
        <ul className="account-links">
          <li>
            <Link to={`${ROUTE_PATHS.UserInformation}${search}`}>{t('screens.UserInformation.title')}</Link>
          </li>
          <li>
            <Link to={`${ROUTE_PATHS.PastReceipts}${search}`}>{t('screens.PastReceipts.title')}</Link>
          </li>
        </ul>
      </nav>
      <div className="button-row">
        <button type="button" className="button" disabled={busy} onClick={() => void logout()}>
          {t('account.profile.logout')}
        </button>
      </div>
    </section>
  );
}
