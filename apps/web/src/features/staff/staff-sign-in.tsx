import { SignInForm } from '@servery/contracts/forms';
import { useTranslation } from 'react-i18next';
import { Form, FormFailure, FormTextField, SubmitButton } from '../../components/ui/form/form';
import { useZodForm } from '../../components/ui/form/use-zod-form';
import { signInAnswer, useSignInMutation } from '../../lib/session-mutations';
import { useApiClient } from '../../lib/use-api-client';
import { staffSignIn } from './staff-api';

/** Staff sign in where they work: e-mail and password, then the staff screen they asked for. */
export function StaffSignIn({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const form = useZodForm(SignInForm, { defaultValues: { email: '', password: '' } });
  // A staff member who also runs suites gets an operator session; the staff calls take either.
  const signIn = useSignInMutation({
    mutationFn: (body: { email: string; password: string }) => staffSignIn(client, slug, body),
    onSignedIn: (answer, session) => signInAnswer(session, answer, 'login'),
  });

  return (
    <section className="staff-screen staff-sign-in" aria-labelledby="staff-title">
      <h1 id="staff-title">{t('staff.signIn.title')}</h1>
      <p>{t('staff.signIn.intro')}</p>
      <Form form={form} className="account-form" aria-labelledby="staff-title" onValid={(values) => signIn.mutateAsync(values)}>
        <FormTextField field="email" id="staff-email" name="staff-email" label={t('account.email')} type="email" autoComplete="username" />
        <FormTextField
          field="password"
          id="staff-password"
          name="staff-password"
          label={t('account.password')}
          type="password"
          autoComplete="current-password"
        />
        <FormFailure />
        <div className="button-row">
          <SubmitButton>{t('staff.signIn.submit')}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
