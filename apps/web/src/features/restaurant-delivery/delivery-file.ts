/**
 * The tenant file's `delivery` and the "Delivery" form's values (contracts/settings-delivery-form.ts),
 * both ways, as pure functions (docs/decisions/0111-delivery-settings-form.md): the file's comma lists
 * of locations and areas are one row per place on the form, joined back with commas, read again as
 * the diner's checkout reads them (trimmed, empty ones left out). So are a school's grades,
 * classrooms and teachers and the stadium's sections (decision 0121). What the form does not edit
 * (another language's labels) is kept. And back from a refused file's paths to the form's fields.
 */
import type { ChargeForm } from '@servery/contracts/settings-forms';
import { SCHOOL_LISTS, type DeliverySettingsForm, type SchoolForm } from '@servery/contracts/settings-delivery-form';

/** One school of the file (tenant-file.ts `School`): its lists are comma-separated text. */
export interface FileSchool {
  name: string;
  grades?: string;
  classrooms?: string;
  teachers?: string;
}

/** The file's `delivery` as the form reads it: only the keys it changes are typed; the rest passes through. */
export interface FileDelivery {
  type?: 'custom';
  radius_km?: number | null;
  delivery_charge?: string | number | null;
  schools?: FileSchool[];
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

const rows = (text: string | undefined) => commaList(text).map((name) => ({ name }));
const joined = (list: ReadonlyArray<{ name: string }>) => list.map((row) => row.name.trim()).join(',');

/** A school of the form as the file writes it: its name trimmed, each list joined with commas. */
export function fileSchool(school: SchoolForm): Required<FileSchool> {
  const [grades, classrooms, teachers] = SCHOOL_LISTS.map((list) => joined(school[list]));
  return { name: school.name.trim().replace(/\s+/g, ' '), grades: grades!, classrooms: classrooms!, teachers: teachers! };
}

/** The form for a restaurant that delivers (a file without `delivery`: the empty form, to turn it on). */
export function deliveryValues(file: DeliveryFile): DeliverySettingsForm {
  const delivery = file.delivery ?? {};
  const french = delivery.localization?.['fr-CA'] ?? {};
  return {
    charge: chargeValues(delivery.delivery_charge),
    radius: delivery.radius_km == null ? '' : String(delivery.radius_km),
    locations: commaList(delivery.custom_locations).map((name) => ({ name })),
    areas: commaList(delivery.areas).map((name) => ({ name })),
    schools: (delivery.schools ?? []).map((school) => ({
      name: school.name,
      grades: rows(school.grades),
      classrooms: rows(school.classrooms),
      teachers: rows(school.teachers),
    })),
    sections: rows(delivery.stadium_sections),
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
  // Written when there are some, or the file had the key: a restaurant without schools keeps a file without them.
  if (values.schools.length > 0 || before.schools !== undefined) delivery.schools = values.schools.map(fileSchool);
  if (values.sections.length > 0 || before.stadium_sections !== undefined) delivery.stadium_sections = joined(values.sections);
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
  [/^\.schools\[(\d+)\]\.name$/, (match) => `schools.${match[1]}.name`],
  [
    /^\.schools\[(\d+)\]\.(grades|classrooms|teachers)$/,
    (match, values) =>
      (values.schools[Number(match[1])]?.[match[2] as 'grades'].length ?? 0) > 0
        ? `schools.${match[1]}.${match[2]}.0.name`
        : `schools.${match[1]}.name`,
  ],
  [/^\.schools\[(\d+)\]/, (match) => `schools.${match[1]}.name`],
  [/^\.stadium_sections$/, (_, values) => (values.sections.length > 0 ? 'sections.0.name' : 'radius')],
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

/** Where the form shows a part: with the rest, under "More places" (closed), or not at all. */
export type PartPlace = 'shown' | 'more' | 'hidden';

/**
 * Which of the schools and the stadium sections the form shows (decision 0121), by what the file says
 * the restaurant is: a K-12 program (`k12`) delivers to schools, a venue (`suites_enabled` or a
 * `concourse`) to stadium sections, and neither shows the other's; a restaurant of another kind has
 * both under "More places". A part the file already fills is always shown, whatever the kind.
 */
export function deliveryPlaceParts(file: DeliveryFile): { schools: PartPlace; sections: PartPlace } {
  const school = file.k12 === true;
  const venue = file.suites_enabled === true || (typeof file.concourse === 'string' && file.concourse !== '');
  const place = (has: boolean, applies: boolean, other: boolean): PartPlace => (has || applies ? 'shown' : other ? 'hidden' : 'more');
  return {
    schools: place((file.delivery?.schools?.length ?? 0) > 0, school, venue),
    sections: place(commaList(file.delivery?.stadium_sections).length > 0, venue, school),
  };
}
