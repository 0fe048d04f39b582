/**
 * Small pieces the plan's common steps (plan-order.ts) and the order types' own steps share; kept
 * apart so that a policy module never imports plan-order.ts at run time (plan-order.ts imports the
 * policies through index.ts).
 */
import type { FieldMessage } from '../card';
import type { Draft, PlanError, PlanInput } from '../plan-order';
import { zonedInstant } from '../price-schedule';
import { defaultPickupTime } from '../scheduling';

export function invalid(path: string, message: FieldMessage | { key: string }): PlanError {
  return { error: 'VALIDATION_FAILED', details: [{ path, message: message.key }] };
}

/** The instant of a requested date and time in the restaurant's zone; a date alone is noon. */
export function requestedSlot(
  date: string | null,
  time: string | null,
  zone: string,
): { ok: true; start: Date } | { ok: false; error: PlanError } {
  const refused = { ok: false as const, error: invalid('data.checkout.pickup.dueByDate', { key: 'required' }) };
  if (!date) return refused;
  if (!time) {
    const noon = defaultPickupTime(date, zone);
    return noon ? { ok: true, start: noon } : refused;
  }
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return { ok: true, start: zonedInstant(zone, year, month, day, hour, minute) };
}

/** A step of a type whose order has no pickup time of its own: at a table (now), a school day (its date). */
export function noPickupTime(input: PlanInput, draft: Draft): PlanError | null {
  draft.scheduled = input.checkout.pickup.scheduled;
  draft.pickupTime = null;
  draft.slotStart = null;
  return null;
}

/** A step a type skips (it checks the same rule elsewhere, e.g. a school's meals per day). */
export function skipStep(): PlanError | null {
  return null;
}
