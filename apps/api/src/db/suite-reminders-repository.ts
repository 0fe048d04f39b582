/**
 * Pre-order reminders sent to suite owners (migration 0034). The row's key (restaurant, event suite,
 * owner) is the claim: `claimReminder` inserts it or, when another process or an earlier sweep
 * already did, inserts nothing (ON CONFLICT DO NOTHING: on PostgreSQL a second transaction inserting
 * the same key waits for the first and then skips), so the caller queues the e-mail only when it won.
 */
import type { Selectable } from 'kysely';
import type { Executor } from '../kernel/executor';
import type { SuiteRemindersTable } from '../kernel/schema';

export type SuiteReminderRow = Selectable<SuiteRemindersTable>;

/** Whether this call made the row (and so sends the reminder). */
export async function claimReminder(db: Executor, row: SuiteReminderRow): Promise<boolean> {
  const made = await db
    .insertInto('suite_reminders')
    .values(row)
    .onConflict((conflict) => conflict.columns(['restaurant_id', 'event_suite_id', 'recipient']).doNothing())
    .returning('event_suite_id')
    .execute();
  return made.length > 0;
}

/** The reminders of these event suites already claimed. */
export async function remindedSuites(db: Executor, restaurantId: number, eventSuiteIds: readonly number[]): Promise<SuiteReminderRow[]> {
  if (eventSuiteIds.length === 0) return [];
  return db
    .selectFrom('suite_reminders')
    .selectAll()
    .where('restaurant_id', '=', restaurantId)
    .where('event_suite_id', 'in', [...eventSuiteIds])
    .execute();
}

/** One event suite's reminders, oldest first (its activity). */
export function remindersOf(db: Executor, restaurantId: number, eventSuiteId: number): Promise<SuiteReminderRow[]> {
  return db
    .selectFrom('suite_reminders')
    .selectAll()
    .where('restaurant_id', '=', restaurantId)
    .where('event_suite_id', '=', eventSuiteId)
    .orderBy('created_at')
    .execute();
}

/** The language of the account's latest order of its own (not placed by an operator) at this venue; null: none. */
export async function latestOwnOrderLocale(db: Executor, restaurantId: number, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('orders')
    .select('locale')
    .where('restaurant_id', '=', restaurantId)
    .where('user_id', '=', userId)
    .where('operator_user_id', 'is', null)
    .orderBy('placed_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.locale ?? null;
}
