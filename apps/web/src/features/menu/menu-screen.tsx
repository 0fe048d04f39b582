import type { MenusResponse, PublicRestaurant } from '@servery/contracts/restaurant';
import type { MenuGroupFile } from '@servery/contracts/tenant-file';
import { containsAlcohol, defaultSelection, unitPrice, validateSelection, type SelectedGroup } from '@servery/domain/item-selection';
import { matchesFilters } from '@servery/domain/menu-search';
import { isLastCall, openState } from '@servery/domain/opening-hours';
import { pausedFor } from '@servery/domain/order-type';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ErrorBoundary } from '../../components/ui/error-boundary';
import { Spinner } from '../../components/ui/spinner';
import { useToasts } from '../../components/ui/toasts';
import { loadAllMessages } from '../../i18n/i18n';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../lib/clock';
import { errorMessage } from '../../lib/error-message';
import { localizedText } from '../../lib/localize';
import { useLocale } from '../../lib/use-locale';
import {
  CartBar,
  cartPanelModule,
  checkoutPanelModule,
  itemDialogModule,
  AnotherRoundLeftOut,
  useAnotherRound,
  useCart,
  useOrderingPlugins,
  type EventSuiteView,
  type ItemChoice,
  type ItemChoiceResult,
} from '../../ordering';
import { MenuFilters } from './menu-filters';
import { FeaturedItems, MenuList, MenuNav } from './menu-list';
import { allEntries, menuViews, notOrderableReason, type MenuGroupView, type MenuItemEntry } from '../../lib/menu-model';
import { MenuNotices, type OpenNow } from './menu-notices';
import { OrderingChoice } from './ordering-choice';
import { RestaurantFrame } from '../../components/restaurant-shell/restaurant-frame';
import { useMenuFilters } from './use-menu-filters';
import { useMenuPanels } from './use-menu-panels';
import { useAnnouncements, useMenus, useOrderAhead, useQueueTime } from './use-menu-data';
import { Membership, readMemberCookie } from './membership';
import { OrderAgain } from './order-again';
import { useOrdering, type Ordering } from '../../components/restaurant-shell/use-ordering';
import { RequireEventDaySession } from '../../components/require-session';

/** The dialogs and panels use messages beyond the menu's first-load part: they come with the whole catalogue. */
function withAllMessages<T>(module: Promise<T>): Promise<T> {
  return Promise.all([module, loadAllMessages()]).then(([loaded]) => loaded);
}

/**
 * A part of the menu screen that is its own chunk, with the whole message catalogue: fetched once
 * (again after a failure) by `load`; `preload` fetches it ahead and leaves a failure to the render.
 */
