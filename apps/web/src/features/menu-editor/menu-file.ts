/**
 * The menu editor's pure part: the draft's tenant file (docs/menu-drafts.md) read as a tree of menu
 * groups, menus, sections and items, and changed one step at a time (an item's fields, an item added
 * or removed, an item or section moved). Every change gives a new file and leaves the one it was given
 * as it was, so a refused save (400, 409) leaves the screen on what the server holds. Amounts stay
 * dollars text in the file ("12.50", what an export writes), worked out from integer cents.
 */
import type { MenuItemForm } from '@servery/contracts/forms';
import { MENU_ITEM_FLAGS } from '@servery/contracts/forms';
import { isMenuForOrderType } from '@servery/domain/menu-visibility';
import { centsToDecimalText, typedDollarsToCents } from '@servery/domain/money';
import type { OrderType } from '@servery/domain/order-type';
import type { Locale } from '@servery/contracts/tenant-file';
import { applyItemFacts, FACT_FIELD_OF_SUFFIX, itemFactValues } from './item/item-facts-file';
import { applyItemPromos, itemPromoBoxes, type PromoTake } from './item/item-promos-file';

export type Localization = Partial<Record<'en-CA' | 'fr-CA', Record<string, string>>>;

export interface FileItem {
  id: number;
  name: string;
  description?: string;
  price: string | number;
  calories?: number | null;
  order?: number;
  localization?: Localization;
  featured_item?: boolean;
  alcoholic_beverage?: boolean;
  upsell_item?: boolean;
  meal_package?: boolean;
  tax_rebate_eligibility?: boolean;
  unavailable?: boolean;
  [field: string]: unknown;
}

export interface FileSection {
  id: number;
  name: string;
  order?: number;
  localization?: Localization;
  items?: FileItem[];
  [field: string]: unknown;
}

export interface FileMenu {
  id: number;
  name: string;
  order?: number;
  localization?: Localization;
  sections?: FileSection[];
  items?: FileItem[];
  [field: string]: unknown;
}

export interface FileGroup {
  id: number;
  name: string;
  localization?: Localization;
  menus?: FileMenu[];
  [field: string]: unknown;
}

export interface EditorFile {
  id?: number;
  slug?: string;
  menu_groups?: FileGroup[];
  [field: string]: unknown;
}

/** Where a list of items sits: a section of a menu, or the menu's own items (`section: null`). */
export interface ItemPlace {
  group: number;
  menu: number;
  section: number | null;
}

// ---------------------------------------------------------------------------------------------------
// Dollars and cents

/** What a person typed as a price, in cents (domain money.ts): null when it is not an amount of at least 0. */
export const parseDollars = typedDollarsToCents;

/**
 * The file's amount (dollars text or a JSON number) as the editor shows it in its field, in the
 * language's decimal form: "12.50", "12,50" in French, as the field's hint says (parseDollars takes
 * either back, to the same cents). What does not read as an amount is shown as the file has it.
 */
export function dollarsText(amount: string | number | null | undefined, locale: Locale = 'en-CA'): string {
  if (amount === null || amount === undefined) return '';
  const cents = parseDollars(typeof amount === 'number' ? String(amount) : amount);
  if (cents === null) return String(amount);
  const text = centsToDecimalText(cents);
  return locale === 'fr-CA' ? text.replace('.', ',') : text;
}

// ---------------------------------------------------------------------------------------------------
// Reading the tree in its order

const orderOf = (entry: { order?: number | undefined }) => entry.order ?? 0;

/** The indices of a list in display order (by `order`, ties by place in the file), as the diner's menu shows them. */
export function displayOrder(list: ReadonlyArray<{ order?: number | undefined }>): number[] {
  return list.map((_, index) => index).sort((a, b) => orderOf(list[a]!) - orderOf(list[b]!) || a - b);
}

/**
 * The list with the entry at `index` (a place in the file) moved to `rank` in display order (dragged
 * there); every entry's `order` becomes its rank, so ties from the file cannot hide the move. The
 * entries keep their places in the file (their paths): only `order` changes. null when `rank` is
 * outside the list or where the entry already is.
 */
export function moveEntryTo<T extends { order?: number | undefined }>(list: readonly T[], index: number, rank: number): T[] | null {
  const ranked = displayOrder(list);
  const from = ranked.indexOf(index);
  if (from < 0 || rank < 0 || rank >= ranked.length || rank === from) return null;
  ranked.splice(from, 1);
  ranked.splice(rank, 0, index);
  const next = [...list];
  ranked.forEach((fileIndex, newRank) => {
    if (orderOf(list[fileIndex]!) !== newRank || list[fileIndex]!.order === undefined)
      next[fileIndex] = { ...list[fileIndex]!, order: newRank };
  });
  return next;
}

