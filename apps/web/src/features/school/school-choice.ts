/**
 * A school meal as the parent chose it: its options (drink, side) and what it contains. The allergen
 * check looks at the item and at every option value chosen (white milk holds dairy).
 */
import type { ItemFile, OptionGroupFile, OptionValueFile } from '@servery/contracts/tenant-file';
import type { CartOptionGroup } from '@servery/domain/cart';

/** What was chosen of an item's options: a selection being made (SelectedGroup) or a cart line's (CartOptionGroup). */
interface ChosenGroup {
  id: number;
  values: ReadonlyArray<{ id: number; options?: readonly ChosenGroup[] | undefined }>;
}

/** The item's allergens and those of each value chosen, as one comma list. */
export function choiceAllergens(item: Pick<ItemFile, 'allergens' | 'options'>, selection: readonly ChosenGroup[]): string {
  const lists = [item.allergens ?? ''];
  const walk = (groups: readonly OptionGroupFile[], selected: readonly ChosenGroup[]) => {
    for (const group of selected) {
      const file = groups.find((entry) => entry.id === group.id);
      for (const value of group.values) {
        const valueFile = file?.values.find((entry) => entry.id === value.id);
        if (!valueFile) continue;
        lists.push(valueFile.allergens ?? '');
        walk(valueFile.options, value.options ?? []);
      }
    }
  };
  walk(item.options, selection);
  return lists.filter((list) => list.trim() !== '').join(',');
}

/** The names of a line's chosen values, in order ("Apple juice (200 mL), Apple slices"), by `name` of each value. */
export function chosenValueNames(
  item: Pick<ItemFile, 'options'>,
  options: readonly CartOptionGroup[],
  name: (value: OptionValueFile) => string,
): string[] {
  const names: string[] = [];
  const walk = (groups: readonly OptionGroupFile[], chosen: readonly CartOptionGroup[]) => {
    for (const group of chosen) {
      const file = groups.find((entry) => entry.id === group.id);
      for (const value of group.values) {
        const valueFile = file?.values.find((entry) => entry.id === value.id);
        if (!valueFile) continue;
        names.push(value.quantity > 1 ? `${value.quantity} × ${name(valueFile)}` : name(valueFile));
        walk(valueFile.options, value.options ?? []);
      }
    }
  };
  walk(item.options, options);
  return names;
}
