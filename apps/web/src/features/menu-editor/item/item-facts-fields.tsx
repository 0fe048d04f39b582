import { ALLERGENS, DIETS } from '@servery/domain/menu-search';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField, useFieldProblem } from '../../../components/ui/form/form';
import { FieldError } from '../../../components/ui/form/field';

/**
 * An item's diets and allergens (a group of boxes each, with its legend; the words are the diner's
 * menu's own) and its own tax rates as percentages, empty for the rate of the level above. Inside
 * the item form (item-form.tsx), so they are sent and checked with it.
 */
export function ItemFactsFields({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <>
      <DietAndAllergenBoxes id={id} />
      <TaxRateFields id={id} legend={t('menuEditorItemFields.taxes')} hint={t('menuEditorItemFields.taxesHint')} />
    </>
  );
}

/**
 * The diets and allergens boxes of the form around them: an item's (`at` empty), or an option
 * value's (`at` "values.2.": the group form's third value).
 */
export function DietAndAllergenBoxes({ id, at = '' }: { id: string; at?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <WordBoxes
        id={`${id}-diets`}
        field={`${at}diets`}
        legend={t('menuEditorItemFields.diets')}
        words={DIETS}
        labelOf={(word) => t(`diets.${word}`)}
      />
      <WordBoxes
        id={`${id}-allergens`}
        field={`${at}allergens`}
        legend={t('menuEditorItemFields.allergens')}
        words={ALLERGENS}
        labelOf={(word) => t(`allergens.${word}`)}
      />
    </>
  );
}

/**
 * Own tax rates as percentages (`tax1`, `tax2` of the form around them, after `at`: "values.2." for a
 * group form's third choice), an item's, a section's, a menu's or an option value's.
 */
export function TaxRateFields({ id, legend, hint, at = '' }: { id: string; legend: string; hint: string; at?: string }) {
  const { t } = useTranslation();
  return (
    <fieldset className="menu-editor__flags">
      <legend>{legend}</legend>
      <p className="menu-editor__kind">{hint}</p>
      <div className="menu-editor__numbers">
        <FormTextField id={`${id}-tax1`} field={`${at}tax1`} label={t('menuEditorItemFields.tax1')} inputMode="text" maxLength={9} />
        <FormTextField id={`${id}-tax2`} field={`${at}tax2`} label={t('menuEditorItemFields.tax2')} inputMode="text" maxLength={9} />
      </div>
    </fieldset>
  );
}

/** A group of boxes, one per word, at `field.word` of the form around it (diets, allergens, an item's promos). */
export function WordBoxes<T extends string>({
  id,
  field,
  legend,
  hint,
  words,
  labelOf,
}: {
  id: string;
  /** The boxes' place in the form: `diets`, `values.2.allergens`, `promos`… */
  field: string;
  legend: string;
  /** A line under the legend: where the words come from. */
  hint?: string;
  words: readonly T[];
  labelOf: (word: T) => string;
}) {
  const { register } = useFormContext();
  const problem = useFieldProblem(field);
  const errorId = `${id}-error`;
  return (
    <fieldset
      className="menu-editor__flags menu-editor__words"
      data-field={field}
      tabIndex={-1}
      aria-describedby={problem ? errorId : undefined}
    >
      <legend>{legend}</legend>
      {hint && <p className="menu-editor__kind">{hint}</p>}
      {words.map((word) => (
        <label key={word} className="menu-editor__flag">
          <input type="checkbox" {...register(`${field}.${word}`)} /> {labelOf(word)}
        </label>
      ))}
      <FieldError id={errorId} error={problem} />
    </fieldset>
  );
}
