/**
 * What a vertical plugs into the ordering core (docs/decisions/0072-ordering-core-plug-ins.md): the
 * core names each plug-in point here as a type, the vertical's feature folder implements it
 * (features/marketplace/hub-plugin.ts, features/suites/suite-plugin.ts) and app/ordering-plugins.ts
 * hands the object to the core through `OrderingPluginsProvider`. The core never imports a feature;
 * a feature never imports the core's internals (only ordering/index.ts).
 *
 * A part used only once checkout or the cart screen is open is a chunk of its own, loaded by `load`
 * (once, `pluginChunk`) only where the order needs it (`useHubParts`, `useSuiteParts`): a plain
 * restaurant's cart and checkout never fetch the hub's or the suite's code.
 */
import type { OrderView, PlaceOrderBody, SchedulingResponse } from '@servery/contracts/orders';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import type { AuthEventInfoResponse, MinimalEventInfo, SuitesInfoBody } from '@servery/contracts/suites';
import type { MenuGroupFile } from '@servery/contracts/tenant-file';
import type { OrderingConfig } from '@servery/domain/ordering-config';
import type { OrderType } from '@servery/domain/order-type';
import type { UseQueryResult } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { ApiClient } from '../lib/api';
import type { MenuItemEntry } from '../lib/menu-model';
import type { CartItem, Costs } from './cart/cart-api';
import type { Cart } from './cart/use-cart';
import type { SavedCard } from './checkout/checkout-payment';
import type { PlacedOrderRef } from './checkout/checkout-storage';

/** Why a hub's vendor refuses its lines, as the server said it (checkout's times, or a refused placement). */
export interface ServerHold {
  error: 'VENDOR_PAUSED' | 'VENDOR_CLOSED' | 'TIMESLOT_FULL';
  message: string;
  /** `times`: the checkout's times said the vendor can take nothing; `placing`: a placement was refused. */
  source: 'times' | 'placing';
}

/** A note under a menu group's name (a hub's vendor state); `blocked`: its items cannot be added now. */
export interface GroupNote {
  text: string;
  blocked: boolean;
}

/** The hub's word on the menu: a note per menu group, and why an item cannot be added now (null: it can). */
export interface MenuVendors {
  groupNotes: ReadonlyMap<number, GroupNote>;
  gate: (entry: MenuItemEntry) => 'paused' | 'closed' | null;
}

/** The restaurant facts a hub's cart lines need. */
export type HubRestaurant = Pick<
  PublicRestaurant,
  'marketplaceHub' | 'vendors' | 'name' | 'display_name' | 'zone' | 'hours' | 'holiday_hours' | 'noTakeoutTimeslot'
>;

export interface HubCartLinesProps {
  cart: Cart;
  restaurant: HubRestaurant;
  /** The cart screen's heading: focus goes there once a vendor's lines come out. */
  headingId: string;
  /** One core line, its name a heading at `nameAs`; `heldBy`: the id of the vendor's reason. */
  renderLine: (line: CartItem, nameAs: 'h3' | 'h4', heldBy: string | null) => ReactNode;
  /** A vendor's lines came out: the core moves focus to the cart's heading. */
  onVendorRemoved: () => void;
}

export interface HubCheckoutOptions {
  restaurant: PublicRestaurant;
  orderType: OrderType | null;
  /** A suite order is never split by vendor. */
  suiteOrder: boolean;
  cart: Cart;
  /** The checkout's id: a vendor's reason is `<id>-held-<vendor key>`. */
  id: string;
  timesShown: boolean;
  askTimes: (items: CartItem[], signal?: AbortSignal) => Promise<SchedulingResponse>;
  showTimes: (scheduling: SchedulingResponse) => void;
  setFailure: (text: string | null) => void;
  afterRemove: (empty: boolean) => void;
}

export interface HubCheckout {
  /** The cart is placed as one order per vendor. */
  active: boolean;
  /** Lines whose vendor cannot take them now: order id to the id of the vendor's reason. */
  heldLines: ReadonlyMap<number, string>;
  /** The held vendors' notices, above the checkout's form. */
  notices: ReactNode;
  takeTimes: (scheduling: SchedulingResponse | null) => void;
  timeChosen: () => void;
  refused: (error: unknown, text: string) => boolean;
  place: (
    client: ApiClient,
    body: PlaceOrderBody,
    idempotencyKey: string,
    headers: Record<string, string>,
  ) => Promise<Omit<PlacedOrderRef, 'menuPath'>>;
}

