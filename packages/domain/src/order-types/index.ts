/**
 * The order types' policies (policy.ts), by what an order names: its type, the event suite its link
 * names, or a hub's checkout split by vendor. The one place that lists them: a new order type adds
 * its module beside this file and its row here.
 */
import type { OrderType, SuiteOrderKind } from '../order-type';
import { CATERING_POLICY } from './catering';
import { DINE_IN_POLICY } from './dine-in';
import { GENERIC_CATERING_POLICY } from './generic-catering';
import { MARKETPLACE_POLICY } from './marketplace';
import type { OrderTypePolicy } from './policy';
import { SCHOOL_POLICY } from './school';
import { SUITE_ORDER_POLICIES } from './suite';
import { TAKEOUT_POLICY } from './takeout';

export const ORDER_TYPE_POLICIES: Readonly<Record<OrderType, OrderTypePolicy>> = {
  dine_in: DINE_IN_POLICY,
  'take-out': TAKEOUT_POLICY,
  school: SCHOOL_POLICY,
  catering: CATERING_POLICY,
  generic_catering: GENERIC_CATERING_POLICY,
};

/** The policy of an order: its suite kind's when it names an event suite, a hub's when split by vendor, else its type's. */
export function policyOf(type: OrderType, suite?: SuiteOrderKind | null, marketplace = false): OrderTypePolicy {
  if (suite) return SUITE_ORDER_POLICIES[suite];
  return marketplace ? MARKETPLACE_POLICY : ORDER_TYPE_POLICIES[type];
}
