/**
 * The item dialog: choosing option values (spec ordering.md section 5) and the live price of one item
 * with its options (spec pricing.md section 1).
 *
 * A selection mirrors the item's tree: selected groups hold selected values, and a selected value
 * holds the selections of its nested groups. A path names one value: [group id, value id, group id,
 * value id, …] from the item down.
 *
 * Item and value promos (pricing.md 1.2) are in these prices only as the promo prices the menu answer
 * carries (`adjustedPrice`, `adjusted_additional_prices`: pricing.ts `promoPrices`, made on the server):
 * `unitPrice` and `priceRange` give the price the diner pays by default, and the regular price with
 * `'regular'`. Nothing here applies a promo itself. Member pricing comes from the member menu's own
 * prices; discounts of the whole cart (codes, subsidies) are the cart's.
 */
import { priceAt } from './price-schedule';
import {
  priceOf,
  selectable,
  type ItemLike,
  type OptionGroupLike,
  type OptionValueLike,
  type PriceBasis,
  type PriceReader,
} from './item-display';

// What a menu card shows (orderable now, price range, calories) and the item's shapes: item-display.ts.
export {
  displayCalories,
  isOrderable,
  priceRange,
  type ItemLike,
  type OptionGroupLike,
  type OptionValueLike,
  type PriceBasis,
} from './item-display';

export interface SelectedValue {
  id: number;
  /** Units of this value in ONE item: always 1 unless its group has custom_quantities. */
  quantity: number;
  options: SelectedGroup[];
}

export interface SelectedGroup {
  id: number;
  values: SelectedValue[];
}

export type SelectionIssue =
  | { rule: 'required'; groupId: number }
  | { rule: 'single'; groupId: number }
  | { rule: 'limit'; groupId: number; limit: number }
  | { rule: 'max_quantity'; groupId: number; valueId: number; max: number }
  /** A group or value that is not (or no longer) in the item. */
  | { rule: 'unknown'; groupId: number; valueId?: number }
  /** The value's price schedule makes it unavailable now. */
  | { rule: 'unavailable'; groupId: number; valueId: number }
  /** Staff marked the value sold out. */
  | { rule: 'sold_out'; groupId: number; valueId: number }
  /** A quantity that is not a whole number of at least 1 (only from input that did not come from these helpers). */
  | { rule: 'quantity'; groupId: number; valueId: number };

/** Pricing groups first, then by `order`; stable. Sorts one level: call it again for nested groups. */
export function sortOptionGroups<T extends OptionGroupLike>(groups: T[]): T[] {
  return [...groups].sort((a, b) => typeRank(a) - typeRank(b) || a.order - b.order);
}

function typeRank(group: OptionGroupLike): number {
  return group.type === 'pricing' ? 0 : 1;
}

/**
 * The values marked default_selection, quantity 1, with their nested defaults. A single-selection
 * group keeps its first default; a group with a limit keeps its first `limit` defaults; a value whose
 * max_quantity is below 1 is never selected. With `now` and `zone`, defaults that their price schedule
 * makes unavailable are skipped (a single-selection group then keeps its first available default).
 */
export function defaultSelection(item: ItemLike, now?: Date, zone?: string): SelectedGroup[] {
  const isAvailable =
    now !== undefined && zone !== undefined ? (value: OptionValueLike) => priceAt(value, now, zone).available : () => true;
  return defaultsOf(item.options, isAvailable);
}

function defaultsOf(groups: OptionGroupLike[], isAvailable: (value: OptionValueLike) => boolean): SelectedGroup[] {
  const selection: SelectedGroup[] = [];
  for (const group of sortOptionGroups(groups)) {
    const defaults = group.values.filter((value) => value.default_selection && selectable(value) && isAvailable(value));
    const kept = defaults.slice(0, group.allow_multiple_selection ? (group.limit ?? defaults.length) : 1);
    if (kept.length > 0) selection.push({ id: group.id, values: kept.map((value) => freshValue(value, 1, isAvailable)) });
  }
  return selection;
}

function freshValue(
  value: OptionValueLike,
  quantity: number,
  isAvailable: (value: OptionValueLike) => boolean = () => true,
): SelectedValue {
  return { id: value.id, quantity, options: defaultsOf(value.options, isAvailable) };
}

