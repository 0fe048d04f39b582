/**
 * An item's option groups and their values in the draft's file (tenant-file.ts `OptionGroup`): a
 * group's values may carry groups of their own (a "Side" choice opening "Which side?"), to any depth.
 * A group is found by its route from the item: group index, value index, group index… (`GroupRoute`),
 * and the groups of a value by the value's route (`ValueRoute`, [] for the item's own groups). Each
 * change gives a new item; ids of new groups and values are the file's highest plus one (ids are
 * unique per kind in the whole file).
 */
import type { OptionGroupForm, OptionValueForm } from '@servery/contracts/forms';
import type { Locale } from '@servery/contracts/tenant-file';
import { centsToDecimalText, typedDollarsToCents } from '@servery/domain/money';
import { applyWordBoxes, wordBoxValues } from './item/item-facts-file';
import type { PromoTake } from './item/item-promos-file';
import { dollarsText, moveEntry, moveEntryTo, setOrDrop, type EditorFile, type FileItem, type Localization } from './menu-file';
import { applyValuePricing, valuePricingFieldOf, valuePricingValues } from './option/value-pricing-file';

export interface FileOptionValue {
  id: number;
  name: string;
  price?: string | number;
  order?: number;
  localization?: Localization;
  options?: FileOptionGroup[];
  [field: string]: unknown;
}

export interface FileOptionGroup {
  id: number;
  name: string;
  required?: boolean;
  allow_multiple_selection?: boolean;
  limit?: number | null;
  order?: number;
  localization?: Localization;
  values: FileOptionValue[];
  [field: string]: unknown;
}

/** [] the item's own groups; [g, v] the groups of value v of group g; [g, v, g2, v2] deeper. */
export type ValueRoute = readonly number[];
/** A value route and the group's index in that list: [g], [g, v, g2]. */
export type GroupRoute = readonly number[];

/** The groups under `route` (the item's own for []); [] when the route leads nowhere. */
export function groupsAt(item: FileItem, route: ValueRoute): FileOptionGroup[] {
  let groups = (item.options ?? []) as FileOptionGroup[];
  for (let at = 0; at < route.length; at += 2) {
    const value = groups[route[at]!]?.values[route[at + 1]!];
    if (!value) return [];
    groups = value.options ?? [];
  }
  return groups;
}

function withGroupsIn(
  groups: FileOptionGroup[],
  route: ValueRoute,
  change: (groups: FileOptionGroup[]) => FileOptionGroup[],
): FileOptionGroup[] {
  if (route.length === 0) return change(groups);
  const [g, v, ...rest] = route as [number, number, ...number[]];
  return groups.map((group, at) =>
    at !== g
      ? group
      : {
          ...group,
          values: group.values.map((value, vat) =>
            vat !== v ? value : { ...value, options: withGroupsIn(value.options ?? [], rest, change) },
          ),
        },
  );
}

/** The item with the groups under `route` replaced by what `change` makes of them. */
export function withGroupsAt(item: FileItem, route: ValueRoute, change: (groups: FileOptionGroup[]) => FileOptionGroup[]): FileItem {
  return { ...item, options: withGroupsIn((item.options ?? []) as FileOptionGroup[], route, change) };
}

/** Every option group of the file and its nested ones, wherever they sit. */
function* everyGroup(groups: readonly FileOptionGroup[]): Generator<FileOptionGroup> {
  for (const group of groups) {
    yield group;
    for (const value of group.values) yield* everyGroup(value.options ?? []);
  }
}

function fileGroups(file: EditorFile): FileOptionGroup[] {
  return (file.menu_groups ?? []).flatMap((group) =>
    (group.menus ?? []).flatMap((menu) =>
      [...(menu.items ?? []), ...(menu.sections ?? []).flatMap((section) => section.items ?? [])].flatMap((item) => [
        ...everyGroup((item.options ?? []) as FileOptionGroup[]),
      ]),
    ),
  );
}

/** The next free option group id and option value id in the file (each kind's highest plus one). */
export function nextOptionIds(file: EditorFile): { group: number; value: number } {
  let group = 0;
  let value = 0;
  for (const entry of fileGroups(file)) {
    group = Math.max(group, entry.id);
    for (const option of entry.values) value = Math.max(value, option.id);
  }
  return { group: group + 1, value: value + 1 };
}

