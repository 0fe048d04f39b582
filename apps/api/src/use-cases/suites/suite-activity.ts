/**
 * Who may follow a suite's tab and activity, the activity itself, and the tab's live changes
 * (contracts/suites.ts SuiteActivityResponse, SuiteTabEvent).
 *
 * Viewers: the venue's operator (every suite of the venue), the suite's owner (their own event suites),
 * and a login-as session (its one event suite). Anyone else is NOT_ASSIGNED_TO_SUITE.
 *
 * The activity of one event suite, newest first: every order (replaced and cancelled ones too) with
 * who placed it (the owner, or the operator) and for whom (the owner, or a guest by name), the
 * login-as sessions opened for it, the operator's changes to the tab limit and payment preference
 * (suite_audit), the venue's pre-order reminders (suite-reminders.ts), and the tab's closing (by the operator, or the venue's clock) and settlement.
 */
import type { Locale } from '@servery/contracts/tenant-file';
import type { SuiteActivityEntry, SuiteActivityResponse, SuitePerson, SuiteTabEvent } from '@servery/contracts/suites';
import { displayFullName, normaliseEmail } from '@servery/domain/card';
import { findUserByEmail, findUserById, type UserRow } from '../../db/accounts-repository';
import type { Db } from '../../db/database';
import { allSuiteOrders, findTabs, isVenueOperator, suiteAuditOf } from '../../db/event-suites-repository';
import type { Restaurant } from '../../db/restaurants-repository';
import { AppError } from '../../lib/app-error';
import type { EventSuiteSealer } from '../../lib/event-suite-link';
import type { Executor } from '../../kernel/executor';
import {
  type EventSuiteFacts,
  type EventSuiteRef,
  findEventSuite,
  ownsEventSuite,
  resolveEventSuite,
  suiteEventView,
  suiteItemNames,
  suiteOrderSummary,
  suiteView,
  tabsOf,
  tabView,
} from './event-suites';
import { storedOrderOf } from '../orders/order-view';
import { reminderEntries } from './suite-reminders';

export type SuiteViewer =
  | { kind: 'operator'; userId: number }
  | { kind: 'owner'; userId: number; email: string }
  | { kind: 'login_as'; userId: number; eventSuiteId: number };

interface OfferedSessions {
  operator: { userId: number } | null;
  user: { userId: number; loginAs: { eventSuiteId: number } | null } | null;
}

/** The caller as a suite viewer: an operator of this venue first, else the user session's owner or login-as. */
export async function suiteViewer(db: Executor, restaurant: Restaurant, sessions: OfferedSessions): Promise<SuiteViewer> {
  if (sessions.operator && (await isVenueOperator(db, restaurant.id, sessions.operator.userId))) {
    return { kind: 'operator', userId: sessions.operator.userId };
  }
  const user = sessions.user;
  if (!user) throw new AppError(sessions.operator ? 'NOT_A_SUITE_OPERATOR' : 'SESSION_EXPIRED');
  if (user.loginAs) return { kind: 'login_as', userId: user.userId, eventSuiteId: user.loginAs.eventSuiteId };
  const row = await findUserById(db, user.userId);
  if (!row) throw new AppError('SESSION_EXPIRED');
  return { kind: 'owner', userId: row.id, email: row.email };
}

export function viewerSees(viewer: SuiteViewer, facts: EventSuiteFacts): boolean {
  if (viewer.kind === 'operator') return true;
  if (viewer.kind === 'login_as') return viewer.eventSuiteId === facts.eventSuite.id;
  return ownsEventSuite(viewer.email, facts.eventSuite);
}

