/**
 * The restaurant settings' "Delivery" form (issue 32 item 2; docs/decisions/0111-delivery-settings-form.md):
 * the tenant file's `delivery` (tenant-file.ts) as a person edits it. The file writes the locations
 * and areas as comma-separated text; the form has one row per place, so it says first, in the person's
 * language, what the file cannot: an empty place, a comma inside one (it would be read as two), a
 * place given twice, control characters, text too long, a radius that is not a distance above zero,
 * a label written in one language only. The saved file is checked again by the tenant file's schema.
 *
 * A rule's message travels as `params.messageKey`, a key of the web's catalogue (settings-forms.ts).
 */
import { z } from './browser-zod';
import { ChargeForm, type MessageKeyParams } from './settings-forms';
import { hasControlCharacters } from './text-input';

/** The longest place name (the diner's order carries it: orders.ts `location`, `area`) and label. */
export const PLACE_MAX_LENGTH = 100;
export const LABEL_MAX_LENGTH = 60;
/** The most locations, and areas, a restaurant lists (the diner picks one from a select). */
export const MAX_PLACES = 50;
/**
 * Schools and stadium sections (docs/decisions/0121-delivery-schools-and-unused-photos.md): the most schools, and the most entries of one
 * school's grades, classrooms or teachers, or of the stadium's sections (a select each at checkout).
 * A school's name is at most 100 characters (an order's `school`, orders.ts), an entry 60.
 */
export const MAX_SCHOOLS = 30;
export const MAX_SCHOOL_ENTRIES = 100;
export const SCHOOL_ENTRY_MAX_LENGTH = 60;
/** A school's three lists, in the order the checkout asks for them. */
export const SCHOOL_LISTS = ['grades', 'classrooms', 'teachers'] as const;
export type SchoolList = (typeof SCHOOL_LISTS)[number];

function issue(ctx: z.core.$RefinementCtx, path: PropertyKey[], messageKey: string) {
  const params: MessageKeyParams = { messageKey };
  ctx.addIssue({ code: 'custom', path, params });
}

/** A radius as typed: a distance in km above zero, up to two decimals ("8", "12.5"); "" none. */
export const RADIUS = /^\d{1,3}(\.\d{1,2})?$/;

/** One location or area of the list. */
export const PlaceForm = z.object({ name: z.string() });
export type PlaceForm = z.input<typeof PlaceForm>;

/** One school: its name and its lists, one row per entry (the file writes each list as comma-separated text). */
export const SchoolForm = z.object({
  name: z.string(),
  grades: z.array(PlaceForm).max(MAX_SCHOOL_ENTRIES),
  classrooms: z.array(PlaceForm).max(MAX_SCHOOL_ENTRIES),
  teachers: z.array(PlaceForm).max(MAX_SCHOOL_ENTRIES),
});
export type SchoolForm = z.input<typeof SchoolForm>;

/**
 * Rows of one comma list: each written (else `empty`), without control characters or a comma, within
 * `max` characters, and none twice (case and spaces aside).
 */
function checkRows(
  ctx: z.core.$RefinementCtx,
  rows: ReadonlyArray<{ name: string }>,
  at: PropertyKey[],
  words: { empty: string; tooLong: string; duplicate: string },
  max: number,
) {
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const name = row.name.trim();
    const path = [...at, index, 'name'];
    const key = name.toLocaleLowerCase('fr-CA').replace(/\s+/g, ' ');
    if (name === '') issue(ctx, path, words.empty);
    else if (hasControlCharacters(name)) issue(ctx, path, 'staffSettings.error.controlCharacters');
    else if (name.includes(',')) issue(ctx, path, 'staffDeliveryPlaces.error.comma');
    else if (name.length > max) issue(ctx, path, words.tooLong);
    else if (seen.has(key)) issue(ctx, path, words.duplicate);
    seen.add(key);
  });
}

