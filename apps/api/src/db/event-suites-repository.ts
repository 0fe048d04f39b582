/**
 * Event-suite tabs, suite orders and the suite audit (migration 0011). Every function takes the
 * restaurant first.
 */
import type { Selectable } from 'kysely';
import type { Executor } from '../ports/payments';
import type { EventSuiteTabsTable } from './schema';
import type { OrderRow } from './placed-orders-repository';

export type TabRow = Selectable<EventSuiteTabsTable>;

/** The tab's row, made from the tenant file's values when it does not exist yet (never overwritten). */
export async function ensureTab(
  db: Executor,
  restaurantId: number,
  eventSuiteId: number,
  defaults: { limitCents: number | null; preference: 'charge' | 'invoice' | null },
  now: Date,
): Promise<void> {
  await db
    .insertInto('event_suite_tabs')
    .values({
      restaurant_id: restaurantId,
      event_suite_id: eventSuiteId,
      limit_cents: defaults.limitCents,
      spent_cents: 0,
      payment_preference: defaults.preference,
      preference_submitted_at: null,
      closed_at: null,
      updated_at: now.toISOString(),
    })
    .onConflict((conflict) => conflict.columns(['restaurant_id', 'event_suite_id']).doNothing())
    .execute();
}

export async function findTabs(db: Executor, restaurantId: number, eventSuiteIds: readonly number[]): Promise<TabRow[]> {
  if (eventSuiteIds.length === 0) return [];
  return db
    .selectFrom('event_suite_tabs')
    .selectAll()
    .where('restaurant_id', '=', restaurantId)
    .where('event_suite_id', 'in', [...eventSuiteIds])
    .execute();
}

/**
 * Takes the tab's row lock for the rest of the transaction (PostgreSQL: a row lock that a concurrent
 * suite order waits on; SQLite: one writer at a time) and returns the row as it is now.
 */
export async function lockTab(db: Executor, restaurantId: number, eventSuiteId: number, now: Date): Promise<TabRow | null> {
  const row = await db
    .updateTable('event_suite_tabs')
    .set({ updated_at: now.toISOString() })
    .where('restaurant_id', '=', restaurantId)
    .where('event_suite_id', '=', eventSuiteId)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

export async function setTabSpent(db: Executor, restaurantId: number, eventSuiteId: number, spentCents: number): Promise<void> {
  await db
    .updateTable('event_suite_tabs')
    .set({ spent_cents: spentCents })
    .where('restaurant_id', '=', restaurantId)
    .where('event_suite_id', '=', eventSuiteId)
    .execute();
}

const LIVE = ['cancelled', 'refunded'];

/** The suite orders of these event suites that still count (not cancelled or refunded), oldest first. */
export async function liveSuiteOrders(db: Executor, restaurantId: number, eventSuiteIds: readonly number[]): Promise<OrderRow[]> {
  if (eventSuiteIds.length === 0) return [];
  return db
    .selectFrom('orders')
    .selectAll()
    .where('restaurant_id', '=', restaurantId)
    .where('event_suite_id', 'in', [...eventSuiteIds])
    .where('status', 'not in', LIVE)
    .orderBy('placed_at')
    .orderBy('number')
    .execute();
}

/** The event suite's pre-order that still counts, if any (a change replaces it). */
export async function findLivePreOrder(db: Executor, restaurantId: number, eventSuiteId: number): Promise<OrderRow | null> {
  const row = await db
    .selectFrom('orders')
    .selectAll()
    .where('restaurant_id', '=', restaurantId)
    .where('event_suite_id', '=', eventSuiteId)
    .where('suite_order_kind', '=', 'pre_order')
    .where('status', 'not in', LIVE)
    .orderBy('placed_at', 'desc')
    .executeTakeFirst();
  return row ?? null;
}

/** A pre-order replaced by its change: it no longer counts nor is prepared. */
export async function markReplaced(db: Executor, restaurantId: number, orderId: string, now: Date): Promise<void> {
  await db
    .updateTable('orders')
    .set({ status: 'cancelled', updated_at: now.toISOString() })
    .where('restaurant_id', '=', restaurantId)
    .where('id', '=', orderId)
    .execute();
}

export async function insertSuiteAudit(
  db: Executor,
  entry: { id: string; restaurantId: number; eventSuiteId: number; actorUserId: number; action: string; detail: unknown; now: Date },
): Promise<void> {
  await db
    .insertInto('suite_audit')
    .values({
      id: entry.id,
      restaurant_id: entry.restaurantId,
      event_suite_id: entry.eventSuiteId,
      actor_user_id: entry.actorUserId,
      action: entry.action,
      detail: JSON.stringify(entry.detail),
      created_at: entry.now.toISOString(),
    })
    .execute();
}

/** Whether the user operates the suites of this venue (suite_roles, role operator, this restaurant). */
export async function isVenueOperator(db: Executor, restaurantId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('suite_roles')
    .select('role')
    .where('restaurant_id', '=', restaurantId)
    .where('user_id', '=', userId)
    .where('role', '=', 'operator')
    .executeTakeFirst();
  return row !== undefined;
}

/** The operator's event-day settings on a locked tab row (update-event-day-settings). */
export async function updateTabSettings(
  db: Executor,
  restaurantId: number,
  eventSuiteId: number,
  fields: { limit_cents?: number | null; payment_preference?: 'charge' | 'invoice'; preference_submitted_at?: string },
): Promise<void> {
  if (Object.keys(fields).length === 0) return;
  await db
    .updateTable('event_suite_tabs')
    .set(fields)
    .where('restaurant_id', '=', restaurantId)
    .where('event_suite_id', '=', eventSuiteId)
    .execute();
}

/** The slugs of the venues whose suites the user operates. */
export async function operatorVenueSlugs(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('suite_roles')
    .innerJoin('restaurants', 'restaurants.id', 'suite_roles.restaurant_id')
    .select('restaurants.slug')
    .where('suite_roles.user_id', '=', userId)
    .where('suite_roles.role', '=', 'operator')
    .orderBy('restaurants.slug')
    .execute();
  return rows.map((row) => row.slug);
}
