/**
 * The user's orders as the profile shows them: past receipts and scheduled orders carry
 * their restaurant's time zone so dates read as the restaurant sees them, and one scheduled order
 * opens with its lines named in the diner's language.
 */
import { addTenant } from '../../db/data-scope';
import type {
  AccountOrder,
  PastReceipt,
  ScheduledOrder,
  ScheduledOrderDetailResponse,
  ScheduledOrderLine,
} from '@servery/contracts/accounts';
import { type Costs, DEFAULT_SERVICE_CHARGE_LABEL } from '@servery/domain/pricing';
import type { Province } from '@servery/domain/taxes';
import type { Locale } from '@servery/contracts/tenant-file';
import {
  type AccountOrderRecord,
  creditedForOrders,
  findUserOrder,
  listScheduledOrders,
  listUserReceipts,
} from '../../db/accounts-repository';
import type { Executor } from '../../kernel/executor';
import type { Db } from '../../db/database';
import { findOrder } from '../../db/placed-orders-repository';
import { findRestaurantById } from '../../db/restaurants-repository';
import { AppError } from '../../lib/app-error';
import { isCancellable } from '../orders/order-cancellation';
import { toAccountOrder } from './manage-profile';
import { type MenuLookup, publishedMenuLookup } from '../menus/menu-lookup';
import { inLocale, orderLines, refundsOf, type StoredOrder } from '../orders/order-view';
import { givenBack } from '@servery/domain/money-back';

/** Spec accounts-and-suites.md section 9: restaurants without a zone are in Toronto. */
const DEFAULT_ZONE = 'America/Toronto';

/** The time zone of each restaurant the rows name (a user orders from few, so one read each). */
export async function restaurantZones(db: Executor, restaurantIds: Iterable<number>): Promise<Map<number, string>> {
  const ids = [...new Set(restaurantIds)];
  const restaurants = await Promise.all(ids.map((id) => findRestaurantById(db, id)));
  return new Map(ids.map((id, index) => [id, restaurants[index]?.settings.zone || DEFAULT_ZONE]));
}

/** One of the user's orders as the profile lists it, in its restaurant's zone (Toronto where it has none). */
export function accountOrderIn(row: AccountOrderRecord, zone: string | null | undefined): AccountOrder {
  return toAccountOrder(row, zone || DEFAULT_ZONE);
}

export async function toAccountOrders(db: Executor, rows: readonly AccountOrderRecord[]): Promise<AccountOrder[]> {
  const zones = await restaurantZones(
    db,
    rows.map((row) => row.restaurant_id),
  );
  return rows.map((row) => accountOrderIn(row, zones.get(row.restaurant_id)));
}

/** The stored order (order-view.ts), read defensively: any field may be missing from an old row. */
type StoredOrderData = Partial<StoredOrder>;

/** Delivered rather than picked up: the order kept where it goes (order-view.ts `StoredOrder.delivery`). */
function isDelivered(data: StoredOrderData): boolean {
  return data.delivery !== null && data.delivery !== undefined;
}

/**
 * The costs the order was priced with (pricing.md), every line of them, so the profile shows each
 * reduction, charge, tax, tip and tender and they add up to the order's total (issue 30, defect 3).
 * A row written without them (none is, since placement stores its costs: an old or hand-made row)
 * reads as its total alone, which still adds up.
 */
export function pricedCosts(data: StoredOrderData, totalCents: number, province: Province): Costs {
  if (data.costs) return data.costs;
  const none = { percentageValue: null, amount: 0, type: null };
  return {
    subtotal: totalCents,
    subtotalDiscounted: totalCents,
    taxBrackets: [],
    taxes: 0,
    taxInfo: { province, taxInclusive: false, rebateApplied: false },
    tip: none,
    serviceCharge: { ...none, label: DEFAULT_SERVICE_CHARGE_LABEL },
    deliveryCharge: none,
    voucher: { code: null, balance: 0, amount: 0 },
    discount: { ...none, code: null },
    credits: { id: null, balance: 0, amount: 0 },
    memberDiscount: { preTax: true, amount: 0 },
    subsidyDiscount: { type: null, chosenAmountToBePaid: null, code: null, amount: 0, baseSubsidizedAmount: 0 },
    total: totalCents,
    totalWithoutTaxes: totalCents,
    totalWithTip: totalCents,
    amountDue: totalCents,
    paymentNotRequired: false,
    lines: [],
  };
}