function menuChunk<T>(importChunk: () => Promise<T>): { load: () => Promise<T>; preload: () => void } {
  let pending: Promise<T> | null = null;
  const load = () => {
    pending ??= withAllMessages(importChunk()).catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
  return {
    load,
    preload: () => {
      load().catch(() => undefined);
    },
  };
}

/** The item dialog: fetched when the browser is idle, on hover or focus of an item, or on first open. */
const itemDialogChunk = menuChunk(itemDialogModule);
const ItemDialog = lazy(() => itemDialogChunk.load().then((module) => ({ default: module.ItemDialog })));

/** The cart screen: fetched once the cart has something in it, on hover or focus of its button, or on first open. */
const cartPanelChunk = menuChunk(cartPanelModule);
const CartPanel = lazy(() => cartPanelChunk.load().then((module) => ({ default: module.CartPanel })));

/** Checkout: fetched once the cart screen is open, or on first use. */
const checkoutPanelChunk = menuChunk(checkoutPanelModule);
const CheckoutPanel = lazy(() => checkoutPanelChunk.load().then((module) => ({ default: module.CheckoutPanel })));

/** Runs `task` when the browser is idle (or after a moment where it cannot say); returns the cancel. */
function whenIdle(task: () => void): () => void {
  const idle = window.requestIdleCallback?.(task, { timeout: 4000 });
  const timer = idle === undefined ? window.setTimeout(task, 2000) : undefined;
  return () => {
    if (idle !== undefined) window.cancelIdleCallback(idle);
    if (timer !== undefined) window.clearTimeout(timer);
  };
}

const NO_ENTRIES: MenuItemEntry[] = [];

/** A chunk's panel over the menu: a spinner while it loads, and if it cannot, the reason and a way out. */
function ChunkBoundary({ loadError, onClose, children }: { loadError: string; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ErrorBoundary
      fallback={({ reset }) => (
        <div role="alert" className="inline-error menu-dialog-error">
          <p>{loadError}</p>
          <button
            type="button"
            className="button"
            onClick={() => {
              onClose();
              reset();
            }}
          >
            {t('item.close')}
          </button>
        </div>
      )}
    >
      <Suspense fallback={<Spinner />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/** The menus (or the suite's event) could not be loaded: the reason and a retry. */
function MenusError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="inline-error">
      <p>
        {t('restaurant.menusError')} {errorMessage(t, error)}
      </p>
      <button type="button" className="button" onClick={onRetry}>
        {t('restaurant.retry')}
      </button>
    </div>
  );
}

export interface MenuScreenProps {
  /**
   * Receives the diner's valid choice from the item dialog instead of the cart (an embedding screen,
   * or a test of the dialog alone). Without it, choices go to the restaurant's cart.
   */
  onSelect?: (choice: ItemChoice) => void | Promise<ItemChoiceResult>;
}

/** /{restaurant_slug}: the restaurant's menu for the order type the address gives. */
export function MenuScreen({ onSelect }: MenuScreenProps = {}) {
  return <RestaurantFrame>{(restaurant) => <RestaurantMenu restaurant={restaurant} onSelect={onSelect} />}</RestaurantFrame>;
}

/**
 * The menu of a restaurant already loaded (the app's restaurant screen picks it for any restaurant
 * that is not K-12). On a server-rendered page it is a Suspense boundary: React hydrates it after the
 * page's frame (header, brand), its own boundaries (featured strip, list, each section) after it, and
 * first whichever the diner touches (docs/decisions/0053-react.md).
 */
export function RestaurantMenu({ restaurant, onSelect }: { restaurant: PublicRestaurant; onSelect?: MenuScreenProps['onSelect'] }) {
  return (
    <Suspense fallback={null}>
      <RequireEventDaySession>
        <OrderingMenu restaurant={restaurant} onSelect={onSelect} />
      </RequireEventDaySession>
    </Suspense>
  );
}

function OrderingMenu({ restaurant, onSelect }: { restaurant: PublicRestaurant; onSelect?: MenuScreenProps['onSelect'] }) {
  const ordering = useOrdering(restaurant);
  const plugins = useOrderingPlugins();
  // A suite order (`?eventSuite=`): the event's menus only, and for its owner the pre-order to change.
  const eventSuite = ordering.ok ? ordering.config.eventSuite : null;
  const suite = plugins.suite.useEventSuite(restaurant.id, eventSuite, !ordering.config.eventDayOrdering);
  // The member the `{slug}-member` cookie names (read once hydrated); each change by the form asks
  // the server for the menus again (`version`), which then includes or drops the member-only menus.
  const [member, setMember] = useState<{ id: string | null; version: number }>({ id: null, version: 0 });
  useEffect(
    () => setMember((current) => (current.version === 0 ? { id: readMemberCookie(restaurant.slug), version: 0 } : current)),
    [restaurant.slug],
  );
  const changeMember = useCallback((id: string | null) => setMember((current) => ({ id, version: current.version + 1 })), []);
  const orderType = ordering.ok ? ordering.orderType : null;
  const menus = useMenus(restaurant, orderType, member.version);
  const announcements = useAnnouncements(restaurant);
  const queue = useQueueTime(restaurant);
  // While the menus are asked again for a new member, the page keeps the ones it shows (and its cart).
  const shown = useRef<{ orderType: string | null; data: MenusResponse } | null>(null);
  if (menus.isSuccess) shown.current = { orderType, data: menus.data };
  const previous = menus.isLoading && shown.current?.orderType === orderType ? shown.current.data : null;
  const membership = <Membership restaurant={restaurant} member={member.id} onChange={changeMember} />;

  if (!ordering.ok) return <OrderingChoice slug={restaurant.slug} />;
  if (eventSuite !== null && !suite.isSuccess)
    return suite.isError ? <MenusError error={suite.error} onRetry={() => void suite.refetch()} /> : <Spinner />;
  const groups = previous?.menu_groups ?? (menus.isSuccess ? menus.data.menu_groups : null);
  if (groups === null) return menus.isError ? <MenusError error={menus.error} onRetry={() => void menus.refetch()} /> : <Spinner />;
  return (
    <MenuBody
      restaurant={restaurant}
      groups={groups}
      ordering={ordering}
      notices={{ announcements, queue }}
      membership={membership}
      suite={suite.isSuccess ? suite.data : null}
      onSelect={onSelect}
    />
  );
}

interface MenuBodyProps {
  restaurant: PublicRestaurant;
  groups: MenuGroupFile[];
  ordering: Ordering;
  notices: { announcements: ReturnType<typeof useAnnouncements>; queue: ReturnType<typeof useQueueTime> };
  /** The membership form or banner (features/menu/membership.tsx), under the notices. */
  membership: ReactNode;
  /** The event suite of a suite order (features/suites, through the core's suite plug-in); null for any other order. */
  suite: EventSuiteView | null;
  onSelect: MenuScreenProps['onSelect'];
}

function MenuBody({ restaurant, groups, ordering, notices, membership, suite, onSelect }: MenuBodyProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const now = useNow();
  const zone = restaurant.zone;
  const filters = useMenuFilters();
  const [opened, setOpened] = useState<{ entry: MenuItemEntry; opener: HTMLElement } | null>(null);
  const plugins = useOrderingPlugins();
  const cart = useCart({ restaurant, ordering, groups });
  const round = useAnotherRound(restaurant.id, ordering, cart);
  plugins.suite.usePreOrderInCart(suite, cart);
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
  const select = onSelect ?? (cart.enabled ? cart.add : undefined);

  const eventMenus = suite?.info.event.menu_ids ?? null;
  const views = useMemo(() => menuViews(groups, ordering.config.menuList, eventMenus), [groups, ordering.config.menuList, eventMenus]);
  const entries = useMemo(() => allEntries(views), [views]);
  const shown = useMemo(
    () => (filters.active ? filterViews(views, (entry) => matchesFilters(entry.item, filters.applied)) : views),
    [views, filters.active, filters.applied],
  );
  const matchCount = useMemo(() => allEntries(shown).length, [shown]);

  // openState builds a week and more of opening intervals through Intl (several milliseconds on a
  // phone): once per clock tick, not on every render of the screen (there are several while it hydrates).
  const { hours, holiday_hours: holidayHours } = restaurant;
  const openNow: OpenNow = useMemo(() => openState(hours, holidayHours, now, zone), [hours, holidayHours, now, zone]);
  const lastCalls = useMemo(
    () =>
      views
        .flatMap((group) => group.menus)
        .flatMap(({ menu }) => {
          if (menu.last_call_time === null) return [];
          const state = openState(hours, holidayHours, now, zone, menu.last_call_time);
          if (!isLastCall(state, now) || !state.open) return [];
          return [{ id: menu.id, name: localizedText(menu, 'name', locale), closesAt: state.closesAt }];
        }),
    [views, hours, holidayHours, now, zone, locale],
  );
  const orderAhead = useOrderAhead(restaurant, ordering.orderType, ordering.config, restaurant.asap_paused || !openNow.open);
  // A pause of every order stops every cart; an ASAP-only one stops a table's too (as the server's admitOrder does).
  const paused = pausedFor(ordering.orderType, restaurant);
  const gate = {
    viewOnly: ordering.config.viewOnly,
    paused,
    open: openNow.open,
    ahead: orderAhead !== null && (orderAhead.status === 'loading' || orderAhead.firstSlot !== null),
  };
  // A hub's vendors (take-out, one order per vendor): each says its state under its name, and one
  // that cannot take its items now adds none (the hub's plug-in, features/marketplace/use-menu-vendors.ts).
  const { groupNotes, gate: vendorGate } = plugins.hub.useMenuVendors(restaurant, ordering.orderType, groups);

  // Memoised with FeaturedItems: its prices go through the price schedule, so it renders again only
  // when the clock ticks or the menus change, not on every render while the screen hydrates.
  const allFeatured = useMemo(() => entries.filter((entry) => entry.item.featured_item), [entries]);
  const featured = filters.active ? NO_ENTRIES : allFeatured;

  // Fetch the dialog's code once the page has settled, so the first open is instant; the cart's once it has something.
  useEffect(() => whenIdle(itemDialogChunk.preload), []);
  const cartHasItems = cart.count > 0;
  const hubParts = plugins.hub.splits(restaurant) ? plugins.hub.load : null;
  useEffect(
    () =>
      cartHasItems
        ? whenIdle(() => {
            cartPanelChunk.preload();
            hubParts?.().catch(() => undefined);
          })
        : undefined,
    [cartHasItems, hubParts],
  );

  const open = useCallback((entry: MenuItemEntry, opener: HTMLElement) => setOpened({ entry, opener }), []);
  const { show } = useToasts();
  const blocked = gate.viewOnly || (!gate.ahead && (gate.paused || !gate.open));
  // The card's "Add": one at the default choices, as the dialog would add it untouched; the dialog
  // opens instead when those choices would not pass (a limit, a price the schedule leaves out).
  const quickAdd = useCallback(
    (entry: MenuItemEntry, opener: HTMLElement, chosen?: SelectedGroup[]) => {
      // "Order again" passes the line's old choices; they must still pass like the defaults would.
      const selection = chosen ?? defaultSelection(entry.item, now, zone);
      const unit = unitPrice(entry.item, selection, now, zone);
      if (
        !select ||
        vendorGate(entry) !== null ||
        unit === null ||
        containsAlcohol(entry.item, selection) ||
        validateSelection(entry.item, selection, now, zone).length > 0
      ) {
        setOpened({ entry, opener });
        return;
      }
      const result = select({
        itemId: entry.item.id,
        menuId: entry.menu.id,
        sectionId: entry.section?.id ?? null,
        quantity: 1,
        options: selection,
        specialInstructions: '',
        unitPrice: unit,
      });
      if (!result) {
        show(t('item.added', { quantity: 1, name: localizedText(entry.item, 'name', locale).text }), 'success');
        return;
      }
      void result.then((outcome) => {
        if (!outcome.ok) show(outcome.toast, 'error');
      });
    },
    [now, zone, select, show, t, locale, vendorGate],
  );
  const close = useCallback(() => setOpened(null), []);
  return (
    <div className="menu-screen">
      <MenuNotices
        restaurant={restaurant}
        paused={paused}
        openNow={openNow}
        now={now}
        queue={notices.queue}
        announcements={notices.announcements}
        lastCalls={lastCalls}
        firstSlot={orderAhead?.status === 'ready' ? orderAhead.firstSlot : null}
      />
      <AnotherRoundLeftOut round={round} />
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
              groupNotes={groupNotes}
              zone={zone}
              onOpen={open}
              onPreload={itemDialogChunk.preload}
              onQuickAdd={select && !blocked ? quickAdd : undefined}
            />
          )}
        </>
      )}
      {opened && (
        <ChunkBoundary loadError={t('menu.itemLoadError')} onClose={close}>
          <ItemDialog
            entry={opened.entry}
            restaurant={restaurant}
            blockedBy={notOrderableReason(opened.entry, { ...gate, vendor: vendorGate(opened.entry) }, now, zone)}
            onClose={close}
            onSelect={select}
            returnFocusTo={opened.opener}
          />
        </ChunkBoundary>
      )}
      {cart.enabled && (
        <CartBar
          cart={cart}
          panelOpen={cartOpen}
          maxItems={restaurant.maxItemsPerCart}
          onOpen={openCart}
          onPreload={cartPanelChunk.preload}
        />
      )}
      {cartOpen && (
        <ChunkBoundary loadError={t('cart.loadError')} onClose={closeCart}>
          <CartPanel
            cart={cart}
            restaurant={restaurant}
            entries={entries}
            gate={gate}
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

/** The same tree with only the entries that pass, dropping sections, menus and groups left empty. */
function filterViews(views: readonly MenuGroupView[], keep: (entry: MenuItemEntry) => boolean): MenuGroupView[] {
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
