import type { LookUpInvitationResponse } from '@servery/contracts/staff-team';
import { JoinStaffForm } from '@servery/contracts/forms';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Form, FormFailure, FormTextField, SubmitButton } from '../../components/ui/form/form';
import { useZodForm } from '../../components/ui/form/use-zod-form';
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
  const form = useZodForm(JoinStaffForm, { defaultValues: { firstName: '', lastName: '', password: '' } });
  const newAccount = !invitation.has_account;
  // A staff member who also runs suites gets an operator session; the staff calls take either.
  const accept = useSignInMutation({
    mutationFn: (body: Parameters<typeof acceptInvitation>[2]) => acceptInvitation(client, slug, body),
    onSignedIn: (answer, session) => signInAnswer(session, answer, newAccount ? 'register' : 'login'),
  });

  async function join({ firstName, lastName, password }: { firstName: string; lastName: string; password: string }) {
    await accept.mutateAsync({ token, password, ...(newAccount && { firstName, lastName }) });
    void navigate(pathTo('StaffBoard', { restaurantSlug: slug }), { replace: true });
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
      <Form form={form} className="account-form" aria-labelledby="staff-title" onValid={join}>
        {newAccount && (
          <>
            <FormTextField
              field="firstName"
              id="join-first-name"
              name="join-first-name"
              label={t('staff.join.firstName')}
              autoComplete="given-name"
            />
            <FormTextField
              field="lastName"
              id="join-last-name"
              name="join-last-name"
              label={t('staff.join.lastName')}
              autoComplete="family-name"
            />
          </>
        )}
        <FormTextField
          field="password"
          id="join-password"
          name="join-password"
          label={newAccount ? t('staff.join.newPassword') : t('account.password')}
          type="password"
          autoComplete={newAccount ? 'new-password' : 'current-password'}
        />
        <FormFailure />
        <div className="button-row">
          <SubmitButton>{t('staff.join.submit')}</SubmitButton>
        </div>
      </Form>
    </>
  );
}
