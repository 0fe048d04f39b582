/**
 * The suite part of placing an order (checkout/single-order.ts, checkout/commit-checkout.ts; the suite policy in
 * packages/domain/src/order-types/suite.ts):
 * - before planning, `loadSuiteOrder` resolves the link's event suite and checks who may order for it:
 *   a pre-order only by the suite's owner, signed in; an event-day order by the owner or by an
 *   operator of this venue acting for the suite's owner or for a guest of it (login-as,
 *   use-cases/suites/login-as.ts). Once the event is over the tab is closed: TAB_CLOSED.
 * - inside the order's transaction, `chargeSuiteTab` takes the tab's lock, refuses a closed tab,
 *   counts the order against the tab limit with what the suite's other live orders took (pre-orders
 *   and event-day orders alike), and on a pre-order's change retires the pre-order it replaces (its
 *   amount leaves the tab; the staff board hears it cancelled). Two orders for one suite at once
 *   therefore queue on the tab's row: the limit holds on SQLite and PostgreSQL alike.
 */
import type { PlaceOrderRequest } from '@servery/contracts/orders';
import type { OrderSuite } from '@servery/contracts/suites';
import { checkTab, eventEnd, hasEventEnded, isEventDay, type SuiteDeliveryPreference } from '@servery/domain/event-suites';
import type { SuiteOrderKind } from '@servery/domain/order-type';
import type { PlanSuite } from '@servery/domain/plan-order';
import { findUserById } from '../../db/accounts-repository';
import { ensureTab, findLivePreOrder, lockTab, markReplaced, setTabSpent } from '../../db/event-suites-repository';
import type { Db } from '../../db/database';
import type { Restaurant } from '../../db/restaurants-repository';
import { AppError } from '../../lib/app-error';
import type { EventSuiteSealer } from '../../lib/event-suite-link';
import { recordOrderEvent } from '../../db/order-events-repository';
import type { StoredOrder } from '../orders/order-view';
import { giveBackOrderStock } from '../checkout/take-stock';
import type { Executor } from '../../kernel/executor';
import { eventSuiteRefOf, type EventSuiteFacts, ownsEventSuite, resolveEventSuite } from './event-suites';

/** Who places a suite order: the signed-in owner, or an operator acting for the suite (login-as). */
export interface SuiteOrderCaller {
  userId: number | null;
  /** The operator of a login-as session, already checked to be assigned to `eventSuiteId`, and the guest it orders for (null: the owner). */
  operator: { userId: number; eventSuiteId: number; guestName: string | null } | null;
  /** The venue's operator changing the suite's pre-order (pre-order-change.ts, already checked); `userId` is then the owner's. */
  change?: { operatorUserId: number } | null | undefined;
}

export interface SuiteOrder {
  kind: SuiteOrderKind;
  facts: EventSuiteFacts;
  ownerUserId: number | null;
  operatorUserId: number | null;
  /** The guest an operator ordered for; null for the owner. */
  guestName: string | null;
  plan: PlanSuite;
}

/** The suite order the request names, or null when it names no event suite. */
export async function loadSuiteOrder(
  database: Db,
  restaurant: Restaurant,
  sealer: EventSuiteSealer,
  request: PlaceOrderRequest,
  caller: SuiteOrderCaller,
  now: Date,
): Promise<SuiteOrder | null> {
  const { config } = request.data;
  const value = config.eventSuite ?? null;
  if (value === null) return null;
  const facts = resolveEventSuite(restaurant, sealer, eventSuiteRefOf(value));
  const kind: SuiteOrderKind = config.eventDayOrdering ? 'event_day' : 'pre_order';
  // Ordering.md section 4: a pre-order is a catering order; an event-day order is not a pre-order.
  if (kind === 'pre_order' && request.type !== 'catering') {
    throw new AppError('VALIDATION_FAILED', [{ path: 'type', message: 'catering' }]);
  }
  if (caller.change) return operatorChangeOf(database, restaurant, facts, kind, caller, now);
  const operator = caller.operator && caller.operator.eventSuiteId === facts.eventSuite.id ? caller.operator : null;
  if (caller.operator && !operator) throw new AppError('NOT_ASSIGNED_TO_SUITE');
  if (kind === 'pre_order' && operator) throw new AppError('NOT_ASSIGNED_TO_SUITE');
  let ownerUserId: number | null = null;
  if (caller.userId !== null) {
    const user = await findUserById(database.db, caller.userId);
    if (user && ownsEventSuite(user.email, facts.eventSuite)) ownerUserId = user.id;
  }
  if (!operator && ownerUserId === null) throw new AppError('NOT_ASSIGNED_TO_SUITE');
  if (kind === 'event_day' && hasEventEnded(facts.event, now)) throw new AppError('TAB_CLOSED');
  if (kind === 'event_day' && !isEventDay(facts.event, restaurant.settings.zone, now)) throw new AppError('EVENT_DAY_ONLY');
  await ensureTab(
    database.db,
    restaurant.id,
    facts.eventSuite.id,
    {
      limitCents: facts.eventSuite.tab_limit,
      preference: facts.eventSuite.event_day_payment_preference,
      closesAt: eventEnd(facts.event),
    },
    now,
  );
  return {
    kind,
    facts,
    ownerUserId,
    operatorUserId: operator?.userId ?? null,
    guestName: operator?.guestName ?? null,
    plan: { kind, event: { ...facts.event, ends_at: facts.event.ends_at ?? null } },
  };
}

