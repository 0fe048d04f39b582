/** The diners waiting for an order's "ready" text (use-cases/orders/order-notifications.ts). */
import type { Insertable } from 'kysely';
import type { Executor } from '../kernel/executor';
import type { OrderNotificationsTable } from '../kernel/schema';

export async function insertOrderNotification(db: Executor, row: Insertable<OrderNotificationsTable>): Promise<void> {
  await db.insertInto('order_notifications').values(row).execute();
}

/** Those of the order not texted yet. */
export async function waitingOrderNotifications(db: Executor, restaurantId: number, orderId: string) {
  return db
    .selectFrom('order_notifications')
    .select(['id', 'phone', 'locale'])
    .where('restaurant_id', '=', restaurantId)
    .where('order_id', '=', orderId)
    .where('notified_at', 'is', null)
    .execute();
}

export async function markOrderNotified(db: Executor, id: string, at: string): Promise<void> {
  await db.updateTable('order_notifications').set({ notified_at: at }).where('id', '=', id).execute();
}

/** Those of the order already texted "ready", waiting again (a station recalled it): their phones, to say so. */
export async function rearmOrderNotifications(db: Executor, restaurantId: number, orderId: string) {
  const told = await db
    .selectFrom('order_notifications')
    .select(['id', 'phone', 'locale'])
    .where('restaurant_id', '=', restaurantId)
    .where('order_id', '=', orderId)
    .where('notified_at', 'is not', null)
    .execute();
  if (told.length > 0) {
    await db
      .updateTable('order_notifications')
      .set({ notified_at: null })
      .where('restaurant_id', '=', restaurantId)
      .where('order_id', '=', orderId)
      .where('notified_at', 'is not', null)
      .execute();
  }
  return told;
}
