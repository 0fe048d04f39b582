import { OrderingSettingsForm } from '@servery/contracts/settings-forms';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form, FormFailure, FormSelectField, FormTextField, SubmitButton } from '../../components/ui/form/form';
import { useZodForm } from '../../components/ui/form/use-zod-form';
import { ChargeFields } from './charge-fields';
import { applyOrdering, orderingFieldOf, orderingValues, TIP_SLOTS, type SettingsFile } from './settings-file';
import { useSettingsSave, type SettingsDraftState } from './settings-save';

interface Props {
  file: SettingsFile;
  state: SettingsDraftState;
  canChange: boolean;
}

/**
 * Tips (the offered percentages and the one chosen first), the service charge (the delivery charge
 * is on the Delivery form), the cart's limits and the message diners read while ordering is paused (English and French side by
 * side). Saving puts them in the draft; a figure that does not read is the field's message.
 */
export function OrderingForm({ file, state, canChange }: Props) {
  const { t } = useTranslation();
  const form = useZodForm(OrderingSettingsForm, { defaultValues: orderingValues(file) });
  const save = useSettingsSave(state);
  const [offered, tips] = useWatch({ control: form.control, name: ['tips_offered', 'tips'] });
  const filled = (tips ?? []).filter((tip) => tip.trim() !== '');

  return (
    <Form
      form={form}
      onValid={(values) => save(applyOrdering(file, values), t('staffSettings.ordering.saved'), { fieldOf: orderingFieldOf })}
      failureMessage={() => null}
      aria-labelledby="settings-ordering-title"
      className="settings__form"
    >
      <h2 id="settings-ordering-title">{t('staffSettings.ordering.title')}</h2>
      <fieldset disabled={!canChange} className="settings__fieldset">
        <fieldset className="settings__group">
          <legend>{t('staffSettings.tips.title')}</legend>
          <label className="settings__check">
            <input type="checkbox" {...form.register('tips_offered')} /> {t('staffSettings.tips.offered')}
          </label>
          {offered && (
            <div className="settings__tips">
              {Array.from({ length: TIP_SLOTS }, (_, index) => (
                <FormTextField
                  key={index}
                  id={`tips-${index}`}
                  field={`tips.${index}`}
                  label={t('staffSettings.tips.option', { number: index + 1 })}
                  inputMode="text"
                  maxLength={6}
                />
              ))}
              <FormSelectField
                id="tip-default"
                field="tip_default"
                label={t('staffSettings.tips.default')}
                options={[
                  { value: '', label: t('staffSettings.tips.noDefault') },
                  ...filled.map((tip, index) => ({ value: String(index), label: `${tip} %` })),
                ]}
              />
            </div>
          )}
        </fieldset>
        <ChargeFields name="service_charge" label={t('staffSettings.charges.service')} />
        <fieldset className="settings__group">
          <legend>{t('staffSettings.limits.title')}</legend>
          <div className="settings__pair">
            <FormTextField
              id="max-items"
              field="max_items"
              label={t('staffSettings.limits.maxItems')}
              hint={t('staffSettings.limits.blank')}
              inputMode="numeric"
              maxLength={4}
            />
            <FormTextField id="min-meals" field="min_meals" label={t('staffSettings.limits.minMeals')} inputMode="numeric" maxLength={4} />
            <FormTextField id="max-meals" field="max_meals" label={t('staffSettings.limits.maxMeals')} inputMode="numeric" maxLength={4} />
          </div>
        </fieldset>
        <fieldset className="settings__group">
          <legend>{t('staffSettings.pause.title')}</legend>
          <p className="form-field__hint">{t('staffSettings.pause.hint')}</p>
          <div className="settings__pair">
            <div lang="en">
              <FormTextField id="pause-en" field="pause_en" label={t('staffSettings.pause.en')} maxLength={300} />
            </div>
            <div lang="fr">
              <FormTextField id="pause-fr" field="pause_fr" label={t('staffSettings.pause.fr')} maxLength={300} />
            </div>
          </div>
        </fieldset>
      </fieldset>
      <FormFailure />
      {canChange && (
        <div className="button-row">
          <SubmitButton busy={state.busy} busyLabel={t('staffSettings.saving')}>
            {t('staffSettings.ordering.save')}
          </SubmitButton>
        </div>
      )}
    </Form>
  );
}