/** The cart's costs of a hub, split per vendor (`costs.vendorSplit`), and the hub for its vendors' names. */
export interface HubCostSplitProps {
  costs: Costs;
  restaurant: HubRestaurant;
}

/** The hub's parts used once the cart screen, checkout or a split confirmation is open. */
export interface HubParts {
  CartLines: ComponentType<HubCartLinesProps>;
  /** Under the cart's summary: each vendor's share where rounding per vendor moved a figure, and why. */
  CostSplit: ComponentType<HubCostSplitProps>;
  useCheckout: (options: HubCheckoutOptions) => HubCheckout;
  /** A split confirmation: how many vendor orders and the one amount paid, around each vendor's order. */
  Split: ComponentType<{ count: number; paid: number; children: ReactNode }>;
  VendorOrder: ComponentType<{ order: OrderView; children: ReactNode }>;
}

/** A marketplace hub (features/marketplace): its cart is split per vendor and placed as one order each. */
export interface HubPlugin {
  /** True where this restaurant's take-out cart is split per vendor. */
  splits: (restaurant: Pick<PublicRestaurant, 'marketplaceHub' | 'vendors'>) => boolean;
  useMenuVendors: (restaurant: PublicRestaurant, orderType: OrderType, groups: readonly MenuGroupFile[]) => MenuVendors;
  load: PluginChunk<HubParts>;
}

/**
 * The event suite of a link (`?eventSuite=`), as the menu loaded it (features/suites/event-suite.ts):
 * the public facts, the owner's view (null for anyone else), and whether a signed-in diner is not its owner.
 */
export interface EventSuiteView {
  info: MinimalEventInfo;
  owner: AuthEventInfoResponse | null;
  notOwner: boolean;
}

export interface SuiteCheckoutOptions {
  id: string;
  config: Pick<OrderingConfig, 'eventSuite' | 'eventDayOrdering'>;
  suite: EventSuiteView | null | undefined;
  zone: string;
  setFailure: (text: string | null) => void;
}

export interface SuiteCheckout {
  /** The link's event suite; null: not a suite order. */
  value: string | null;
  preOrder: boolean;
  eventDay: boolean;
  /** The pre-order's delivery preference section; null: none. */
  section: ReactNode;
  /** What the order sends as suitesInfo; null: not a suite order. */
  info: SuitesInfoBody | null;
  stopped: (signedIn: boolean, savedCard: string | null) => boolean;
  addOperator: (body: PlaceOrderBody) => void;
  refused: (error: unknown, text: string) => boolean;
}

export interface SuitePaymentProps {
  id: string;
  savedCards: readonly SavedCard[];
  chosen: string | null;
  backTo: { path: string; search: string };
  onChoose: (paymentCardId: string) => void;
}

/** The suite's checkout parts (features/suites/suite-checkout.tsx), a chunk of their own. */
export interface SuiteParts {
  useCheckout: (options: SuiteCheckoutOptions) => SuiteCheckout;
  PaymentSection: ComponentType<SuitePaymentProps>;
  LoginNotice: ComponentType<{ eventSuite: string; restaurant: string }>;
  TabNote: ComponentType;
}

/** The suite's word on its menu (features/suites/suite-menu.tsx). */
export interface SuiteMenu {
  /** The event's pre-orders are locked (a pre-order, not event day): nothing is added and no cart is offered. */
  locked: boolean;
  /** Above the menu: the lock, when locked; null otherwise. */
  notice: ReactNode;
  /** At the top of the cart: the suite and the event the order is for, and its tab; null for any other order. */
  place: ReactNode;
}

/** The cart as the suite's word on it needs it: its restaurant, and what it would put on the tab (null: not priced yet). */
export interface SuiteMenuCart {
  restaurantId: number;
  total: number | null;
}

/** A stadium suite (features/suites): the event's menus, the owner's pre-order in the cart, the tab and delivery preference at checkout. */
export interface SuitePlugin {
  useEventSuite: (restaurantId: number, eventSuite: string | null, ownerView: boolean) => UseQueryResult<EventSuiteView>;
  useSuiteMenu: (suite: EventSuiteView | null, eventDay: boolean, cart: SuiteMenuCart) => SuiteMenu;
  usePreOrderInCart: (suite: EventSuiteView | null, cart: Pick<Cart, 'enabled' | 'ready' | 'count' | 'setItems'>) => void;
  load: PluginChunk<SuiteParts>;
}

