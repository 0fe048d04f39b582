import type { CartOptionGroup } from '@servery/domain/cart';
import type { SelectedGroup } from '@servery/domain/item-selection';

/**
 * An item's selection as cart options (groups left empty are left out): how the cart (POST
 * /orders/item) and the school's cart (POST set-k12-costs) both send what the item dialog chose.
 */
export function toOrderOptions(groups: readonly SelectedGroup[]): CartOptionGroup[] {
  return groups
    .filter((group) => group.values.length > 0)
    .map((group) => ({
      id: group.id,
      values: group.values.map((value) => ({
        id: value.id,
        quantity: value.quantity,
        ...(value.options.length > 0 ? { options: toOrderOptions(value.options) } : {}),
      })),
    }));
}
