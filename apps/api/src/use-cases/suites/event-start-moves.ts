/**
 * An event whose times move (its venue's data imported again, or published from the staff console:
 * platform/import-tenants.ts `importParsedTenants`) takes along its suite orders brought at a moment
 * read from them: pre-orders and event-day orders before the event, at its start or at half-time
 * (packages/domain/src/order-types/suite-delivery.ts reading 5; decision 0130's amendments). In the
 * import's transaction, so an import that fails moves nothing and tells no one; scoped to the one
 * restaurant being imported, its own events and their event suites. Each moved order:
 * - records an order event (`rescheduled`), read by every process's hub like a status change, so the
 *   staff board reads its orders again and the diner's order screen its order (ports/order-events.ts);
 * - e-mails the suite's owner the new time, in their language, through the outbox
 *   (compose-delivery-moved.ts).
 */
import type { Locale } from '@servery/contracts/tenant-file';
import { eventEnd, type SuiteDeliveryPreference } from '@servery/domain/event-suites';
import type { OrderStatus } from '@servery/domain/order-lifecycle';
import { followMovedEvent } from '@servery/domain/order-types/suite-delivery';
import { setOrderDelivery, suiteOrdersInProgress } from '../../db/event-suites-repository';
import { recordOrderEvent } from '../../db/order-events-repository';
import type { OrderRow } from '../../db/placed-orders-repository';
import { findRestaurantById } from '../../db/restaurants-repository';
import type { Executor } from '../../kernel/executor';
import type { Mailer } from '../../ports/mailer';
import { type StoredOrder, storedOrderOf } from '../orders/order-view';
import { composeDeliveryMoved } from './compose-delivery-moved';
import { findEventSuite } from './event-suites';
import { eventNameIn, suiteIn } from './suite-name';
import { ownerLocale } from './suite-reminders';

/** What the order event of a moved order says (order_events.reason): no person moved it. */
export const EVENT_MOVED_REASON = 'event_moved';

/** An event as the venue's data keeps it, as far as this needs. */
export interface VenueEvent {
  id: number;
  starts_at: string;
  ends_at?: string | null | undefined;
  suites: ReadonlyArray<{ id: number }>;
}

interface Moved {
  row: OrderRow;
  stored: StoredOrder;
  eventSuiteId: number;
  was: string;
}

/** Moves the suite orders of every event of `restaurantId` whose start or end is not what it was; how many moved. */
export async function followMovedEvents(
  trx: Executor,
  restaurantId: number,
  before: readonly VenueEvent[],
  after: readonly VenueEvent[],
  mailer: Mailer,
  now: Date,
): Promise<number> {
  const moved: Moved[] = [];
  for (const event of after) {
    const was = before.find((entry) => entry.id === event.id);
    if (!was || (Date.parse(was.starts_at) === Date.parse(event.starts_at) && eventEnd(was).getTime() === eventEnd(event).getTime()))
      continue;
    // The suites it had and has: an order stays with its event suite even if the new file dropped it.
    const eventSuiteIds = [...new Set([...was.suites, ...event.suites].map((suite) => suite.id))];
    for (const row of await suiteOrdersInProgress(trx, restaurantId, eventSuiteIds)) {
      const stored = storedOrderOf(row);
      const suite = stored.suite;
      if (!suite || suite.eventId !== event.id || suite.deliverAt === null) continue;
      const delivery = followMovedEvent(
        {
          kind: suite.kind,
          status: row.status as OrderStatus,
          deliverAt: suite.deliverAt,
          deliveryPreference: suite.deliveryPreference as SuiteDeliveryPreference | null,
        },
        was,
        event,
        now,
      );
      if (!delivery) continue;
      const deliverAt = delivery.deliverAt ? delivery.deliverAt.toISOString() : null;
      const data: StoredOrder = { ...stored, suite: { ...suite, deliverAt, deliveryPreference: delivery.preference } };
      await setOrderDelivery(trx, restaurantId, row.id, { pickupTime: deliverAt, data: JSON.stringify(data) }, now);
      await recordOrderEvent(trx, { restaurantId, orderId: row.id, type: 'rescheduled', reason: EVENT_MOVED_REASON }, now);
      moved.push({ row, stored: data, eventSuiteId: suite.eventSuiteId, was: suite.deliverAt });
    }
  }
  if (moved.length > 0) await tellOwners(trx, restaurantId, moved, mailer, now);
  return moved.length;
}

/** One e-mail per moved order to its suite's owner (as the venue's data names them now), in their language. */
async function tellOwners(trx: Executor, restaurantId: number, moved: readonly Moved[], mailer: Mailer, now: Date): Promise<void> {
  const venue = await findRestaurantById(trx, restaurantId);
  if (!venue) return;
  for (const { row, stored, eventSuiteId, was } of moved) {
    const facts = findEventSuite(venue.settings, eventSuiteId);
    const to = facts?.eventSuite.owner_email;
    if (!facts || !to || !stored.suite) continue;
    // The order's own language when the owner placed it; else (an operator's order) the owner's.
    const locale: Locale =
      row.operator_user_id === null && (row.locale === 'en-CA' || row.locale === 'fr-CA') ? row.locale : await ownerLocale(trx, venue, to);
    const message = composeDeliveryMoved({
      locale,
      zone: venue.settings.zone,
      venue: venue.settings.name,
      event: eventNameIn(facts.event, locale),
      suite: suiteIn(facts.suite, locale).name,
      number: row.number ?? 0,
      kind: stored.suite.kind,
      placedByStaff: row.operator_user_id !== null,
      preference: stored.suite.deliveryPreference,
      deliverAt: stored.suite.deliverAt,
      was,
    });
    await mailer.send(trx, { restaurantId, to, ...message, locale, orderId: row.id }, now);
  }
}
