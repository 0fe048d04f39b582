import { ForgotPasswordForm as ForgotPasswordFormSchema, SignInForm } from '@servery/contracts/forms';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTE_PATHS } from '../../lib/route-paths';
import { decideSignInMode, useOperatorSession, useSession } from '../../lib/session';
import { useSignInMutation } from '../../lib/session-mutations';
import { useApiClient } from '../../lib/use-api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { forgotPassword, loginNative } from './account-api';
import { Form, FormFailure, FormTextField, SubmitButton } from '../../components/ui/form/form';
import { useZodForm } from '../../components/ui/form/use-zod-form';
import { NotAnOperatorError, postLoginPath, restaurantForLogin, useFinishSignIn, type FinishSignIn } from './post-login';
import { RegisterForm } from './register-form';
import { SocialSignIn } from './social-sign-in';
import './account.css';

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

  // An authenticated user arriving on Login goes where a fresh login would (spec section 2, Guards);
  // not in operator mode: a diner sent here by an operator screen needs an operator account, and
  // would otherwise land on the menu with ?suiteOperator=true (issue 31 defect 3).
  if (session.status === 'authenticated' && !operatorMode)
    return <Navigate to={postLoginPath(session.user, `?${searchParams.toString()}`)} replace />;

  const operatorQuery = new URLSearchParams(searchParams);
  operatorQuery.set('suiteOperator', 'true');

  return (
    <section className="account-screen" aria-labelledby="screen-title">
      <h1 id="screen-title">{operatorMode ? t('account.login.operatorTitle') : t('screens.Login.title')}</h1>
      {/* Sent by an operator screen's guard (features/suite-operator/require-operator.tsx, reason=operator). */}
      {operatorMode && searchParams.get('reason') === 'operator' && operator.status !== 'authenticated' && (
        <p className="notice notice--info" role="status">
          {t('suites.operatorNeeded')}
        </p>
      )}
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
  const form = useZodForm(SignInForm, { defaultValues: { email: '', password: '' } });
  // The answer finishes the sign-in (session written, then the next screen) before mutateAsync resolves.
  const login = useSignInMutation({
    mutationFn: (body: { email: string; password: string }) => loginNative(client, body, restaurantForLogin(searchParams.toString())),
    onSignedIn: (answer) => finishSignIn(answer, { registered: false }),
  });

  const title = operatorMode ? t('account.login.operatorTitle') : t('screens.Login.title');
  return (
    <Form
      form={form}
      className="account-form"
      aria-label={title}
      onValid={(values) => login.mutateAsync(values)}
      failureMessage={(error) => (error instanceof NotAnOperatorError ? t('account.login.notOperator') : undefined)}
    >
      <FormTextField field="email" id="login-email" name="login-email" label={t('account.email')} type="email" autoComplete="email" />
      <FormTextField
        field="password"
        id="login-password"
        name="login-password"
        label={t('account.password')}
        type="password"
        autoComplete="current-password"
      />
      <FormFailure />
      <div className="button-row">
        <SubmitButton busyLabel={t('account.login.submitting')}>{t('account.login.submit')}</SubmitButton>
      </div>
    </Form>
  );
}

function ForgotPasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const [searchParams] = useSearchParams();
  const form = useZodForm(ForgotPasswordFormSchema, { defaultValues: { email: '' } });
  const [sent, setSent] = useState(false);

  return (
    <section className="account-form" aria-labelledby="forgot-title">
      <h2 id="forgot-title">{t('account.forgot.title')}</h2>
      {sent ? (
        <p role="status">{t('account.forgot.sent')}</p>
      ) : (
        <Form
          form={form}
          className="account-form"
          onValid={async ({ email }) => {
            await forgotPassword(client, email, restaurantForLogin(searchParams.toString()));
            setSent(true);
          }}
        >
          <p>{t('account.forgot.intro')}</p>
          <FormTextField field="email" id="forgot-email" name="forgot-email" label={t('account.email')} type="email" autoComplete="email" />
          <FormFailure />
          <div className="button-row">
            <SubmitButton>{t('account.forgot.submit')}</SubmitButton>
          </div>
        </Form>
      )}
      <button type="button" className="account-link-button" onClick={onDone}>
        {t('account.forgot.back')}
      </button>
    </section>
  );
}
