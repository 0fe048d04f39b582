/**
 * Event-suite tabs, suite orders and the suite audit (migrations 0012 and 0017). Every function takes
 * the restaurant first, except the sweep's look-up of open tabs (every venue's). A change of what a
 * tab shows (balance, limit, preference, closing, settlement) is recorded by the tab row's trigger
 * (migration 0025) and read by every process's hub (ports/order-events.ts), so the owner's and
 * operator's screens follow it; nothing here sends an event.
 */
import { IN_PROGRESS_STATUSES } from '@servery/domain/order-lifecycle';
import type { Selectable } from 'kysely';
import type { Executor } from '../kernel/executor';
import type { EventSuiteTabsTable, SuiteAuditTable, TabSettlementStatus } from '../kernel/schema';
import type { OrderRow } from './placed-orders-repository';

export type TabRow = Selectable<EventSuiteTabsTable>;

/** The tab's row, made from the tenant file's values when it does not exist yet (never overwritten). */
export async function ensureTab(
  db: Executor,
  restaurantId: number,
  eventSuiteId: number,
  defaults: { limitCents: number | null; preference: 'charge' | 'invoice' | null; closesAt: Date },
  now: Date,
): Promise<void> {
  await db
    .insertInto('event_suite_tabs')
    .values({
      restaurant_id: restaurantId,
      event_suite_id: eventSuiteId,
      closes_at: defaults.closesAt.toISOString(),
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

/** Closes an open tab (on its row lock); false when it was already closed. */
export async function closeTabRow(
  db: Executor,
  restaurantId: number,
  eventSuiteId: number,
  closing: { closedAt: Date; closedBy: number | null },
): Promise<boolean> {
  const result = await db
    .updateTable('event_suite_tabs')
    .set({ closed_at: closing.closedAt.toISOString(), closed_by: closing.closedBy, updated_at: closing.closedAt.toISOString() })
    .where('restaurant_id', '=', restaurantId)
    .where('event_suite_id', '=', eventSuiteId)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  const closed = Number(result.numUpdatedRows) === 1;
  return closed;
}

export async function recordTabSettlement(
  db: Executor,
  restaurantId: number,
  eventSuiteId: number,
  settlement: { status: TabSettlementStatus; cents: number; reference: string | null; detail: unknown; at: Date },
): Promise<void> {
  await db
    .updateTable('event_suite_tabs')
    .set({
      settlement_status: settlement.status,
      settled_cents: settlement.cents,
      settlement_reference: settlement.reference,
      settlement_detail: settlement.detail === null ? null : JSON.stringify(settlement.detail),
      settled_at: settlement.at.toISOString(),
      updated_at: settlement.at.toISOString(),
    })
    .where('restaurant_id', '=', restaurantId)
    .where('event_suite_id', '=', eventSuiteId)
    .execute();
}

/** Every venue's open tabs whose closing time has come, or is not known yet (the end-of-event sweep), at most `limit`. */
export async function findTabsToClose(
  db: Executor,
  now: Date,
  limit: number,
): Promise<Array<Pick<TabRow, 'restaurant_id' | 'event_suite_id' | 'closes_at'>>> {
  return db
    .selectFrom('event_suite_tabs')
    .select(['restaurant_id', 'event_suite_id', 'closes_at'])
    .where('closed_at', 'is', null)
    .where((eb) => eb.or([eb('closes_at', 'is', null), eb('closes_at', '<=', now.toISOString())]))
    .orderBy('closes_at')
    .limit(limit)
    .execute();
}

/** The sweep keeps the closing time in step with the tenant file's event. */
export async function setTabClosesAt(db: Executor, restaurantId: number, eventSuiteId: number, closesAt: Date): Promise<void> {
  await db
    .updateTable('event_suite_tabs')
    .set({ closes_at: closesAt.toISOString() })
    .where('restaurant_id', '=', restaurantId)
    .where('event_suite_id', '=', eventSuiteId)
    .execute();
}

/** A settled suite order keeps how it was paid (the tab's charge or invoice) in its stored payment. */
export async function setOrderData(db: Executor, restaurantId: number, orderId: string, data: string, now: Date): Promise<void> {
  await db
    .updateTable('orders')
    .set({ data, updated_at: now.toISOString() })
    .where('restaurant_id', '=', restaurantId)
    .where('id', '=', orderId)
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

/**
 * The suite orders (pre-orders and event-day orders) of these event suites still to be brought
 * (placed to ready): the ones whose time may follow their event when it moves
 * (use-cases/suites/event-start-moves.ts; which of them do is the domain's rule).
 */
export async function suiteOrdersInProgress(db: Executor, restaurantId: number, eventSuiteIds: readonly number[]): Promise<OrderRow[]> {
  if (eventSuiteIds.length === 0) return [];
  return db
    .selectFrom('orders')
    .selectAll()
    .where('restaurant_id', '=', restaurantId)
    .where('event_suite_id', 'in', [...eventSuiteIds])
    .where('status', 'in', [...IN_PROGRESS_STATUSES])
    .orderBy('placed_at')
    .orderBy('number')
    .execute();
}

/** When an order is brought: its instant (pickup_time; null, as soon as possible) and its data, together. */
export async function setOrderDelivery(
  db: Executor,
  restaurantId: number,
  orderId: string,
  change: { pickupTime: string | null; data: string },
  now: Date,
): Promise<void> {
  await db
    .updateTable('orders')
    .set({ pickup_time: change.pickupTime, data: change.data, updated_at: now.toISOString() })
    .where('restaurant_id', '=', restaurantId)
    .where('id', '=', orderId)
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

/** Every order of an event suite, replaced and cancelled ones included (the suite's activity), oldest first. */
export async function allSuiteOrders(db: Executor, restaurantId: number, eventSuiteId: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('restaurant_id', '=', restaurantId)
    .where('event_suite_id', '=', eventSuiteId)
    .orderBy('placed_at')
    .orderBy('number')
    .execute();
}

export async function suiteAuditOf(db: Executor, restaurantId: number, eventSuiteId: number): Promise<Array<Selectable<SuiteAuditTable>>> {
  return db
    .selectFrom('suite_audit')
    .selectAll()
    .where('restaurant_id', '=', restaurantId)
    .where('event_suite_id', '=', eventSuiteId)
    .orderBy('created_at')
    .execute();
}