/**
 * Selects or unselects the value at `path`. Selecting:
 * - in a single-selection group replaces the previous choice;
 * - in a multiple-selection group adds it, unless the group is at its limit (then nothing changes);
 * - brings the value's nested defaults with it.
 * Unselecting removes the value with its nested choices. Nothing changes (the same array comes back)
 * when the path does not lead to a value of the item, or when the value's parent value is not selected.
 */
export function toggleValue(item: ItemLike, selection: SelectedGroup[], path: number[]): SelectedGroup[] {
  return updateAt(item.options, selection, path, (group, value, chosen) => {
    if (chosen.some((entry) => entry.id === value.id)) return chosen.filter((entry) => entry.id !== value.id);
    if (!selectable(value)) return null;
    if (!group.allow_multiple_selection) return [freshValue(value, 1)];
    if (group.limit !== null && used(group, chosen) + 1 > group.limit) return null;
    return [...chosen, freshValue(value, 1)];
  });
}

/**
 * Sets how many of the value at `path` go in one item. 0 (or less) unselects it. The quantity is
 * rounded down and clamped to the value's max_quantity and to what the group's limit leaves; a group
 * without custom_quantities allows only 1. Selecting a value this way follows toggleValue's rules (a
 * single-selection group's previous choice is replaced, nested defaults come along, and an existing
 * value keeps its nested choices). When nothing fits, or `quantity` is not a finite number, nothing
 * changes.
 */
export function setValueQuantity(item: ItemLike, selection: SelectedGroup[], path: number[], quantity: number): SelectedGroup[] {
  if (!Number.isFinite(quantity)) return selection;
  const wanted = Math.min(Math.max(0, Math.floor(quantity)), Number.MAX_SAFE_INTEGER);
  return updateAt(item.options, selection, path, (group, value, chosen) => {
    const current = chosen.find((entry) => entry.id === value.id);
    if (wanted === 0) return current ? chosen.filter((entry) => entry.id !== value.id) : null;
    const others = group.allow_multiple_selection ? chosen.filter((entry) => entry.id !== value.id) : [];
    let allowed = group.custom_quantities ? wanted : 1;
    if (value.max_quantity !== null) allowed = Math.min(allowed, value.max_quantity);
    if (group.limit !== null) allowed = Math.min(allowed, group.limit - used(group, others));
    if (allowed < 1) return null;
    if (current?.quantity === allowed && (group.allow_multiple_selection || chosen.length === 1)) return null;
    const next: SelectedValue = current ? { ...current, quantity: allowed } : freshValue(value, allowed);
    if (!group.allow_multiple_selection) return [next];
    return current ? chosen.map((entry) => (entry.id === value.id ? next : entry)) : [...chosen, next];
  });
}

/** The quantity of the value at `path` in the selection; 0 when it is not selected. */
export function selectedQuantity(selection: SelectedGroup[], path: number[]): number {
  let groups = selection;
  for (let index = 0; index + 1 < path.length; index += 2) {
    const value = groups.find((group) => group.id === path[index])?.values.find((entry) => entry.id === path[index + 1]);
    if (!value) return 0;
    if (index + 2 >= path.length) return value.quantity;
    groups = value.options;
  }
  return 0;
}

/** Units the group's limit counts: quantities with custom_quantities, else selected values. */
function used(group: OptionGroupLike, chosen: SelectedValue[]): number {
  return group.custom_quantities
    ? chosen.reduce((sum, entry) => sum + (isQuantity(entry.quantity) ? entry.quantity : 0), 0)
    : chosen.length;
}

function isQuantity(quantity: number): boolean {
  return Number.isSafeInteger(quantity) && quantity >= 1;
}

type Change = (group: OptionGroupLike, value: OptionValueLike, chosen: SelectedValue[]) => SelectedValue[] | null;

/** Applies `change` to the selected values of the group holding the value at `path`; null from `change` means no change. */
function updateAt(groups: OptionGroupLike[], selection: SelectedGroup[], path: number[], change: Change): SelectedGroup[] {
  if (path.length < 2 || path.length % 2 !== 0) return selection;
  const [groupId, valueId, ...rest] = path;
  const group = groups.find((entry) => entry.id === groupId);
  const value = group?.values.find((entry) => entry.id === valueId);
  if (!group || !value) return selection;
  const chosen = selection.filter((entry) => entry.id === group.id).flatMap((entry) => entry.values);

  let values: SelectedValue[] | null;
  if (rest.length === 0) {
    values = change(group, value, chosen);
  } else {
    const parent = chosen.find((entry) => entry.id === value.id);
    if (!parent) return selection;
    const options = updateAt(value.options, parent.options, rest, change);
    values = options === parent.options ? null : chosen.map((entry) => (entry === parent ? { ...parent, options } : entry));
  }
  if (values === null) return selection;
  return placeGroup(groups, selection, group, values);
}

