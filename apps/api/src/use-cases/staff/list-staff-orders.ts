/**
 * What the restaurant's staff see: who is staff where, and today's and upcoming orders. "Today"
 * is the restaurant's calendar day: an order belongs to it by its pickup time, or by the time it was
 * placed when it has none (dine-in, ASAP without a time).
 */
import type { StaffOrder, StaffOrderMessage, StaffOrderSuitePlace } from '@servery/contracts/staff';
import type { OrderSuite } from '@servery/contracts/suites';
import { kitchenStationsOf, type Locale } from '@servery/contracts/tenant-file';
import { TRANSITIONS, isOrderStatus, type OrderStatus } from '@servery/domain/order-lifecycle';
import { localDateTime, zonedInstant } from '@servery/domain/price-schedule';
import { isLineBumped, stationOf, type StationBump } from '@servery/domain/kitchen-stations';
import { creditedForOrders } from '../../db/accounts-repository';
import { bumpsOfOrders } from '../../db/station-bumps-repository';
import { messageStatesOfOrders } from '../../db/deliveries-repository';
import { isVendorOrder, listDayOrders } from '../../db/orders-repository';
import { findStaffRole } from '../../db/staff-repository';
import type { OrderRow } from '../../db/placed-orders-repository';
import type { Restaurant, RestaurantSettings } from '../../db/restaurants-repository';
import type { Executor } from '../../kernel/executor';
import { publishedMenuLookup, type MenuLookup } from '../menus/menu-lookup';
import { suitePlaceOf } from '../orders/get-order';
import { inLocale, orderLines, orderView, refundableOf, storedOrderOf, type StoredPayment } from '../orders/order-view';

/** At most this many orders in one list: a busy day's orders, not a report. */
export const STAFF_LIST_LIMIT = 500;

/** Whether the user is on the restaurant's team, in any role (db/staff-repository.ts reads the role). */
export async function isRestaurantStaff(db: Executor, restaurantId: number, userId: number): Promise<boolean> {
  return (await findStaffRole(db, restaurantId, userId)) !== null;
}

/**
 * A suite order's event and suite named from the venue's tenant data (the order keeps their ids):
 * the event and the suite in the caller's language where the venue translated them. Null when the venue no longer
 * lists them (a later import removed the event): the card then shows the order's other facts.
 */
export function suitePlace(
  settings: Pick<RestaurantSettings, 'events' | 'suites'>,
  suite: Pick<OrderSuite, 'eventId' | 'suiteId'> | null | undefined,
  locale: Locale,
): StaffOrderSuitePlace | null {
  const place = suitePlaceOf(settings, suite);
  return place && { event: place.event[locale], suite: place.suite[locale], location: place.location[locale] };
}

/**
 * The order as staff see it: the diner's view, its lines named in the caller's language, whether its
 * card is captured yet, why it was cancelled, a suite order's event and suite, and its possible moves.
 */
export function staffOrderView(
  row: OrderRow,
  lookup: MenuLookup,
  locale: Locale,
  messages: readonly StaffOrderMessage[],
  settings: Pick<RestaurantSettings, 'events' | 'suites'> & Partial<Pick<RestaurantSettings, 'kitchen_stations'>>,
  /** The order's stations' bumps (db/station-bumps-repository.ts); none read: every line still to make. */
  bumps: readonly StationBump[] = [],
): StaffOrder {
  const data = storedOrderOf(row);
  const view = orderView(row, data, { forStaff: true });
  // Rows are read as they were written, whatever their age: any of these may be missing.
  const payment = data.payment as Partial<StoredPayment> | undefined;
  const status: OrderStatus = isOrderStatus(row.status) ? row.status : 'placed';
  const stationIds = kitchenStationsOf(settings).map((station) => station.id);
  return {
    ...view,
    // Orders stored before the flag existed were captured at placement.
    payment_captured: payment?.paymentId ? payment.captured !== false : null,
    next_statuses: [...TRANSITIONS[status]],
    lines: orderLines(view, lookup).map((line, index) => {
      const { quantity, name, options, instructions, amount } = inLocale(line, locale);
      const itemId = view.items[index]?.id;
      const station = stationOf(itemId === undefined ? null : lookup.itemStation(itemId), stationIds);
      const bumped = isLineBumped({ lineId: line.orderId, station }, bumps);
      return { quantity, name, options, instructions, line_id: line.orderId, amount, station, bumped };
    }),
    cancel_reason: typeof data.cancelReason === 'string' ? data.cancelReason : null,
    messages: [...messages],
    suite_place: suitePlace(settings, view.suite, locale),
    refundable: refundableOf(status, data),
  };
}

