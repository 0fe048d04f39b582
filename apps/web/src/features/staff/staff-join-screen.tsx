import type { LookUpInvitationResponse } from '@servery/contracts/staff-team';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { TextField } from '../../components/ui/form-fields';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { pathTo } from '../../lib/route-paths';
import { signInAnswer, useSignInMutation } from '../../lib/session-mutations';
import { useApiClient } from '../../lib/use-api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { acceptInvitation, lookUpInvitation } from './staff-api';
import './staff.css';

/**
 * /{slug}/staff/join?token=: the page an invitation e-mail links to. The invited e-mail's account
 * accepts with its password; a person without one picks a name and a password. Then the board.
 */
export function StaffJoinScreen() {
  const { t } = useTranslation();
  const slug = useParams().restaurantSlug ?? '';
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const client = useApiClient();
  const invitation = useQuery({
    queryKey: queryKeys.staff.invitation(slug, token),
    queryFn: () => lookUpInvitation(client, slug, token),
    enabled: token !== '',
  });
  useDocumentTitle(t('staff.join.title'));

  return (
    <section className="staff-screen staff-sign-in" aria-labelledby="staff-title">
      <h1 id="staff-title">{t('staff.join.title')}</h1>
      {!token && <p role="alert">{t('errors.STAFF_INVITATION_INVALID')}</p>}
      {invitation.isLoading && <Spinner />}
      {invitation.isError && <p role="alert">{errorMessage(t, invitation.error)}</p>}
      {invitation.isSuccess && <JoinForm slug={slug} token={token} invitation={invitation.data} />}
    </section>
  );
}

function JoinForm({ slug, token, invitation }: { slug: string; token: string; invitation: LookUpInvitationResponse }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const navigate = useNavigate();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const newAccount = !invitation.has_account;
  // A staff member who also runs suites gets an operator session; the staff calls take either.
  const accept = useSignInMutation({
    mutationFn: (body: Parameters<typeof acceptInvitation>[2]) => acceptInvitation(client, slug, body),
    onSignedIn: (answer, session) => signInAnswer(session, answer),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    setBusy(true);
    try {
      await accept.mutateAsync({ token, password, ...(newAccount && { firstName, lastName }) });
      void navigate(pathTo('StaffBoard', { restaurantSlug: slug }), { replace: true });
    } catch (error) {
      setFailure(errorMessage(t, error));
      setBusy(false);
    }
  }

  return (
    <>
      <p>
        {t('staff.join.intro', {
          restaurant: invitation.restaurant_name,
          role: t(`staff.roles.${invitation.role}`),
          email: invitation.email,
        })}
      </p>
      <p>{newAccount ? t('staff.join.newAccount') : t('staff.join.existingAccount')}</p>
      <form className="account-form" noValidate aria-labelledby="staff-title" onSubmit={(event) => void submit(event)}>
        {newAccount && (
          <>
            <TextField
              id="join-first-name"
              name="join-first-name"
              label={t('staff.join.firstName')}
              autoComplete="given-name"
              value={firstName}
              error={undefined}
              onChange={setFirstName}
            />
            <TextField
              id="join-last-name"
              name="join-last-name"
              label={t('staff.join.lastName')}
              autoComplete="family-name"
              value={lastName}
              error={undefined}
              onChange={setLastName}
            />
          </>
        )}
        <TextField
          id="join-password"
          name="join-password"
          label={newAccount ? t('staff.join.newPassword') : t('account.password')}
          type="password"
          autoComplete={newAccount ? 'new-password' : 'current-password'}
          value={password}
          error={undefined}
          onChange={setPassword}
        />
        {failure && (
          <p role="alert" className="field-error">
            {failure}
          </p>
        )}
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('staff.join.submit')}
          </button>
        </div>
      </form>
    </>
  );
}
