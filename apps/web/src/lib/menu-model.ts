import type { ItemFile, MenuFile, MenuGroupFile, SectionFile } from '@servery/contracts/tenant-file';
import { isOrderable } from '@servery/domain/item-display';

/** One item where it sits on the menu: items can also hang off a menu without a section. */
export interface MenuItemEntry {
  item: ItemFile;
  menu: MenuFile;
  section: SectionFile | null;
}

/** A section as shown: a menu's own items (outside any section) form an untitled section. */
export interface MenuSectionView {
  key: string;
  section: SectionFile | null;
  entries: MenuItemEntry[];
}

export interface MenuView {
  menu: MenuFile;
  sections: MenuSectionView[];
}

export interface MenuGroupView {
  group: MenuGroupFile;
  menus: MenuView[];
}

const byOrder = <T extends { order: number }>(a: T, b: T) => a.order - b.order;

/**
 * The menu tree in display order (menus, sections and items by `order`; groups as sent), limited to
 * the menus of `menuList` when the address names some, and to an event's menus (`eventMenus`) for a
 * suite order, whose other menus the server refuses (SUITE_MENU_NOT_OFFERED). Groups and menus left
 * empty are dropped.
 */
export function menuViews(
  groups: readonly MenuGroupFile[],
  menuList: readonly number[] | null,
  eventMenus: readonly number[] | null = null,
): MenuGroupView[] {
  const listed = menuList && menuList.length > 0 ? new Set(menuList) : null;
  const offered = eventMenus ? new Set(eventMenus) : null;
  return groups
    .map((group) => ({
      group,
      menus: [...group.menus]
        .filter((menu) => (!listed || listed.has(menu.id)) && (!offered || offered.has(menu.id)))
        .sort(byOrder)
        .map((menu) => ({ menu, sections: sectionViews(menu) }))
        .filter((view) => view.sections.length > 0),
    }))
    .filter((view) => view.menus.length > 0);
}

function sectionViews(menu: MenuFile): MenuSectionView[] {
  const loose: MenuSectionView = {
    key: `menu-${menu.id}-items`,
    section: null,
    entries: [...menu.items].sort(byOrder).map((item) => ({ item, menu, section: null })),
  };
  const sections = [...menu.sections].sort(byOrder).map((section) => ({
    key: `section-${section.id}`,
    section,
    entries: [...section.items].sort(byOrder).map((item) => ({ item, menu, section })),
  }));
  return [loose, ...sections].filter((view) => view.entries.length > 0);
}

export function allEntries(views: readonly MenuGroupView[]): MenuItemEntry[] {
  return views.flatMap((group) => group.menus.flatMap((menu) => menu.sections.flatMap((section) => section.entries)));
}

/**
 * The same tree with only the entries that pass, dropping sections, menus and groups left empty (the
 * menu's filters, features/menu/menu-body.tsx).
 */
export function filterViews(views: readonly MenuGroupView[], keep: (entry: MenuItemEntry) => boolean): MenuGroupView[] {
  return views
    .map((group) => ({
      ...group,
      menus: group.menus
        .map((menu) => ({
          ...menu,
          sections: menu.sections
            .map((section) => ({ ...section, entries: section.entries.filter(keep) }))
            .filter((section) => section.entries.length > 0),
        }))
        .filter((menu) => menu.sections.length > 0),
    }))
    .filter((group) => group.menus.length > 0);
}

/** Why an item cannot be added now; null when it can. The item's own state comes before the restaurant's. */
export type NotOrderableReason = 'view_only' | 'sold_out' | 'unavailable' | 'paused' | 'closed' | 'vendor_paused' | 'vendor_closed';

export interface OrderingGate {
  viewOnly: boolean;
  paused: boolean;
  open: boolean;
  /**
   * The order type orders ahead and the server offers a later slot (or is still being asked): closing
   * and a pause stop only ASAP then (docs/decisions/0027-ordering-ahead.md).
   */
  ahead: boolean;
  /**
   * A marketplace hub's vendor that cannot take this item now (packages/domain/src/marketplace.ts
   * `vendorState`): paused, or closed with no later time to order for. Absent elsewhere.
   */
  vendor?: 'paused' | 'closed' | null;
}

export function itemState(entry: MenuItemEntry, now: Date, zone: string): 'sold_out' | 'unavailable' | null {
  const result = isOrderable(entry.item, entry.section?.sold_out ?? false, now, zone);
  return result.orderable ? null : result.reason;
}

export function notOrderableReason(entry: MenuItemEntry, gate: OrderingGate, now: Date, zone: string): NotOrderableReason | null {
  if (gate.viewOnly) return 'view_only';
  const own = itemState(entry, now, zone);
  if (own) return own;
  if (gate.vendor) return gate.vendor === 'paused' ? 'vendor_paused' : 'vendor_closed';
  if (gate.ahead) return null;
  if (gate.paused) return 'paused';
  if (!gate.open) return 'closed';
  return null;
}
