/**
 * GET /orders/another-round/{id}: the items of an order rebuilt against today's menu of its order
 * type, at today's prices; a dine-in order's table too ("another round"; any other order the menu's
 * cart can hold is "order this again": the one rule is domain/reorder.ts). A line whose item is gone
 * is unavailable (426); a chosen option group or option that no longer exists gives the spec's errors
 * (SUB_OPTION_GROUP_NOT_FOUND, OPTION_NOT_FOUND). The first error is thrown with the lines that
 * still work, so the diner can carry on with them, and each line left out is named in both
 * languages (`invalid_items[].name`), so the diner is told what is missing (issue 30).
 */
import type { ErrorName } from '@servery/contracts/errors';
import type { MenuGroupFile, OptionGroupFile } from '@servery/contracts/tenant-file';
import { buildCartLines } from '@servery/domain/cart-lines';
import type { CartItem, CartOptionGroup } from '@servery/domain/cart';
import type { OrderType } from '@servery/domain/order-type';
import { reorderKind } from '@servery/domain/reorder';
import type { Db } from '../../db/database';
import { findOrder } from '../../db/placed-orders-repository';
import type { Restaurant } from '../../db/restaurants-repository';
import { AppError } from '../../lib/app-error';
import { storedOrderOf } from './order-view';
import { cartLineContext } from '../cart/cart-context';
import { publishedMenuLookup, type MenuLookup } from '../menus/menu-lookup';

interface LineProblem {
  orderId: number;
  code: number;
  error: ErrorName;
}

/** The line's item as the restaurant's published menus name it; null when no menu lists it any more. */
function lineName(lookup: MenuLookup, line: CartItem): { 'en-CA': string; 'fr-CA': string } | null {
  const name = { 'en-CA': lookup.itemName(line.id, 'en-CA'), 'fr-CA': lookup.itemName(line.id, 'fr-CA') };
  return name['en-CA'] === '?' ? null : name;
}

const CODES: Partial<Record<ErrorName, number>> = { ITEM_UNAVAILABLE: 426, SUB_OPTION_GROUP_NOT_FOUND: 404, OPTION_NOT_FOUND: 404 };

function optionProblem(chosen: readonly CartOptionGroup[] | undefined, offered: readonly OptionGroupFile[]): ErrorName | null {
  for (const group of chosen ?? []) {
    const match = offered.find((candidate) => candidate.id === group.id);
    if (!match) return 'SUB_OPTION_GROUP_NOT_FOUND';
    for (const value of group.values) {
      const found = match.values.find((candidate) => candidate.id === value.id);
      if (!found) return 'OPTION_NOT_FOUND';
      const nested = optionProblem(value.options, found.options);
      if (nested) return nested;
    }
  }
  return null;
}

export async function anotherRound(
  database: Db,
  restaurant: Restaurant,
  orderId: string,
  now: Date,
): Promise<{ items: CartItem[]; tableInfo: { tableNum: string | null; tableArea: string | null; tableLocation: string | null } }> {
  const order = await findOrder(database.db, restaurant.id, orderId);
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  const stored = storedOrderOf(order);
  const source = { ...stored, type: order.order_type };
  if (reorderKind(source, restaurant.settings) === null) throw new AppError('ANOTHER_ROUND_UNAVAILABLE');

  const context = await cartLineContext(database.db, restaurant, order.order_type as OrderType, null, now);
  const groups = context.menuGroups as unknown as readonly MenuGroupFile[];
  const items = new Map(
    groups.flatMap((group) =>
      group.menus.flatMap((menu) =>
        [...menu.items, ...menu.sections.flatMap((section) => section.items)].map((item) => [item.id, item] as const),
      ),
    ),
  );

  const problems: LineProblem[] = [];
  const survivors: CartItem[] = [];
  for (const line of stored.items) {
    const item = items.get(line.id);
    const error: ErrorName | null = item ? optionProblem(line.orderOptions, item.options) : 'ITEM_UNAVAILABLE';
    if (error) problems.push({ orderId: line.orderId, code: CODES[error] ?? 400, error });
    else survivors.push(line);
  }

  // Today's prices: a changed price is not an error here, the line simply takes the fresh one.
  const rebuilt = buildCartLines(survivors, context);
  const fresh = rebuilt.items;
  for (const error of rebuilt.errors) {
    if (error.error !== 'ITEM_PRICE_CHANGED') problems.push({ orderId: error.orderId, code: error.code, error: error.error });
  }
  const priceChanged = new Map(
    rebuilt.errors.flatMap((error) => (error.error === 'ITEM_PRICE_CHANGED' ? [[error.orderId, error.freshItem] as const] : [])),
  );
  const items2 = survivors.flatMap((line) => {
    if (problems.some((problem) => problem.orderId === line.orderId)) return [];
    return [priceChanged.get(line.orderId) ?? fresh.find((item) => item.orderId === line.orderId) ?? line];
  });

  const problem = problems[0];
  if (problem) {
    const lookup = await publishedMenuLookup(database.db, restaurant.id, now);
    // In the order's own line order, as the diner listed them.
    const invalid = stored.items.flatMap((line) =>
      problems
        .filter((one) => one.orderId === line.orderId)
        .map(({ code, error }) => ({ orderId: line.orderId, code, error, name: lineName(lookup, line) })),
    );
    throw new AppError(problem.error, undefined, {
      invalid_items: invalid,
      items: items2,
    });
  }
  const atTable = order.order_type === 'dine_in';
  return {
    items: items2,
    tableInfo: {
      tableNum: atTable ? stored.tableNum : null,
      tableArea: null,
      tableLocation: atTable ? (stored.config?.genericTableLocation ?? null) : null,
    },
  };
}
