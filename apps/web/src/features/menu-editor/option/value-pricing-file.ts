/**
 * An option value's own pricing between the tenant file and the group form's choice: its price by
 * weekday and time, its tax rates and the item promos it names. An option value shares the item's
 * fields in the file (tenant-file.ts `ItemFields`: price_schedule, additional_prices, tax_rate,
 * promos) and pricing uses them as an item's (spec pricing.md 1.1, 1.2 and 4), so the item's own
 * pure functions read and write them here; nothing is copied.
 */
import type { OptionValueForm } from '@servery/contracts/forms';
import type { Locale } from '@servery/contracts/tenant-file';
import type { ParseKeys } from 'i18next';
import { FACT_FIELD_OF_SUFFIX, applyTaxRates, taxRateValues } from '../item/item-facts-file';
import { applyItemPromos, itemPromoBoxes, type PromoTake } from '../item/item-promos-file';
import { applySchedule, scheduleFieldOf, scheduleMessages, scheduleValues } from '../item/price-schedule-file';

export type ValuePricingValues = Pick<OptionValueForm, 'schedule' | 'tax1' | 'tax2' | 'promos'>;

/** The choice's pricing fields of a value of the file (a new value: off, empty, unchecked); `promos`: the file's (filePromos). */
export function valuePricingValues(value: object, promos: readonly PromoTake[], locale: Locale = 'en-CA'): ValuePricingValues {
  return {
    schedule: scheduleValues(value, locale),
    ...taxRateValues(value as Record<string, unknown>),
    promos: itemPromoBoxes(promos, value),
  };
}

/**
 * The value with the choice's pricing (checked by the form's schema): its schedule and its letters'
 * prices, its own tax rates, the promos it names. Each left off, empty or unchecked is left out of the
 * file, as a value that never had it: sold at its price at all hours, taxed at its item's rates.
 */
export function applyValuePricing<T extends object>(value: T, values: ValuePricingValues, promos: readonly PromoTake[]): T {
  return applyItemPromos(applyTaxRates(applySchedule(value, values.schedule), values), promos, values.promos);
}

/** The choice's field for what follows the value's path in a refusal (`.price_schedule.monday` → `schedule.days.monday`). */
export function valuePricingFieldOf(suffix: string): string | undefined {
  const schedule = scheduleFieldOf(suffix);
  if (schedule) return `schedule.${schedule}`;
  if (/^\.promos\[\d+\]$/.test(suffix)) return 'promos';
  const fact = Object.hasOwn(FACT_FIELD_OF_SUFFIX, suffix) ? FACT_FIELD_OF_SUFFIX[suffix] : undefined;
  return fact === 'tax1' || fact === 'tax2' || fact === 'promos' ? fact : undefined;
}

/** The pricing fields' own messages of the choice at `at` ("values.2."): a day, a letter's price, a tax rate. */
export function valuePricingMessages(at: string, letters: readonly string[]): Record<string, ParseKeys> {
  return {
    ...scheduleMessages(`${at}schedule.`, letters),
    [`${at}tax1`]: 'menuEditorItemFields.taxInvalid',
    [`${at}tax2`]: 'menuEditorItemFields.taxInvalid',
  };
}
