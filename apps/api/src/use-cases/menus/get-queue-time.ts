import type { Kysely } from 'kysely';
import type { QueueTimeResponse } from '@servery/contracts/restaurant';
import { QUEUE_COUNT_CAP, queueLookbackStart, queueReadyBy, queueWaitMinutes } from '@servery/domain/queue';
import { countOrdersAhead } from '../../db/orders-repository';
import type { Restaurant } from '../../db/restaurants-repository';
import type { Database } from '../../kernel/schema';

/**
 * The menu's queue banner ("Current wait"): the orders the kitchen must make before a new
 * as-soon-as-possible order, and the minutes until it would be ready (domain queue.ts states the rule).
 * Only orders not yet done whose time is now or due within the preparation window count: those asked
 * for as soon as possible, and those for a chosen time whose ready time falls before the new order's
 * earliest ready time. An order scheduled for tomorrow is not ahead of one placed now. Orders left
 * open for hours and the count past a cap do not count (decision 0136). `now` is the server's clock.
 */
export async function getQueueTime(db: Kysely<Database>, restaurant: Restaurant, now: Date): Promise<QueueTimeResponse> {
  const queue = restaurant.settings.queue;
  if (!queue?.enabled) return { enabled: false, orders_ahead: 0, minutes: 0 };
  const since = queueLookbackStart(now).toISOString();
  const asapAhead = await countOrdersAhead(db, restaurant.id, { asap: true }, { since, limit: QUEUE_COUNT_CAP });
  const readyBy = queueReadyBy(now, asapAhead, queue.minutes_per_order);
  // The two counts together stop at the cap: a full ASAP count asks nothing more.
  const scheduledAhead = await countOrdersAhead(
    db,
    restaurant.id,
    { scheduledBefore: readyBy.toISOString() },
    { since, limit: QUEUE_COUNT_CAP - asapAhead },
  );
  const ordersAhead = asapAhead + scheduledAhead;
  return { enabled: true, orders_ahead: ordersAhead, minutes: queueWaitMinutes(ordersAhead, queue.minutes_per_order) };
}

/**
 * The banner's wait as scheduling.ts's `queueMinutes`: the checkout's ASAP time and first slot
 * (get-scheduling.ts) and the ready time kept with an ASAP order (checkout/single-order.ts) are never
 * earlier than what the banner says, on the same count and the same clock (decision 0131).
 * Undefined when the restaurant keeps no queue.
 */
export async function queueMinutesFor(db: Kysely<Database>, restaurant: Restaurant, now: Date): Promise<number | undefined> {
  const answer = await getQueueTime(db, restaurant, now);
  return answer.enabled ? answer.minutes : undefined;
}
