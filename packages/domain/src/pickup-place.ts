/**
 * Where a diner collects a pickup order. A stand in an arena or a hall names its concourse
 * (`concourse` in the tenant file: "Main concourse"); the confirmation (web ordering/order/order-facts.tsx)
 * and the receipt (api use-cases/orders/compose-receipt.ts) say it beside the pickup time. Only a
 * pickup is collected there: a delivery, a table's order and a suite's order are brought to the diner.
 */
export interface PickupPlaceOrder {
  delivered: boolean;
  tableNum: string | null | undefined;
  suite: boolean;
}

export function pickupPlace(concourse: string | null | undefined, order: PickupPlaceOrder): string | null {
  const place = concourse?.trim() ?? '';
  if (place === '' || order.delivered || order.suite || (order.tableNum ?? '') !== '') return null;
  return place;
}
