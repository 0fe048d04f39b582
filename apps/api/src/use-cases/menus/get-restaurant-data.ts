/**
 * The restaurant data a browser may see (GET /{slug}/data.json and the server-rendered pages):
 * secrets stripped, banners sanitised in strict mode, vendor descriptions in default mode. Built once
 * per menu version (settings change only on import, which bumps it).
 */
import { mapRestaurantHtml, type PublicRestaurant, toPublicRestaurant } from '@servery/contracts/restaurant';
import { findRestaurantBySlug, findRestaurantSlugByHost, type Restaurant } from '../../db/restaurants-repository';
import type { Executor } from '../../kernel/executor';
import { AppError } from '../../lib/app-error';
import { sanitize } from '../../lib/sanitize-html';

// Keyed by the parsed restaurant itself: one database's restaurant at one version
// (db/restaurants-repository.ts), so a new version or another database is a new entry.
const cache = new WeakMap<Restaurant, { data: PublicRestaurant; json: string }>();

export function getRestaurantData(restaurant: Restaurant): { data: PublicRestaurant; json: string } {
  const hit = cache.get(restaurant);
  if (hit) return hit;
  const data = mapRestaurantHtml(toPublicRestaurant({ ...restaurant.settings, menu_groups: [] }), {
    strict: (text) => sanitize(text, 'strict'),
    rich: (text) => sanitize(text, 'default'),
  });
  const entry = { data, json: JSON.stringify(data) };
  cache.set(restaurant, entry);
  return entry;
}

/** The public data of the restaurant a path names; an unknown or malformed slug is RESTAURANT_NOT_FOUND. */
export async function getRestaurantDataBySlug(db: Executor, slug: string): Promise<{ data: PublicRestaurant; json: string }> {
  const restaurant = /^[a-z0-9-]+$/.test(slug) ? await findRestaurantBySlug(db, slug) : null;
  if (!restaurant) throw new AppError('RESTAURANT_NOT_FOUND');
  return getRestaurantData(restaurant);
}

/** The workplace canteen served on this host name (a port is ignored), if any. */
export async function canteenOfHost(db: Executor, hostname: string): Promise<string | null> {
  return findRestaurantSlugByHost(db, hostname.replace(/:\d+$/, ''));
}

/**
 * The canteen /cantine shows: the one this host serves, else the tenant whose slug is `cantine` when
 * it is a workplace canteen (has canteen hosts), so the landing also opens on the product's own host.
 */
export async function canteenSlugFor(db: Executor, hostname: string): Promise<string> {
  const byHost = await canteenOfHost(db, hostname);
  if (byHost) return byHost;
  const fallback = await findRestaurantBySlug(db, 'cantine');
  if (fallback && fallback.settings.canteen_hosts.length > 0) return fallback.slug;
  throw new AppError('RESTAURANT_NOT_FOUND');
}