/** The list with the entry at `index` moved one step up (-1) or down (+1) in display order (moveEntryTo); null at either end. */
export function moveEntry<T extends { order?: number | undefined }>(list: readonly T[], index: number, step: -1 | 1): T[] | null {
  return moveEntryTo(list, index, displayOrder(list).indexOf(index) + step);
}

// ---------------------------------------------------------------------------------------------------
// Changing the file

export function withGroup(file: EditorFile, group: number, change: (group: FileGroup) => FileGroup): EditorFile {
  const groups = [...(file.menu_groups ?? [])];
  groups[group] = change(groups[group]!);
  return { ...file, menu_groups: groups };
}

export function withMenu(file: EditorFile, group: number, menu: number, change: (menu: FileMenu) => FileMenu): EditorFile {
  return withGroup(file, group, (entry) => {
    const menus = [...(entry.menus ?? [])];
    menus[menu] = change(menus[menu]!);
    return { ...entry, menus };
  });
}

/** The items at `place`, as the file has them. */
export function itemsAt(file: EditorFile, place: ItemPlace): FileItem[] {
  const menu = file.menu_groups?.[place.group]?.menus?.[place.menu];
  if (!menu) return [];
  return (place.section === null ? menu.items : menu.sections?.[place.section]?.items) ?? [];
}

/** The file with the items at `place` replaced by what `change` makes of them. */
export function withItems(file: EditorFile, place: ItemPlace, change: (items: FileItem[]) => FileItem[]): EditorFile {
  return withMenu(file, place.group, place.menu, (menu) => {
    if (place.section === null) return { ...menu, items: change(menu.items ?? []) };
    const sections = [...(menu.sections ?? [])];
    const section = sections[place.section]!;
    sections[place.section] = { ...section, items: change(section.items ?? []) };
    return { ...menu, sections };
  });
}

/** The file with a menu's section moved one step (moveEntry); null at either end. */
export function moveSection(file: EditorFile, group: number, menu: number, section: number, step: -1 | 1): EditorFile | null {
  const sections = file.menu_groups?.[group]?.menus?.[menu]?.sections ?? [];
  return moveSectionTo(file, group, menu, section, displayOrder(sections).indexOf(section) + step);
}

/** The file with a menu's section dragged to `rank` among its sections (moveEntryTo); null where it already was. */
export function moveSectionTo(file: EditorFile, group: number, menu: number, section: number, rank: number): EditorFile | null {
  const moved = moveEntryTo(file.menu_groups?.[group]?.menus?.[menu]?.sections ?? [], section, rank);
  return moved && withMenu(file, group, menu, (entry) => ({ ...entry, sections: moved }));
}

/** The file with an item moved one step in its list (moveEntry); null at either end. */
export function moveItem(file: EditorFile, place: ItemPlace, index: number, step: -1 | 1): EditorFile | null {
  const moved = moveEntry(itemsAt(file, place), index, step);
  return moved && withItems(file, place, () => moved);
}

/** The file with an item dragged to `rank` of its list (moveEntryTo); null where it already was. */
export function moveItemTo(file: EditorFile, place: ItemPlace, index: number, rank: number): EditorFile | null {
  const moved = moveEntryTo(itemsAt(file, place), index, rank);
  return moved && withItems(file, place, () => moved);
}

/** Every item of the file, wherever it sits (for a new item's id: ids are unique among items). */
function allItems(file: EditorFile): FileItem[] {
  return (file.menu_groups ?? []).flatMap((group) =>
    (group.menus ?? []).flatMap((menu) => [...(menu.items ?? []), ...(menu.sections ?? []).flatMap((section) => section.items ?? [])]),
  );
}

/** The file with a new item (its id the file's highest item id plus one) last in the list at `place`, and that item. */
export function addItem(file: EditorFile, place: ItemPlace, fields: { name: string; price: string }): { file: EditorFile; item: FileItem } {
  const id = allItems(file).reduce((highest, item) => Math.max(highest, item.id), 0) + 1;
  const items = itemsAt(file, place);
  const order = items.reduce((highest, item) => Math.max(highest, orderOf(item)), -1) + 1;
  const item: FileItem = { id, name: fields.name, price: fields.price, order };
  return { file: withItems(file, place, (list) => [...list, item]), item };
}

