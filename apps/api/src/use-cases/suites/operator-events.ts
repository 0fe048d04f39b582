/**
 * The suite operator's calls (spec accounts-and-suites.md sections 4, 6 and 7): the venue's active
 * events with every suite's owner, pre-order state, orders and tab, and the event-day settings of one
 * suite. An operator acts only for the venue it operates (suite_roles, role operator, this restaurant):
 * anyone else is NOT_A_SUITE_OPERATOR, whatever the session.
 *
 * Readings:
 * - Active events: those that have not ended, and those that ended in the last days (how their tabs
 *   were settled, a failed charge to settle again; isEventListed), soonest first.
 * - The payment preference is fixed once submitted: the same value again is accepted (a retry), another
 *   is PAYMENT_PREFERENCE_LOCKED, except after the closed tab's charge failed (the operator may
 *   invoice instead). Submitted on a closed tab that waits for it (or whose charge failed), it settles
 *   the tab at once (suite-tabs.ts).
 * - The tab limit can be changed or removed (null) while the tab is open (TAB_CLOSED after); it cannot
 *   go under what the tab has already taken (TAB_LIMIT_BELOW_SPENT). Every change is audited
 *   (suite_audit) with who made it.
 * - Closing a tab by hand: from event day on (TAB_NOT_CLOSABLE before), closes and settles it; on a
 *   closed tab whose charge failed or that waits for a preference, settles it again.
 */
import { randomUUID } from 'node:crypto';
import type { Locale } from '@servery/contracts/tenant-file';
import type { ActiveEventsResponse, EventDaySettingsRequest, OperatorEventSuite } from '@servery/contracts/suites';
import { normaliseEmail } from '@servery/domain/card';
import { canCloseTab, isEventListed, preOrderState } from '@servery/domain/event-suites';
import { findUserByEmail } from '../../db/accounts-repository';
import {
  insertSuiteAudit,
  isVenueOperator,
  liveSuiteOrders,
  lockTab,
  updateTabSettings,
  type TabRow,
} from '../../db/event-suites-repository';
import type { Db } from '../../db/database';
import type { OrderRow } from '../../db/placed-orders-repository';
import type { Restaurant } from '../../db/restaurants-repository';
import { AppError } from '../../lib/app-error';
import type { Executor } from '../../kernel/executor';
import { type EventSuiteFacts, suiteEventView, suiteItemNames, suiteOrderSummary, suiteView, tabsOf, tabView } from './event-suites';
import { closeAndSettleTab, isSettled, type TabServices } from './suite-tabs';

export async function requireVenueOperator(db: Executor, restaurant: Restaurant, userId: number): Promise<void> {
  if (!(await isVenueOperator(db, restaurant.id, userId))) throw new AppError('NOT_A_SUITE_OPERATOR');
}

async function ownerOf(db: Executor, email: string | undefined): Promise<OperatorEventSuite['owner']> {
  if (email === undefined) return null;
  const user = await findUserByEmail(db, normaliseEmail(email));
  const name = user ? `${user.first_name} ${user.last_name}`.trim() : '';
  return { email, name: name === '' ? null : name };
}

async function operatorEventSuite(
  db: Executor,
  facts: EventSuiteFacts,
  tab: TabRow | undefined,
  orders: readonly OrderRow[],
  itemName: (id: number) => string,
  now: Date,
): Promise<OperatorEventSuite> {
  const summaries = orders.filter((row) => row.event_suite_id === facts.eventSuite.id).map((row) => suiteOrderSummary(row, itemName));
  const preOrder = summaries.filter((order) => order.kind === 'pre_order').at(-1) ?? null;
  return {
    eventSuiteId: facts.eventSuite.id,
    suite: suiteView(facts.suite),
    owner: await ownerOf(db, facts.eventSuite.owner_email),
    state: preOrderState(facts.event, preOrder !== null, now),
    preOrder,
    orders: summaries,
    tab: tabView(tab, facts.event, now),
  };
}

function venueSuites(restaurant: Restaurant, events: Restaurant['settings']['events']): EventSuiteFacts[] {
  const facts: EventSuiteFacts[] = [];
  for (const event of events) {
    for (const eventSuite of event.suites) {
      const suite = restaurant.settings.suites.find((entry) => entry.id === eventSuite.suite_id);
      if (suite) facts.push({ event, eventSuite, suite });
    }
  }
  return facts;
}

/** GET /catering/events/get-active-events. */
export async function getActiveEvents(
  database: Db,
  restaurant: Restaurant,
  input: { operatorUserId: number; locale: Locale },
  now: Date,
): Promise<ActiveEventsResponse> {
  const db = database.db;
  await requireVenueOperator(db, restaurant, input.operatorUserId);
  const settings = restaurant.settings;
  const events = settings.suites_enabled
    ? settings.events.filter((event) => isEventListed(event, now)).sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at))
    : [];
  const facts = venueSuites(restaurant, events);
  const tabs = await tabsOf(db, restaurant, facts, now);
  const orders = await liveSuiteOrders(
    db,
    restaurant.id,
    facts.map((entry) => entry.eventSuite.id),
  );
  const itemName = facts.length > 0 ? await suiteItemNames(database, restaurant, input.locale, now) : () => '';
  const answer: ActiveEventsResponse = { zone: settings.zone, events: [] };
  for (const event of events) {
    const suites: OperatorEventSuite[] = [];
    for (const entry of facts.filter((fact) => fact.event.id === event.id)) {
      suites.push(await operatorEventSuite(db, entry, tabs.get(entry.eventSuite.id), orders, itemName, now));
    }
    answer.events.push({ event: suiteEventView(event), suites });
  }
  return answer;
}

