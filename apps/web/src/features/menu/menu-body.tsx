import type { AnnouncementsResponse, PublicRestaurant, QueueTimeResponse } from '@servery/contracts/restaurant';
import type { MenuGroupFile } from '@servery/contracts/tenant-file';
import { matchesFilters } from '@servery/domain/menu-search';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Ordering } from '../../components/restaurant-shell/use-ordering';
import { useNow } from '../../lib/clock';
import { allEntries, filterViews, menuViews, notOrderableReason, type MenuItemEntry } from '../../lib/menu-model';
import {
  AnotherRound,
  CartBar,
  useCart,
  useOrderingPlugins,
  type EventSuiteView,
  type ItemChoice,
  type ItemChoiceResult,
} from '../../ordering';
import { MenuFilters } from './menu-filters';
import { MenuList, MenuNav } from './menu-list';
import { FeaturedItems } from './featured-items';
import { MenuNotices } from './menu-notices';
import { useMenuFilters } from './use-menu-filters';
import { useMenuPanels } from './use-menu-panels';
import { useMenuGate } from './use-menu-data';
import { OrderAgain } from './order-again';
import {
  cartPanelChunk,
  CartPanel,
  checkoutPanelChunk,
  CheckoutPanel,
  ChunkBoundary,
  ItemDialog,
  itemDialogChunk,
  usePreloadChunks,
} from './menu-chunks';
import { useQuickAdd } from './use-quick-add';

const NO_ENTRIES: MenuItemEntry[] = [];

/** The same item at the same place of the menu (in menus read at two versions). */
const sameEntry = (a: MenuItemEntry, b: MenuItemEntry) =>
  a.item.id === b.item.id && a.menu.id === b.menu.id && (a.section?.id ?? null) === (b.section?.id ?? null);

export interface MenuBodyProps {
  restaurant: PublicRestaurant;
  groups: MenuGroupFile[];
  ordering: Ordering;
  notices: { announcements: AnnouncementsResponse | null; queue: QueueTimeResponse | null };
  /** The membership form or banner (features/menu/membership.tsx), under the notices. */
  membership: ReactNode;
  /** The event suite of a suite order (features/suites, through the core's suite plug-in); null for any other order. */
  suite: EventSuiteView | null;
  /** Where the diner's valid choice goes instead of the cart (menu-screen.tsx `MenuScreenProps`). */
  onSelect: ((choice: ItemChoice) => void | Promise<ItemChoiceResult>) | undefined;
}

