import type { SchedulingResponse } from '@servery/contracts/orders';
import { vendorKey, type ServerHold } from './vendor-state';

/*
 * The server's holds on a hub's vendors at checkout (use-hub-checkout.ts): those the checkout's times
 * give, and what stays of them once the diner chooses another time.
 */

/** A hub's vendors that the checkout's times say can take nothing (scheduling `vendors`), as holds of the cart. */
export function timesHolds(scheduling: SchedulingResponse | null): ReadonlyMap<string, ServerHold> {
  return new Map(
    (scheduling?.vendors ?? []).map((vendor) => [
      vendorKey(vendor.vendorId),
      { error: vendor.error, message: vendor.message, source: 'times' },
    ]),
  );
}

/** Holds once another time is chosen: a full or closed vendor may suit the new time; a pause stays. */
export function holdsForAnotherTime(current: ReadonlyMap<string, ServerHold>): ReadonlyMap<string, ServerHold> {
  const lifted = (hold: ServerHold) => hold.source === 'placing' && hold.error !== 'VENDOR_PAUSED';
  return [...current.values()].some(lifted) ? new Map([...current].filter(([, hold]) => !lifted(hold))) : current;
}