/** One suite of one of the venue's events, for its operator (EVENT_SUITE_NOT_FOUND otherwise). */
export async function operatedSuite(
  database: Db,
  restaurant: Restaurant,
  input: { operatorUserId: number; eventId: number; suiteId: number },
): Promise<EventSuiteFacts> {
  await requireVenueOperator(database.db, restaurant, input.operatorUserId);
  const event = restaurant.settings.suites_enabled ? restaurant.settings.events.find((entry) => entry.id === input.eventId) : undefined;
  const facts = event ? venueSuites(restaurant, [event]).find((entry) => entry.suite.id === input.suiteId) : undefined;
  if (!facts) throw new AppError('EVENT_SUITE_NOT_FOUND');
  return facts;
}

export async function operatorView(database: Db, restaurant: Restaurant, facts: EventSuiteFacts, locale: Locale, now: Date) {
  const eventSuiteId = facts.eventSuite.id;
  const tabs = await tabsOf(database.db, restaurant, [facts], now);
  const orders = await liveSuiteOrders(database.db, restaurant.id, [eventSuiteId]);
  const itemName = await suiteItemNames(database, restaurant, locale, now);
  return operatorEventSuite(database.db, facts, tabs.get(eventSuiteId), orders, itemName, now);
}

/** PUT /catering/events/{event}/event-suites/{suite}/update-event-day-settings. */
export async function updateEventDaySettings(
  database: Db,
  restaurant: Restaurant,
  services: TabServices,
  input: { operatorUserId: number; eventId: number; suiteId: number; body: EventDaySettingsRequest; locale: Locale },
  now: Date,
): Promise<OperatorEventSuite> {
  const db = database.db;
  const facts = await operatedSuite(database, restaurant, input);
  const eventSuiteId = facts.eventSuite.id;
  await tabsOf(db, restaurant, [facts], now);
  const settleNow = await db.transaction().execute(async (trx) => {
    const tab = await lockTab(trx, restaurant.id, eventSuiteId, now);
    if (!tab) throw new AppError('EVENT_SUITE_NOT_FOUND');
    const changes: Parameters<typeof updateTabSettings>[3] = {};
    const preference = input.body.event_day_payment_preference;
    if (preference !== undefined) {
      const failed = tab.settlement_status === 'failed';
      if (tab.preference_submitted_at !== null && tab.payment_preference !== preference && !failed) {
        throw new AppError('PAYMENT_PREFERENCE_LOCKED');
      }
      if (tab.preference_submitted_at === null || failed) {
        changes.payment_preference = preference;
        changes.preference_submitted_at = now.toISOString();
      }
    }
    const limit = input.body.tab_limit;
    if (limit !== undefined) {
      if (tab.closed_at !== null) throw new AppError('TAB_CLOSED');
      if (limit !== null && limit < tab.spent_cents) throw new AppError('TAB_LIMIT_BELOW_SPENT');
      changes.limit_cents = limit;
    }
    await updateTabSettings(trx, restaurant.id, eventSuiteId, changes);
    await insertSuiteAudit(trx, {
      id: randomUUID(),
      restaurantId: restaurant.id,
      eventSuiteId,
      actorUserId: input.operatorUserId,
      action: 'event_day_settings',
      detail: { before: { limit: tab.limit_cents, preference: tab.payment_preference }, changes },
      now,
    });
    return tab.closed_at !== null && !isSettled(tab) && changes.payment_preference !== undefined;
  });
  // A closed tab that waited for this preference (or whose charge failed) is settled by it now.
  if (settleNow) await closeAndSettleTab(database, restaurant, services, facts, input.operatorUserId, now);
  return operatorView(database, restaurant, facts, input.locale, now);
}

/** POST /catering/events/{event}/event-suites/{suite}/close-tab: close and settle now, or settle again. */
export async function closeTabByOperator(
  database: Db,
  restaurant: Restaurant,
  services: TabServices,
  input: { operatorUserId: number; eventId: number; suiteId: number; locale: Locale },
  now: Date,
): Promise<OperatorEventSuite> {
  const facts = await operatedSuite(database, restaurant, input);
  if (!canCloseTab(facts.event, restaurant.settings.zone, now)) throw new AppError('TAB_NOT_CLOSABLE');
  const eventSuiteId = facts.eventSuite.id;
  const [before] = (await tabsOf(database.db, restaurant, [facts], now)).values();
  const status = await closeAndSettleTab(database, restaurant, services, facts, input.operatorUserId, now);
  if (!before || !isSettled(before)) {
    await insertSuiteAudit(database.db, {
      id: randomUUID(),
      restaurantId: restaurant.id,
      eventSuiteId,
      actorUserId: input.operatorUserId,
      action: before?.closed_at ? 'tab_settled' : 'tab_closed',
      detail: { settlement: status },
      now,
    });
  }
  return operatorView(database, restaurant, facts, input.locale, now);
}
