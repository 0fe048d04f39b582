/**
 * Names and timings of what a cart names, from the published menu tree the cart was priced with:
 * receipts need names in the diner's language, scheduling needs the timings of the cart's menus.
 */
import type { Locale, MenuFile, MenuGroupFile, OptionGroupFile } from '@servery/contracts/tenant-file';
import type { MenuGroupData } from '@servery/domain/cart-lines';
import type { MenuTimings } from '@servery/domain/scheduling';
import { loadPublishedMenuTree } from '../../db/restaurants-repository';
import type { Executor } from '../../kernel/executor';

interface Named {
  name: string;
  localization: Partial<Record<Locale, Record<string, string>>>;
}

export interface MenuLookup {
  itemName: (id: number, locale: Locale) => string;
  valueName: (id: number, locale: Locale) => string;
  /** The station its section names (decision 0107); null: none named, or not in a section. */
  itemStation: (id: number) => string | null;
  /** Sold one per guest in a catering order (`per_person`; domain head-count.ts). */
  perPerson: (id: number) => boolean;
  menus: ReadonlyMap<number, MenuFile>;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };

/** Names are stored escaped for HTML (strip-all); plain-text messages want the characters back. */
export function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (entity) => ENTITIES[entity] ?? entity);
}

function localName(entity: Named | undefined, locale: Locale): string {
  if (!entity) return '?';
  return decodeEntities(entity.localization[locale]?.name ?? entity.name);
}

// Built once per menu tree: the cached published tree (get-menus.ts) is shared and never changed, and
// a new menu version is a new tree, so a lookup never outlives the menus it names.
const lookups = new WeakMap<readonly MenuGroupData[], MenuLookup>();

export function menuLookup(menuGroups: readonly MenuGroupData[]): MenuLookup {
  let lookup = lookups.get(menuGroups);
  if (!lookup) {
    lookup = buildMenuLookup(menuGroups);
    lookups.set(menuGroups, lookup);
  }
  return lookup;
}

function buildMenuLookup(menuGroups: readonly MenuGroupData[]): MenuLookup {
  const groups = menuGroups as unknown as readonly MenuGroupFile[];
  const items = new Map<number, Named>();
  const values = new Map<number, Named>();
  const menus = new Map<number, MenuFile>();
  const stations = new Map<number, string>();
  const perPerson = new Set<number>();
  const walkGroups = (optionGroups: readonly OptionGroupFile[]) => {
    for (const group of optionGroups)
      for (const value of group.values) {
        values.set(value.id, value);
        walkGroups(value.options);
      }
  };
  for (const group of groups)
    for (const menu of group.menus) {
      menus.set(menu.id, menu);
      for (const item of [...menu.items, ...menu.sections.flatMap((section) => section.items)]) {
        items.set(item.id, item);
        if (item.per_person) perPerson.add(item.id);
        walkGroups(item.options);
      }
      for (const section of menu.sections) if (section.station) for (const item of section.items) stations.set(item.id, section.station);
    }
  return {
    itemName: (id, locale) => localName(items.get(id), locale),
    valueName: (id, locale) => localName(values.get(id), locale),
    itemStation: (id) => stations.get(id) ?? null,
    perPerson: (id) => perPerson.has(id),
    menus,
  };
}

/**
 * The names of what a restaurant's published menus list now: an order keeps ids, and every screen that
 * shows a placed order (confirmation, profile, staff board, production list) names them from here.
 */
export async function publishedMenuLookup(db: Executor, restaurantId: number, now: Date): Promise<MenuLookup> {
  const tree = await loadPublishedMenuTree(db, restaurantId, now.toISOString());
  return menuLookup(tree.menuGroups as unknown as MenuGroupData[]);
}

/** The timings of the menus a cart's items come from (scheduling.ts combines them). */
export function cartMenuTimings(lookup: MenuLookup, items: ReadonlyArray<{ menu_id: number }>): MenuTimings[] {
  const ids = new Set(items.map((item) => item.menu_id));
  return [...ids].flatMap((id) => {
    const menu = lookup.menus.get(id);
    return menu ? [menu] : [];
  });
}
