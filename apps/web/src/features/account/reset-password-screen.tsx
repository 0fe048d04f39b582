import { ResetPasswordForm } from '@servery/contracts/forms';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorNameMessage } from '../../lib/error-message';
import { ROUTE_PATHS } from '../../lib/route-paths';
import { useApiClient } from '../../lib/use-api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { resetPassword } from './account-api';
import { Form, FormFailure, FormTextField, SubmitButton } from '../../components/ui/form/form';
import { useZodForm } from '../../components/ui/form/use-zod-form';
import './account.css';

/** The reset link's screen (/reset-password?token=): a new password under the spec's rule. */
export function ResetPasswordScreen() {
  const { t } = useTranslation();
  const client = useApiClient();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const form = useZodForm(ResetPasswordForm, { defaultValues: { password: '' } });
  const [done, setDone] = useState(false);
  useDocumentTitle(t('account.reset.title'));

  async function reset({ password }: { password: string }) {
    await resetPassword(client, { token, password });
    setDone(true);
  }

  const loginLink = <Link to={ROUTE_PATHS.Login}>{t('account.reset.toLogin')}</Link>;
  let content;
  if (token === '') {
    content = (
      <>
        <p role="alert">{errorNameMessage(t, 'RESET_LINK_INVALID')}</p>
        <p>{loginLink}</p>
      </>
    );
  } else if (done) {
    content = (
      <>
        <p role="status">{t('account.reset.done')}</p>
        <p>{loginLink}</p>
      </>
    );
  } else {
    content = (
      <Form form={form} className="account-form" onValid={reset}>
        <FormTextField
          field="password"
          id="reset-password"
          name="reset-password"
          label={t('account.reset.password')}
          hint={t('account.reset.rule')}
          type="password"
          autoComplete="new-password"
        />
        <FormFailure />
        <div className="button-row">
          <SubmitButton>{t('account.reset.submit')}</SubmitButton>
        </div>
      </Form>
    );
  }

  return (
    <section className="account-screen" aria-labelledby="screen-title">
      <h1 id="screen-title">{t('account.reset.title')}</h1>
      {content}
    </section>
  );
}
