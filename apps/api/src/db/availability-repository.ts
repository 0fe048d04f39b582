/**
 * What staff change in a restaurant's running without an import: an item, a section or an option
 * value sold out and back, ordering paused and resumed. Each change also bumps the restaurant's menu_version, which every
 * cache of menus, carts and restaurant data is keyed by (docs/decisions/0005), in every process.
 */
import type { Executor } from '../kernel/executor';
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

/** An item's name as stored (escaped for HTML), or null when there is no such item. */
export async function itemName(db: Executor, restaurantId: number, id: number): Promise<string | null> {
  const row = await db.selectFrom('items').select('data').where('restaurant_id', '=', restaurantId).where('id', '=', id).executeTakeFirst();
  return row ? ((JSON.parse(row.data) as { name?: string }).name ?? String(id)) : null;
}

type Pause = 'none' | 'asap' | 'all';
type PauseMessage = { 'en-CA'?: string; 'fr-CA'?: string };
/** A pause as the restaurant's settings and each hub vendor's keep it. */
interface PauseFields {
  orders_paused?: boolean;
  asap_paused?: boolean;
  orders_paused_message?: Record<string, string>;
}

/** Every order paused, ASAP only, or none; a resumed one keeps no message. */
function applyPause(target: PauseFields, pause: Pause, message: PauseMessage): void {
  target.orders_paused = pause === 'all';
  target.asap_paused = pause === 'asap';
  target.orders_paused_message = pause === 'none' ? {} : message;
}

/**
 * Reads the restaurant's settings, lets `change` edit them (false: nothing to change, nothing
 * written), writes them back and tells every process's restaurant cache.
 */
async function changeSettings<T>(db: Executor, restaurantId: number, change: (settings: T) => boolean): Promise<boolean> {
  const row = await db.selectFrom('restaurants').select('settings').where('id', '=', restaurantId).executeTakeFirstOrThrow();
  const settings = JSON.parse(row.settings) as T;
  if (!change(settings)) return false;
  await db
    .updateTable('restaurants')
    .set({ settings: JSON.stringify(settings) })
    .where('id', '=', restaurantId)
    .execute();
  restaurantsChanged();
  return true;
}

export async function setOrdersPaused(db: Executor, restaurantId: number, pause: Pause, message: PauseMessage): Promise<void> {
  await changeSettings<PauseFields>(db, restaurantId, (settings) => {
    applyPause(settings, pause, message);
    return true;
  });
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
  pause: Pause,
  message: PauseMessage,
): Promise<boolean> {
  return changeSettings<{ vendors?: Array<PauseFields & { id: number }> }>(db, restaurantId, (settings) => {
    const vendor = settings.vendors?.find((candidate) => candidate.id === vendorId);
    if (!vendor) return false;
    applyPause(vendor, pause, message);
    return true;
  });
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
