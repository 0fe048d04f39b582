import { savedCardForm, type SavedCardForm } from '@servery/contracts/forms';
import { useId, useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCardFields } from '../../components/ui/card-fields';
import { Form, SubmitButton } from '../../components/ui/form/form';
import { useZodForm } from '../../components/ui/form/use-zod-form';

const EMPTY_FORM: SavedCardForm = { card: { number: '', expiry_date: '', cvd: '', postal_code: '' }, makeDefault: false };

/** A new card for the diner's saved cards (user-payment-methods-screen.tsx): checked here with card.ts, then by the server. */
export function AddCardForm({
  showMakeDefault,
  busy,
  onCancel,
  onSave,
}: {
  showMakeDefault: boolean;
  busy: boolean;
  onCancel: (() => void) | null;
  onSave: (form: SavedCardForm) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [schema] = useState(() => savedCardForm({ now: () => new Date() }));
  const form = useZodForm(schema, { defaultValues: EMPTY_FORM });

  async function save(values: SavedCardForm) {
    // The number and CVD leave the page only in this call, and the form forgets them either way.
    const saved = await onSave(values);
    if (saved) form.reset(EMPTY_FORM);
    else form.setValue('card.cvd', '');
  }

  return (
    <Form form={form} className="account-form payment-methods__form" aria-labelledby={`${id}-title`} onValid={save}>
      <h2 id={`${id}-title`}>{t('paymentMethods.addTitle')}</h2>
      <FormCardFields
        id={id}
        path="card"
        postalCodeRequired={false}
        marks="optional"
        named
        text={{
          number: t('paymentMethods.cardNumber'),
          expiry: t('paymentMethods.expiry'),
          cvd: t('paymentMethods.cvd'),
          postalCode: t('paymentMethods.postalCode'),
          postalCodeHint: t('paymentMethods.postalCodeHint'),
          cardType: (type) => t('paymentMethods.cardType', { type }),
        }}
      />
      {showMakeDefault && <MakeDefaultChoice />}
      <div className="button-row">
        <SubmitButton busy={busy} busyLabel={t('paymentMethods.saving')}>
          {t('paymentMethods.save')}
        </SubmitButton>
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            {t('paymentMethods.cancel')}
          </button>
        )}
      </div>
    </Form>
  );
}

function MakeDefaultChoice() {
  const { t } = useTranslation();
  const { field } = useController<SavedCardForm, 'makeDefault'>({ name: 'makeDefault' });
  return (
    <label className="payment-methods__check">
      <input type="checkbox" checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />
      <span>{t('paymentMethods.makeDefault')}</span>
    </label>
  );
}
