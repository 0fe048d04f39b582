/**
 * Where a delivery goes, in one line, for the confirmation and the receipt: the parts the diner gave
 * (address, location, area, the school's child and class, the stadium seat) in a fixed order.
 */
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
}

const ORDER = [
  'address',
  'location',
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
