/**
 * Step b′ of the placement's transaction (commit-checkout.ts): the order takes its quantities of the
 * items staff count (db/stock-repository.ts, docs/decisions/0105-stock-counts.md). An item whose count
 * reaches zero is sold out by itself in the same transaction, and the menu version goes up so every
 * process's menus and carts see it at once; an order wanting more than is left is refused whole
 * (ITEM_STOCK_SHORT, naming the item and how many are left) and takes nothing.
 */
import type { CartItem } from '@servery/contracts/cart';
import type { Locale } from '@servery/contracts/tenant-file';
import { bumpMenuVersion, setSoldOut } from '../../db/availability-repository';
import type { Restaurant } from '../../db/restaurants-repository';
import { returnStock, stockCounts, takeStock } from '../../db/stock-repository';
import type { Executor } from '../../kernel/executor';
import { AppError } from '../../lib/app-error';
import { publishedMenuLookup } from '../menus/menu-lookup';

// The items a restaurant counts, once per restaurant version: starting or stopping a count bumps the
// menu version (staff-availability.ts), which makes a new Restaurant object, so an order never pays
// a query to learn that nothing is counted.
const counted = new WeakMap<Restaurant, Promise<ReadonlySet<number>>>();

export function countedItems(db: Executor, restaurant: Restaurant): Promise<ReadonlySet<number>> {
  let items = counted.get(restaurant);
  if (!items) {
    items = stockCounts(db, restaurant.id).then((counts) => new Set(counts.keys()));
    items.catch(() => counted.delete(restaurant));
    counted.set(restaurant, items);
  }
  return items;
}

/** The quantity of each counted item the lines order, in item id order (so two orders lock rows alike). */
export function countedQuantities(
  lines: readonly Pick<CartItem, 'id' | 'quantity'>[],
  items: ReadonlySet<number>,
): Array<[number, number]> {
  const wanted = new Map<number, number>();
  for (const line of lines) if (items.has(line.id)) wanted.set(line.id, (wanted.get(line.id) ?? 0) + line.quantity);
  return [...wanted].sort(([a], [b]) => a - b);
}

const SHORT: Record<Locale, (name: string, left: number) => string> = {
  'en-CA': (name, left) => (left === 0 ? `${name} is sold out.` : `Only ${left} left of ${name}.`),
  'fr-CA': (name, left) => (left === 0 ? `${name} : épuisé.` : `${name} : il n’en reste que ${left}.`),
};

export async function takeOrderStock(
  trx: Executor,
  restaurant: Restaurant,
  lines: readonly Pick<CartItem, 'id' | 'quantity'>[],
  locale: Locale,
  now: Date,
): Promise<void> {
  const items = await countedItems(trx, restaurant);
  if (items.size === 0) return;
  let soldOut = false;
  for (const [itemId, quantity] of countedQuantities(lines, items)) {
    const taken = await takeStock(trx, restaurant.id, itemId, quantity, now);
    if (!taken.taken) {
      const name = (await publishedMenuLookup(trx, restaurant.id, now)).itemName(itemId, locale);
      throw new AppError('ITEM_STOCK_SHORT', [{ path: `items.${itemId}`, message: SHORT[locale](name, taken.left) }]);
    }
    if (taken.left === 0) {
      await setSoldOut(trx, restaurant.id, 'item', itemId, true);
      soldOut = true;
    }
  }
  if (soldOut) await bumpMenuVersion(trx, restaurant.id, now);
}

/**
 * A cancelled order's counted quantities go back on the shelf; an item its count had sold out (none
 * were left) is back on sale with them, in every process.
 */
export async function giveBackOrderStock(
  trx: Executor,
  restaurant: Restaurant,
  lines: readonly Pick<CartItem, 'id' | 'quantity'>[],
  now: Date,
): Promise<void> {
  const items = await countedItems(trx, restaurant);
  let backOnSale = false;
  for (const [itemId, quantity] of countedQuantities(lines, items)) {
    const left = await returnStock(trx, restaurant.id, itemId, quantity, now);
    if (left === quantity) {
      await setSoldOut(trx, restaurant.id, 'item', itemId, false);
      backOnSale = true;
    }
  }
  if (backOnSale) await bumpMenuVersion(trx, restaurant.id, now);
}
