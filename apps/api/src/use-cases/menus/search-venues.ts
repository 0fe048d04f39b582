/**
 * Venue-chain location search (spec ordering.md sections 2, 7 and 9): place-name suggestions from
 * the gazetteer port, and a chain's venues (restaurants sharing a `group`) within a radius of a
 * point, nearest first, with whether each is open now or when it opens next. The chain's name and
 * its coming-soon venues are tenant data (`group_name`, `opening_date`), never code.
 */
import type {
  AutocompleteSearchRequest,
  AutocompleteSearchResponse,
  ChainResponse,
  GeolocationSearchResponse,
  VenueResult,
} from '@servery/contracts/venue-search';
import { isValidLatLng, type LatLng } from '@servery/domain/geo';
import { openState } from '@servery/domain/opening-hours';
import { localDateTime } from '@servery/domain/price-schedule';
import { rankVenues, SEARCH_DEFAULTS } from '@servery/domain/venue-search';
import { findRestaurantsByGroup, type Restaurant } from '../../db/restaurants-repository';
import { AppError } from '../../lib/app-error';
import type { Gazetteer } from '../../ports/gazetteer';
import type { Executor } from '../../kernel/executor';
import { addressKey, reserveOrThrow } from '../platform/rate-limits';

const COUNTRY_NAMES: Record<string, string> = { ca: 'Canada', us: 'USA' };

export async function autocompleteSearch(
  db: Executor,
  gazetteer: Gazetteer,
  request: Pick<AutocompleteSearchRequest, 'description'>,
  address: string,
  now: Date,
): Promise<AutocompleteSearchResponse> {
  await reserveOrThrow(db, [{ limit: 'placeSuggestAddress', key: addressKey(address) }], now);
  const places = await gazetteer.suggest(request.description, SEARCH_DEFAULTS.countries);
  return {
    predictions: places.map((place) => {
      const country = COUNTRY_NAMES[place.country] ?? place.country.toUpperCase();
      return {
        description: `${place.name}, ${place.region}, ${country}`,
        gmapPlaceId: place.id,
        terms: [{ value: place.name }, { value: place.region }, { value: country }],
        types: ['locality', 'political'],
        lat: place.lat,
        lng: place.lng,
      };
    }),
  };
}

/** The local date (yyyy-MM-dd) in a zone. */
function localDate(now: Date, zone: string): string {
  const { year, month, day } = localDateTime(now, zone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const isComingSoon = (restaurant: Restaurant, now: Date) =>
  restaurant.settings.opening_date !== null && restaurant.settings.opening_date > localDate(now, restaurant.settings.zone);

function chainName(venues: Restaurant[], group: string): string | null {
  return venues.find((venue) => venue.settings.group_name)?.settings.group_name ?? (venues.length > 0 ? group : null);
}

export interface GeolocationInput {
  lat?: number | undefined;
  lng?: number | undefined;
  radius: number;
  group: string;
  unit: 'mi' | 'km';
  gmapPlaceId?: string | undefined;
}

export async function geolocationSearch(
  db: Executor,
  gazetteer: Gazetteer,
  request: GeolocationInput,
  address: string,
  now: Date,
): Promise<GeolocationSearchResponse> {
  await reserveOrThrow(db, [{ limit: 'venueSearchAddress', key: addressKey(address) }], now);
  let origin: LatLng | null = null;
  if (request.lat !== undefined && request.lng !== undefined) origin = { lat: request.lat, lng: request.lng };
  else if (request.gmapPlaceId) {
    const place = await gazetteer.place(request.gmapPlaceId);
    if (place) origin = { lat: place.lat, lng: place.lng };
  }
  if (!origin || !isValidLatLng(origin)) throw new AppError('SEARCH_PLACE_REQUIRED');

  const venues = await findRestaurantsByGroup(db, request.group);
  const points = venues.map((venue) => ({
    venue,
    slug: venue.slug,
    name: venue.settings.name,
    lat: venue.settings.latitude,
    lng: venue.settings.longitude,
  }));
  const results: VenueResult[] = rankVenues(origin, points, request.radius, request.unit).map(({ venue: { venue }, distance }) => {
    const { settings } = venue;
    const state = openState(settings.hours, settings.holiday_hours, now, settings.zone);
    const comingSoon = isComingSoon(venue, now);
    return {
      id: venue.id,
      slug: venue.slug,
      name: settings.display_name?.trim() || settings.name,
      address: settings.address,
      latitude: settings.latitude ?? 0,
      longitude: settings.longitude ?? 0,
      distance,
      unit: request.unit,
      zone: settings.zone,
      open_now: !comingSoon && state.open,
      closes_at: !comingSoon && state.open ? (state.closesAt?.toISOString() ?? null) : null,
      next_opening: !comingSoon && !state.open ? (state.nextOpening?.toISOString() ?? null) : null,
      coming_soon: comingSoon,
      opening_date: settings.opening_date,
    };
  });
  return { chain: chainName(venues, request.group), origin, radius: request.radius, unit: request.unit, results };
}

/** The chain's name and look, and its venues not open yet (for the coming-soon screen). */
export async function getChain(db: Executor, group: string, now: Date): Promise<ChainResponse> {
  const venues = /^[a-z0-9-]{1,60}$/.test(group) ? await findRestaurantsByGroup(db, group) : [];
  const name = chainName(venues, group);
  if (!name) throw new AppError('CHAIN_NOT_FOUND');
  const brand = venues.find((venue) => venue.settings.theme.logo) ?? venues[0];
  return {
    group,
    name,
    logo: brand?.settings.theme.logo ?? null,
    primary_color: brand?.settings.theme.primary_color ?? null,
    venues: venues.filter((venue) => !isComingSoon(venue, now)).length,
    coming_soon: venues
      .filter((venue) => isComingSoon(venue, now))
      .map((venue) => ({
        slug: venue.slug,
        name: venue.settings.display_name?.trim() || venue.settings.name,
        address: venue.settings.address,
        opening_date: venue.settings.opening_date,
      })),
  };
}
