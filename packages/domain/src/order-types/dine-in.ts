/**
 * Dine-in (spec ordering.md section 1): ordered at a table, for now. Needs a table number, is refused
 * while the restaurant is closed or any pause is on (a table's order is ASAP by nature), has no
 * pickup time, and may go on an open tab where the restaurant keeps tabs.
 */
import type { Draft, PlanError, PlanInput } from '../plan-order';
import { admitWhileOpen } from './admission';
import { invalid, noPickupTime } from './plan-helpers';
import { ONE_ORDER_PAID_NOW, type OrderTypePolicy } from './policy';
import { ORDER_TYPE_TRAITS } from './traits';

/** The table step: a table number is required (the common step only keeps one that is given). */
export function requireTable(input: PlanInput, draft: Draft): PlanError | null {
  draft.tableNum = input.tableNum?.trim() || null;
  return draft.tableNum ? null : invalid('data.config.tableNum', { key: 'required' });
}

export const DINE_IN_POLICY: OrderTypePolicy = {
  ...ONE_ORDER_PAID_NOW,
  name: 'dine-in',
  storedAs: 'dine_in',
  ...ORDER_TYPE_TRAITS.dine_in,
  admit: admitWhileOpen,
  steps: { table: requireTable, when: noPickupTime },
};
