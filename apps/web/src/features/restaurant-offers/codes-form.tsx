import { DiscountCodesForm, MAX_DISCOUNT_CODES } from '@servery/contracts/discount-codes-form';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form, FormFailure, SubmitButton } from '../../components/ui/form/form';
import { useZodForm } from '../../components/ui/form/use-zod-form';
import { CodeRow } from './code-row';
import { useCodeUses } from './code-uses';
import type { StaffDraftCaller } from '../../staff-draft/draft-api';
import { applyCodes, codesFieldOf, codesValues, codesWording, type OffersFile } from './codes-file';
import type { OffersSave } from './offers-save';

interface Props {
  caller: StaffDraftCaller;
  file: OffersFile;
  busy: boolean;
  save: OffersSave;
  canChange: boolean;
}

const NEW_CODE = { file_index: -1, code: '', type: 'percentage' as const, value: '', starts_at: '', ends_at: '', max_uses: '' };

/**
 * The restaurant's discount codes (the tenant file's `discount_codes`; decision 0110): each code, a
 * percentage or dollars off, the window it works in (the restaurant's time) and how many orders may
 * use it, and how many have (code-uses.ts); added, changed, removed; and whether the cart offers diners a promo code field at all. A
 * value, a window or a code the form refuses is the field's message, and nothing is saved.
 */
export function CodesForm({ caller, file, busy, save, canChange }: Props) {
  const { t } = useTranslation();
  const form = useZodForm(DiscountCodesForm, { defaultValues: codesValues(file) });
  const codes = useFieldArray({ control: form.control, name: 'codes' });
  const uses = useCodeUses(caller);

  const remove = (index: number) => {
    codes.remove(index);
    if (codes.fields.length > 1) form.setFocus(`codes.${Math.min(index, codes.fields.length - 2)}.code`);
  };

  return (
    <Form
      form={form}
      onValid={(values) => save(applyCodes(file, values), t('staffOffers.codes.saved'), { fieldOf: codesFieldOf, wording: codesWording })}
      failureMessage={() => null}
      aria-labelledby="offers-codes-title"
      className="offers__form"
    >
      <h2 id="offers-codes-title">{t('staffOffers.codes.title')}</h2>
      <p className="form-field__hint">{t('staffOffers.codes.hint', { zone: file.zone ?? 'America/Toronto' })}</p>
      <fieldset disabled={!canChange} className="offers__fieldset">
        <label className="offers__check">
          <input type="checkbox" {...form.register('offered')} /> {t('staffOffers.codes.offered')}
        </label>
        {codes.fields.length === 0 && <p className="form-field__hint">{t('staffOffers.codes.none')}</p>}
        {codes.fields.map((code, index) => (
          <CodeRow key={code.id} index={index} uses={uses} onRemove={canChange ? () => remove(index) : null} />
        ))}
        {canChange && codes.fields.length < MAX_DISCOUNT_CODES && (
          <button
            type="button"
            className="button button--small"
            onClick={() => codes.append({ ...NEW_CODE }, { focusName: `codes.${codes.fields.length}.code` })}
          >
            {t('staffOffers.codes.add')}
          </button>
        )}
      </fieldset>
      <FormFailure />
      {canChange && (
        <div className="button-row">
          <SubmitButton busy={busy} busyLabel={t('staffOffers.saving')}>
            {t('staffOffers.codes.save')}
          </SubmitButton>
        </div>
      )}
    </Form>
  );
}
