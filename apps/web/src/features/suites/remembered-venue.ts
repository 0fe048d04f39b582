/**
 * The venue a suite owner with suites in several venues chose to see on their events screen, kept on
 * this device (spec accounts-and-suites.md: the `suitesLocationId` key), so the next visit opens on
 * it. Local storage, not a cookie, as the remembered guest contact (docs/decisions/0097-remembered-guest-contact.md,
 * docs/decisions/0123-remembered-suites-venue.md): the server never needs it. A venue the owner no
 * longer has suites in is ignored: every venue is shown then.
 */
import { deviceStorage } from '../../lib/device-storage';

export const SUITES_LOCATION_KEY = 'servery.suitesLocationId';

/** The remembered venue's id, if it is one of `venueIds`; else null (every venue). */
export function rememberedVenue(venueIds: readonly number[]): number | null {
  try {
    const id = Number(deviceStorage()?.getItem(SUITES_LOCATION_KEY));
    return Number.isSafeInteger(id) && venueIds.includes(id) ? id : null;
  } catch {
    return null;
  }
}

/** Remembers a venue, or with null forgets it (every venue). */
export function rememberVenue(id: number | null): void {
  try {
    if (id === null) deviceStorage()?.removeItem(SUITES_LOCATION_KEY);
    else deviceStorage()?.setItem(SUITES_LOCATION_KEY, String(id));
  } catch {
    // Private mode or a full quota: the next visit shows every venue.
  }
}
