import { MAX_PROMOS, PromosForm } from '@servery/contracts/item-promos-form';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form, FormFailure, SubmitButton } from '../../components/ui/form/form';
import { useZodForm } from '../../components/ui/form/use-zod-form';
import type { OffersFile } from './codes-file';
import type { OffersSave } from './offers-save';
import { PromoRow } from './promo-row';
import { applyPromos, promosFieldOf, promosValues, promoUsers } from './promos-file';

interface Props {
  file: OffersFile;
  busy: boolean;
  save: OffersSave;
  canChange: boolean;
}

/**
 * The restaurant's item promos (the tenant file's `promos`; decision 0110): a percentage or dollars
 * off that the menu editor's items and options name by id. Added, changed, removed; a promo still
 * named says by what, and has no Remove button.
 */
export function ItemPromosForm({ file, busy, save, canChange }: Props) {
  const { t } = useTranslation();
  const form = useZodForm(PromosForm, { defaultValues: promosValues(file) });
  const promos = useFieldArray({ control: form.control, name: 'promos' });
  const users = promoUsers(file);

  return (
    <Form
      form={form}
      onValid={(values) => save(applyPromos(file, values), t('staffOffers.promos.saved'), { fieldOf: promosFieldOf })}
      failureMessage={() => null}
      aria-labelledby="offers-promos-title"
      className="offers__form"
    >
      <h2 id="offers-promos-title">{t('staffOffers.promos.title')}</h2>
      <p className="form-field__hint">{t('staffOffers.promos.hint')}</p>
      <fieldset disabled={!canChange} className="offers__fieldset">
        {promos.fields.length === 0 && <p className="form-field__hint">{t('staffOffers.promos.none')}</p>}
        {promos.fields.map((promo, index) => (
          <PromoRow
            key={promo.id}
            index={index}
            users={promo.promo_id > 0 ? users.get(promo.promo_id) : undefined}
            onRemove={canChange ? () => promos.remove(index) : null}
          />
        ))}
        {canChange && promos.fields.length < MAX_PROMOS && (
          <button
            type="button"
            className="button button--small"
            onClick={() =>
              promos.append({ promo_id: 0, kind: 'percent', value: '' }, { focusName: `promos.${promos.fields.length}.value` })
            }
          >
            {t('staffOffers.promos.add')}
          </button>
        )}
      </fieldset>
      <FormFailure />
      {canChange && (
        <div className="button-row">
          <SubmitButton busy={busy} busyLabel={t('staffOffers.saving')}>
            {t('staffOffers.promos.save')}
          </SubmitButton>
        </div>
      )}
    </Form>
  );
}
