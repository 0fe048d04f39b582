import { validateEmail, type FieldMessage } from '@servery/domain/card';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../components/ui/form-fields';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { signInAnswer, useSignInMutation } from '../../lib/session-mutations';
import { useApiClient } from '../../lib/use-api-client';
import { staffSignIn } from './staff-api';

const REQUIRED: FieldMessage = { key: 'required' };

/** Staff sign in where they work: e-mail and password, then the staff screen they asked for. */
export function StaffSignIn({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: FieldMessage | undefined; password?: FieldMessage | undefined }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A staff member who also runs suites gets an operator session; the staff calls take either.
  const signIn = useSignInMutation({
    mutationFn: (body: { email: string; password: string }) => staffSignIn(client, slug, body),
    onSignedIn: (answer, session) => signInAnswer(session, answer),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validateEmail(email);
    const next = { email: checked.ok ? undefined : checked.error, password: password === '' ? REQUIRED : undefined };
    setErrors(next);
    setFailure(null);
    if (!checked.ok || next.password) return;
    setBusy(true);
    try {
      await signIn.mutateAsync({ email: checked.value, password });
    } catch (error) {
      setFailure(errorMessage(t, error));
      setBusy(false);
    }
  }

  return (
    <section className="staff-screen staff-sign-in" aria-labelledby="staff-title">
      <h1 id="staff-title">{t('staff.signIn.title')}</h1>
      <p>{t('staff.signIn.intro')}</p>
      <form className="account-form" noValidate aria-labelledby="staff-title" onSubmit={(event) => void submit(event)}>
        <TextField
          id="staff-email"
          name="staff-email"
          label={t('account.email')}
          type="email"
          autoComplete="username"
          value={email}
          error={errors.email}
          onChange={setEmail}
        />
        <TextField
          id="staff-password"
          name="staff-password"
          label={t('account.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={setPassword}
        />
        {failure && (
          <p role="alert" className="field-error">
            {failure}
          </p>
        )}
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('staff.signIn.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