/** POST /catering/event-suites/get-activity. */
export async function getSuiteActivity(
  database: Db,
  restaurant: Restaurant,
  sealer: EventSuiteSealer,
  input: { viewer: SuiteViewer; ref: EventSuiteRef; locale: Locale },
  now: Date,
): Promise<SuiteActivityResponse> {
  const db = database.db;
  const facts = resolveEventSuite(restaurant, sealer, input.ref);
  if (!viewerSees(input.viewer, facts)) throw new AppError('NOT_ASSIGNED_TO_SUITE');
  const eventSuiteId = facts.eventSuite.id;
  const [tabs, orders, audit, itemName, reminders] = await Promise.all([
    tabsOf(db, restaurant, [facts], now),
    allSuiteOrders(db, restaurant.id, eventSuiteId),
    suiteAuditOf(db, restaurant.id, eventSuiteId),
    suiteItemNames(database, restaurant, input.locale, now),
    reminderEntries(db, restaurant, eventSuiteId),
  ]);
  const tab = tabs.get(eventSuiteId);
  const people = peopleOf(db, restaurant, facts);
  const owner = await people.owner();
  const entries: SuiteActivityEntry[] = [...reminders];
  const blank = { for: null, order: null, limit: null, preference: null, settlement: null, reason: null, changedOrder: null };

  for (const row of orders) {
    const stored = storedOrderOf(row);
    const summary = suiteOrderSummary(row, itemName);
    const guest = stored.suite?.guestName ?? null;
    entries.push({
      ...blank,
      at: row.placed_at,
      kind: 'order',
      by: row.operator_user_id === null ? owner : await people.operator(row.operator_user_id),
      for: guest ? { role: 'guest', name: guest } : owner,
      order: {
        number: summary.number,
        kind: summary.kind,
        status: row.status,
        total: summary.total,
        lines: summary.lines,
        deliver_at: summary.deliver_at,
      },
    });
  }
  for (const row of audit) {
    const detail = JSON.parse(row.detail) as {
      reason?: string;
      orderNumber?: number;
      guestName?: string | null;
      changes?: { limit_cents?: number | null; payment_preference?: 'charge' | 'invoice' };
    };
    const by = await people.operator(row.actor_user_id);
    if (row.action === 'login_as') {
      entries.push({
        ...blank,
        at: row.created_at,
        kind: 'login_as',
        by,
        for: detail.guestName ? { role: 'guest', name: detail.guestName } : owner,
      });
    } else if (row.action === 'pre_order_change') {
      entries.push({
        ...blank,
        at: row.created_at,
        kind: 'pre_order_change',
        by,
        for: owner,
        reason: detail.reason ?? '',
        changedOrder: detail.orderNumber ?? null,
      });
    } else if (row.action === 'event_day_settings') {
      if (detail.changes?.limit_cents !== undefined)
        entries.push({ ...blank, at: row.created_at, kind: 'tab_limit', by, limit: detail.changes.limit_cents });
      if (detail.changes?.payment_preference) {
        entries.push({ ...blank, at: row.created_at, kind: 'payment_preference', by, preference: detail.changes.payment_preference });
      }
    }
  }
  const view = tabView(tab, facts.event, now);
  if (tab?.closed_at) {
    const by: SuitePerson = tab.closed_by === null ? { role: 'venue', name: venueName(restaurant) } : await people.operator(tab.closed_by);
    entries.push({ ...blank, at: tab.closed_at, kind: 'tab_closed', by });
  }
  if (view.settlement) {
    entries.push({
      ...blank,
      at: view.settlement.settled_at,
      kind: 'tab_settled',
      by: { role: 'venue', name: venueName(restaurant) },
      settlement: view.settlement,
    });
  }
  // Newest first; at the same instant, the later kind (a settlement after its closing) first.
  const order = [
    'pre_order_reminder',
    'order',
    'pre_order_change',
    'login_as',
    'tab_limit',
    'payment_preference',
    'tab_closed',
    'tab_settled',
  ];
  entries.sort((a, b) => b.at.localeCompare(a.at) || order.indexOf(b.kind) - order.indexOf(a.kind));
  return {
    zone: restaurant.settings.zone,
    eventSuiteId,
    event: suiteEventView(facts.event),
    suite: suiteView(facts.suite),
    tab: view,
    entries,
  };
}

function venueName(restaurant: Restaurant): string {
  return restaurant.settings.name;
}

/** Names of the people of one event suite, each looked up once. */
function peopleOf(db: Executor, restaurant: Restaurant, facts: EventSuiteFacts) {
  const operators = new Map<number, Promise<SuitePerson>>();
  let owner: Promise<SuitePerson> | null = null;
  const nameOf = (user: UserRow | null, fallback: string) => (user ? (displayFullName(user) ?? user.email) : fallback);
  return {
    owner: (): Promise<SuitePerson> => {
      const email = facts.eventSuite.owner_email;
      owner ??= (email ? findUserByEmail(db, normaliseEmail(email)) : Promise.resolve(null)).then((user) => ({
        role: 'owner' as const,
        name: nameOf(user, email ?? venueName(restaurant)),
      }));
      return owner;
    },
    operator: (userId: number): Promise<SuitePerson> => {
      let found = operators.get(userId);
      if (!found) {
        found = findUserById(db, userId).then((user) => ({ role: 'operator' as const, name: nameOf(user, '') }));
        operators.set(userId, found);
      }
      return found;
    },
  };
}

/** POST /catering/event-suites/get-tab: one event suite's tab as it is now, for a viewer who may see it. */
export async function getSuiteTab(
  db: Executor,
  restaurant: Restaurant,
  sealer: EventSuiteSealer,
  input: { viewer: SuiteViewer; ref: EventSuiteRef },
  now: Date,
): Promise<SuiteTabEvent> {
  const facts = resolveEventSuite(restaurant, sealer, input.ref);
  if (!viewerSees(input.viewer, facts)) throw new AppError('NOT_ASSIGNED_TO_SUITE');
  const tabs = await tabsOf(db, restaurant, [facts], now);
  return { eventSuiteId: facts.eventSuite.id, tab: tabView(tabs.get(facts.eventSuite.id), facts.event, now) };
}

/** The `tab` event for one event suite as it is now, or null when the viewer does not see it. */
export async function tabEventFor(
  db: Executor,
  restaurant: Restaurant,
  viewer: SuiteViewer,
  eventSuiteId: number,
  now: Date,
): Promise<SuiteTabEvent | null> {
  const facts = restaurant.settings.suites_enabled ? findEventSuite(restaurant.settings, eventSuiteId) : null;
  if (!facts || !viewerSees(viewer, facts)) return null;
  const [row] = await findTabs(db, restaurant.id, [eventSuiteId]);
  return { eventSuiteId, tab: tabView(row, facts.event, now) };
}
