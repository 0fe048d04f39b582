/**
 * The tenant file's `delivery` and the "Delivery" form's values (contracts/settings-delivery-form.ts),
 * both ways, as pure functions (docs/decisions/0111-delivery-settings-form.md): the file's comma lists
 * of locations and areas are one row per place on the form, joined back with commas, read again as
 * the diner's checkout reads them (trimmed, empty ones left out). What the form does not edit
 * (schools, stadium sections, another language's labels) is kept. And back from a refused file's
 * paths to the form's fields.
 */
import type { ChargeForm } from '@servery/contracts/settings-forms';
import type { DeliverySettingsForm } from '@servery/contracts/settings-delivery-form';

/** The file's `delivery` as the form reads it: only the keys it changes are typed; the rest passes through. */
export interface FileDelivery {
  type?: 'custom';
  radius_km?: number | null;
  delivery_charge?: string | number | null;
  schools?: unknown[];
  custom_locations?: string;
  areas?: string;
  stadium_sections?: string;
  location_label?: string;
  areas_label?: string;
  localization?: Partial<Record<'en-CA' | 'fr-CA', Record<string, string>>>;
  [key: string]: unknown;
}

/** The tenant file as this form reads it (the settings screen's file). */
export interface DeliveryFile {
  delivery?: FileDelivery | null;
  [key: string]: unknown;
}

/** "a, b ,,c" -> ["a", "b", "c"], as the checkout and the order's plan read the file's lists. */
export function commaList(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

function chargeValues(value: string | number | null | undefined): ChargeForm {
  if (value === null || value === undefined || String(value).trim() === '') return { kind: 'none', value: '' };
  const text = String(value).trim();
  return text.endsWith('$') ? { kind: 'dollar', value: text.slice(0, -1) } : { kind: 'percentage', value: text };
}

const chargeText = (charge: ChargeForm): string | null =>
  charge.kind === 'none' ? null : charge.kind === 'dollar' ? `${charge.value.trim()}$` : charge.value.trim();

/** The form for a restaurant that delivers (a file without `delivery`: the empty form, to turn it on). */
export function deliveryValues(file: DeliveryFile): DeliverySettingsForm {
  const delivery = file.delivery ?? {};
  const french = delivery.localization?.['fr-CA'] ?? {};
  return {
    charge: chargeValues(delivery.delivery_charge),
    radius: delivery.radius_km == null ? '' : String(delivery.radius_km),
    locations: commaList(delivery.custom_locations).map((name) => ({ name })),
    areas: commaList(delivery.areas).map((name) => ({ name })),
    location_label_en: delivery.location_label ?? '',
    location_label_fr: french.location_label ?? '',
    areas_label_en: delivery.areas_label ?? '',
    areas_label_fr: french.areas_label ?? '',
  };
}

/** `key` set to the trimmed text, or left out when it is empty. */
function withText<T extends Record<string, unknown>>(entry: T, key: string, text: string): T {
  const { [key]: _before, ...rest } = entry;
  return (text.trim() === '' ? rest : { ...rest, [key]: text.trim() }) as T;
}

/** The file with the form's delivery: it delivers (a file that did not, now does). */
export function applyDelivery(file: DeliveryFile, values: DeliverySettingsForm): DeliveryFile {
  const before: FileDelivery = file.delivery ?? { type: 'custom' };
  let delivery: FileDelivery = {
    ...before,
    delivery_charge: chargeText(values.charge),
    radius_km: values.radius.trim() === '' ? null : Number(values.radius.trim()),
    custom_locations: values.locations.map((place) => place.name.trim()).join(','),
    areas: values.areas.map((place) => place.name.trim()).join(','),
  };
  delivery = withText(withText(delivery, 'location_label', values.location_label_en), 'areas_label', values.areas_label_en);
  const french = withText(
    withText({ ...(before.localization?.['fr-CA'] ?? {}) }, 'location_label', values.location_label_fr),
    'areas_label',
    values.areas_label_fr,
  );
  const { 'fr-CA': _french, ...others } = before.localization ?? {};
  const localization = Object.keys(french).length > 0 ? { ...others, 'fr-CA': french } : others;
  if (Object.keys(localization).length > 0 || before.localization !== undefined) delivery.localization = localization;
  return { ...file, delivery };
}

/** The file without delivery: diners can no longer choose it at checkout once published. */
export function withoutDelivery(file: DeliveryFile): DeliveryFile {
  return { ...file, delivery: null };
}

/** What a restaurant's diners lose when delivery is turned off, as counts the form words. */
export function deliveryLosses(file: DeliveryFile) {
  const delivery = file.delivery ?? {};
  return {
    charge: chargeValues(delivery.delivery_charge).kind !== 'none',
    radius: delivery.radius_km ?? null,
    locations: commaList(delivery.custom_locations).length,
    areas: commaList(delivery.areas).length,
    schools: delivery.schools?.length ?? 0,
    sections: commaList(delivery.stadium_sections).length,
  };
}

const DELIVERY_FIELD: ReadonlyArray<[RegExp, (match: RegExpExecArray, values: DeliverySettingsForm) => string]> = [
  [/^\.delivery_charge$/, () => 'charge.value'],
  [/^\.radius_km$/, () => 'radius'],
  [/^\.custom_locations$/, (_, values) => (values.locations.length > 0 ? 'locations.0.name' : 'radius')],
  [/^\.areas$/, (_, values) => (values.areas.length > 0 ? 'areas.0.name' : 'radius')],
  [/^\.location_label$/, () => 'location_label_en'],
  [/^\.areas_label$/, () => 'areas_label_en'],
  [/^\.localization\["fr-CA"\]\.location_label$/, () => 'location_label_fr'],
  [/^\.localization\["fr-CA"\]\.areas_label$/, () => 'areas_label_fr'],
];

/** The delivery form's field for a refused file's path (`$.delivery.radius_km`); undefined: not one of its fields. */
export function deliveryFieldOf(values: DeliverySettingsForm): (path: string) => string | undefined {
  return (path) => {
    const delivery = /^\$\.delivery(.*)$/.exec(path);
    if (!delivery) return undefined;
    for (const [pattern, field] of DELIVERY_FIELD) {
      const match = pattern.exec(delivery[1]!);
      if (match) return field(match, values);
    }
    return 'radius';
  };
}
