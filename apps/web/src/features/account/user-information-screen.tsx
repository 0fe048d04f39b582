import type { AccountUser } from '@servery/contracts/accounts';
import { ProfileForm } from '@servery/contracts/forms';
import { formatPhone } from '@servery/domain/card';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { isSessionExpired, useAccountClient, useSessionActions, type SessionCredentials } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { editUser } from './account-api';
import { Form, FormFailure, FormTextField, SubmitButton } from '../../components/ui/form/form';
import { useZodForm } from '../../components/ui/form/use-zod-form';
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
  const form = useZodForm(ProfileForm, {
    defaultValues: { firstName: user.firstName, lastName: user.lastName, phone: formatPhone(user.phoneNumber ?? '') },
  });
  const [saved, setSaved] = useState(false);

  async function save({ firstName, lastName, phone }: { firstName: string; lastName: string; phone: string | null }) {
    setSaved(false);
    const answer = await edit.mutateAsync({ firstName, lastName, phoneNumber: phone });
    setSaved(true);
    // An event suite's guest was sent here to complete their details: go on with the sign-in's next step.
    if (new URLSearchParams(search).get('eventSuite')) void navigate(postLoginPath(answer.user, search), { replace: true });
  }

  return (
    <Form
      form={form}
      className="account-form"
      onValid={save}
      // An expired session already went to /login.
      failureMessage={(error) => (isSessionExpired(error) ? null : undefined)}
    >
      <FormTextField
        field="firstName"
        id="user-first-name"
        name="user-first-name"
        label={t('account.userInformation.firstName')}
        autoComplete="given-name"
      />
      <FormTextField
        field="lastName"
        id="user-last-name"
        name="user-last-name"
        label={t('account.userInformation.lastName')}
        autoComplete="family-name"
      />
      <FormTextField
        field="phone"
        id="user-phone"
        name="user-phone"
        label={t('account.userInformation.phone')}
        type="tel"
        autoComplete="tel-national"
        format={formatPhone}
      />
      <FormFailure />
      <p role="status">{saved ? t('account.userInformation.saved') : ''}</p>
      <div className="button-row">
        <SubmitButton>{t('account.userInformation.save')}</SubmitButton>
      </div>
    </Form>
  );
}
