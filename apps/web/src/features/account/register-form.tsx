import {
  validateEmail,
  validateFullName,
  validatePassword,
  validatePhoneNumber,
  formatPhone,
  digitsOnly,
  type FieldMessage,
} from '@servery/domain/card';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';
import { useSignInMutation } from '../../lib/session-mutations';
import { useApiClient } from '../../lib/use-api-client';
import { registerUser } from './account-api';
import { TextField } from '../../components/ui/form-fields';
import { restaurantForLogin, type FinishSignIn } from './post-login';

type Field = 'firstName' | 'lastName' | 'email' | 'phone' | 'password';
type Errors = Partial<Record<Field, FieldMessage>>;

const SERVER_FIELDS: Record<string, Field> = {
  'body.firstName': 'firstName',
  'body.lastName': 'lastName',
  'body.email': 'email',
  'body.phoneNumber': 'phone',
  'body.password': 'password',
};

/** Server messages that are field message keys without parameters (the rest are shown as one alert). */
const SERVER_KEYS = new Set(['required', 'invalidEmail', 'weakPassword', 'invalidNameCharacters', 'invalidPhoneNumber']);

/** Contact information sign-up (register-user): names, e-mail, phone and a password under the spec's rule. */
export function RegisterForm({ finishSignIn, onCancel }: { finishSignIn: FinishSignIn; onCancel: () => void }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const [searchParams] = useSearchParams();
  const [values, setValues] = useState<Record<Field, string>>({ firstName: '', lastName: '', email: '', phone: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const register = useSignInMutation({
    mutationFn: (body: Parameters<typeof registerUser>[1]) => registerUser(client, body, restaurantForLogin(searchParams.toString())),
    onSignedIn: (answer) => finishSignIn(answer, { registered: true }),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: Field) => (value: string) =>
    setValues((current) => ({ ...current, [field]: field === 'phone' ? formatPhone(value) : value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checks = {
      firstName: validateFullName(values.firstName, { required: true }),
      lastName: validateFullName(values.lastName, { required: true }),
      email: validateEmail(values.email),
      phone: validatePhoneNumber(values.phone),
      password: validatePassword(values.password),
    };
    const next: Errors = {};
    for (const [field, result] of Object.entries(checks) as Array<[Field, (typeof checks)[Field]]>) {
      if (!result.ok) next[field] = result.error;
    }
    setErrors(next);
    setFailure(null);
    if (!checks.firstName.ok || !checks.lastName.ok || !checks.email.ok || !checks.phone.ok || !checks.password.ok) return;
    setBusy(true);
    try {
      await register.mutateAsync({
        firstName: checks.firstName.value,
        lastName: checks.lastName.value,
        email: checks.email.value,
        phoneNumber: digitsOnly(checks.phone.value),
        password: checks.password.value,
      });
    } catch (error) {
      // A field the server names (weak password, e-mail taken, ...) is shown under that field.
      const named: Errors = {};
      if (isApiError(error)) {
        for (const detail of error.details ?? []) {
          const field = SERVER_FIELDS[detail.path];
          if (field && SERVER_KEYS.has(detail.message)) named[field] = { key: detail.message } as FieldMessage;
        }
      }
      if (Object.keys(named).length > 0) setErrors(named);
      else setFailure(errorMessage(t, error));
      setBusy(false);
    }
  }

  return (
    <section className="account-form" aria-labelledby="register-title">
      <h2 id="register-title">{t('account.register.title')}</h2>
      <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          id="register-first-name"
          name="register-first-name"
          label={t('account.userInformation.firstName')}
          autoComplete="given-name"
          value={values.firstName}
          error={errors.firstName}
          onChange={set('firstName')}
        />
        <TextField
          id="register-last-name"
          name="register-last-name"
          label={t('account.userInformation.lastName')}
          autoComplete="family-name"
          value={values.lastName}
          error={errors.lastName}
          onChange={set('lastName')}
        />
        <TextField
          id="register-email"
          name="register-email"
          label={t('account.email')}
          type="email"
          autoComplete="email"
          value={values.email}
          error={errors.email}
          onChange={set('email')}
        />
        <TextField
          id="register-phone"
          name="register-phone"
          label={t('account.userInformation.phone')}
          type="tel"
          autoComplete="tel-national"
          value={values.phone}
          error={errors.phone}
          onChange={set('phone')}
        />
        <TextField
          id="register-password"
          name="register-password"
          label={t('account.password')}
          hint={t('account.reset.rule')}
          type="password"
          autoComplete="new-password"
          value={values.password}
          error={errors.password}
          onChange={set('password')}
        />
        {failure && (
          <p role="alert" className="field-error">
            {failure}
          </p>
        )}
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t('account.register.submitting') : t('account.register.submit')}
          </button>
        </div>
      </form>
      <button type="button" className="account-link-button" onClick={onCancel}>
        {t('account.forgot.back')}
      </button>
    </section>
  );
}
