import type { AccountUser } from '@servery/contracts/accounts';
import { formatPhone, validateFullName, validatePhoneNumber, type FieldMessage } from '@servery/domain/card';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { useMutation } from '@tanstack/react-query';
import { isSessionExpired, useAccountClient, useSessionActions, type SessionCredentials } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { editUser } from './account-api';
import { TextField } from '../../components/ui/form-fields';
import { postLoginPath, restaurantForLogin } from './post-login';
import { RequireSession } from '../../components/require-session';
import './account.css';

export function UserInformationScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.UserInformation.title'));
  return (
    <RequireSession>
      {({ user, credentials }) => (
        <section className="account-screen" aria-labelledby="screen-title">
          <h1 id="screen-title">{t('screens.UserInformation.title')}</h1>
          <UserInformationForm user={user} credentials={credentials} />
        </section>
      )}
    </RequireSession>
  );
}

type Errors = Partial<Record<'firstName' | 'lastName' | 'phone', FieldMessage>>;

function UserInformationForm({ user, credentials }: { user: AccountUser; credentials: SessionCredentials }) {
  const { t } = useTranslation();
  const client = useAccountClient();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { updateSessionUser } = useSessionActions();
  // The session's user is the answer's: the header, the checkout (a change of user) follow.
  const edit = useMutation({
    mutationFn: (values: Parameters<typeof editUser>[2]) => editUser(client, credentials, values, restaurantForLogin(search)),
    onSuccess: (answer) => updateSessionUser(answer.user),
  });
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [phone, setPhone] = useState(formatPhone(user.phoneNumber ?? ''));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const first = validateFullName(firstName, { required: true });
    const last = validateFullName(lastName, { required: true });
    const phoneResult = phone.trim() === '' ? null : validatePhoneNumber(phone);
    const next: Errors = {};
    if (!first.ok) next.firstName = first.error;
    if (!last.ok) next.lastName = last.error;
    if (phoneResult && !phoneResult.ok) next.phone = phoneResult.error;
    setErrors(next);
    setFailure(null);
    setSaved(false);
    if (!first.ok || !last.ok || (phoneResult && !phoneResult.ok)) return;
    setBusy(true);
    try {
      const answer = await edit.mutateAsync({
        firstName: first.value,
        lastName: last.value,
        phoneNumber: phoneResult ? phoneResult.value : null,
      });
      setSaved(true);
      // An event suite's guest was sent here to complete their details: go on with the sign-in's next step.
      if (new URLSearchParams(search).get('eventSuite')) void navigate(postLoginPath(answer.user, search), { replace: true });
    } catch (error) {
      // An expired session already went to /login.
      if (!isSessionExpired(error)) setFailure(errorMessage(t, error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        id="user-first-name"
        name="user-first-name"
        label={t('account.userInformation.firstName')}
        autoComplete="given-name"
        value={firstName}
        error={errors.firstName}
        onChange={setFirstName}
      />
      <TextField
        id="user-last-name"
        name="user-last-name"
        label={t('account.userInformation.lastName')}
        autoComplete="family-name"
        value={lastName}
        error={errors.lastName}
        onChange={setLastName}
      />
      <TextField
        id="user-phone"
        name="user-phone"
        label={t('account.userInformation.phone')}
        type="tel"
        autoComplete="tel-national"
        value={phone}
        error={errors.phone}
        onChange={(value) => setPhone(formatPhone(value))}
      />
      {failure && (
        <p role="alert" className="field-error">
          {failure}
        </p>
      )}
      <p role="status">{saved ? t('account.userInformation.saved') : ''}</p>
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('account.userInformation.save')}
        </button>
      </div>
    </form>
  );
}
