/**
 * Where a delivery goes, in one line, for the confirmation and the receipt: the parts the diner gave
 * (address, location and its room or floor, area, the school's child and class, the stadium seat) in a fixed order.
 */
/** The most a delivery's room, floor or suite may hold (contracts orders.ts `OrderDelivery.detail`, the checkout form). */
export const DELIVERY_DETAIL_MAX = 100;

export interface DeliveryParts {
  address?: string | undefined;
  location?: string | undefined;
  postalCode?: string | undefined;
  area?: string | undefined;
  student?: string | undefined;
  school?: string | undefined;
  grade?: string | undefined;
  classroom?: string | undefined;
  teacher?: string | undefined;
  section?: string | undefined;
  row?: string | undefined;
  seat?: string | undefined;
  /** The room, floor or suite at a listed location, right after it. */
  detail?: string | undefined;
}

const ORDER = [
  'address',
  'location',
  'detail',
  'postalCode',
  'area',
  'student',
  'school',
  'grade',
  'classroom',
  'teacher',
  'section',
  'row',
  'seat',
] as const;

export function deliverySummary(delivery: DeliveryParts): string {
  return ORDER.map((key) => delivery[key]?.trim() ?? '')
    .filter((part) => part !== '')
    .join(', ');
}
