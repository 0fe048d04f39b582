/** Who the order is for (contact, hidden fields per `hideGuestInfo`) and, for a guest, an account made on the way. */
import { formatPhone } from '@servery/domain/card';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/ui/form/form';
import type { CheckoutForm, Update } from '../checkout-model';

export function ContactSection({
  id,
  form,
  hide,
  optional = false,
  loyalty,
}: {
  id: string;
  form: CheckoutForm;
  hide: { email: boolean; phone: boolean };
  /** E-mail and phone are optional (an event-day suite order: `contactOptional` of checkoutForm, packages/contracts/src/forms.ts). */
  optional?: boolean;
  /** The loyalty check's answer for the e-mail (checkout-loyalty.tsx), shown under it. */
  loyalty?: ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = `${id}-contact-heading`;
  return (
    <section className="cart-section checkout-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="cart-section__title">
        {t('checkout.contact.title')}
      </h3>
      <FormTextField
        field="contact.full_name"
        id={`${id}-full_name`}
        required
        marks="required"
        label={t('checkout.contact.fullName')}
        autoComplete="name"
      />
      {(!hide.email || form.account.create) && (
        <FormTextField
          field="contact.email"
          id={`${id}-email`}
          required={!optional}
          marks={optional ? 'optional' : 'required'}
          label={t('checkout.contact.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          after={loyalty}
        />
      )}
      {!hide.phone && (
        <FormTextField
          field="contact.phone_number"
          id={`${id}-phone_number`}
          required={!optional}
          marks={optional ? 'optional' : 'required'}
          label={t('checkout.contact.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          format={formatPhone}
        />
      )}
    </section>
  );
}

/** A guest may create an account with the contact's name and e-mail and a password (the spec's rule is shown). */
export function AccountSection({ id, form, update }: { id: string; form: CheckoutForm; update: Update }) {
  const { t } = useTranslation();
  const headingId = `${id}-account-heading`;
  const ruleId = `${id}-password-rule`;
  return (
    <section className="cart-section checkout-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="cart-section__title">
        {t('checkout.account.title')}
      </h3>
      <label className="checkout-choice">
        <input
          type="checkbox"
          checked={form.account.create}
          onChange={(event) => {
            const create = event.target.checked;
            update((current) => ({ ...current, account: { create, password: create ? current.account.password : '' } }));
          }}
        />
        <span>{t('checkout.account.create')}</span>
      </label>
      {form.account.create && (
        <FormTextField
          field="account.password"
          id={`${id}-password`}
          required
          marks="required"
          label={t('checkout.account.password')}
          type="password"
          autoComplete="new-password"
          maxLength={200}
          describedBy={ruleId}
          after={
            <p id={ruleId} className="checkout-hint">
              {t('checkout.account.rule')}
            </p>
          }
        />
      )}
    </section>
  );
}

/**
 * A guest may keep their contact and card postal code on this device for the next checkout
 * (remembered-contact.ts); off unless asked, and unticking it forgets them when the order is placed.
 */
export function RememberContact({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <label className="checkout-choice">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>{t('checkout.contact.remember')}</span>
    </label>
  );
}

/** Signed in: the order goes under the account; said so, with who it is. */
export function SignedInNote({ email }: { email: string }) {
  const { t } = useTranslation();
  return <p className="checkout-hint">{t('checkout.account.signedIn', { email })}</p>;
}
