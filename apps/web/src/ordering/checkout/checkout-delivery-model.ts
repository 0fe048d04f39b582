/**
 * Delivery at checkout (spec ordering.md sections 2 and 5; docs/decisions/0013-delivery-geocoding.md): which address types the
 * restaurant offers (its `delivery` settings), the form for one address, the fields each type must have,
 * and the `checkout.delivery` the server expects. The radius is the server's check (it places a
 * default address on the map from its postal code); its refusal comes back on the postal code field.
 */
import type { OrderDelivery } from '@servery/contracts/orders';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { EMPTY_CHECKOUT, type CheckoutDelivery } from '@servery/contracts/forms';

export type DeliveryType = OrderDelivery['type'];

/** One address's fields as typed (the checkout's `delivery` values, packages/contracts/src/forms.ts). */
export type DeliveryForm = CheckoutDelivery;

export const EMPTY_DELIVERY: DeliveryForm = EMPTY_CHECKOUT.delivery;

export type DeliveryField = Exclude<keyof DeliveryForm, 'type'>;

export interface DeliverySchool {
  name: string;
  grades: string[];
  classrooms: string[];
  teachers: string[];
}

export interface DeliveryOptions {
  types: DeliveryType[];
  /** Custom locations to pick from; empty: the location is typed. */
  locations: string[];
  areas: string[];
  sections: string[];
  schools: DeliverySchool[];
  /** The restaurant's label for the extra location field (buzzer, floor…), in the diner's language. */
  locationLabel: string | null;
  areasLabel: string | null;
}

/** "a, b ,c" → ["a", "b", "c"] */
export function commaList(list: string | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * The address types the restaurant configures: a street address when it delivers within a radius
 * (or configures nothing more precise), custom locations or areas, schools, stadium sections.
 */
export function deliveryOptions(restaurant: Pick<PublicRestaurant, 'delivery'>, locale: string): DeliveryOptions | null {
  const settings = restaurant.delivery;
  if (!settings) return null;
  const local = locale === 'en-CA' ? undefined : settings.localization[locale as 'fr-CA'];
  const locations = commaList(settings.custom_locations);
  const areas = commaList(settings.areas);
  const sections = commaList(settings.stadium_sections);
  const schools = settings.schools.map((school) => ({
    name: school.name,
    grades: commaList(school.grades),
    classrooms: commaList(school.classrooms),
    teachers: commaList(school.teachers),
  }));
  const types: DeliveryType[] = [];
  if (settings.radius_km !== null) types.push('default_address');
  if (locations.length > 0 || areas.length > 0) types.push('custom_location');
  if (schools.length > 0) types.push('school');
  if (sections.length > 0) types.push('stadium');
  if (types.length === 0) types.push('default_address');
  return {
    types,
    locations,
    areas,
    sections,
    schools,
    locationLabel: local?.location_label || settings.location_label || null,
    areasLabel: local?.areas_label || settings.areas_label || null,
  };
}

/** The fields each type asks for, in screen order; `location` on a street address is the optional extra (buzzer, unit). */
export function deliveryFields(type: DeliveryType | null, options: DeliveryOptions, form: DeliveryForm): DeliveryField[] {
  switch (type) {
    case 'default_address':
      return options.locationLabel ? ['address', 'location', 'postalCode'] : ['address', 'postalCode'];
    case 'custom_location': {
      // A listed location (an office tower, a convention centre) is a building: the room, floor or
      // suite in it follows, optional. A typed location is already the diner's own words.
      const detail: DeliveryField[] = options.locations.length > 0 ? ['detail'] : [];
      return [...(options.areas.length > 0 ? (['area', 'location'] as const) : (['location'] as const)), ...detail];
    }
    case 'school': {
      const school = options.schools.find((entry) => entry.name === form.school);
      const lists = { grade: school?.grades, classroom: school?.classrooms, teacher: school?.teachers };
      const extra = (['grade', 'classroom', 'teacher'] as const).filter((field) => !school || (lists[field]?.length ?? 0) > 0);
      return ['student', 'school', ...extra];
    }
    case 'stadium':
      return ['section', 'row', 'seat'];
    case null:
      return [];
  }
}

/** Optional fields: the street address's extra line, a listed location's room or floor, and the student's name. */
export function isOptionalDeliveryField(type: DeliveryType | null, field: DeliveryField): boolean {
  return (type === 'default_address' && field === 'location') || field === 'detail' || (type === 'school' && field === 'student');
}

/** The fields the form's address type must have (the optional ones left out): the checkout schema's `deliveryRequired`. */
export function requiredDeliveryFields(options: DeliveryOptions): (form: DeliveryForm) => DeliveryField[] {
  return (form) => deliveryFields(form.type, options, form).filter((field) => !isOptionalDeliveryField(form.type, field));
}

/** `checkout.delivery` for the form: only the fields of its type, trimmed. */
export function deliveryBody(form: DeliveryForm, options: DeliveryOptions): OrderDelivery | null {
  if (form.type === null) return null;
  const body: OrderDelivery = { type: form.type };
  for (const field of deliveryFields(form.type, options, form)) {
    const value = (form[field] ?? '').trim().replace(/\s+/g, ' ');
    if (value !== '') body[field] = field === 'postalCode' ? value.toUpperCase() : value;
  }
  return body;
}

/** The form's field for a server detail path (`data.checkout.delivery.postalCode` → `delivery.postalCode`). */
export function deliveryFieldOfPath(path: string): string | null {
  const match = /(?:^|\.)checkout\.delivery\.(\w+)$/.exec(path);
  return match ? `delivery.${match[1]}` : null;
}
