import { RegisterForm as RegisterFormSchema } from '@servery/contracts/forms';
import { digitsOnly, formatPhone } from '@servery/domain/card';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Form, FormFailure, FormTextField, SubmitButton } from '../../components/ui/form/form';
import { useZodForm } from '../../components/ui/form/use-zod-form';
import { useSignInMutation } from '../../lib/session-mutations';
import { useApiClient } from '../../lib/use-api-client';
import { registerUser } from './account-api';
import { restaurantForLogin, type FinishSignIn } from './post-login';

/** The request's fields the server may name (weak password, e-mail taken, ...), by this form's field. */
const SERVER_FIELDS = { phoneNumber: 'phone' };

/** Contact information sign-up (register-user): names, e-mail, phone and a password under the spec's rule. */
export function RegisterForm({ finishSignIn, onCancel }: { finishSignIn: FinishSignIn; onCancel: () => void }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const [searchParams] = useSearchParams();
  const form = useZodForm(RegisterFormSchema, { defaultValues: { firstName: '', lastName: '', email: '', phone: '', password: '' } });
  const register = useSignInMutation({
    mutationFn: (body: Parameters<typeof registerUser>[1]) => registerUser(client, body, restaurantForLogin(searchParams.toString())),
    onSignedIn: (answer) => finishSignIn(answer, { registered: true }),
  });

  return (
    <section className="account-form" aria-labelledby="register-title">
      <h2 id="register-title">{t('account.register.title')}</h2>
      <Form
        form={form}
        className="account-form"
        serverFields={SERVER_FIELDS}
        onValid={({ phone, ...values }) => register.mutateAsync({ ...values, phoneNumber: digitsOnly(phone) })}
      >
        <FormTextField
          field="firstName"
          id="register-first-name"
          name="register-first-name"
          label={t('account.userInformation.firstName')}
          autoComplete="given-name"
        />
        <FormTextField
          field="lastName"
          id="register-last-name"
          name="register-last-name"
          label={t('account.userInformation.lastName')}
          autoComplete="family-name"
        />
        <FormTextField
          field="email"
          id="register-email"
          name="register-email"
          label={t('account.email')}
          type="email"
          autoComplete="email"
        />
        <FormTextField
          field="phone"
          id="register-phone"
          name="register-phone"
          label={t('account.userInformation.phone')}
          type="tel"
          autoComplete="tel-national"
          format={formatPhone}
        />
        <FormTextField
          field="password"
          id="register-password"
          name="register-password"
          label={t('account.password')}
          hint={t('account.reset.rule')}
          type="password"
          autoComplete="new-password"
        />
        <FormFailure />
        <div className="button-row">
          <SubmitButton busyLabel={t('account.register.submitting')}>{t('account.register.submit')}</SubmitButton>
        </div>
      </Form>
      <button type="button" className="account-link-button" onClick={onCancel}>
        {t('account.forgot.back')}
      </button>
    </section>
  );
}