/** Where the e-mails and texts of each order stand (the relay's delivery state), by order id. */
export async function orderMessages(db: Executor, restaurantId: number, orderIds: readonly string[]): Promise<StaffOrderMessage[]> {
  const rows = await messageStatesOfOrders(db, restaurantId, orderIds);
  return rows.map((row) => ({ channel: row.channel, status: row.status }));
}

async function messagesByOrder(db: Executor, restaurantId: number, orderIds: readonly string[]) {
  const byOrder = new Map<string, StaffOrderMessage[]>();
  for (const row of await messageStatesOfOrders(db, restaurantId, orderIds)) {
    if (!row.order_id) continue;
    let list = byOrder.get(row.order_id);
    if (!list) byOrder.set(row.order_id, (list = []));
    list.push({ channel: row.channel, status: row.status });
  }
  return byOrder;
}

/** The stations' bumps of each order (decision 0107), by order id. */
export async function bumpsByOrder(db: Executor, restaurantId: number, orderIds: readonly string[]): Promise<Map<string, StationBump[]>> {
  const byOrder = new Map<string, StationBump[]>();
  for (const row of await bumpsOfOrders(db, restaurantId, orderIds)) {
    let list = byOrder.get(row.order_id);
    if (!list) byOrder.set(row.order_id, (list = []));
    list.push({ lineId: row.line_id, station: row.station });
  }
  return byOrder;
}

/** [start, end) of the restaurant's calendar day that contains `now`, as ISO instants. */
export function restaurantDay(now: Date, zone: string): { start: string; end: string } {
  const today = localDateTime(now, zone);
  return {
    start: zonedInstant(zone, today.year, today.month, today.day, 0, 0).toISOString(),
    end: zonedInstant(zone, today.year, today.month, today.day + 1, 0, 0).toISOString(),
  };
}

/**
 * Today's orders and the ones ahead (a catering order for Friday, next week's school lunches): by
 * pickup time from the start of today on, or placed today when they have no pickup time. A hub
 * vendor's staff (`vendorId`) see their own counter's orders only.
 */
export async function listStaffOrders(
  db: Executor,
  restaurant: Restaurant,
  status: OrderStatus | null,
  locale: Locale,
  now: Date,
  vendorId: number | null = null,
): Promise<StaffOrder[]> {
  const { start, end } = restaurantDay(now, restaurant.settings.zone);
  const [rows, lookup] = await Promise.all([
    listDayOrders(db, restaurant.id, { start, end, status, vendorId, limit: STAFF_LIST_LIMIT }),
    publishedMenuLookup(db, restaurant.id, now),
  ]);
  const ids = rows.map((row) => row.id);
  const cancelled = rows.filter((row) => row.status === 'cancelled').map((row) => row.id);
  const [messages, bumps, credits] = await Promise.all([
    messagesByOrder(db, restaurant.id, ids),
    bumpsByOrder(db, restaurant.id, ids),
    creditedForOrders(db, { restaurantId: restaurant.id }, cancelled),
  ]);
  return rows.map((row) => {
    const view = staffOrderView(row, lookup, locale, messages.get(row.id) ?? [], restaurant.settings, bumps.get(row.id));
    // A cancel for account credit keeps the card's charge (decision 0138): the card says so, not "cancelled" alone.
    const credited = credits.get(row.id);
    return credited === undefined ? view : { ...view, credited };
  });
}

/** Whether a hub vendor's staff see this order of the hub (their own counter's), like their list. */
export async function staffSeesOrder(db: Executor, restaurant: Restaurant, orderId: string, vendorId: number): Promise<boolean> {
  return isVendorOrder(db, restaurant.id, orderId, vendorId);
}
