import { useTranslation } from 'react-i18next';
import { TaxRateFields } from '../item/item-facts-fields';
import type { PromoTake } from '../item/item-promos-file';
import { ItemPromosField } from '../item/item-promos-field';
import { PriceScheduleFields } from '../item/price-schedule-fields';

interface ValuePricingProps {
  /** The choice's id prefix in the group form ("menu-editor-group-7-value-2"). */
  id: string;
  /** The choice's place in the group form: "values.2.". */
  at: string;
  /** The choice's number as the form says it (1 for the first). */
  number: number;
  /** The restaurant's item promos (filePromos). */
  promos: readonly PromoTake[];
  /** Whether this person may change the menu: the grid is painted only then. */
  canChange: boolean;
}

/**
 * A choice's own pricing, folded under it in the group form as most choices have none: its price by
 * weekday and time, its tax rates (empty: its item's) and the item promos that come off its price,
 * the item's own fields (item/price-schedule-fields.tsx, item/item-facts-fields.tsx,
 * item/item-promos-field.tsx) at the choice's place, checked and saved with the group.
 */
export function ValuePricingFields({ id, at, number, promos, canChange }: ValuePricingProps) {
  const { t } = useTranslation();
  return (
    <details className="menu-editor__value-facts">
      <summary>{t('menuEditorValuePricing.summary', { number })}</summary>
      {/* Flat (no frame of its own): at phone width the day fields keep the width of the choice's other fields. */}
      <fieldset className="menu-editor__fieldset menu-editor__flags">
        <legend>{t('menuEditorValuePricing.schedule', { number })}</legend>
        <PriceScheduleFields id={`${id}-schedule`} at={`${at}schedule.`} canChange={canChange} />
      </fieldset>
      <TaxRateFields id={id} at={at} legend={t('menuEditorValuePricing.taxes')} hint={t('menuEditorValuePricing.taxesHint')} />
      <ItemPromosField id={id} at={at} promos={promos} hint={t('menuEditorValuePricing.promosHint')} />
    </details>
  );
}
