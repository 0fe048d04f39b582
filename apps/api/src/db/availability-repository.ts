/**
 * What staff change in a restaurant's running without an import: an item, a section or an option
 * value sold out and back, ordering paused and resumed. Each change also bumps the restaurant's menu_version, which every
 * cache of menus, carts and restaurant data is keyed by (docs/decisions/0005), in every process.
 */
import type { Executor } from '../ports/payments';
import { restaurantsChanged } from './restaurants-repository';

const TABLES = { item: 'items', section: 'sections', option_value: 'option_values' } as const;

/** Sets the flag in the row's JSON (what the menus read) and, for items, its column; null when there is no such row. */
export async function setSoldOut(
  db: Executor,
  restaurantId: number,
  kind: keyof typeof TABLES,
  id: number,
  soldOut: boolean,
): Promise<string | null> {
  const table = TABLES[kind];
  const row = await db.selectFrom(table).select('data').where('restaurant_id', '=', restaurantId).where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const data = JSON.parse(row.data) as { sold_out?: boolean; name?: string };
  data.sold_out = soldOut;
  if (kind === 'item') {
    await db
      .updateTable('items')
      .set({ data: JSON.stringify(data), sold_out: soldOut ? 1 : 0 })
      .where('restaurant_id', '=', restaurantId)
      .where('id', '=', id)
      .execute();
  } else {
    await db
      .updateTable(table)
      .set({ data: JSON.stringify(data) })
      .where('restaurant_id', '=', restaurantId)
      .where('id', '=', id)
      .execute();
  }
  return data.name ?? String(id);
}

export async function setOrdersPaused(
  db: Executor,
  restaurantId: number,
  pause: 'none' | 'asap' | 'all',
  message: { 'en-CA'?: string; 'fr-CA'?: string },
): Promise<void> {
  const row = await db.selectFrom('restaurants').select('settings').where('id', '=', restaurantId).executeTakeFirstOrThrow();
  const settings = JSON.parse(row.settings) as {
    orders_paused?: boolean;
    asap_paused?: boolean;
    orders_paused_message?: Record<string, string>;
  };
  settings.orders_paused = pause === 'all';
  settings.asap_paused = pause === 'asap';
  settings.orders_paused_message = pause === 'none' ? {} : message;
  await db
    .updateTable('restaurants')
    .set({ settings: JSON.stringify(settings) })
    .where('id', '=', restaurantId)
    .execute();
  restaurantsChanged();
}

/**
 * A marketplace hub's vendor paused (`all`: every order; `asap`: ASAP only) or resumed, in the hub's
 * settings (`vendors[]`, what its menus, scheduling and checkout read); false when the hub has no
 * such vendor.
 */
export async function setVendorPaused(
  db: Executor,
  restaurantId: number,
  vendorId: number,
  pause: 'none' | 'asap' | 'all',
  message: { 'en-CA'?: string; 'fr-CA'?: string },
): Promise<boolean> {
  const row = await db.selectFrom('restaurants').select('settings').where('id', '=', restaurantId).executeTakeFirstOrThrow();
  const settings = JSON.parse(row.settings) as {
    vendors?: Array<{ id: number; orders_paused?: boolean; asap_paused?: boolean; orders_paused_message?: Record<string, string> }>;
  };
  const vendor = settings.vendors?.find((candidate) => candidate.id === vendorId);
  if (!vendor) return false;
  vendor.orders_paused = pause === 'all';
  vendor.asap_paused = pause === 'asap';
  vendor.orders_paused_message = pause === 'none' ? {} : message;
  await db
    .updateTable('restaurants')
    .set({ settings: JSON.stringify(settings) })
    .where('id', '=', restaurantId)
    .execute();
  restaurantsChanged();
  return true;
}

/** Every cache keyed by the version drops the old menus at its next request, in every process. */
export async function bumpMenuVersion(db: Executor, restaurantId: number, now: Date): Promise<void> {
  await db
    .updateTable('restaurants')
    .set((eb) => ({ menu_version: eb('menu_version', '+', 1), updated_at: now.toISOString() }))
    .where('id', '=', restaurantId)
    .execute();
  restaurantsChanged();
}
