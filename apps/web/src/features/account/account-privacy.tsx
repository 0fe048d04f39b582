import type { AccountUser } from '@servery/contracts/accounts';
import { DeleteAccountForm } from '@servery/contracts/forms';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Form, FormFailure, FormTextField, SubmitButton } from '../../components/ui/form/form';
import { SERVER_ERROR } from '../../components/ui/form/field-problem';
import { useZodForm } from '../../components/ui/form/use-zod-form';
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
  const form = useZodForm(DeleteAccountForm, { defaultValues: { confirmation: '' } });

  async function confirm({ confirmation }: DeleteAccountForm) {
    // Nothing typed is the dialog's one question unanswered: said as its failure, as a wrong password is.
    if (confirmation === '') {
      form.setError('root.server', { type: SERVER_ERROR, message: t('account.privacy.confirmationRequired') });
      return;
    }
    // An account from social sign-in has no password: its owner types the e-mail instead.
    const typedEmail = confirmation.trim().toLowerCase() === user.email.toLowerCase();
    await deleteAccount(client, credentials, typedEmail ? { email: confirmation.trim() } : { password: confirmation });
    onDeleted();
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
      <Form
        form={form}
        className="account-dialog__body"
        onValid={confirm}
        // A sign-in that has ended says so itself (the session's notice); nothing more here.
        failureMessage={(error) => (isSessionExpired(error) ? null : undefined)}
      >
        <h2 id={`${id}-title`}>{t('account.privacy.confirmTitle')}</h2>
        <p id={`${id}-question`}>{t('account.privacy.confirmQuestion')}</p>
        <FormTextField
          field="confirmation"
          id={`${id}-password`}
          name="current-password"
          type="password"
          autoComplete="current-password"
          label={t('account.privacy.password')}
          hint={t('account.privacy.passwordHint')}
        />
        <FormFailure />
        <div className="button-row">
          <button ref={closeRef} type="button" className="button" onClick={onCancel}>
            {t('account.privacy.cancel')}
          </button>
          <SubmitButton>{t('account.privacy.confirm')}</SubmitButton>
        </div>
      </Form>
    </dialog>
  );
}
