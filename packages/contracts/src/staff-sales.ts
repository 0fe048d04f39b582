/**
 * The day's sales of a restaurant (staff area "sales": owners and managers), summed from the stored
 * orders by packages/domain/src/sales-summary.ts. Amounts are integer cents.
 *
 * - GET /api/staff/sales?date=yyyy-MM-dd: the summary of that calendar day in the restaurant's zone
 *   (default: today). A date more than a day ahead, or before 2000, is 400 INVALID_INPUT.
 * - GET /api/staff/sales.csv?date=yyyy-MM-dd: the same as CSV (text/csv, an attachment named
 *   sales-{slug}-{date}.csv): `section,name,orders,amount` with amounts in dollars ("12.34"), the
 *   section and name columns in stable English keys for spreadsheets, tax names in the caller's
 *   language.
 */
import { z } from 'zod';

const Cents = z.number().int();
const Count = z.object({ orders: z.number().int(), amount: Cents });

export const SalesQuery = z.object({ date: z.iso.date().optional() });
export type SalesQuery = z.infer<typeof SalesQuery>;

export const SalesSummaryResponse = z
  .object({
    date: z.iso.date(),
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
    byType: z.array(Count.extend({ type: z.string() })),
    byHour: z.array(Count.extend({ hour: z.number().int().min(0).max(23) })),
  })
  .meta({ id: 'StaffSalesSummary' });
export type SalesSummaryResponse = z.infer<typeof SalesSummaryResponse>;