/** The menu with its notices, filters and list, the item dialog, and the cart and checkout over it. */
export function MenuBody({ restaurant, groups, ordering, notices, membership, suite, onSelect }: MenuBodyProps) {
  const { t } = useTranslation();
  const now = useNow();
  const zone = restaurant.zone;
  const filters = useMenuFilters();
  const [opened, setOpened] = useState<{ entry: MenuItemEntry; opener: HTMLElement } | null>(null);
  const plugins = useOrderingPlugins();
  const cart = useCart({ restaurant, ordering, groups });
  plugins.suite.usePreOrderInCart(suite, cart);
  // A pre-order whose event has locked: said above the menu, nothing added, no cart offered (issue 31 defect 2).
  const suiteMenu = plugins.suite.useSuiteMenu(suite, ordering.config.eventDayOrdering, {
    restaurantId: restaurant.id,
    total: cart.costs?.totalWithTip ?? null,
  });
  // New menus (a member applied or removed): the server prices the cart again for the new member.
  const { retryCosts } = cart;
  const firstGroups = useRef(groups);
  useEffect(() => {
    if (groups !== firstGroups.current) retryCosts();
  }, [groups, retryCosts]);
  // The cart screen and checkout over the menu, and the header's cart link that opens the cart.
  const { cartOpener, cartOpen, checkoutOpen, openCart, closeCart, toCheckout, closeCheckout, backToCart } = useMenuPanels({
    cartEnabled: cart.enabled,
    preloadCheckout: () => {
      checkoutPanelChunk.preload();
      if (ordering.config.eventSuite !== null) plugins.suite.load().catch(() => undefined);
    },
  });
  const select = suiteMenu.locked ? undefined : (onSelect ?? (cart.enabled ? cart.add : undefined));

  const eventMenus = suite?.info.event.menu_ids ?? null;
  const views = useMemo(() => menuViews(groups, ordering.config.menuList, eventMenus), [groups, ordering.config.menuList, eventMenus]);
  const entries = useMemo(() => allEntries(views), [views]);
  const shown = useMemo(
    () => (filters.active ? filterViews(views, (entry) => matchesFilters(entry.item, filters.applied)) : views),
    [views, filters.active, filters.applied],
  );
  const matchCount = useMemo(() => allEntries(shown).length, [shown]);
  const { gate: menuGate, notices: gateNotices } = useMenuGate(restaurant, ordering, views, now);
  const gate = suiteMenu.locked ? { ...menuGate, viewOnly: true } : menuGate;
  // A hub's vendors (take-out, one order per vendor): each says its state under its name, and one
  // that cannot take its items now adds none (the hub's plug-in, features/marketplace/use-menu-vendors.ts).
  const { groupNotes, gate: vendorGate } = plugins.hub.useMenuVendors(restaurant, ordering.orderType, groups);

  // Memoised with FeaturedItems: its prices go through the price schedule, so it renders again only
  // when the clock ticks or the menus change, not on every render while the screen hydrates.
  const allFeatured = useMemo(() => entries.filter((entry) => entry.item.featured_item), [entries]);
  const featured = filters.active ? NO_ENTRIES : allFeatured;

  const hubParts = plugins.hub.splits(restaurant) ? plugins.hub.load : null;
  usePreloadChunks(cart.count > 0, hubParts);

  const open = useCallback((entry: MenuItemEntry, opener: HTMLElement) => setOpened({ entry, opener }), []);
  const blocked = gate.viewOnly || (!gate.ahead && (gate.paused || !gate.open));
  const quickAdd = useQuickAdd(select, vendorGate, open, now, zone);
  const close = useCallback(() => setOpened(null), []);
  // The menus read again while the dialog is open (a new version published): it shows the item as it is now.
  const openEntry = useMemo(
    () => (opened ? (entries.find((entry) => sameEntry(entry, opened.entry)) ?? opened.entry) : null),
    [opened, entries],
  );
  return (
    <div className="menu-screen">
      <MenuNotices restaurant={restaurant} now={now} queue={notices.queue} announcements={notices.announcements} {...gateNotices} />
      {suiteMenu.notice}
      <AnotherRound restaurantId={restaurant.id} ordering={ordering} cart={cart} />
      {ordering.config.viewOnly && <p className="notice notice--info">{t('notices.viewOnly')}</p>}
      {membership}
      {views.length === 0 ? (
        <p>{t('restaurant.noMenus')}</p>
      ) : (
        <>
          <OrderAgain restaurant={restaurant} entries={entries} onAdd={select && !blocked ? quickAdd : undefined} />
          <FeaturedItems entries={featured} now={now} zone={zone} />
          <MenuFilters filters={filters} matchCount={matchCount} />
          <MenuNav views={shown} />
          {matchCount === 0 ? (
            <div className="menu-empty">
              <p>{t('filters.emptyMessage')}</p>
              <button type="button" className="button button--primary" onClick={filters.clear}>
                {t('filters.clear')}
              </button>
            </div>
          ) : (
            <MenuList
              views={shown}
              layout={restaurant.theme}
              groupNotes={groupNotes}
              zone={zone}
              onOpen={open}
              onPreload={itemDialogChunk.preload}
              onQuickAdd={select && !blocked ? quickAdd : undefined}
            />
          )}
        </>
      )}
      {opened && openEntry && (
        <ChunkBoundary loadError={t('menu.itemLoadError')} onClose={close}>
          <ItemDialog
            entry={openEntry}
            restaurant={restaurant}
            blockedBy={notOrderableReason(openEntry, { ...gate, vendor: vendorGate(openEntry) }, now, zone)}
            onClose={close}
            onSelect={select}
            returnFocusTo={opened.opener}
          />
        </ChunkBoundary>
      )}
      {cart.enabled && !suiteMenu.locked && (
        <CartBar
          cart={cart}
          panelOpen={cartOpen}
          maxItems={restaurant.maxItemsPerCart}
          onOpen={openCart}
          onPreload={cartPanelChunk.preload}
        />
      )}
      {cartOpen && !suiteMenu.locked && (
        <ChunkBoundary loadError={t('cart.loadError')} onClose={closeCart}>
          <CartPanel
            cart={cart}
            restaurant={restaurant}
            entries={entries}
            gate={gate}
            place={suiteMenu.place}
            onClose={closeCart}
            onOpenItem={open}
            returnFocusTo={cartOpener}
            onCheckout={toCheckout}
          />
        </ChunkBoundary>
      )}
      {checkoutOpen && (
        <ChunkBoundary loadError={t('checkout.loadError')} onClose={closeCheckout}>
          <CheckoutPanel
            cart={cart}
            restaurant={restaurant}
            ordering={ordering}
            suite={suite}
            onClose={closeCheckout}
            onStaleCart={backToCart}
          />
        </ChunkBoundary>
      )}
    </div>
  );
}
