import { validateEmail, type FieldMessage } from '@servery/domain/card';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { ROUTE_PATHS } from '../../lib/route-paths';
import { decideSignInMode, useOperatorSession, useSession } from '../../lib/session';
import { useSignInMutation } from '../../lib/session-mutations';
import { useApiClient } from '../../lib/use-api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { forgotPassword, loginNative } from './account-api';
import { TextField } from '../../components/ui/form-fields';
import { NotAnOperatorError, postLoginPath, restaurantForLogin, useFinishSignIn, type FinishSignIn } from './post-login';
import { RegisterForm } from './register-form';
import { SocialSignIn } from './social-sign-in';
import './account.css';

const REQUIRED: FieldMessage = { key: 'required' };

type Panel = 'login' | 'forgot' | 'register';

/**
 * /login: e-mail and password, social sign-in, forgot password, contact information sign-up and the
 * operator login link. Every sign-in ends in `finishSignIn` (post-login.ts).
 */
export function LoginScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const operator = useOperatorSession();
  const [searchParams] = useSearchParams();
  const [panel, setPanel] = useState<Panel>('login');
  // The one way every sign-in finishes; the social sign-in buttons get it too (onSignedIn={finishSignIn}).
  const finishSignIn = useFinishSignIn();
  const operatorMode = decideSignInMode(searchParams.toString()) !== 'user';
  useDocumentTitle(t('screens.Login.title'));

  // An authenticated user arriving on Login goes where a fresh login would (spec section 2, Guards).
  if (session.status === 'authenticated') return <Navigate to={postLoginPath(session.user, `?${searchParams.toString()}`)} replace />;

  const operatorQuery = new URLSearchParams(searchParams);
  operatorQuery.set('suiteOperator', 'true');

  return (
    <section className="account-screen" aria-labelledby="screen-title">
      <h1 id="screen-title">{operatorMode ? t('account.login.operatorTitle') : t('screens.Login.title')}</h1>
      {operator.status === 'authenticated' && <p role="status">{t('account.login.operatorSignedIn', { email: operator.user.email })}</p>}
      {panel === 'forgot' && <ForgotPasswordForm onDone={() => setPanel('login')} />}
      {panel === 'register' && <RegisterForm finishSignIn={finishSignIn} onCancel={() => setPanel('login')} />}
      {panel === 'login' && (
        <>
          <LoginForm finishSignIn={finishSignIn} operatorMode={operatorMode} />
          <button type="button" className="account-link-button" onClick={() => setPanel('forgot')}>
            {t('account.login.forgot')}
          </button>
          {/* Operators sign in with e-mail and password only; the social buttons are for diners. */}
          {!operatorMode && <SocialSignIn onSignedIn={finishSignIn} />}
          {!operatorMode && (
            <section className="account-signup" aria-labelledby="signup-title">
              <h2 id="signup-title">{t('account.register.prompt')}</h2>
              <button type="button" className="button" onClick={() => setPanel('register')}>
                {t('account.register.open')}
              </button>
            </section>
          )}
        </>
      )}
      {!operatorMode && (
        <p>
          <Link to={`${ROUTE_PATHS.Login}?${operatorQuery.toString()}`}>{t('account.login.operator')}</Link>
        </p>
      )}
    </section>
  );
}

function LoginForm({ finishSignIn, operatorMode }: { finishSignIn: FinishSignIn; operatorMode: boolean }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: FieldMessage | undefined; password?: FieldMessage | undefined }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The answer finishes the sign-in (session written, then the next screen) before mutateAsync resolves.
  const login = useSignInMutation({
    mutationFn: (body: { email: string; password: string }) => loginNative(client, body, restaurantForLogin(searchParams.toString())),
    onSignedIn: (answer) => finishSignIn(answer, { registered: false }),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checkedEmail = validateEmail(email);
    const next = { email: checkedEmail.ok ? undefined : checkedEmail.error, password: password === '' ? REQUIRED : undefined };
    setErrors(next);
    setFailure(null);
    if (!checkedEmail.ok || next.password) return;
    setBusy(true);
    try {
      await login.mutateAsync({ email: checkedEmail.value, password });
    } catch (error) {
      setFailure(error instanceof NotAnOperatorError ? t('account.login.notOperator') : errorMessage(t, error));
      setBusy(false);
    }
  }

  const title = operatorMode ? t('account.login.operatorTitle') : t('screens.Login.title');
  return (
    <form className="account-form" noValidate aria-label={title} onSubmit={(event) => void submit(event)}>
      <TextField
        id="login-email"
        name="login-email"
        label={t('account.email')}
        type="email"
        autoComplete="email"
        value={email}
        error={errors.email}
        onChange={setEmail}
      />
      <TextField
        id="login-password"
        name="login-password"
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
      await forgotPassword(client, checked.value, restaurantForLogin(searchParams.toString()));
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
            name="forgot-email"
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
