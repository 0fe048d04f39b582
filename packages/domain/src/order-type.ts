/** The order types of spec ordering.md section 1. */
export const ORDER_TYPES = ['dine_in', 'take-out', 'school', 'catering', 'generic_catering'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

export function isOrderType(value: unknown): value is OrderType {
  return typeof value === 'string' && (ORDER_TYPES as readonly string[]).includes(value);
}
