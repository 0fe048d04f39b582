import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { type ApiClient, isAbortError, isApiError, NETWORK_ERROR } from '../../lib/api';

/**
 * Restaurant data (spec accounts-and-suites.md section 7): GET /{slug}/data.json, with the bundled
 * fallback copy the build writes beside the app (apps/web/restaurant-fallbacks.ts) when the data
 * cannot be fetched, and the spec's "error parsing restaurant data" when an answer is not restaurant
 * data (docs/decisions/0041).
 */
export const FALLBACK_PATH = '/restaurant-fallbacks';

/** An answer that is not restaurant data: not JSON, or without what every screen reads first. */
export class RestaurantDataUnparseable extends Error {
  override readonly name = 'RestaurantDataUnparseable';
}

export function isRestaurantDataUnparseable(error: unknown): error is RestaurantDataUnparseable {
  return error instanceof RestaurantDataUnparseable;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The answer as restaurant data, or null. The server validates what it sends against the contract;
 * this checks what the page reads before anything else (identity, zone, theme, languages, hours), so
 * a truncated body or a proxy's page gives the message instead of a screen that breaks further on.
 * No zod here: the menu page's first bundle stays small.
 */
export function parseRestaurantData(value: unknown, slug: string): PublicRestaurant | null {
  if (!isRecord(value)) return null;
  const { id, slug: answered, name, zone, theme, locales, hours } = value;
  const ok =
    Number.isInteger(id) &&
    answered === slug &&
    typeof name === 'string' &&
    name !== '' &&
    typeof zone === 'string' &&
    isRecord(theme) &&
    Array.isArray(locales) &&
    Array.isArray(hours);
  return ok ? (value as PublicRestaurant) : null;
}

/** No answer from the server, or a failure of its own (5xx): what the fallback copy is for. A 404 or 4xx is an answer. */
function unreachable(error: unknown): boolean {
  return isApiError(error) && (error.error === NETWORK_ERROR || error.status >= 500);
}

async function fetchFallback(client: ApiClient, slug: string, signal: AbortSignal | undefined): Promise<PublicRestaurant | null> {
  try {
    const copy = await client.get<unknown>(`${FALLBACK_PATH}/${encodeURIComponent(slug)}.json`, signal ? { signal } : {});
    return parseRestaurantData(copy, slug);
  } catch (error) {
    if (isAbortError(error)) throw error;
    return null;
  }
}

/** The restaurant's data: live, else its bundled copy; RestaurantDataUnparseable when an answer is not restaurant data. */
export async function loadRestaurantData(client: ApiClient, slug: string, signal?: AbortSignal): Promise<PublicRestaurant> {
  let answer: unknown;
  try {
    answer = await client.get<unknown>(`/${encodeURIComponent(slug)}/data.json`, signal ? { signal } : {});
  } catch (error) {
    // The client parses the body as JSON: a body that is not JSON throws here.
    if (error instanceof SyntaxError) throw new RestaurantDataUnparseable('data.json is not JSON', { cause: error });
    if (!unreachable(error)) throw error;
    const copy = await fetchFallback(client, slug, signal);
    if (copy) return copy;
    throw error;
  }
  const restaurant = parseRestaurantData(answer, slug);
  if (!restaurant) throw new RestaurantDataUnparseable('data.json is not restaurant data');
  return restaurant;
}
