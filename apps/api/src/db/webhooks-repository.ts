/** A restaurant's webhook endpoints and their delivery log; every query is scoped to the restaurant. */
import type { Executor } from '../kernel/executor';

export async function listEndpoints(db: Executor, restaurantId: number) {
  return db
    .selectFrom('webhook_endpoints')
    .select(['id', 'url', 'description', 'created_at'])
    .select((eb) =>
      eb
        .selectFrom('webhook_deliveries')
        .select('webhook_deliveries.status')
        .whereRef('webhook_deliveries.endpoint_id', '=', 'webhook_endpoints.id')
        .orderBy('webhook_deliveries.created_at', 'desc')
        .orderBy('webhook_deliveries.id', 'desc')
        .limit(1)
        .as('last_delivery'),
    )
    .where('restaurant_id', '=', restaurantId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function countEndpoints(db: Executor, restaurantId: number): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('restaurant_id', '=', restaurantId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertEndpoint(
  db: Executor,
  endpoint: {
    id: string;
    restaurantId: number;
    url: string;
    description: string | null;
    secret: string;
    createdBy: number;
    createdAt: string;
  },
): Promise<void> {
  await db
    .insertInto('webhook_endpoints')
    .values({
      id: endpoint.id,
      restaurant_id: endpoint.restaurantId,
      url: endpoint.url,
      description: endpoint.description,
      secret: endpoint.secret,
      created_by: endpoint.createdBy,
      created_at: endpoint.createdAt,
    })
    .execute();
}

/** Deletes the endpoint (and, by cascade, its deliveries); false when the restaurant has no such endpoint. */
/** Removes the endpoint and its delivery log; the URL it had (for the audit), or null when it is not this restaurant's. */
export async function deleteEndpoint(db: Executor, restaurantId: number, id: string): Promise<string | null> {
  await db.deleteFrom('webhook_deliveries').where('restaurant_id', '=', restaurantId).where('endpoint_id', '=', id).execute();
  const removed = await db
    .deleteFrom('webhook_endpoints')
    .where('restaurant_id', '=', restaurantId)
    .where('id', '=', id)
    .returning('url')
    .executeTakeFirst();
  return removed?.url ?? null;
}

export async function endpointExists(db: Executor, restaurantId: number, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('restaurant_id', '=', restaurantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

export async function listDeliveries(db: Executor, restaurantId: number, endpointId: string, limit: number) {
  return db
    .selectFrom('webhook_deliveries')
    .select([
      'id',
      'event_id',
      'event_type',
      'order_id',
      'status',
      'attempts',
      'next_attempt_at',
      'last_status_code',
      'last_error',
      'created_at',
      'delivered_at',
    ])
    .where('restaurant_id', '=', restaurantId)
    .where('endpoint_id', '=', endpointId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