/** The file without the item at `index` of the list at `place`. */
export function removeItem(file: EditorFile, place: ItemPlace, index: number): EditorFile {
  return withItems(file, place, (items) => items.filter((_, at) => at !== index));
}

// ---------------------------------------------------------------------------------------------------
// The item form's values

/** The item's yes-or-no fields the editor shows, by their names in the file. */
export const ITEM_FLAGS = MENU_ITEM_FLAGS;
type ItemFlag = (typeof ITEM_FLAGS)[number];

/** The item form's values (contracts/forms.ts `MenuItemForm`). */
export type ItemValues = MenuItemForm;

const shownCalories = (calories: unknown): calories is number =>
  typeof calories === 'number' && Number.isSafeInteger(calories) && calories >= 0;

/**
 * The item form's values; `promos`: the file's item promos (filePromos), a box each; `locale`: the
 * console's language, the price's decimal form (dollarsText).
 */
export function itemValues(item: FileItem, promos: readonly PromoTake[] = [], locale: Locale = 'en-CA'): ItemValues {
  const french = item.localization?.['fr-CA'] ?? {};
  return {
    name_en: item.name,
    name_fr: french.name ?? '',
    description_en: item.description ?? '',
    description_fr: french.description ?? '',
    price: dollarsText(item.price, locale),
    // A file's -1 (or any amount diners are not shown) reads as no calories given.
    calories: shownCalories(item.calories) ? String(item.calories) : '',
    flags: Object.fromEntries(ITEM_FLAGS.map((flag) => [flag, item[flag] === true])) as Record<ItemFlag, boolean>,
    ...itemFactValues(item),
    promos: itemPromoBoxes(promos, item),
  };
}

/**
 * Sets `key` of a record to `value`, or leaves it out when `value` is empty (the English text stands
 * in). A key the record had keeps its place, so a file saved back reads as it was written.
 */
export function setOrDrop(record: Record<string, string>, key: string, value: string): Record<string, string> {
  const { [key]: _dropped, ...rest } = record;
  if (value === '') return rest;
  return Object.hasOwn(record, key) ? { ...record, [key]: value } : { ...rest, [key]: value };
}

/**
 * The item with the form's values (checked: the price parses), its diets, allergens and tax rates
 * too (item/item-facts-file.ts), and the promos it names (item/item-promos-file.ts). French left empty is left out of the
 * file, so the diner's French menu shows the English text, as for any text the file does not translate.
 * A field the form shows as it was read is written back exactly as the file had it (its text, its
 * place, or its absence: no empty description is added), so saving one change rewrites nothing else.
 */
export function applyItemValues(item: FileItem, values: ItemValues, cents: number, promos: readonly PromoTake[] = []): FileItem {
  const shown = itemValues(item, promos);
  const next: FileItem = { ...item };
  if (values.name_en !== shown.name_en) next.name = values.name_en.trim();
  if (values.description_en !== shown.description_en) next.description = values.description_en.trim();
  if (parseDollars(shown.price) !== cents) next.price = centsToDecimalText(cents);
  if (values.name_fr !== shown.name_fr || values.description_fr !== shown.description_fr) {
    let french = item.localization?.['fr-CA'] ?? {};
    french = setOrDrop(setOrDrop(french, 'name', values.name_fr.trim()), 'description', values.description_fr.trim());
    const { 'fr-CA': _oldFrench, ...otherLanguages } = item.localization ?? {};
    const localization: Localization =
      Object.keys(french).length === 0
        ? otherLanguages
        : item.localization?.['fr-CA'] !== undefined
          ? { ...item.localization, 'fr-CA': french }
          : { ...otherLanguages, 'fr-CA': french };
    if (Object.keys(localization).length > 0 || item.localization !== undefined) next.localization = localization;
    else delete next.localization;
  }
  const calories = values.calories.trim();
  // Left empty: a value diners are not shown (the file's -1) stays as the file has it.
  if (values.calories !== shown.calories) {
    if (calories === '') {
      if (shownCalories(item.calories)) delete next.calories;
    } else next.calories = Number(calories);
  }
  for (const flag of ITEM_FLAGS) {
    if (values.flags[flag] === shown.flags[flag]) continue;
    if (values.flags[flag]) next[flag] = true;
    else if (item[flag] !== undefined) next[flag] = false;
  }
  return applyItemPromos(applyItemFacts(next, values), promos, values.promos);
}