/** The item with `group` last in the list under `route`. */
export function addGroup(item: FileItem, route: ValueRoute, group: FileOptionGroup): FileItem {
  return withGroupsAt(item, route, (groups) => {
    const order = groups.reduce((highest, entry) => Math.max(highest, entry.order ?? 0), -1) + 1;
    return [...groups, { ...group, order }];
  });
}

/** The item without the group at `route` (and whatever its values carry). */
export function removeGroup(item: FileItem, route: GroupRoute): FileItem {
  const index = route[route.length - 1]!;
  return withGroupsAt(item, route.slice(0, -1), (groups) => groups.filter((_, at) => at !== index));
}

/** The item with the group at `route` one step up or down among its siblings; null at either end. */
export function moveGroup(item: FileItem, route: GroupRoute, step: -1 | 1): FileItem | null {
  const moved = moveEntry(groupsAt(item, route.slice(0, -1)), route[route.length - 1]!, step);
  return moved && withGroupsAt(item, route.slice(0, -1), () => moved);
}

/** The item with the group at `route` dragged to `rank` among its siblings (moveEntryTo); null where it already was. */
export function moveGroupTo(item: FileItem, route: GroupRoute, rank: number): FileItem | null {
  const moved = moveEntryTo(groupsAt(item, route.slice(0, -1)), route[route.length - 1]!, rank);
  return moved && withGroupsAt(item, route.slice(0, -1), () => moved);
}

/**
 * Whether putting the group at `group` under the value at `target` would loop: the value is the
 * group's own or one of its nested groups' (the group would contain itself).
 */
export function wouldLoop(group: GroupRoute, target: ValueRoute): boolean {
  return target.length > group.length && group.every((step, at) => target[at] === step);
}

/**
 * The item with the group at `from` moved to the end of the groups under `to` (a value's route, or
 * [] for the item's own); 'loop' when that value is inside the group (wouldLoop).
 */
export function nestGroup(item: FileItem, from: GroupRoute, to: ValueRoute): FileItem | 'loop' {
  if (wouldLoop(from, to)) return 'loop';
  const group = groupsAt(item, from.slice(0, -1))[from[from.length - 1]!];
  if (!group) return item;
  // Taking the group out shifts its later siblings up one: a route through one of them follows.
  const depth = from.length - 1;
  const target = [...to];
  if (target.length > depth && from.slice(0, depth).every((step, at) => target[at] === step) && target[depth]! > from[depth]!)
    target[depth] = target[depth]! - 1;
  return addGroup(removeGroup(item, from), target, group);
}

/** Every value of the item with its route and its names from the item down ("Size › Large"), for a choice of where to nest. */
export function valuePlaces(item: FileItem): Array<{ route: number[]; names: string[] }> {
  const places: Array<{ route: number[]; names: string[] }> = [];
  const walk = (groups: FileOptionGroup[], route: number[], names: string[]) =>
    groups.forEach((group, g) =>
      group.values.forEach((value, v) => {
        const here = [...route, g, v];
        const named = [...names, group.name, value.name];
        places.push({ route: here, names: named });
        walk(value.options ?? [], here, named);
      }),
    );
  walk((item.options ?? []) as FileOptionGroup[], [], []);
  return places;
}

// ---------------------------------------------------------------------------------------------------
// The group form's values

const frenchName = (entry: { localization?: Localization | undefined }) => entry.localization?.['fr-CA']?.name ?? '';

function withFrenchName<T extends { localization?: Localization | undefined }>(entry: T, name: string): T {
  const french = setOrDrop(entry.localization?.['fr-CA'] ?? {}, 'name', name.trim());
  const { 'fr-CA': _old, ...others } = entry.localization ?? {};
  const localization: Localization = Object.keys(french).length > 0 ? { ...others, 'fr-CA': french } : others;
  const next = { ...entry };
  if (Object.keys(localization).length > 0 || entry.localization !== undefined) next.localization = localization;
  return next;
}

/**
 * A group as its form shows it: its values in the order diners see them, each with its pricing
 * (option/value-pricing-file.ts; `promos`: the file's item promos, a box each).
 */
