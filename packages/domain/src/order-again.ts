/**
 * "Order again" (spec ordering.md: the menu's order-again section; the user snapshot's
 * lastItemsOrdered): the distinct lines of a diner's recent orders, newest first. Two lines are the
 * same when they name the same item with the same choices; the quantity and price do not count.
 */
import type { CartItem, CartOptionGroup } from './cart';

function choiceKey(groups: readonly CartOptionGroup[] | undefined): string {
  return [...(groups ?? [])]
    .sort((a, b) => a.id - b.id)
    .map(
      (group) =>
        `${group.id}:[${[...group.values]
          .sort((a, b) => a.id - b.id)
          .map((value) => `${value.id}x${value.quantity}${choiceKey(value.options)}`)
          .join(',')}]`,
    )
    .join(';');
}

/**
 * `orders` newest first, each with its lines in the order the diner added them. At most `limit`
 * lines come back, each once, as a line of one (its options as chosen, without the diner's note).
 */
export function lastItemsOrdered(orders: ReadonlyArray<readonly CartItem[]>, limit: number): CartItem[] {
  const seen = new Set<string>();
  const out: CartItem[] = [];
  for (const items of orders)
    for (const item of items) {
      if (out.length >= limit) return out;
      const key = `${item.id}|${choiceKey(item.orderOptions)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({
        id: item.id,
        menu_id: item.menu_id,
        section_id: item.section_id ?? null,
        orderId: out.length + 1,
        quantity: 1,
        orderPrice: item.quantity > 0 ? Math.round(item.orderPrice / item.quantity) : item.orderPrice,
        orderOptions: item.orderOptions,
      });
    }
  return out;
}
