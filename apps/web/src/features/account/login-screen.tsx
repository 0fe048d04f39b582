import { validateEmail, type FieldMessage } from '@servery/domain/card';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/i18n-context';
import { errorMessage } from '../../lib/error-message';
import { ROUTE_PATHS } from '../../lib/route-paths';
import { safeRedirect, signIn, useSession } from '../../lib/session';
import { useApiClient } from '../../lib/use-api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { forgotPassword, loginNative } from './account-api';
import { TextField } from './account-fields';
import './account.css';

/** Where a signed-in user goes from /login: the safe `redirect` path, else /profile; the rest of the query follows. */
export function afterLoginPath(search: URLSearchParams): string {
  const query = new URLSearchParams(search);
  const target = safeRedirect(query.get('redirect')) ?? ROUTE_PATHS.ProfileSettings;
  query.delete('redirect');
  const rest = query.toString();
  if (rest === '') return target;
  return `${target}${target.includes('?') ? '&' : '?'}${rest}`;
}

const REQUIRED: FieldMessage = { key: 'required' };

export function LoginScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const [searchParams] = useSearchParams();
  const [forgotOpen, setForgotOpen] = useState(false);
  useDocumentTitle(t('screens.Login.title'));

  if (session.status === 'authenticated') return <Navigate to={afterLoginPath(searchParams)} replace />;

  const operatorQuery = new URLSearchParams(searchParams);
  operatorQuery.set('suiteOperator', 'true');

  return (
    <section className="account-screen" aria-labelledby="screen-title">
      <h1 id="screen-title">{t('screens.Login.title')}</h1>
      {forgotOpen ? <ForgotPasswordForm onDone={() => setForgotOpen(false)} /> : <LoginForm />}
      {!forgotOpen && (
        <button type="button" className="account-link-button" onClick={() => setForgotOpen(true)}>
          {t('account.login.forgot')}
        </button>
      )}
      <p>
        <Link to={`${ROUTE_PATHS.Login}?${operatorQuery.toString()}`}>{t('account.login.operator')}</Link>
      </p>
    </section>
  );
}

function LoginForm() {
  const { t } = useTranslation();
  const client = useApiClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: FieldMessage | undefined; password?: FieldMessage | undefined }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checkedEmail = validateEmail(email);
    const next = { email: checkedEmail.ok ? undefined : checkedEmail.error, password: password === '' ? REQUIRED : undefined };
    setErrors(next);
    setFailure(null);
    if (!checkedEmail.ok || next.password) return;
    setBusy(true);
    try {
      const answer = await loginNative(client, { email: checkedEmail.value, password });
      signIn(answer);
      void navigate(afterLoginPath(searchParams), { replace: true });
    } catch (error) {
      setFailure(errorMessage(t, error));
      setBusy(false);
    }
  }

  return (
    <form className="account-form" noValidate aria-label={t('screens.Login.title')} onSubmit={(event) => void submit(event)}>
      <TextField
        id="login-email"
        label={t('account.email')}
        type="email"
        autoComplete="email"
        value={email}
        error={errors.email}
        onChange={setEmail}
      />
      <TextField
        id="login-password"
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
          {busy ? t('account.login.submitting') : t('account.login.submit')}
        </button>
      </div>
    </form>
  );
}

function ForgotPasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<FieldMessage | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validateEmail(email);
    setError(checked.ok ? undefined : checked.error);
    setFailure(null);
    if (!checked.ok) return;
    setBusy(true);
    try {
      await forgotPassword(client, checked.value, searchParams.get('restaurant'));
      setSent(true);
    } catch (caught) {
      setFailure(errorMessage(t, caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="account-form" aria-labelledby="forgot-title">
      <h2 id="forgot-title">{t('account.forgot.title')}</h2>
      {sent ? (
        <p role="status">{t('account.forgot.sent')}</p>
      ) : (
        <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
          <p>{t('account.forgot.intro')}</p>
          <TextField
            id="forgot-email"
            label={t('account.email')}
            type="email"
            autoComplete="email"
            value={email}
            error={error}
            onChange={setEmail}
          />
          {failure && (
            <p role="alert" className="field-error">
              {failure}
            </p>
          )}
          <div className="button-row">
            <button type="submit" className="button button--primary" disabled={busy}>
              {t('account.forgot.submit')}
            </button>
          </div>
        </form>
      )}
      <button type="button" className="account-link-button" onClick={onDone}>
        {t('account.forgot.back')}
      </button>
    </section>
  );
}