/** An order's lines named from its restaurant's menus (order-view.ts), each with its chosen options and its subtotal. */
function namedLines(data: StoredOrderData, lookup: MenuLookup, locale: Locale): ScheduledOrderLine[] {
  return orderLines({ items: data.items ?? [], costs: data.costs }, lookup).map((line) => {
    const { name, quantity, options, amount } = inLocale(line, locale);
    return { name, quantity, options, amount };
  });
}

/**
 * One of the user's orders with its lines (names from the restaurant's published menus, in the
 * request's language). Another user's order, or a missing one, is ORDER_NOT_FOUND alike.
 */
export async function scheduledOrderDetail(
  database: Db,
  userId: number,
  orderId: string,
  locale: Locale,
  now: Date,
): Promise<ScheduledOrderDetailResponse> {
  const db = database.db;
  const record = await findUserOrder(db, userId, orderId);
  if (!record) throw new AppError('ORDER_NOT_FOUND');
  // The person's own order names the restaurant whose menu names its lines (db/data-scope.ts).
  addTenant(record.restaurant_id);
  const [row, restaurant] = await Promise.all([
    findOrder(db, record.restaurant_id, record.id),
    findRestaurantById(db, record.restaurant_id),
  ]);
  if (!row || !restaurant) throw new AppError('ORDER_NOT_FOUND');
  const data = JSON.parse(row.data) as StoredOrderData;
  const lines = (data.items ?? []).length > 0 ? namedLines(data, await publishedMenuLookup(db, restaurant.id, now), locale) : [];
  const cancellable = isCancellable(record, restaurant, now);
  return {
    order: accountOrderIn(record, restaurant.settings.zone),
    items: lines,
    costs: pricedCosts(data, record.total_cents, restaurant.settings.province),
    splitTaxes: restaurant.settings.showSplitTaxes,
    delivery: isDelivered(data),
    cancellable,
  };
}

/**
 * The user's orders at every restaurant, newest first, each with its lines named in the request's
 * language, its checkout (the orders of one payment are listed together: accounts-repository.ts
 * `listUserReceipts`), a hub order's vendor and a school order's day and child (the child as the
 * order kept them when they have left the profile since).
 */
export async function pastReceipts(db: Executor, userId: number, limit: number, locale: Locale, now: Date): Promise<PastReceipt[]> {
  const rows = await listUserReceipts(db, userId, limit);
  const restaurantIds = [...new Set(rows.map((row) => row.restaurant_id))];
  // The person's own orders name the restaurants whose menus name their lines (db/data-scope.ts).
  for (const id of restaurantIds) addTenant(id);
  const cancelled = rows.filter((row) => row.status === 'cancelled').map((row) => row.id);
  const [zones, lookups, credits] = await Promise.all([
    restaurantZones(db, restaurantIds),
    Promise.all(restaurantIds.map(async (id) => [id, await publishedMenuLookup(db, id, now)] as const)).then((entries) => new Map(entries)),
    creditedForOrders(db, { userId }, cancelled),
  ]);
  return rows.map((row) => {
    const data = JSON.parse(row.data) as StoredOrderData;
    const order = accountOrderIn(row, zones.get(row.restaurant_id));
    const kept = data.school?.student;
    const studentName = order.studentName ?? (kept ? `${kept.firstName} ${kept.lastName}`.trim() : undefined);
    const vendor = data.marketplace?.vendor;
    return {
      ...order,
      ...(studentName && { studentName }),
      checkoutId: row.checkout_id,
      vendorName: vendor ? (vendor.names[locale] ?? vendor.name) : null,
      lines: namedLines(data, lookups.get(row.restaurant_id)!, locale),
      ...moneyBackOf(row.status, data, credits.get(row.id) ?? 0),
    };
  });
}

/** What the order gave back, on the card and as credit (domain money-back.ts), from what it stored. */
function moneyBackOf(status: string, data: StoredOrderData, credited: number): { refunded: number; credited: number } {
  if (!data.payment) return { refunded: 0, credited };
  const { card, credit } = givenBack({ status, payment: data.payment, refundedAmount: refundsOf(data).refundedAmount, credited });
  return { refunded: card, credited: credit };
}

/** The user's placed orders with a pickup (or a delivery) still ahead, soonest first. */
export async function scheduledOrders(db: Executor, userId: number, now: Date, limit: number): Promise<ScheduledOrder[]> {
  const rows = await listScheduledOrders(db, userId, now, limit);
  const orders = await toAccountOrders(db, rows);
  return orders.map((order, index) => ({ ...order, delivery: isDelivered(JSON.parse(rows[index]!.data) as StoredOrderData) }));
}
