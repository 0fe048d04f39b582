/**
 * The kitchen's running state through a publish (docs/menu-drafts.md): what is sold out (items,
 * sections, option values) and whether ordering is paused (the restaurant, a hub's vendors) is changed
 * during service from the availability screen (db/availability-repository.ts), not in the editor.
 * A draft opened in the morning still holds the morning's flags; publishing it at noon must not bring
 * back the soup the kitchen ran out of at 11:30. So a publish keeps these as they are live for every
 * entity the draft and the published data share; an entity new in the draft keeps its own. The
 * restaurant's pause message is the draft's unless ordering is paused at the time.
 */
import type { ItemFile, OptionGroupFile, SectionFile, TenantFile } from '@servery/contracts/tenant-file';

interface SoldOut {
  items: Map<number, boolean>;
  sections: Map<number, boolean>;
  values: Map<number, boolean>;
}

function soldOutOf(tenant: TenantFile): SoldOut {
  const state: SoldOut = { items: new Map(), sections: new Map(), values: new Map() };
  const addGroups = (groups: OptionGroupFile[]) => {
    for (const group of groups)
      for (const value of group.values) {
        state.values.set(value.id, value.sold_out);
        addGroups(value.options);
      }
  };
  const addItems = (items: ItemFile[]) => {
    for (const item of items) {
      state.items.set(item.id, item.sold_out);
      addGroups(item.options);
    }
  };
  for (const group of tenant.menu_groups)
    for (const menu of group.menus) {
      addItems(menu.items);
      for (const section of menu.sections) {
        state.sections.set(section.id, section.sold_out);
        addItems(section.items);
      }
    }
  return state;
}

/** `draft` with `live`'s sold-out flags and pauses wherever both have the entity. */
export function withLiveRunningState(draft: TenantFile, live: TenantFile): TenantFile {
  const state = soldOutOf(live);
  const groups = (list: OptionGroupFile[]): OptionGroupFile[] =>
    list.map((group) => ({
      ...group,
      values: group.values.map((value) => ({
        ...value,
        sold_out: state.values.get(value.id) ?? value.sold_out,
        options: groups(value.options),
      })),
    }));
  const items = (list: ItemFile[]): ItemFile[] =>
    list.map((item) => ({ ...item, sold_out: state.items.get(item.id) ?? item.sold_out, options: groups(item.options) }));
  const section = (entry: SectionFile): SectionFile => ({
    ...entry,
    sold_out: state.sections.get(entry.id) ?? entry.sold_out,
    items: items(entry.items),
  });
  const liveVendors = new Map(live.vendors.map((vendor) => [vendor.id, vendor]));
  return {
    ...draft,
    orders_paused: live.orders_paused,
    asap_paused: live.asap_paused,
    // While ordering is paused the staff's words for that pause stand; otherwise the draft's message
    // (the settings screen's) is the one the next pause starts from (docs/decisions/0108-restaurant-settings-on-the-menu-draft.md).
    orders_paused_message: live.orders_paused || live.asap_paused ? live.orders_paused_message : draft.orders_paused_message,
    vendors: draft.vendors.map((vendor) => {
      const running = liveVendors.get(vendor.id);
      return running
        ? {
            ...vendor,
            orders_paused: running.orders_paused,
            asap_paused: running.asap_paused,
            orders_paused_message: running.orders_paused_message,
          }
        : vendor;
    }),
    menu_groups: draft.menu_groups.map((group) => ({
      ...group,
      menus: group.menus.map((menu) => ({ ...menu, items: items(menu.items), sections: menu.sections.map(section) })),
    })),
  };
}