export const DeliverySettingsForm = z
  .object({
    charge: ChargeForm,
    radius: z.string(),
    locations: z.array(PlaceForm).max(MAX_PLACES),
    areas: z.array(PlaceForm).max(MAX_PLACES),
    schools: z.array(SchoolForm).max(MAX_SCHOOLS),
    sections: z.array(PlaceForm).max(MAX_SCHOOL_ENTRIES),
    location_label_en: z.string(),
    location_label_fr: z.string(),
    areas_label_en: z.string(),
    areas_label_fr: z.string(),
  })
  .superRefine((form, ctx) => {
    const radius = form.radius.trim();
    if (radius !== '' && (!RADIUS.test(radius) || Number(radius) <= 0)) issue(ctx, ['radius'], 'staffDelivery.error.radius');
    for (const list of ['locations', 'areas'] as const) {
      const seen = new Set<string>();
      form[list].forEach((place, index) => {
        const name = place.name.trim();
        const path = [list, index, 'name'];
        if (name === '') issue(ctx, path, 'staffDelivery.error.empty');
        else if (hasControlCharacters(name)) issue(ctx, path, 'staffSettings.error.controlCharacters');
        else if (name.includes(',')) issue(ctx, path, 'staffDelivery.error.comma');
        else if (name.length > PLACE_MAX_LENGTH) issue(ctx, path, 'staffDelivery.error.placeTooLong');
        else if (seen.has(name.toLocaleLowerCase('fr-CA'))) issue(ctx, path, 'staffDelivery.error.duplicate');
        seen.add(name.toLocaleLowerCase('fr-CA'));
      });
    }
    const schoolNames = new Set<string>();
    form.schools.forEach((school, index) => {
      const name = school.name.trim();
      const path = ['schools', index, 'name'];
      const key = name.toLocaleLowerCase('fr-CA').replace(/\s+/g, ' ');
      if (name === '') issue(ctx, path, 'staffDeliveryPlaces.error.schoolName');
      else if (hasControlCharacters(name)) issue(ctx, path, 'staffSettings.error.controlCharacters');
      else if (name.length > PLACE_MAX_LENGTH) issue(ctx, path, 'staffDelivery.error.placeTooLong');
      else if (schoolNames.has(key)) issue(ctx, path, 'staffDeliveryPlaces.error.schoolTwice');
      schoolNames.add(key);
      for (const list of SCHOOL_LISTS) {
        checkRows(
          ctx,
          school[list],
          ['schools', index, list],
          {
            empty: 'staffDelivery.error.empty',
            tooLong: 'staffDeliveryPlaces.error.entryTooLong',
            duplicate: 'staffDeliveryPlaces.error.entryTwice',
          },
          SCHOOL_ENTRY_MAX_LENGTH,
        );
      }
    });
    checkRows(
      ctx,
      form.sections,
      ['sections'],
      {
        empty: 'staffDelivery.error.empty',
        tooLong: 'staffDeliveryPlaces.error.entryTooLong',
        duplicate: 'staffDeliveryPlaces.error.entryTwice',
      },
      SCHOOL_ENTRY_MAX_LENGTH,
    );
    for (const label of ['location_label', 'areas_label'] as const) {
      const en = form[`${label}_en`].trim();
      const fr = form[`${label}_fr`].trim();
      for (const [key, text] of [
        [`${label}_en`, en],
        [`${label}_fr`, fr],
      ] as const) {
        if (hasControlCharacters(text)) issue(ctx, [key], 'staffSettings.error.controlCharacters');
        else if (text.length > LABEL_MAX_LENGTH) issue(ctx, [key], 'staffDelivery.error.labelTooLong');
      }
      if (en === '' && fr !== '') issue(ctx, [`${label}_en`], 'staffDelivery.error.bothLanguages');
      if (fr === '' && en !== '') issue(ctx, [`${label}_fr`], 'staffDelivery.error.bothLanguages');
    }
  });
export type DeliverySettingsForm = z.input<typeof DeliverySettingsForm>;

/**
 * GET /api/staff/students/places: how many of the restaurant's saved students are at each school,
 * grade, classroom and teacher (counts only: no child is named), so the Delivery form can ask before
 * a save renames or removes what students use (domain `placesLeftUnlisted`). Owners and managers.
 */
export const StudentPlacesResponse = z.object({
  places: z.array(
    z.object({
      school: z.string(),
      grade: z.string(),
      classroom: z.string(),
      teacher: z.string(),
      students: z.number().int().positive(),
    }),
  ),
});
export type StudentPlacesResponse = z.infer<typeof StudentPlacesResponse>;
