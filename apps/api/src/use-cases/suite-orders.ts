/**
 * The suite part of placing an order (place-order.ts, commit-order.ts; SUITE_ORDER_POLICIES in
 * packages/domain/src/order-type.ts):
 * - before planning, `loadSuiteOrder` resolves the link's event suite and checks who may order for it:
 *   a pre-order only by the suite's owner, signed in; an event-day order by the owner or by an
 *   operator of this venue acting for the suite (login-as, use-cases/login-as.ts).
 * - inside the order's transaction, `chargeSuiteTab` takes the tab's lock, counts the order against
 *   the tab limit with what the suite's other live orders took, and on a pre-order's change retires the
 *   pre-order it replaces (its amount leaves the tab). Two orders for one suite at once therefore
 *   queue on the tab's row: the limit holds on SQLite and PostgreSQL alike.
 */
import type { PlaceOrderRequest } from '@servery/contracts/orders';
import type { OrderSuite } from '@servery/contracts/suites';
import { checkTab, isEventDay } from '@servery/domain/event-suites';
import type { SuiteOrderKind } from '@servery/domain/order-type';
import type { PlanSuite } from '@servery/domain/plan-order';
import { findUserById } from '../db/accounts-repository';
import { ensureTab, findLivePreOrder, lockTab, markReplaced, setTabSpent } from '../db/event-suites-repository';
import type { Db } from '../db/database';
import type { Restaurant } from '../db/restaurants-repository';
import { AppError } from '../lib/app-error';
import type { EventSuiteSealer } from '../lib/event-suite-link';
import type { Executor } from '../ports/payments';
import { eventSuiteRefOf, type EventSuiteFacts, ownsEventSuite, resolveEventSuite } from './event-suites';

/** Who places a suite order: the signed-in owner, or an operator acting for the suite (login-as). */
export interface SuiteOrderCaller {
  userId: number | null;
  /** The operator of a login-as session, already checked to be assigned to `eventSuiteId`. */
  operator: { userId: number; eventSuiteId: number } | null;
}

export interface SuiteOrder {
  kind: SuiteOrderKind;
  facts: EventSuiteFacts;
  ownerUserId: number | null;
  operatorUserId: number | null;
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
  const operator = caller.operator && caller.operator.eventSuiteId === facts.eventSuite.id ? caller.operator : null;
  if (caller.operator && !operator) throw new AppError('NOT_ASSIGNED_TO_SUITE');
  if (kind === 'pre_order' && operator) throw new AppError('NOT_ASSIGNED_TO_SUITE');
  let ownerUserId: number | null = null;
  if (caller.userId !== null) {
    const user = await findUserById(database.db, caller.userId);
    if (user && ownsEventSuite(user.email, facts.eventSuite)) ownerUserId = user.id;
  }
  if (!operator && ownerUserId === null) throw new AppError('NOT_ASSIGNED_TO_SUITE');
  if (kind === 'event_day' && !isEventDay(facts.event, restaurant.settings.zone, now)) throw new AppError('EVENT_DAY_ONLY');
  await ensureTab(
    database.db,
    restaurant.id,
    facts.eventSuite.id,
    { limitCents: facts.eventSuite.tab_limit, preference: facts.eventSuite.event_day_payment_preference },
    now,
  );
  return {
    kind,
    facts,
    ownerUserId,
    operatorUserId: operator?.userId ?? null,
    plan: { kind, event: { ...facts.event, ends_at: facts.event.ends_at ?? null } },
  };
}

/** What the order row and its `data` keep of a suite order. */
export function orderSuiteOf(suite: SuiteOrder, request: PlaceOrderRequest, deliverAt: Date | null): OrderSuite {
  return {
    eventSuiteId: suite.facts.eventSuite.id,
    eventId: suite.facts.event.id,
    suiteId: suite.facts.suite.id,
    kind: suite.kind,
    deliveryPreference: request.data.checkout.suitesInfo?.deliveryPreference ?? null,
    deliverAt: deliverAt ? deliverAt.toISOString() : null,
    ownerUserId: suite.ownerUserId,
    operatorUserId: suite.operatorUserId,
  };
}

/**
 * Inside the order's transaction: the tab's lock, the limit, the replaced pre-order. `amount` is what
 * the order will be charged (total with tip).
 */
export async function chargeSuiteTab(trx: Executor, restaurantId: number, suite: SuiteOrder, amount: number, now: Date): Promise<void> {
  const eventSuiteId = suite.facts.eventSuite.id;
  const tab = await lockTab(trx, restaurantId, eventSuiteId, now);
  if (!tab) throw new AppError('EVENT_SUITE_NOT_FOUND');
  if (tab.closed_at !== null) throw new AppError('TAB_CLOSED');
  let spent = tab.spent_cents;
  const replaced = suite.kind === 'pre_order' ? await findLivePreOrder(trx, restaurantId, eventSuiteId) : null;
  if (replaced) spent -= replaced.total_cents;
  const check = checkTab(tab.limit_cents, spent, amount);
  if (!check.ok) throw new AppError('TAB_LIMIT_EXCEEDED', undefined, { remaining: check.remaining });
  await setTabSpent(trx, restaurantId, eventSuiteId, spent + amount);
  if (replaced) await markReplaced(trx, restaurantId, replaced.id, now);
}