/** The operator's change of a pre-order: for the suite's owner, placed by the operator, past the lock too. */
async function operatorChangeOf(
  database: Db,
  restaurant: Restaurant,
  facts: EventSuiteFacts,
  kind: SuiteOrderKind,
  caller: SuiteOrderCaller,
  now: Date,
): Promise<SuiteOrder> {
  if (kind !== 'pre_order' || !caller.change)
    throw new AppError('VALIDATION_FAILED', [{ path: 'config.eventDayOrdering', message: 'preOrder' }]);
  if (hasEventEnded(facts.event, now)) throw new AppError('TAB_CLOSED');
  await ensureTab(
    database.db,
    restaurant.id,
    facts.eventSuite.id,
    { limitCents: facts.eventSuite.tab_limit, preference: facts.eventSuite.event_day_payment_preference, closesAt: eventEnd(facts.event) },
    now,
  );
  return {
    kind,
    facts,
    ownerUserId: caller.userId,
    operatorUserId: caller.change.operatorUserId,
    guestName: null,
    plan: { kind, event: { ...facts.event, ends_at: facts.event.ends_at ?? null }, operatorChange: true },
  };
}

/**
 * What the order row and its `data` keep of a suite order: when it is brought as the plan decided it
 * (an event-day order without an instant is as soon as possible; order-types/suite-delivery.ts).
 */
export function orderSuiteOf(suite: SuiteOrder, delivery: { at: Date | null; preference: SuiteDeliveryPreference | null }): OrderSuite {
  return {
    eventSuiteId: suite.facts.eventSuite.id,
    eventId: suite.facts.event.id,
    suiteId: suite.facts.suite.id,
    kind: suite.kind,
    deliveryPreference: delivery.preference,
    deliverAt: delivery.at ? delivery.at.toISOString() : null,
    ownerUserId: suite.ownerUserId,
    operatorUserId: suite.operatorUserId,
    guestName: suite.guestName,
  };
}

/**
 * Inside the order's transaction: the tab's lock, the limit, the replaced pre-order. `amount` is what
 * the order will be charged (total with tip).
 */
export async function chargeSuiteTab(trx: Executor, restaurant: Restaurant, suite: SuiteOrder, amount: number, now: Date): Promise<void> {
  const restaurantId = restaurant.id;
  const eventSuiteId = suite.facts.eventSuite.id;
  const tab = await lockTab(trx, restaurantId, eventSuiteId, now);
  if (!tab) throw new AppError('EVENT_SUITE_NOT_FOUND');
  // Closed by the operator, or the event is over and the sweep has not closed it yet.
  if (tab.closed_at !== null || hasEventEnded(suite.facts.event, now)) throw new AppError('TAB_CLOSED');
  let spent = tab.spent_cents;
  const replaced = suite.kind === 'pre_order' ? await findLivePreOrder(trx, restaurantId, eventSuiteId) : null;
  if (replaced) spent -= replaced.total_cents;
  const check = checkTab(tab.limit_cents, spent, amount);
  if (!check.ok) throw new AppError('TAB_LIMIT_EXCEEDED', undefined, { remaining: check.remaining });
  await setTabSpent(trx, restaurantId, eventSuiteId, spent + amount);
  if (replaced) {
    await markReplaced(trx, restaurantId, replaced.id, now);
    // Its counted items go back on the shelf before the change takes its own (commit-checkout.ts step b′).
    await giveBackOrderStock(trx, restaurant, (JSON.parse(replaced.data) as Partial<StoredOrder>).items ?? [], now);
    await recordOrderEvent(
      trx,
      {
        restaurantId,
        orderId: replaced.id,
        type: 'cancelled',
        actorUserId: suite.operatorUserId ?? suite.ownerUserId,
        reason: 'replaced by a change',
      },
      now,
    );
  }
}
