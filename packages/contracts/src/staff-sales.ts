/**
 * A restaurant's sales over a day or a period (staff area "sales": owners and managers), summed from
 * the stored orders by packages/domain/src/sales-summary.ts. Amounts are integer cents.
 *
 * - GET /api/staff/sales?date=yyyy-MM-dd&to=yyyy-MM-dd: the summary of the calendar days from `date`
 *   (default: today) to `to` (default: `date`), both included, in the restaurant's zone: totals, by
 *   type, by hour of the day (all days summed) and by day (every day of the period, zeros included).
 *   A day after today or before 2000 is 400 SALES_DATE_OUT_OF_RANGE, an end before the start 400
 *   SALES_RANGE_REVERSED, more than 62 days 400 DATE_RANGE_TOO_LONG.
 * - GET /api/staff/sales.csv with the same query: the same as CSV (text/csv, an attachment named
 *   sales-{slug}-{date}.csv, or sales-{slug}-{date}_{to}.csv for a period): `section,name,orders,amount`
 *   with amounts in dollars ("12.34"), the section and name columns in stable English keys for
 *   spreadsheets, tax names in the caller's language.
 */
import { z } from 'zod';

const Cents = z.number().int();
const Count = z.object({ orders: z.number().int(), amount: Cents });

export const SalesQuery = z.object({ date: z.iso.date().optional(), to: z.iso.date().optional() });
export type SalesQuery = z.infer<typeof SalesQuery>;

export const SalesSummaryResponse = z
  .object({
    /** The first day of the period. */
    date: z.iso.date(),
    /** The last day of the period (the same as `date` for one day). */
    to: z.iso.date(),
    zone: z.string(),
    /** A marketplace hub's vendor whose orders these are (its own staff see only theirs); null: the whole restaurant. */
    vendor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    orders: z.number().int(),
    items: z.number().int(),
    subtotal: Cents,
    discounts: Cents,
    serviceCharges: Cents,
    deliveryCharges: Cents,
    taxes: z.array(z.object({ key: z.string(), label: z.string(), rate: z.string(), amount: Cents })),
    taxTotal: Cents,
    tips: Cents,
    total: Cents,
    /** `payment:<method>`, `gift_card`, `credits`. */
    tenders: z.array(z.object({ tender: z.string(), amount: Cents })),
    refunds: Count,
    net: Cents,
    cancelled: Count,
    /** Of `cancelled`, those cancelled for account credit: their card charges stand, owed to diners as credit. */
    credited: Count,
    byType: z.array(Count.extend({ type: z.string() })),
    byHour: z.array(Count.extend({ hour: z.number().int().min(0).max(23) })),
    /** Every day of the period in order, days without a sale at zero. */
    byDay: z.array(Count.extend({ date: z.iso.date() })),
  })
  .meta({ id: 'StaffSalesSummary' });
export type SalesSummaryResponse = z.infer<typeof SalesSummaryResponse>;