/** The selection with `group`'s values replaced, values in the group's order and groups in sortOptionGroups order. */
function placeGroup(
  groups: OptionGroupLike[],
  selection: SelectedGroup[],
  group: OptionGroupLike,
  values: SelectedValue[],
): SelectedGroup[] {
  const valueRank = (entry: SelectedValue) => rankOf(group.values.findIndex((candidate) => candidate.id === entry.id));
  const ordered = [...values].sort((a, b) => valueRank(a) - valueRank(b));
  const others = selection.filter((entry) => entry.id !== group.id);
  const next = ordered.length > 0 ? [...others, { id: group.id, values: ordered }] : others;
  const sorted = sortOptionGroups(groups);
  const groupRank = (entry: SelectedGroup) => rankOf(sorted.findIndex((candidate) => candidate.id === entry.id));
  return next.sort((a, b) => groupRank(a) - groupRank(b));
}

/** Unknown entries (index -1) go last, in their current order. */
function rankOf(index: number): number {
  return index === -1 ? Number.MAX_SAFE_INTEGER : index;
}

/**
 * Every rule broken by the selection, from the top down and in sortOptionGroups order. Nested groups
 * are checked only under selected values, so a required nested group counts only when its parent
 * value is selected. Per group: unknown values, required, single, limit, then per value: quantity,
 * max_quantity (max 1 without custom_quantities), sold out or else unavailable, and its nested groups. Groups of the
 * selection that the item does not have come first. Several entries for one group count as one.
 */
export function validateSelection(item: ItemLike, selection: SelectedGroup[], now: Date, zone: string): SelectionIssue[] {
  const issues: SelectionIssue[] = [];
  checkLevel(item.options, selection, now, zone, issues);
  return issues;
}

// The option trees the server checks carts against are shared and never changed (a new menu version is
// a new tree): each level is sorted once, not once per cart line.
const sortedLevels = new WeakMap<readonly OptionGroupLike[], readonly OptionGroupLike[]>();

function sortedLevel(groups: OptionGroupLike[]): readonly OptionGroupLike[] {
  let sorted = sortedLevels.get(groups);
  if (!sorted) {
    sorted = sortOptionGroups(groups);
    sortedLevels.set(groups, sorted);
  }
  return sorted;
}

function checkLevel(groups: OptionGroupLike[], selection: SelectedGroup[], now: Date, zone: string, issues: SelectionIssue[]): void {
  // Nothing to check and nothing chosen: most lines of a cart, at most levels.
  if (groups.length === 0 && selection.length === 0) return;
  const known = new Set(groups.map((group) => group.id));
  const reported = new Set<number>();
  for (const entry of selection) {
    if (known.has(entry.id) || reported.has(entry.id)) continue;
    reported.add(entry.id);
    issues.push({ rule: 'unknown', groupId: entry.id });
  }
  for (const group of sortedLevel(groups)) {
    const chosen = selection.filter((entry) => entry.id === group.id).flatMap((entry) => entry.values);
    const valid: Array<{ chosen: SelectedValue; value: OptionValueLike }> = [];
    for (const entry of chosen) {
      const value = group.values.find((candidate) => candidate.id === entry.id);
      if (value) valid.push({ chosen: entry, value });
      else issues.push({ rule: 'unknown', groupId: group.id, valueId: entry.id });
    }
    if (group.required && valid.length === 0) issues.push({ rule: 'required', groupId: group.id });
    if (!group.allow_multiple_selection && valid.length > 1) issues.push({ rule: 'single', groupId: group.id });
    const selected = valid.map((entry) => entry.chosen);
    if (group.limit !== null && used(group, selected) > group.limit) issues.push({ rule: 'limit', groupId: group.id, limit: group.limit });
    for (const { chosen: entry, value } of valid) {
      const max = Math.min(group.custom_quantities ? Infinity : 1, value.max_quantity ?? Infinity);
      if (!isQuantity(entry.quantity)) issues.push({ rule: 'quantity', groupId: group.id, valueId: value.id });
      else if (entry.quantity > max) issues.push({ rule: 'max_quantity', groupId: group.id, valueId: value.id, max });
      if (value.sold_out) issues.push({ rule: 'sold_out', groupId: group.id, valueId: value.id });
      else if (!priceAt(value, now, zone).available) issues.push({ rule: 'unavailable', groupId: group.id, valueId: value.id });
      checkLevel(value.options, entry.options, now, zone, issues);
    }
  }
}