/** The item (or menu) with photo `image` (an uploaded photo's URL), or with none: the field left out of the file. */
export function withImage<T extends object>(entry: T, image: string | null): T {
  const { image: _old, ...rest } = entry as T & { image?: unknown };
  return (image === null ? rest : { ...rest, image }) as T;
}

// ---------------------------------------------------------------------------------------------------
// The server's refusals, back on the fields

/** `$.menu_groups[0].menus[1].sections[2].items[3]`: the path the server's details name an item by. */
export function itemPath(place: ItemPlace, index: number): string {
  const menu = `$.menu_groups[${place.group}].menus[${place.menu}]`;
  return place.section === null ? `${menu}.items[${index}]` : `${menu}.sections[${place.section}].items[${index}]`;
}

/** The item form's field for a path under an item (what follows the item's own path). */
const FIELD_OF_SUFFIX: Readonly<Record<string, string>> = {
  '.name': 'name_en',
  '.description': 'description_en',
  '.localization["fr-CA"].name': 'name_fr',
  '.localization["fr-CA"].description': 'description_fr',
  '.price': 'price',
  '.calories': 'calories',
  ...Object.fromEntries(ITEM_FLAGS.map((flag) => [`.${flag}`, `flags.${flag}`])),
  ...FACT_FIELD_OF_SUFFIX,
};

export interface FileProblem {
  path: string;
  message: string;
}

/**
 * The form a refused save came from: the path of what it edits in the file (an item, an option
 * group) and its field for what follows that path (undefined: not one of its fields).
 */
export interface OpenForm {
  path: string;
  fieldOf: (suffix: string) => string | undefined;
}

/** An item form's field for what follows the item's path. */
export const itemFieldOf = (suffix: string): string | undefined =>
  Object.hasOwn(FIELD_OF_SUFFIX, suffix) ? FIELD_OF_SUFFIX[suffix] : undefined;

/**
 * A detail's path as the file names it: a TENANT_FILE_INVALID answer names `$.menu_groups[0]…`, a
 * request refused before it is read as a file (VALIDATION_FAILED: text with a control character)
 * names the body's field, `body.file.menu_groups[0]…`. Other paths (not in the file) are left as they are.
 */
export function filePath(path: string): string {
  return path === 'body.file'
    ? '$'
    : path.startsWith('body.file.') || path.startsWith('body.file[')
      ? `$${path.slice('body.file'.length)}`
      : path;
}

/**
 * Splits a TENANT_FILE_INVALID (or VALIDATION_FAILED) answer's details: those naming a field of the
 * form open (`open`: an item's path, or an option group's form) go to that field; the rest are listed
 * with their paths.
 */
export function fieldsOfProblems(
  details: readonly FileProblem[],
  open: string | OpenForm | null,
): { fields: Array<[field: string, problem: FileProblem]>; others: FileProblem[] } {
  const form: OpenForm | null = typeof open === 'string' ? { path: open, fieldOf: itemFieldOf } : open;
  const fields: Array<[string, FileProblem]> = [];
  const others: FileProblem[] = [];
  for (const original of details) {
    const detail = { ...original, path: filePath(original.path) };
    const suffix = form !== null && detail.path.startsWith(form.path) ? detail.path.slice(form.path.length) : null;
    const field = suffix === null ? undefined : form!.fieldOf(suffix);
    if (field) fields.push([field, detail]);
    else others.push(detail);
  }
  return { fields, others };
}

/** The order types the preview tries, in the order a diner most often meets them. */
const PREVIEW_TYPES: readonly OrderType[] = ['dine_in', 'take-out', 'school', 'catering'];

/**
 * The order type the draft's preview asks its menus for (GET /api/staff/menu/draft/preview): the
 * first a diner would see any menu of the file with. A school's or a caterer's menus are scheduled
 * only, and dine-in shows none of them (domain `isMenuForOrderType`): the preview had been empty.
 */
export function previewOrderType(file: EditorFile): OrderType {
  const flag = (menu: FileMenu, name: string) => menu[name] === true;
  const menus = (file.menu_groups ?? []).flatMap((group) => group.menus ?? []);
  const shows = (type: OrderType) =>
    menus.some((menu) =>
      isMenuForOrderType(
        {
          dine_in: flag(menu, 'dine_in'),
          on_demand: flag(menu, 'on_demand'),
          scheduled: flag(menu, 'scheduled'),
          member_only: flag(menu, 'member_only'),
        },
        type,
      ),
    );
  return PREVIEW_TYPES.find(shows) ?? 'dine_in';
}