export interface OrderingPlugins {
  hub: HubPlugin;
  suite: SuitePlugin;
}

const NO_HUB: HubCheckout = {
  active: false,
  heldLines: new Map(),
  notices: null,
  takeTimes: () => undefined,
  timeChosen: () => undefined,
  refused: () => false,
  place: () => Promise.reject(new Error('not a marketplace hub')),
};

const NO_SUITE: SuiteCheckout = {
  value: null,
  preOrder: false,
  eventDay: false,
  section: null,
  info: null,
  stopped: () => false,
  addOperator: () => undefined,
  refused: () => false,
};

/**
 * Checkout where the restaurant splits nothing by vendor: the hub's plug-in is not fetched and this
 * stands in for its hook (ordering/plugins.tsx `HubParts.useCheckout`), inert. Checkout calls one or
 * the other for the panel's whole life (the restaurant does not change under it).
 */
export function useNoHub(): HubCheckout {
  return NO_HUB;
}

/** Checkout of an order that is not a suite's: the suite's plug-in is not fetched and this stands in for its hook, inert. */
export function useNoSuite(): SuiteCheckout {
  return NO_SUITE;
}

const PluginsContext = createContext<OrderingPlugins | null>(null);

export function OrderingPluginsProvider({ plugins, children }: { plugins: OrderingPlugins; children: ReactNode }) {
  return <PluginsContext value={plugins}>{children}</PluginsContext>;
}

export function useOrderingPlugins(): OrderingPlugins {
  const plugins = useContext(PluginsContext);
  if (!plugins) throw new Error('useOrderingPlugins: no OrderingPluginsProvider (app/providers.tsx wires the verticals in)');
  return plugins;
}

/** A plug-in chunk: loads once (again after a failure); `loaded` is its value once it has come. */
export interface PluginChunk<T> {
  (): Promise<T>;
  loaded: () => T | undefined;
}

export function pluginChunk<T>(load: () => Promise<T>): PluginChunk<T> {
  let pending: Promise<T> | null = null;
  let value: T | undefined;
  const chunk = () => {
    pending ??= load().then(
      (loaded) => {
        value = loaded;
        return loaded;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  return Object.assign(chunk, { loaded: () => value });
}

/** A plug-in's parts: null when the order needs none; `pending` while they load; a failure is thrown to the nearest error boundary. */
export interface Parts<T> {
  parts: T | null;
  pending: boolean;
}

/**
 * Loads `chunk` when given (its value at once when it has come already). Not React's `use`: the
 * screen shows its spinner and mounts its body, with hooks of the plug-in, once the parts are in.
 */
function useParts<T>(chunk: PluginChunk<T> | null): Parts<T> {
  const [state, setState] = useState<{ chunk: PluginChunk<T> | null; parts?: T; error?: unknown }>({ chunk: null });
  const ready = chunk?.loaded();
  useEffect(() => {
    if (!chunk || chunk.loaded() !== undefined) return;
    let live = true;
    chunk().then(
      (parts) => live && setState({ chunk, parts }),
      (error: unknown) => live && setState({ chunk, error }),
    );
    return () => {
      live = false;
    };
  }, [chunk]);
  if (!chunk) return { parts: null, pending: false };
  if (ready !== undefined) return { parts: ready, pending: false };
  if (state.chunk === chunk && 'error' in state) throw state.error;
  return { parts: null, pending: true };
}

/** The hub's parts where this restaurant splits its cart per vendor; none elsewhere (nothing is fetched). */
export function useHubParts(restaurant: Pick<PublicRestaurant, 'marketplaceHub' | 'vendors'> | undefined): Parts<HubParts> {
  const { hub } = useOrderingPlugins();
  return useParts(restaurant && hub.splits(restaurant) ? hub.load : null);
}

/** The suite's checkout parts for a suite order; none for any other order (nothing is fetched). */
export function useSuiteParts(eventSuite: string | null): Parts<SuiteParts> {
  const { suite } = useOrderingPlugins();
  return useParts(eventSuite !== null ? suite.load : null);
}
