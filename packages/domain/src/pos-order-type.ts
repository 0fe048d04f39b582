/**
 * The order type a restaurant's point of sale knows an online order by (the tenant file's
 * `integration`: `dine_in_type`, `takeout_type`, as the POS names them, "Dine In - Online" say). Sent
 * with each order event to the restaurant's webhooks (`data.pos_order_type`,
 * apps/api/src/db/webhooks-repository.ts), so the POS files the ticket under its own type instead of
 * mapping ours. A takeout is one type whether picked up or delivered; the other order types (school,
 * catering) have no integration type: null, as for a restaurant that set none.
 */
import type { OrderType } from './order-type';

export interface PosIntegration {
  dine_in_type?: string | undefined;
  takeout_type?: string | undefined;
}

export function posOrderType(integration: PosIntegration | null | undefined, orderType: OrderType | string): string | null {
  const named = orderType === 'dine_in' ? integration?.dine_in_type : orderType === 'take-out' ? integration?.takeout_type : undefined;
  const type = named?.trim() ?? '';
  return type === '' ? null : type;
}
