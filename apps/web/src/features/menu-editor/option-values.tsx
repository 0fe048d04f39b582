import { useFieldArray, useFormState, type FieldError as HookFieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../components/ui/form/field';
import { problemOf } from '../../components/ui/form/field-problem';
import { FormTextField } from '../../components/ui/form/form';
import type { ZodForm } from '../../components/ui/form/use-zod-form';
import type { OptionGroupForm as GroupFormSchema } from '@servery/contracts/forms';
import { MoveButtons } from './editor-parts';
import { DietAndAllergenBoxes } from './item/item-facts-fields';
import { wordBoxValues } from './item/item-facts-file';
import type { PromoTake } from './item/item-promos-file';
import { ValuePricingFields } from './option/value-pricing-fields';
import { valuePricingValues } from './option/value-pricing-file';

interface ValuesProps {
  formId: string;
  form: ZodForm<typeof GroupFormSchema>;
  canChange: boolean;
  /** The restaurant's item promos (filePromos): a box each under every choice. */
  promos: readonly PromoTake[];
}

const newValue = (promos: readonly PromoTake[]): GroupFormSchema['values'][number] => ({
  id: null,
  name_en: '',
  name_fr: '',
  price: '0.00',
  ...wordBoxValues({}),
  ...valuePricingValues({}, promos),
});

/**
 * The group's values (the choices a diner makes) in the order diners see them: each its name in
 * English and French, the price it adds, in dollars, and (folded, most choices have none) its diets
 * and allergens, which the diner's item window says beside it, and its own pricing: by day and time,
 * tax rates, promos (option/value-pricing-fields.tsx); added, removed and moved in the form,
 * saved with the group. A group without values is the list's own message, and focus moves to it.
 */
export function OptionValues({ formId, form, canChange, promos }: ValuesProps) {
  const { t } = useTranslation();
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: 'values', keyName: 'key' });
  // The list's own message (no values): a value's field message sits in the same place as an array, not the list's.
  const listError = useFormState({ control: form.control, name: 'values' }).errors.values;
  const own = listError && !Array.isArray(listError) && typeof listError.message === 'string' ? (listError as HookFieldError) : undefined;
  const problem = problemOf(own, form.messages.values);
  const legendId = `${formId}-values-legend`;
  const errorId = `${formId}-values-error`;
  return (
    <fieldset className="menu-editor__values">
      <legend id={legendId}>{t('menuEditorOptions.field.values')}</legend>
      <div
        data-field="values"
        tabIndex={-1}
        aria-labelledby={legendId}
        aria-describedby={problem ? errorId : undefined}
        className="menu-editor__values-focus"
      >
        <FieldError id={errorId} error={problem} />
        {fields.length === 0 && !problem && <p className="menu-editor__kind">{t('menuEditorOptions.noValues')}</p>}
      </div>
      <ol className="menu-editor__items">
        {fields.map((entry, at) => {
          const number = at + 1;
          const name = `${formId}-value-${at}`;
          return (
            <li key={entry.key} className="menu-editor__item">
              <fieldset className="menu-editor__fieldset">
                <legend>{t('menuEditorOptions.field.valueLegend', { number })}</legend>
                <div className="menu-editor__languages">
                  <div lang="en">
                    <FormTextField
                      id={`${name}-name_en`}
                      field={`values.${at}.name_en`}
                      label={t('menuEditor.field.nameEn')}
                      required
                      maxLength={200}
                    />
                  </div>
                  <div lang="fr">
                    <FormTextField
                      id={`${name}-name_fr`}
                      field={`values.${at}.name_fr`}
                      label={t('menuEditor.field.nameFr')}
                      maxLength={200}
                    />
                  </div>
                </div>
                <div className="menu-editor__numbers">
                  <FormTextField
                    id={`${name}-price`}
                    field={`values.${at}.price`}
                    label={t('menuEditorOptions.field.price')}
                    hint={t('menuEditor.field.priceHint')}
                    inputMode="text"
                    maxLength={12}
                    required
                  />
                </div>
                <details className="menu-editor__value-facts">
                  <summary>{t('menuEditorOptions.valueFacts', { number })}</summary>
                  <DietAndAllergenBoxes id={name} at={`values.${at}.`} />
                </details>
                <ValuePricingFields id={name} at={`values.${at}.`} number={number} promos={promos} canChange={canChange} />
                {canChange && (
                  <div className="button-row menu-editor__controls">
                    <MoveButtons
                      up={t('menuEditorOptions.moveValueUp', { number })}
                      down={t('menuEditorOptions.moveValueDown', { number })}
                      first={at === 0}
                      last={at === fields.length - 1}
                      busy={false}
                      onMove={(step) => move(at, at + step)}
                    />
                    <button type="button" className="button button--small" onClick={() => remove(at)}>
                      {t('menuEditorOptions.removeValue', { number })}
                    </button>
                  </div>
                )}
              </fieldset>
            </li>
          );
        })}
      </ol>
      {canChange && (
        <button type="button" className="button button--small" onClick={() => append(newValue(promos))}>
          {t('menuEditorOptions.addValue')}
        </button>
      )}
    </fieldset>
  );
}
