/**
 * Venue-chain location search (spec ordering.md sections 2, 3, 7 and 9): place-name suggestions and
 * the chain's venues near a point. Defaults are the spec's (SEARCH_DEFAULTS in
 * packages/domain/src/venue-search.ts).
 */
import { z } from 'zod';
import { DISTANCE_UNITS, SEARCH_DEFAULTS } from '@servery/domain/venue-search';

const Group = z
  .string()
  .trim()
  .regex(/^[a-z0-9-]{1,60}$/, 'a chain group is lower-case letters, digits and dashes')
  .default(SEARCH_DEFAULTS.group);
const Radius = z.number().positive().max(5000).default(SEARCH_DEFAULTS.radius);
const Unit = z.enum(DISTANCE_UNITS).default(SEARCH_DEFAULTS.unit);

/** POST /api/restaurants/autocomplete-search. `description` is the text typed so far. */
export const AutocompleteSearchRequest = z.object({
  group: Group,
  radius: Radius,
  unit: Unit,
  sessionToken: z.string().max(100).optional(),
  description: z.string().max(200),
  gmapPlaceId: z.string().max(100).optional(),
  terms: z
    .array(z.object({ value: z.string().max(200) }))
    .max(10)
    .optional(),
  types: z.array(z.string().max(60)).max(10).optional(),
});
export type AutocompleteSearchRequest = z.input<typeof AutocompleteSearchRequest>;

export const PlaceSuggestion = z.object({
  /** "Mississauga, ON, Canada" */
  description: z.string(),
  /** The gazetteer's id of the place, to send back as gmapPlaceId. */
  gmapPlaceId: z.string(),
  terms: z.array(z.object({ value: z.string() })),
  types: z.array(z.string()),
  lat: z.number(),
  lng: z.number(),
});
export type PlaceSuggestion = z.infer<typeof PlaceSuggestion>;

export const AutocompleteSearchResponse = z.object({ predictions: z.array(PlaceSuggestion) });
export type AutocompleteSearchResponse = z.infer<typeof AutocompleteSearchResponse>;

/**
 * POST /api/restaurants/geolocation-search (spec section 3, "Geolocation payload"). The point is
 * lat and lng, or the gazetteer place gmapPlaceId names when they are absent.
 */
export const GeolocationSearchRequest = z.object({
  lat: z.number().min(-90).max(90).optional(),
  lng: z.number().min(-180).max(180).optional(),
  radius: Radius,
  group: Group,
  unit: Unit,
  name: z.string().max(200).optional(),
  address: z.string().max(300).optional(),
  gmapPlaceId: z.string().max(100).optional(),
});
export type GeolocationSearchRequest = z.input<typeof GeolocationSearchRequest>;

export const VenueResult = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** In `unit`, to one decimal. */
  distance: z.number(),
  unit: z.enum(DISTANCE_UNITS),
  zone: z.string(),
  open_now: z.boolean(),
  /** When it closes, while open; null when it does not close in the next 14 days. */
  closes_at: z.iso.datetime({ offset: true }).nullable(),
  /** When it opens next, while closed; null when not in the next 14 days. */
  next_opening: z.iso.datetime({ offset: true }).nullable(),
  /** A venue not open yet: its opening date (yyyy-MM-dd), and its link goes to the coming-soon screen. */
  coming_soon: z.boolean(),
  opening_date: z.iso.date().nullable(),
});
export type VenueResult = z.infer<typeof VenueResult>;

export const GeolocationSearchResponse = z.object({
  /** The chain's name, from its venues' data. */
  chain: z.string().nullable(),
  /** The point searched from. */
  origin: z.object({ lat: z.number(), lng: z.number() }),
  radius: z.number(),
  unit: z.enum(DISTANCE_UNITS),
  results: z.array(VenueResult),
});
export type GeolocationSearchResponse = z.infer<typeof GeolocationSearchResponse>;

/** GET /api/restaurants/chains/:group: what the search screens show before a search. */
export const ChainParams = z.object({ group: z.string().max(60) });
export type ChainParams = z.infer<typeof ChainParams>;

export const ChainResponse = z.object({
  group: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  primary_color: z.string().nullable(),
  venues: z.number().int(),
  coming_soon: z.array(z.object({ slug: z.string(), name: z.string(), address: z.string(), opening_date: z.iso.date().nullable() })),
});
export type ChainResponse = z.infer<typeof ChainResponse>;
