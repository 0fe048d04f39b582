/**
 * The geocoder port (docs/decisions/0013-delivery-geocoding.md: "a delivery address must be within the radius"): where a
 * delivery address is on the map. The server never trusts a point sent by the browser; it places
 * the address itself and then checks the restaurant's radius (packages/domain geo.ts).
 *
 * The default, `postalCodeCentroids`, works offline from the `zipcodes` data set: a Canadian
 * postal code is placed at the centre of its forward sortation area (its first three characters),
 * a US ZIP at the centre of its ZIP code. That is precise to a few kilometres in a city, which is
 * what a radius of several kilometres needs; an operator who wants rooftop precision plugs a
 * street-level geocoder into the same port (docs/decisions/0013-delivery-geocoding.md).
 */
import { validatePostalCode } from '@servery/domain/card';
import type { LatLng } from '@servery/domain/geo';
import type zipcodesData from 'zipcodes';

type Zipcodes = typeof zipcodesData;

export interface GeocodeQuery {
  /** The diner's postal or ZIP code, as typed. */
  postalCode: string;
  /** The street address, for geocoders that use it. */
  address?: string;
}

export interface Geocoder {
  readonly name: string;
  /** The point for the address, or null when the geocoder does not know it. */
  locate(query: GeocodeQuery): Promise<LatLng | null>;
}

/** The data set is 5 MB: read it on the first delivery order, not at start-up. */
let zipcodes: Promise<Zipcodes> | null = null;
function loadZipcodes(): Promise<Zipcodes> {
  zipcodes ??= import('zipcodes').then((module) => module.default);
  return zipcodes;
}

export function postalCodeCentroids(): Geocoder {
  return {
    name: 'postal-code-centroids',
    async locate({ postalCode }) {
      const checked = validatePostalCode(postalCode);
      if (!checked.ok) return null;
      // "M5V 2T6" -> "M5V" (the area); "10001-1234" -> "10001".
      const key = /^[A-Z]/.test(checked.value) ? checked.value.slice(0, 3) : checked.value.slice(0, 5);
      const found = (await loadZipcodes()).lookup(key);
      return found && Number.isFinite(found.latitude) && Number.isFinite(found.longitude)
        ? { lat: found.latitude, lng: found.longitude }
        : null;
    },
  };
}
