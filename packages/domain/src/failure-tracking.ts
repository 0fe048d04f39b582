/**
 * Which tracking categories a failure's catalogue code belongs to (spec accounts-and-suites.md
 * section 8, "codes mapped for tracking"), for the error-reporting port
 * (apps/api/src/ports/error-reporting.ts). A code may belong to several: the spec lists 418 as an
 * availability error and as orders paused, and 1804 as out of stock and as unable to make payment.
 */
export const TRACKING_CATEGORIES = {
  item_sold_out: [415],
  item_unavailable: [426],
  item_price_changed: [428],
  out_of_stock: [1804],
  member_applied_error: [2202],
  availability_error: [416, 417, 418, 422, 424],
  orders_paused: [418, 419],
  transaction_failed: [410],
  unable_to_make_payment: [200, 1803, 1804],
} as const satisfies Record<string, readonly number[]>;

export type TrackingCategory = keyof typeof TRACKING_CATEGORIES;

export function trackingCategories(code: number): TrackingCategory[] {
  return (Object.keys(TRACKING_CATEGORIES) as TrackingCategory[]).filter((category) =>
    (TRACKING_CATEGORIES[category] as readonly number[]).includes(code),
  );
}