/**
 * Cents for ONE item with these options, at `now`: the item's price (its schedule's, if any) plus, for
 * every selected value, its price (its own schedule's, if any) x its quantity x the quantities of the
 * values above it. Null when the item or a chosen value is unavailable now, or when the selection
 * names something the item does not have or a quantity that is not a whole number of at least 1:
 * such a selection has no price. Other broken rules (required, single, limit) are validateSelection's
 * business; the price is still that of what is chosen. By default the price paid, after the item's and
 * values' promos (each unit's promo price, as the server's line parts: cart-lines.ts); `'regular'`
 * without them.
 */
export function unitPrice(item: ItemLike, selection: SelectedGroup[], now: Date, zone: string, basis: PriceBasis = 'promo'): number | null {
  const at = priceOf(basis);
  const base = at(item, now, zone);
  if (!base.available) return null;
  const options = optionsPrice(item.options, selection, 1, now, zone, at);
  return options === null ? null : base.price + options;
}

function optionsPrice(
  groups: OptionGroupLike[],
  selection: SelectedGroup[],
  multiplier: number,
  now: Date,
  zone: string,
  at: PriceReader,
): number | null {
  let total = 0;
  for (const entry of selection) {
    const group = groups.find((candidate) => candidate.id === entry.id);
    if (!group) return null;
    for (const chosen of entry.values) {
      const value = group.values.find((candidate) => candidate.id === chosen.id);
      if (!value || !isQuantity(chosen.quantity)) return null;
      const price = at(value, now, zone);
      if (!price.available) return null;
      const units = chosen.quantity * multiplier;
      const nested = optionsPrice(value.options, chosen.options, units, now, zone, at);
      if (nested === null) return null;
      total += price.price * units + nested;
    }
  }
  return total;
}

/** The item or any selected value is alcoholic: the diner must confirm the legal drinking age. */
export function containsAlcohol(item: ItemLike, selection: SelectedGroup[]): boolean {
  if (item.alcoholic_beverage) return true;
  const walk = (groups: OptionGroupLike[], chosen: SelectedGroup[]): boolean =>
    chosen.some((entry) => {
      const group = groups.find((candidate) => candidate.id === entry.id);
      return entry.values.some((selected) => {
        const value = group?.values.find((candidate) => candidate.id === selected.id);
        return value !== undefined && (value.alcoholic_beverage || walk(value.options, selected.options));
      });
    });
  return walk(item.options, selection);
}

export interface GroupLimits {
  /** The group's limit when it can bind: null when choosing everything allowed cannot reach it. */
  total: number | null;
  /** With custom_quantities: the most of one value, when every value has the same max_quantity. */
  each: number | null;
}

/**
 * The limits worth telling a diner (a caterer's "Add-ons (per person)" has limit 400 over two values
 * of at most 200: "up to 400" says nothing). A limit binds only when it is below what the values
 * allow together: the number of values without custom quantities, the sum of their max_quantity with
 * them (unbounded when one has none).
 */
export function groupLimits(group: Pick<OptionGroupLike, 'limit' | 'custom_quantities' | 'values'>): GroupLimits {
  const maxima = group.values.map((value) => value.max_quantity);
  const bounded = maxima.every((max): max is number => max !== null);
  const most = group.custom_quantities
    ? bounded
      ? maxima.reduce((sum, max) => sum + Math.max(0, max), 0)
      : Infinity
    : group.values.length;
  const first = maxima[0];
  const each = group.custom_quantities && bounded && first !== undefined && maxima.every((max) => max === first) ? first : null;
  return { total: group.limit !== null && group.limit < most ? group.limit : null, each };
}
