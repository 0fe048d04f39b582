/**
 * A marketplace hub's vendors as the diner meets them (packages/domain/src/marketplace.ts
 * `vendorState`; docs/decisions/0031-marketplace-orders.md): the menu says each counter's state under
 * its name (paused with its message, closed with its next opening) and adds none of its items while it
 * cannot take them; the cart and checkout mark a vendor's lines that cannot be ordered, with the
 * reason, and take them out in one action while the other vendors' items go through.
 */
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import type { Locale, MenuGroupFile } from '@servery/contracts/tenant-file';
import { vendorState, type VendorState } from '@servery/domain/marketplace';
import { orderTypePolicy, type OrderType } from '@servery/domain/order-type';
import type { TFunction } from 'i18next';
import { formatTime, relativeDay } from '../../lib/format';
import type { ServerHold } from '../../ordering';
import { isMarketplace, vendorName, vendorOfMenus } from './vendor-groups';

/** The server's word on a vendor is the core's type (ordering/plugins.tsx): the cart keeps it. */
export type { ServerHold };

type Hub = Pick<
  PublicRestaurant,
  'marketplaceHub' | 'vendors' | 'name' | 'display_name' | 'zone' | 'hours' | 'holiday_hours' | 'noTakeoutTimeslot'
>;

export interface VendorStateView {
  state: VendorState;
  /** Its items may go in the cart now (for now, or for a later time where the hub orders ahead). */
  takes: boolean;
}

/** Where a hub's cart is split by vendor (take-out): each vendor's own counter counts. */
export function splitsByVendor(restaurant: Pick<PublicRestaurant, 'marketplaceHub' | 'vendors'>, orderType: OrderType): boolean {
  return isMarketplace(restaurant) && orderType === 'take-out';
}

/** Each vendor's state by id; empty where the cart is not split by vendor. */
export function vendorStates(restaurant: Hub, orderType: OrderType, now: Date): Map<number, VendorStateView> {
  const states = new Map<number, VendorStateView>();
  if (!splitsByVendor(restaurant, orderType)) return states;
  const ordersAhead = orderTypePolicy(orderType).ordersAhead && !restaurant.noTakeoutTimeslot;
  const hub = { zone: restaurant.zone, hours: restaurant.hours, holiday_hours: restaurant.holiday_hours };
  for (const vendor of restaurant.vendors) states.set(vendor.id, vendorState({ vendor, hub, ordersAhead }, now));
  return states;
}

/** What the menu says under a vendor's name; null while it is open. */
export function vendorStateText(
  t: TFunction,
  locale: Locale,
  view: VendorStateView,
  message: string,
  now: Date,
  zone: string,
): string | null {
  const { state, takes } = view;
  const parts: string[] = [];
  if (state.kind === 'open') return null;
  if (state.kind === 'paused') parts.push(t('menu.vendor.paused'), message);
  else if (state.kind === 'asap-paused') parts.push(t('menu.vendor.asapPaused'), message);
  else if (state.nextOpening === null) parts.push(t('menu.vendor.closed'));
  else {
    const time = formatTime(state.nextOpening, locale, zone);
    const { relation, day } = relativeDay(state.nextOpening, now, locale, zone);
    const key =
      relation === 'today'
        ? 'menu.vendor.opensToday'
        : relation === 'tomorrow'
          ? 'menu.vendor.opensTomorrow'
          : relation === 'this-week'
            ? 'menu.vendor.opensOnDay'
            : 'menu.vendor.opensOnDate';
    parts.push(t(key, { day, time }));
    if (takes) parts.push(t('menu.vendor.aheadNote'));
  }
  if (!takes && state.kind !== 'paused') parts.push(t('menu.vendor.cannotAdd'));
  return parts.filter((part) => part.trim() !== '').join(' ');
}

/** The vendor's own pause message in the diner's language (plain text: the server sanitised it as strict HTML). */
export function pauseMessage(restaurant: Pick<PublicRestaurant, 'vendors'>, vendorId: number, locale: Locale): string {
  const vendor = restaurant.vendors.find((candidate) => candidate.id === vendorId);
  const html = vendor?.orders_paused_message[locale] ?? vendor?.orders_paused_message['en-CA'] ?? '';
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The key of a vendor in hold maps: its id, or `hub` for the hub's own items (the server's `vendors.<key>`). */
export function vendorKey(vendorId: number | null): string {
  return vendorId === null ? 'hub' : String(vendorId);
}

