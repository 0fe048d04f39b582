import type { Kysely } from 'kysely';
import type { QueueTimeResponse } from '@servery/contracts/restaurant';
import { QUEUED_STATUSES, queueWaitMinutes } from '@servery/domain/queue';
import { countOrdersInStatuses } from '../../db/orders-repository';
import type { Restaurant } from '../../db/restaurants-repository';
import type { Database } from '../../kernel/schema';

export async function getQueueTime(db: Kysely<Database>, restaurant: Restaurant): Promise<QueueTimeResponse> {
  const queue = restaurant.settings.queue;
  if (!queue?.enabled) return { enabled: false, orders_ahead: 0, minutes: 0 };
  const ordersAhead = await countOrdersInStatuses(db, restaurant.id, QUEUED_STATUSES);
  return { enabled: true, orders_ahead: ordersAhead, minutes: queueWaitMinutes(ordersAhead, queue.minutes_per_order) };
}
