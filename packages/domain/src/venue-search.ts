/**
 * Venue-chain location search (spec ordering.md sections 2, 7 and 9): which of a chain's venues are
 * within the radius of a point, nearest first, and the place names that a typed text suggests. Pure:
 * the venues and the gazetteer's places are passed in.
 *
 * Readings where the spec is silent:
 * 1. Distances are great-circle (geo.ts), shown to one decimal in the unit asked; a mile is exactly
 *    1.609344 km. A venue exactly on the radius is inside.
 * 2. Ties in distance are broken by name, so the order never depends on the database.
 * 3. A venue without coordinates cannot be placed and is never listed.
 * 4. Place names match on the start of any word, ignoring case and accents ("st-jer" finds
 *    "Saint-Jérôme" only through its own spelling, "Montreal" finds "Montréal"); a part after a comma
 *    narrows to the province or state ("Richmond Hill, ON"). The most populous places come first.
 */
import { distanceKm, isValidLatLng, type LatLng } from './geo';

export const DISTANCE_UNITS = ['mi', 'km'] as const;
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];

/** Spec ordering.md section 9: "Search defaults: radius 10, unit mi, group bowlero, countries us and ca". */
export const SEARCH_DEFAULTS = { radius: 10, unit: 'mi', group: 'bowlero', countries: ['us', 'ca'] } as const satisfies {
  radius: number;
  unit: DistanceUnit;
  group: string;
  countries: readonly string[];
};

/** Radii a diner may choose, in either unit: the default first. */
export const SEARCH_RADII = [10, 25, 50, 100, 500, 5000] as const;

/** At most this many suggestions per keystroke. */
export const MAX_SUGGESTIONS = 8;

export const KM_PER_MILE = 1.609344;

export function toUnit(km: number, unit: DistanceUnit): number {
  return unit === 'mi' ? km / KM_PER_MILE : km;
}

export function fromUnit(value: number, unit: DistanceUnit): number {
  return unit === 'mi' ? value * KM_PER_MILE : value;
}

/** One decimal, half away from zero on the shown digit (12.25 -> 12.3). */
export function roundDistance(value: number): number {
  return Math.round(value * 10 + Number.EPSILON) / 10;
}

export interface VenuePoint {
  slug: string;
  name: string;
  lat: number | null;
  lng: number | null;
}

export interface RankedVenue<V extends VenuePoint> {
  venue: V;
  /** In the unit asked, to one decimal. */
  distance: number;
}

/** The venues within `radius` (in `unit`) of `origin`, nearest first. */
export function rankVenues<V extends VenuePoint>(
  origin: LatLng,
  venues: readonly V[],
  radius: number,
  unit: DistanceUnit,
): RankedVenue<V>[] {
  if (!isValidLatLng(origin) || !Number.isFinite(radius) || radius <= 0) return [];
  const radiusKm = fromUnit(radius, unit);
  return venues
    .flatMap((venue) => {
      if (venue.lat === null || venue.lng === null) return [];
      const km = distanceKm(origin, { lat: venue.lat, lng: venue.lng });
      return km <= radiusKm + 1e-9 ? [{ venue, km }] : [];
    })
    .sort((a, b) => a.km - b.km || a.venue.name.localeCompare(b.venue.name))
    .map(({ venue, km }) => ({ venue, distance: roundDistance(toUnit(km, unit)) }));
}

export interface Place {
  /** Stable id of the gazetteer (the `gmapPlaceId` of the calls). */
  id: string;
  name: string;
  /** Province or state code: ON, QC, NY. */
  region: string;
  /** ISO 3166 alpha-2, lower case: ca, us. */
  country: string;
  lat: number;
  lng: number;
  population: number;
}

/** Lower case, accents and punctuation off, one space between words. */
export function foldPlaceText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export interface PlaceIndexEntry {
  place: Place;
  /** foldPlaceText(place.name) */
  folded: string;
}

export function indexPlaces(places: readonly Place[]): PlaceIndexEntry[] {
  return [...places]
    .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name))
    .map((place) => ({ place, folded: foldPlaceText(place.name) }));
}

/**
 * The places a typed text suggests, most populous first (the index is sorted so). Fewer than two
 * letters suggest nothing: every place would match.
 */
export function suggestPlaces(
  index: readonly PlaceIndexEntry[],
  text: string,
  countries: readonly string[],
  limit = MAX_SUGGESTIONS,
): Place[] {
  const [namePart = '', regionPart = ''] = text.split(',', 2);
  const name = foldPlaceText(namePart);
  const region = foldPlaceText(regionPart);
  if (name.replace(/ /g, '').length < 2) return [];
  const inRegion = (place: Place) =>
    countries.includes(place.country) &&
    (!region || foldPlaceText(place.region).startsWith(region) || foldPlaceText(place.country).startsWith(region));
  // Names that start with the text first ("York" before "New York"), then names with a later word
  // that does; each in population order.
  const found: Place[] = [];
  const wordStart = ` ${name}`;
  for (const pass of [
    (folded: string) => folded.startsWith(name),
    (folded: string) => !folded.startsWith(name) && ` ${folded}`.includes(wordStart),
  ]) {
    for (const entry of index) {
      if (found.length >= limit) return found;
      if (pass(entry.folded) && inRegion(entry.place)) found.push(entry.place);
    }
  }
  return found;
}

/** "Mississauga, ON, Canada": how a place is named in a suggestion. */
export function placeLabel(place: Place, countryName: (country: string) => string): string {
  return `${place.name}, ${place.region}, ${countryName(place.country)}`;
}
