/**
 * The sales of a day or a period for the staff "Sales" screen and its CSV (contracts/staff-sales.ts):
 * the orders placed on those calendar days of the restaurant's zone, summed by packages/domain/src/sales-summary.ts
 * from what each order stored (nothing priced again). A marketplace hub's vendor staff see their
 * vendor's orders only (docs/decisions/0031-marketplace-orders.md); the hub's own staff the whole hub.
 */
import type { SalesSummaryResponse } from '@servery/contracts/staff-sales';
import type { Locale } from '@servery/contracts/tenant-file';
import { centsToDecimalText } from '@servery/domain/money';
import { csvText } from '@servery/domain/csv';
import { zonedInstant } from '@servery/domain/price-schedule';
import { summariseSales, type SaleOrder } from '@servery/domain/sales-summary';
import { addDays, daysBetween, localDate } from '@servery/domain/school-days';
import { ordersPlacedBetween } from '../../db/placed-orders-repository';
import { creditedForOrders } from '../../db/accounts-repository';
import type { Restaurant } from '../../db/restaurants-repository';
import { AppError } from '../../lib/app-error';
import type { Executor } from '../../kernel/executor';
import { orderView } from '../orders/order-view';

/** The earliest day asked for: older dates are a typing slip, not a report. */
const FIRST_DAY = '2000-01-01';
/**
 * The longest period, in days (the school's production range has the same): every order of the period
 * is read and summed in memory, so a year of a busy restaurant's orders would be one slow answer.
 */
export const MAX_SALES_DAYS = 62;

export async function salesSummary(
  db: Executor,
  restaurant: Restaurant,
  period: { date?: string | undefined; to?: string | undefined },
  locale: Locale,
  now: Date,
  vendorId: number | null = null,
): Promise<SalesSummaryResponse> {
  const vendor = vendorId === null ? null : restaurant.settings.vendors.find((candidate) => candidate.id === vendorId);
  if (vendor === undefined) throw new AppError('STAFF_ROLE_NOT_ALLOWED');
  const zone = restaurant.settings.zone;
  const today = localDate(now, zone);
  const first = period.date ?? today;
  const last = period.to ?? first;
  if (first < FIRST_DAY || first > today || last > today) throw new AppError('SALES_DATE_OUT_OF_RANGE');
  if (last < first) throw new AppError('SALES_RANGE_REVERSED');
  const days = daysBetween(first, last) + 1;
  if (days > MAX_SALES_DAYS) throw new AppError('DATE_RANGE_TOO_LONG');
  const midnight = (date: string) => {
    const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
    return zonedInstant(zone, year, month, dayOfMonth, 0, 0).toISOString();
  };
  const start = midnight(first);
  const end = midnight(addDays(last, 1));

  const rows = await ordersPlacedBetween(db, restaurant.id, start, end, vendorId);
  const cancelled = rows.filter((row) => row.status === 'cancelled').map((row) => row.id);
  const credits = await creditedForOrders(db, { restaurantId: restaurant.id }, cancelled);
  const orders: SaleOrder[] = rows.map((row) => {
    const view = orderView(row);
    return {
      status: view.status,
      type: view.type,
      placedAt: row.placed_at,
      items: view.items.reduce((sum, item) => sum + item.quantity, 0),
      costs: view.costs,
      payment: { method: view.payment.method, amount: view.payment.amount },
      refunded: view.refundedAmount ?? 0,
      credited: credits.get(row.id) ?? 0,
    };
  });
  const summary = summariseSales(orders, zone);
  const sold = new Map(summary.byDay.map((entry) => [entry.date, entry]));
  return {
    ...summary,
    date: first,
    to: last,
    byDay: Array.from({ length: days }, (_, index) => {
      const date = addDays(first, index);
      return sold.get(date) ?? { date, orders: 0, amount: 0 };
    }),
    zone,
    vendor: vendor ? { id: vendor.id, name: vendor.localization[locale]?.name || vendor.name } : null,
    taxes: summary.taxes.map((tax) => ({
      key: tax.key,
      label: tax.label[locale] || tax.label['en-CA'],
      rate: tax.rate,
      amount: tax.amount,
    })),
  };
}

/** The summary as `section,name,orders,amount` rows, amounts in dollars (contracts/staff-sales.ts). */
export function salesCsv(summary: SalesSummaryResponse): string {
  const dollars = (cents: number) => centsToDecimalText(cents);
  const rows: Array<Array<string | number>> = [
    ['section', 'name', 'orders', 'amount'],
    ...summary.byDay.map((entry) => ['day', entry.date, entry.orders, dollars(entry.amount)]),
    ['summary', 'items', summary.items, ''],
    ['summary', 'subtotal', '', dollars(summary.subtotal)],
    ['summary', 'discounts', '', dollars(summary.discounts)],
    ['summary', 'service_charges', '', dollars(summary.serviceCharges)],
    ['summary', 'delivery_charges', '', dollars(summary.deliveryCharges)],
    ...summary.taxes.map((tax) => ['tax', `${tax.label} (${tax.key})`, '', dollars(tax.amount)]),
    ['summary', 'taxes', '', dollars(summary.taxTotal)],
    ['summary', 'tips', '', dollars(summary.tips)],
    ['summary', 'total', summary.orders, dollars(summary.total)],
    ...summary.tenders.map((tender) => ['tender', tender.tender, '', dollars(tender.amount)]),
    ['summary', 'refunds', summary.refunds.orders, dollars(summary.refunds.amount)],
    ['summary', 'net', '', dollars(summary.net)],
    ['summary', 'cancelled', summary.cancelled.orders, dollars(summary.cancelled.amount)],
    ['summary', 'cancelled_for_credit', summary.credited.orders, dollars(summary.credited.amount)],
    ...summary.byType.map((entry) => ['type', entry.type, entry.orders, dollars(entry.amount)]),
    ...summary.byHour.map((entry) => ['hour', `${String(entry.hour).padStart(2, '0')}:00`, entry.orders, dollars(entry.amount)]),
  ];
  return csvText(rows);
}

/** `sales-{slug}-{date}.csv` for a day, `sales-{slug}-{date}_{to}.csv` for a period (the web's download names it the same). */
export function salesFileName(slug: string, summary: Pick<SalesSummaryResponse, 'date' | 'to'>): string {
  return `sales-${slug}-${summary.date === summary.to ? summary.date : `${summary.date}_${summary.to}`}.csv`;
}
