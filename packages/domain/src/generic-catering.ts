/**
 * Generic catering (`?genericCatering=true`, order type `generic_catering`): the restaurant's
 * settings that shape it (spec ordering.md section 3; docs/decisions/0037-generic-catering.md):
 * - `genericCateringRequiresLogin`: only a signed-in diner places one.
 * - `genericCateringShowPickupOption`: pickup is offered only when true; otherwise the order is
 *   delivered or brought to one of the restaurant's table locations.
 * - `genericCateringHideCreditCard`: no card or wallet (payment-method.ts, `hideCreditCard`).
 * - `generic_table_locations`: the table labels ("Salle Champlain:1,Terrasse:2", label:number pairs)
 *   the diner picks where an order served on site goes; any other value is refused.
 * Pure: plan-order.ts reads these for the server, the web's checkout for its screens.
 */

/** One table-location choice: `value` is the entry as the tenant wrote it, `label` how it is read. */
export interface TableLocation {
  value: string;
  label: string;
}

/**
 * The choices of `generic_table_locations.locations`, in the tenant's order: "Lane:1" reads "Lane 1",
 * an entry without a number ("Terrasse") reads as written. Blank entries are skipped, repeats kept once.
 */
export function tableLocationChoices(locations: string | null | undefined): TableLocation[] {
  const choices: TableLocation[] = [];
  for (const entry of (locations ?? '').split(',')) {
    const value = entry.trim();
    if (value === '' || choices.some((choice) => choice.value === value)) continue;
    const colon = value.lastIndexOf(':');
    const name = colon === -1 ? value : value.slice(0, colon).trim();
    const number = colon === -1 ? '' : value.slice(colon + 1).trim();
    choices.push({ value, label: [name, number].filter((part) => part !== '').join(' ') });
  }
  return choices;
}

/** The restaurant's settings a generic catering order reads (tenant file names). */
export interface GenericCateringSettings {
  genericCateringRequiresLogin: boolean;
  genericCateringShowPickupOption: boolean;
  generic_table_locations: { locations: string } | null;
}

export type GenericCateringError =
  | { error: 'GENERIC_CATERING_LOGIN_REQUIRED' }
  | { error: 'PICKUP_NOT_OFFERED' }
  | { error: 'TABLE_LOCATION_REQUIRED' }
  | { error: 'TABLE_LOCATION_NOT_OFFERED' };

/** Whether this restaurant's generic catering offers pickup (else delivery or a table location only). */
export function pickupOffered(settings: Pick<GenericCateringSettings, 'genericCateringShowPickupOption'>): boolean {
  return settings.genericCateringShowPickupOption;
}

/** Whether a guest must sign in before placing a generic catering order here. */
export function loginRequired(settings: Pick<GenericCateringSettings, 'genericCateringRequiresLogin'>, signedIn: boolean): boolean {
  return settings.genericCateringRequiresLogin && !signedIn;
}

/**
 * Where a generic catering order goes, or why it cannot be placed:
 * 1. A table location, when given, must be one of the restaurant's; the stored label is its reading.
 * 2. A delivered order goes to its delivery address, the one place it names: it keeps no table
 *    location (one sent with it, as a table's QR link does, is not stored; issue 30 defect 4,
 *    docs/decisions/0084-one-delivery-location-question.md).
 * 3. Not delivered and without a table location, it is a pickup: refused unless pickup is offered;
 *    where the restaurant lists rooms or tables, it is asked for one (an order served on site).
 */
export function checkGenericCateringPlace(
  settings: Pick<GenericCateringSettings, 'genericCateringShowPickupOption' | 'generic_table_locations'>,
  order: { delivered: boolean; tableLocation: string | null | undefined },
): { ok: true; tableLocation: TableLocation | null } | ({ ok: false } & GenericCateringError) {
  const choices = tableLocationChoices(settings.generic_table_locations?.locations);
  const asked = order.tableLocation?.trim() ?? '';
  const chosen = asked === '' ? null : (choices.find((choice) => choice.value === asked) ?? null);
  if (asked !== '' && chosen === null) return { ok: false, error: 'TABLE_LOCATION_NOT_OFFERED' };
  if (order.delivered) return { ok: true, tableLocation: null };
  if (chosen === null && !pickupOffered(settings))
    return { ok: false, error: choices.length > 0 ? 'TABLE_LOCATION_REQUIRED' : 'PICKUP_NOT_OFFERED' };
  return { ok: true, tableLocation: chosen };
}