export function groupValues(group: FileOptionGroup | null, promos: readonly PromoTake[] = [], locale: Locale = 'en-CA'): OptionGroupForm {
  if (!group) return { name_en: '', name_fr: '', required: false, allow_multiple_selection: false, limit: '', values: [] };
  const values = [...group.values].map((value, at) => ({ value, at }));
  values.sort((a, b) => (a.value.order ?? 0) - (b.value.order ?? 0) || a.at - b.at);
  return {
    name_en: group.name,
    name_fr: frenchName(group),
    required: group.required === true,
    allow_multiple_selection: group.allow_multiple_selection === true,
    limit: typeof group.limit === 'number' ? String(group.limit) : '',
    values: values.map(({ value }): OptionValueForm => ({
      id: value.id,
      name_en: value.name,
      name_fr: frenchName(value),
      price: dollarsText(value.price ?? 0, locale),
      ...wordBoxValues(value as Record<string, unknown>),
      ...valuePricingValues(value, promos, locale),
    })),
  };
}

/**
 * The group with the form's values (checked: every price parses), each with its diets, allergens and
 * pricing. Values keep what the form does not show (nested groups, sold out…) by their id, and are
 * written in the form's order, `order` their rank, so a value's place in the file is its place on the
 * form; new values take ids from `nextValueId`.
 */
export function applyGroupValues(
  group: FileOptionGroup,
  form: OptionGroupForm,
  nextValueId: number,
  promos: readonly PromoTake[] = [],
): FileOptionGroup {
  const byId = new Map(group.values.map((value) => [value.id, value]));
  let fresh = nextValueId;
  const values = form.values.map((entry, order): FileOptionValue => {
    const cents = typedDollarsToCents(entry.price) ?? 0;
    const before: FileOptionValue = (entry.id !== null && byId.get(entry.id)) || { id: fresh++, name: '' };
    // A price as it was read stays as the file wrote it (or left out, as a choice that adds nothing).
    const samePrice = entry.id !== null && typedDollarsToCents(dollarsText(before.price ?? 0)) === cents;
    const price = samePrice ? before.price : centsToDecimalText(cents);
    const named = withFrenchName(
      { ...before, name: entry.name_en.trim(), order, ...(price === undefined ? {} : { price }) },
      entry.name_fr,
    );
    return applyValuePricing(applyWordBoxes(named, entry), entry, promos);
  });
  const limit = form.limit.trim();
  const next: FileOptionGroup = withFrenchName(
    { ...group, name: form.name_en.trim(), required: form.required, allow_multiple_selection: form.allow_multiple_selection, values },
    form.name_fr,
  );
  next.limit = limit === '' ? null : Number(limit);
  return next;
}

// ---------------------------------------------------------------------------------------------------
// The server's refusals, back on the group form's fields

/** `.options[0].values[1].options[2]`: what follows an item's path to the group at `route`. */
export function groupSuffix(route: GroupRoute): string {
  return route.map((index, at) => (at % 2 === 0 ? `.options[${index}]` : `.values[${index}]`)).join('');
}

const GROUP_FIELDS: Readonly<Record<string, string>> = {
  '.name': 'name_en',
  '.localization["fr-CA"].name': 'name_fr',
  '.limit': 'limit',
  '.required': 'required',
  '.values': 'values',
};
const VALUE_FIELDS: Readonly<Record<string, string>> = {
  '.name': 'name_en',
  '.localization["fr-CA"].name': 'name_fr',
  '.price': 'price',
  '.diets': 'diets',
  '.allergens': 'allergens',
};

/** The group form's field for what follows the group's path (`.values[1].price` → `values.1.price`). */
export function groupFieldOf(suffix: string): string | undefined {
  if (Object.hasOwn(GROUP_FIELDS, suffix)) return GROUP_FIELDS[suffix];
  const value = /^\.values\[(\d+)\](.*)$/.exec(suffix);
  if (!value) return undefined;
  const [, index, rest] = value;
  const field = Object.hasOwn(VALUE_FIELDS, rest!) ? VALUE_FIELDS[rest!] : valuePricingFieldOf(rest!);
  return field === undefined ? undefined : `values.${index}.${field}`;
}
