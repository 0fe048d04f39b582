import { validatePassword, type FieldMessage } from '@servery/domain/card';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage, errorNameMessage } from '../../lib/error-message';
import { ROUTE_PATHS } from '../../lib/route-paths';
import { useApiClient } from '../../lib/use-api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { resetPassword } from './account-api';
import { TextField } from '../../components/ui/form-fields';
import './account.css';

/** The reset link's screen (/reset-password?token=): a new password under the spec's rule. */
export function ResetPasswordScreen() {
  const { t } = useTranslation();
  const client = useApiClient();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [error, setError] = useState<FieldMessage | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t('account.reset.title'));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validatePassword(password);
    setError(checked.ok ? undefined : checked.error);
    setFailure(null);
    if (!checked.ok) return;
    setBusy(true);
    try {
      await resetPassword(client, { token, password: checked.value });
      setDone(true);
    } catch (caught) {
      setFailure(errorMessage(t, caught));
    } finally {
      setBusy(false);
    }
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
      <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          id="reset-password"
          name="reset-password"
          label={t('account.reset.password')}
          hint={t('account.reset.rule')}
          type="password"
          autoComplete="new-password"
          value={password}
          error={error}
          onChange={setPassword}
        />
        {failure && (
          <p role="alert" className="field-error">
            {failure}
          </p>
        )}
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('account.reset.submit')}
          </button>
        </div>
      </form>
    );
  }

  return (
    <section className="account-screen" aria-labelledby="screen-title">
      <h1 id="screen-title">{t('account.reset.title')}</h1>
      {content}
    </section>
  );
}
