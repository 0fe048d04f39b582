import type { AccountUser } from '@servery/contracts/accounts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { TextField } from '../../components/ui/form-fields';
import { useToasts } from '../../components/ui/toasts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { pathTo, ROUTE_PATHS } from '../../lib/route-paths';
import { isSessionExpired, useAccountClient, useSessionActions, type SessionCredentials } from '../../lib/session';
import { useModalDialog } from '../../lib/use-modal-dialog';
import { restaurantForLogin } from './post-login';
import { deleteAccount, exportAccount } from './privacy-api';
import '../../components/ui/dialog.css';
import './account.css';

/**
 * "Your data" on the profile screen: download everything we keep as a JSON file, or delete the
 * account (docs/decisions/0038-account-export-and-erasure.md).
 */
export function AccountPrivacySection({ user, credentials }: { user: AccountUser; credentials: SessionCredentials }) {
  const { t } = useTranslation();
  const client = useAccountClient();
  const [downloading, setDownloading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const { search } = useLocation();
  const { show } = useToasts();
  // The session ends once this screen has left: ended before, the profile's guard would send the
  // person to the login screen instead of home.
  const signOutOnLeave = useRef(false);
  // Clearing the session also removes the person's cached data (lib/session.ts).
  const { clearSession } = useSessionActions();
  useEffect(
    () => () => {
      if (signOutOnLeave.current) clearSession();
    },
    [clearSession],
  );

  function deleted() {
    signOutOnLeave.current = true;
    show(t('account.privacy.deleted'), 'success');
    const restaurant = restaurantForLogin(search);
    // Home: the restaurant the person came from, else the search for one.
    void navigate(restaurant ? pathTo('Menu', { restaurantSlug: restaurant }) : ROUTE_PATHS.Search, { replace: true });
  }

  async function download() {
    setFailure(null);
    setDownloading(true);
    try {
      const json = await exportAccount(client, credentials);
      const url = URL.createObjectURL(new Blob([json], { type: 'application/json;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `servery-account-${new Date().toISOString().slice(0, 10)}.json`;
      link.click();
      // The click has started the download; the URL is no longer needed.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (error) {
      if (!isSessionExpired(error)) setFailure(errorMessage(t, error));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section className="account-section" aria-labelledby="privacy-title">
      <h2 id="privacy-title">{t('account.privacy.title')}</h2>
      <p>{t('account.privacy.downloadIntro')}</p>
      <div className="button-row">
        <button type="button" className="button" disabled={downloading} onClick={() => void download()}>
          {t('account.privacy.download')}
        </button>
      </div>
      {failure && (
        <p role="alert" className="field-error">
          {failure}
        </p>
      )}
      <p>{t('account.privacy.deleteIntro')}</p>
      <div className="button-row">
        <button ref={deleteButton} type="button" className="button" onClick={() => setConfirming(true)}>
          {t('account.privacy.delete')}
        </button>
      </div>
      {confirming && (
        <DeleteAccountDialog
          user={user}
          credentials={credentials}
          returnFocusTo={deleteButton.current}
          onCancel={() => setConfirming(false)}
          onDeleted={deleted}
        />
      )}
    </section>
  );
}

function DeleteAccountDialog({
  user,
  credentials,
  returnFocusTo,
  onCancel,
  onDeleted,
}: {
  user: AccountUser;
  credentials: SessionCredentials;
  returnFocusTo: HTMLElement | null;
  onCancel: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const client = useAccountClient();
  const { dialogRef, closeRef } = useModalDialog(returnFocusTo);
  const [confirmation, setConfirmation] = useState('');
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (confirmation === '') {
      setFailure(t('account.privacy.confirmationRequired'));
      return;
    }
    setFailure(undefined);
    setBusy(true);
    try {
      // An account from social sign-in has no password: its owner types the e-mail instead.
      const typedEmail = confirmation.trim().toLowerCase() === user.email.toLowerCase();
      await deleteAccount(client, credentials, typedEmail ? { email: confirmation.trim() } : { password: confirmation });
      onDeleted();
    } catch (error) {
      if (!isSessionExpired(error)) setFailure(errorMessage(t, error));
      setBusy(false);
    }
  }

  return (
    <dialog
      ref={dialogRef}
      className="item-dialog account-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-question`}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <form className="account-dialog__body" noValidate onSubmit={(event) => void submit(event)}>
        <h2 id={`${id}-title`}>{t('account.privacy.confirmTitle')}</h2>
        <p id={`${id}-question`}>{t('account.privacy.confirmQuestion')}</p>
        <TextField
          id={`${id}-password`}
          name="current-password"
          type="password"
          autoComplete="current-password"
          label={t('account.privacy.password')}
          hint={t('account.privacy.passwordHint')}
          value={confirmation}
          error={undefined}
          describedBy={failure ? `${id}-failure` : undefined}
          onChange={setConfirmation}
        />
        {failure && (
          <p id={`${id}-failure`} role="alert" className="field-error">
            {failure}
          </p>
        )}
        <div className="button-row">
          <button ref={closeRef} type="button" className="button" onClick={onCancel}>
            {t('account.privacy.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('account.privacy.confirm')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