/** A refused placement's vendors (VENDOR_PAUSED, VENDOR_CLOSED, TIMESLOT_FULL): `details` paths `vendors.<key>`. */
export function placementHolds(
  error: string,
  details: ReadonlyArray<{ path: string; message: string }> | undefined,
): Map<string, ServerHold> | null {
  if (error !== 'VENDOR_PAUSED' && error !== 'VENDOR_CLOSED' && error !== 'TIMESLOT_FULL') return null;
  const holds = new Map<string, ServerHold>();
  for (const detail of details ?? [])
    if (detail.path.startsWith('vendors.'))
      holds.set(detail.path.slice('vendors.'.length), { error, message: detail.message, source: 'placing' });
  return holds.size > 0 ? holds : null;
}

export interface HeldVendor {
  vendorId: number | null;
  name: string;
  reason: string;
}

/**
 * The vendors of the cart's lines that cannot take them: the server's word first (the checkout's
 * times or a refused placement), else the menu's state of the vendor. In the vendors' order.
 */
export function heldVendors(
  lines: ReadonlyArray<{ menu_id: number }>,
  groups: readonly Pick<MenuGroupFile, 'vendor_id' | 'menus'>[],
  restaurant: Hub,
  orderType: OrderType,
  server: ReadonlyMap<string, ServerHold>,
  now: Date,
  t: TFunction,
  locale: Locale,
): HeldVendor[] {
  if (!splitsByVendor(restaurant, orderType)) return [];
  const vendorOfMenu = vendorOfMenus(groups);
  const inCart = new Set(lines.map((line) => vendorOfMenu.get(line.menu_id) ?? null));
  const states = vendorStates(restaurant, orderType, now);
  const order = [...restaurant.vendors.map((vendor) => vendor.id), null];
  return order.flatMap((vendorId) => {
    if (!inCart.has(vendorId)) return [];
    const name = vendorName(restaurant, vendorId, locale);
    const said = server.get(vendorKey(vendorId));
    if (said) return [{ vendorId, name, reason: said.message }];
    const view = vendorId === null ? undefined : states.get(vendorId);
    if (!view || view.takes) return [];
    const reason =
      view.state.kind === 'closed'
        ? t('marketplace.heldClosed', { vendor: name })
        : [t('marketplace.heldPaused', { vendor: name }), pauseMessage(restaurant, vendorId!, locale)].filter(Boolean).join(' ');
    return [{ vendorId, name, reason }];
  });
}

/**
 * What the hub's pieces need of the diner's cart (the core's `Cart`, ordering/cart/use-cart.ts, is one): its lines, its menus and the server's holds on its vendors.
 */
export interface HubCart<T extends { menu_id: number }> {
  choices: { items: T[] };
  groups: readonly Pick<MenuGroupFile, 'vendor_id' | 'menus'>[];
  setItems: (items: T[]) => void;
  vendorHolds: ReadonlyMap<string, ServerHold>;
  setVendorHolds: (change: (current: ReadonlyMap<string, ServerHold>) => ReadonlyMap<string, ServerHold>) => void;
}

/**
 * The one action that takes a refusing vendor out, in the cart and in checkout alike: its lines leave
 * the cart and the server's word on it is forgotten. Returns the lines left.
 */
export function takeOutVendor<T extends { menu_id: number }>(cart: HubCart<T>, vendorId: number | null): T[] {
  const rest = withoutVendor(cart.choices.items, cart.groups, vendorId);
  cart.setItems(rest);
  cart.setVendorHolds((current) => {
    const next = new Map(current);
    next.delete(vendorKey(vendorId));
    return next;
  });
  return rest;
}

/** The cart without one vendor's lines (the one action that takes a refusing vendor out). */
export function withoutVendor<T extends { menu_id: number }>(
  lines: readonly T[],
  groups: readonly Pick<MenuGroupFile, 'vendor_id' | 'menus'>[],
  vendorId: number | null,
): T[] {
  const vendorOfMenu = vendorOfMenus(groups);
  return lines.filter((line) => (vendorOfMenu.get(line.menu_id) ?? null) !== vendorId);
}
