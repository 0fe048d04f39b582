/**
 * An event whose start moves (its venue's data imported again, or published from the staff console:
 * platform/import-tenants.ts `importParsedTenants`) takes along its event-day orders brought "at the
 * event's start" (packages/domain/src/order-types/suite-delivery.ts reading 5; decision 0130's
 * amendment). In the import's transaction, so an import that fails moves nothing; scoped to the one
 * restaurant being imported, its own events and their event suites.
 */
import type { SuiteDeliveryPreference } from '@servery/domain/event-suites';
import type { OrderStatus } from '@servery/domain/order-lifecycle';
import { followEventStart } from '@servery/domain/order-types/suite-delivery';
import { eventDayOrdersInProgress, setOrderDelivery } from '../../db/event-suites-repository';
import type { Executor } from '../../kernel/executor';
import { storedOrderOf } from '../orders/order-view';

/** An event as the venue's data keeps it, as far as this needs. */
export interface VenueEvent {
  id: number;
  starts_at: string;
  suites: ReadonlyArray<{ id: number }>;
}

/** Moves the event-day orders of every event of `restaurantId` whose start is not what it was; how many moved. */
export async function followMovedEventStarts(
  trx: Executor,
  restaurantId: number,
  before: readonly VenueEvent[],
  after: readonly VenueEvent[],
  now: Date,
): Promise<number> {
  let moved = 0;
  for (const event of after) {
    const was = before.find((entry) => entry.id === event.id);
    if (!was || Date.parse(was.starts_at) === Date.parse(event.starts_at)) continue;
    // The suites it had and has: an order stays with its event suite even if the new file dropped it.
    const eventSuiteIds = [...new Set([...was.suites, ...event.suites].map((suite) => suite.id))];
    for (const row of await eventDayOrdersInProgress(trx, restaurantId, eventSuiteIds)) {
      const stored = storedOrderOf(row);
      const suite = stored.suite;
      if (!suite || suite.eventId !== event.id) continue;
      const delivery = followEventStart(
        {
          status: row.status as OrderStatus,
          deliverAt: suite.deliverAt,
          deliveryPreference: suite.deliveryPreference as SuiteDeliveryPreference | null,
        },
        was.starts_at,
        event.starts_at,
        now,
      );
      if (!delivery) continue;
      const deliverAt = delivery.deliverAt ? delivery.deliverAt.toISOString() : null;
      const data = { ...stored, suite: { ...suite, deliverAt, deliveryPreference: delivery.preference } };
      await setOrderDelivery(trx, restaurantId, row.id, { pickupTime: deliverAt, data: JSON.stringify(data) }, now);
      moved += 1;
    }
  }
  return moved;
}
