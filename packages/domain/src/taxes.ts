/**
 * Canadian sales-tax brackets (spec pricing.md section 4).
 *
 * Exported API:
 * - `PROVINCES`, `Province`: AB BC MB NB NL NS NT NU ON PE QC SK YT.
 * - `TaxKey` = 'GST' | 'HST' | 'QST' | 'PST'; `TAX_LABELS[key]` = { 'en-CA', 'fr-CA' } (GST/TPS,
 *   HST/TVH, QST/TVQ, PST/TVP).
 * - `PROVINCE_TAXES[province]`: the bracket keys in tax1, tax2 order with the statutory rates of
 *   pricing.md (ON HST 0.13; NB, NL, PE HST 0.15; NS HST 0.14; QC GST 0.05 + QST 0.09975; BC GST + PST
 *   0.07; SK 0.06; MB 0.07; AB, NT, NU, YT GST alone). The rates are for reference (an operator's
 *   defaults, a data check); pricing charges the restaurant's own `tax_rate`.
 * - `bracketKeys(province): TaxKey[]`: one or two keys; bracket i is charged at `tax{i+1}`.
 * - `TaxRateLike` { tax1?, tax2? }: a `tax_rate` as in the data (fractions as decimal text; absent or
 *   null means "not set here").
 * - `TaxRates` { tax1: string; tax2: string }: effective rates, always set.
 * - `restaurantTaxRates(taxRate)`: the restaurant's rates, a bracket it does not set is "0".
 * - `overrideTaxRates(base, override)`: bracket by bracket, the override's set values win.
 * - `effectiveTaxRates(restaurant, ...levels)`: restaurant, then menu, section, item (then option
 *   value) applied in order; pass undefined for a level that is absent (an item directly in a menu has
 *   no section). An option value without its own `tax_rate` inherits its item's effective rates.
 * - `ONTARIO_REBATE_RATE` = '0.05': the HST bracket rate of parts under the Ontario point-of-sale
 *   rebate (pricing.md section 4), applied by pricing.ts.
 */

export const PROVINCES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'] as const;
export type Province = (typeof PROVINCES)[number];

export type TaxKey = 'GST' | 'HST' | 'QST' | 'PST';

export interface LocalisedLabel {
  'en-CA': string;
  'fr-CA': string;
}

export const TAX_LABELS: Readonly<Record<TaxKey, LocalisedLabel>> = {
  GST: { 'en-CA': 'GST', 'fr-CA': 'TPS' },
  HST: { 'en-CA': 'HST', 'fr-CA': 'TVH' },
  QST: { 'en-CA': 'QST', 'fr-CA': 'TVQ' },
  PST: { 'en-CA': 'PST', 'fr-CA': 'TVP' },
};

export interface ProvinceBracket {
  key: TaxKey;
  /** Statutory rate as a fraction (decimal text). */
  rate: string;
}

const GST: ProvinceBracket = { key: 'GST', rate: '0.05' };
const hst = (rate: string): ProvinceBracket[] => [{ key: 'HST', rate }];
const pst = (rate: string): ProvinceBracket[] => [GST, { key: 'PST', rate }];

export const PROVINCE_TAXES: Readonly<Record<Province, readonly ProvinceBracket[]>> = {
  ON: hst('0.13'),
  NB: hst('0.15'),
  NL: hst('0.15'),
  PE: hst('0.15'),
  NS: hst('0.14'),
  QC: [GST, { key: 'QST', rate: '0.09975' }],
  BC: pst('0.07'),
  SK: pst('0.06'),
  MB: pst('0.07'),
  AB: [GST],
  NT: [GST],
  NU: [GST],
  YT: [GST],
};

export function isProvince(value: unknown): value is Province {
  return typeof value === 'string' && (PROVINCES as readonly string[]).includes(value);
}

/** The bracket keys of a province, in tax1, tax2 order. */
export function bracketKeys(province: Province): TaxKey[] {
  return PROVINCE_TAXES[province].map((bracket) => bracket.key);
}

export interface TaxRateLike {
  tax1?: string | null | undefined;
  tax2?: string | null | undefined;
}

export interface TaxRates {
  tax1: string;
  tax2: string;
}

export const ONTARIO_REBATE_RATE = '0.05';

/** The restaurant's rates; a bracket it leaves unset is charged at 0. */
export function restaurantTaxRates(taxRate: TaxRateLike | null | undefined): TaxRates {
  return overrideTaxRates({ tax1: '0', tax2: '0' }, taxRate);
}

/** Bracket by bracket: a value set on the override (not absent, not null) replaces the base's. */
export function overrideTaxRates(base: TaxRates, override: TaxRateLike | null | undefined): TaxRates {
  if (!override) return base;
  return {
    tax1: override.tax1 ?? base.tax1,
    tax2: override.tax2 ?? base.tax2,
  };
}

/** The restaurant's rates overridden by each level in turn (menu, section, item, option value). */
export function effectiveTaxRates(restaurant: TaxRateLike | null | undefined, ...levels: Array<TaxRateLike | null | undefined>): TaxRates {
  return levels.reduce<TaxRates>((rates, level) => overrideTaxRates(rates, level), restaurantTaxRates(restaurant));
}
