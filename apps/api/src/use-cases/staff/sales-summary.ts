/**
 * The day's sales for the staff "Sales" screen and its CSV (contracts/staff-sales.ts): the orders
 * placed on one calendar day of the restaurant's zone, summed by packages/domain/src/sales-summary.ts
 * from what each order stored (nothing priced again). A marketplace hub's vendor staff see their
 * vendor's orders only (docs/decisions/0031-marketplace-orders.md); the hub's own staff the whole hub.
 */
import type { SalesSummaryResponse } from '@servery/contracts/staff-sales';
import type { Locale } from '@servery/contracts/tenant-file';
import { centsToDecimalText } from '@servery/domain/money';
import { csvText } from '@servery/domain/csv';
import { zonedInstant } from '@servery/domain/price-schedule';
import { summariseSales, type SaleOrder } from '@servery/domain/sales-summary';
import { localDate } from '@servery/domain/school-days';
import { ordersPlacedBetween } from '../../db/placed-orders-repository';
import type { Restaurant } from '../../db/restaurants-repository';
import { AppError } from '../../lib/app-error';
import type { Executor } from '../../kernel/executor';
import { orderView } from '../orders/order-view';

/** The earliest day asked for: older dates are a typing slip, not a report. */
const FIRST_DAY = '2000-01-01';

export async function salesSummary(
  db: Executor,
  restaurant: Restaurant,
  date: string | undefined,
  locale: Locale,
  now: Date,
  vendorId: number | null = null,
): Promise<SalesSummaryResponse> {
  const vendor = vendorId === null ? null : restaurant.settings.vendors.find((candidate) => candidate.id === vendorId);
  if (vendor === undefined) throw new AppError('STAFF_ROLE_NOT_ALLOWED');
  const zone = restaurant.settings.zone;
  const today = localDate(now, zone);
  const day = date ?? today;
  if (day < FIRST_DAY || day > today) throw new AppError('SALES_DATE_OUT_OF_RANGE');
  const [year, month, dayOfMonth] = day.split('-').map(Number) as [number, number, number];
  const start = zonedInstant(zone, year, month, dayOfMonth, 0, 0).toISOString();
  const end = zonedInstant(zone, year, month, dayOfMonth + 1, 0, 0).toISOString();

  const rows = await ordersPlacedBetween(db, restaurant.id, start, end, vendorId);
  const orders: SaleOrder[] = rows.map((row) => {
    const view = orderView(row);
    return {
      status: view.status,
      type: view.type,
      placedAt: row.placed_at,
      items: view.items.reduce((sum, item) => sum + item.quantity, 0),
      costs: view.costs,
      payment: { method: view.payment.method, amount: view.payment.amount },
    };
  });
  const summary = summariseSales(orders, zone);
  return {
    ...summary,
    date: day,
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
    ['day', summary.date, summary.orders, dollars(summary.total)],
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
    ...summary.byType.map((entry) => ['type', entry.type, entry.orders, dollars(entry.amount)]),
    ...summary.byHour.map((entry) => ['hour', `${String(entry.hour).padStart(2, '0')}:00`, entry.orders, dollars(entry.amount)]),
  ];
  return csvText(rows);
}
