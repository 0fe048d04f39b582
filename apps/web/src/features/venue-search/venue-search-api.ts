import type {
  AutocompleteSearchResponse,
  ChainResponse,
  GeolocationSearchRequest,
  GeolocationSearchResponse,
} from '@servery/contracts/venue-search';
import type { ApiClient } from '../../lib/api';

/** POST /api/restaurants/autocomplete-search: place names starting with what the diner typed. */
export function fetchPlaceSuggestions(
  client: ApiClient,
  request: { group: string; description: string; sessionToken: string },
  signal?: AbortSignal,
): Promise<AutocompleteSearchResponse> {
  return client.request('/api/restaurants/autocomplete-search', { method: 'POST', body: request, ...(signal && { signal }) });
}

/** POST /api/restaurants/geolocation-search: the chain's venues near a point or a suggested place. */
export function searchVenues(
  client: ApiClient,
  request: GeolocationSearchRequest,
  signal?: AbortSignal,
): Promise<GeolocationSearchResponse> {
  return client.request('/api/restaurants/geolocation-search', { method: 'POST', body: request, ...(signal && { signal }) });
}

/** GET /api/restaurants/chains/:group: the chain's name and look, and its venues not open yet. */
export function fetchChain(client: ApiClient, group: string, signal?: AbortSignal): Promise<ChainResponse> {
  return client.get(`/api/restaurants/chains/${encodeURIComponent(group)}`, signal ? { signal } : {});
}
