/**
 * The suite calls of the owner (spec accounts-and-suites.md sections 4 and 7; contracts/suites.ts):
 * the public facts of an event suite behind a link, the signed-in owner's upcoming events, and one
 * event suite with what its pre-order screen needs.
 *
 * - Events, suites and owners come from the tenant file (restaurant settings); what changes at run
 *   time (the tab, the operator's event-day settings, the orders) comes from the database.
 * - An owner is the account whose e-mail the event suite names (`owner_email`, compared as
 *   normalised e-mails). Anything beyond the public facts is for that owner only: another account
 *   gets NOT_ASSIGNED_TO_SUITE, an id of another restaurant EVENT_SUITE_NOT_FOUND.
 * - A plain id only ever opens public facts, and look-ups by link count against the caller's address
 *   (eventSuiteLookupAddress), so ids cannot be walked to list a venue's suites.
 */
import { normaliseEmail } from '@servery/domain/card';
import { eventEnd, hasEventEnded, isEventListed, preOrderState, tabRemaining } from '@servery/domain/event-suites';
import type { Locale } from '@servery/contracts/tenant-file';
import type {
  AuthEventInfoResponse,
  MinimalEventInfo,
  OwnerEventSuite,
  OwnerVenuesResponse,
  SuiteEvent,
  SuiteOrderSummary,
  SuiteSummary,
  SuiteTab,
  TabSettlement,
  UpcomingEventsResponse,
} from '@servery/contracts/suites';
import { findUserById } from '../../db/accounts-repository';
import { ensureTab, findTabs, liveSuiteOrders, type TabRow } from '../../db/event-suites-repository';
import type { Db } from '../../db/database';
import type { OrderRow } from '../../db/placed-orders-repository';
import { findRestaurantsNaming, type Restaurant, type RestaurantSettings } from '../../db/restaurants-repository';
import { AppError } from '../../lib/app-error';
import type { EventSuiteSealer } from '../../lib/event-suite-link';
import type { Executor } from '../../kernel/executor';
import { publishedMenuLookup } from '../menus/menu-lookup';
import { storedOrderOf } from '../orders/order-view';
import { addressKey, reserveOrThrow } from '../platform/rate-limits';

type TenantEvent = RestaurantSettings['events'][number];
type TenantEventSuite = TenantEvent['suites'][number];
type TenantSuite = RestaurantSettings['suites'][number];

export interface EventSuiteFacts {
  event: TenantEvent;
  eventSuite: TenantEventSuite;
  suite: TenantSuite;
}

/** A link's reference to an event suite: its plain id, a sealed value, or either in one string. */
export interface EventSuiteRef {
  eventSuiteId?: number | undefined;
  encryptedValue?: string | undefined;
}

export function findEventSuite(settings: RestaurantSettings, eventSuiteId: number): EventSuiteFacts | null {
  for (const event of settings.events) {
    const eventSuite = event.suites.find((entry) => entry.id === eventSuiteId);
    if (!eventSuite) continue;
    const suite = settings.suites.find((entry) => entry.id === eventSuite.suite_id);
    return suite ? { event, eventSuite, suite } : null;
  }
  return null;
}

/** A link's `eventSuite` query value as a reference: digits are an id, anything else a sealed value. */
export function eventSuiteRefOf(value: number | string): EventSuiteRef {
  if (typeof value === 'number') return { eventSuiteId: value };
  return /^\d{1,12}$/.test(value) ? { eventSuiteId: Number(value) } : { encryptedValue: value };
}

/** The event suite a reference names at this restaurant, or EVENT_SUITE_NOT_FOUND; both parts must agree. */
export function resolveEventSuite(
  restaurant: Restaurant,
  sealer: EventSuiteSealer,
  ref: EventSuiteRef,
): EventSuiteFacts & { sealed: boolean } {
  let id = ref.eventSuiteId ?? null;
  let sealed = false;
  if (ref.encryptedValue !== undefined) {
    const opened = sealer.open(restaurant.id, ref.encryptedValue);
    if (opened === null || (id !== null && id !== opened)) throw new AppError('EVENT_SUITE_NOT_FOUND');
    id = opened;
    sealed = true;
  }
  const facts = id === null || !restaurant.settings.suites_enabled ? null : findEventSuite(restaurant.settings, id);
  if (!facts) throw new AppError('EVENT_SUITE_NOT_FOUND');
  return { ...facts, sealed };
}

export function suiteEventView(event: TenantEvent): SuiteEvent {
  return {
    id: event.id,
    name: event.name,
    localization: event.localization as SuiteEvent['localization'],
    starts_at: event.starts_at,
    ends_at: event.ends_at ?? null,
    pre_order_lock_at: event.pre_order_lock_at,
    image: event.image ?? null,
    menu_ids: event.menu_ids,
  };
}

/** A suite as the web gets it: with its translations, picked by the reader's language there. */
export const suiteView = (suite: TenantSuite): SuiteSummary => ({
  id: suite.id,
  name: suite.name,
  location: suite.location,
  localization: suite.localization as SuiteSummary['localization'],
});

/** POST /catering/events/get-minimal-info: public facts only, counted per address. */
export async function getMinimalEventInfo(
  database: Db,
  restaurant: Restaurant,
  sealer: EventSuiteSealer,
  ref: EventSuiteRef,
  address: string,
  now: Date,
): Promise<MinimalEventInfo> {
  await reserveOrThrow(database.db, [{ limit: 'eventSuiteLookupAddress', key: addressKey(address) }], now);
  const facts = resolveEventSuite(restaurant, sealer, ref);
  return {
    eventSuite: { id: facts.eventSuite.id, suite: suiteView(facts.suite) },
    event: suiteEventView(facts.event),
    zone: restaurant.settings.zone,
    sealed: facts.sealed,
    now: now.toISOString(),
  };
}

/** Whether the account with this e-mail owns the event suite. */
export function ownsEventSuite(email: string, eventSuite: Pick<TenantEventSuite, 'owner_email'>): boolean {
  return eventSuite.owner_email !== undefined && normaliseEmail(eventSuite.owner_email) === normaliseEmail(email);
}

async function ownerEmail(db: Executor, userId: number): Promise<string> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('SESSION_EXPIRED');
  return user.email;
}

/** The tab rows of these event suites, made from the tenant file where missing. */
export async function tabsOf(
  db: Executor,
  restaurant: Restaurant,
  facts: readonly EventSuiteFacts[],
  now: Date,
): Promise<Map<number, TabRow>> {
  for (const { event, eventSuite } of facts) {
    await ensureTab(
      db,
      restaurant.id,
      eventSuite.id,
      { limitCents: eventSuite.tab_limit, preference: eventSuite.event_day_payment_preference, closesAt: eventEnd(event) },
      now,
    );
  }
  const rows = await findTabs(
    db,
    restaurant.id,
    facts.map((entry) => entry.eventSuite.id),
  );
  return new Map(rows.map((row) => [row.event_suite_id, row]));
}

/** The tab as the owner and the operator see it (`now`: a tab whose event is over is closed, swept or not). */
export function tabView(row: TabRow | undefined, event: Pick<TenantEvent, 'starts_at' | 'ends_at'>, now: Date): SuiteTab {
  const limit = row?.limit_cents ?? null;
  const spent = row?.spent_cents ?? 0;
  const closedAt = row?.closed_at ?? null;
  return {
    limit,
    spent,
    remaining: tabRemaining(limit, spent),
    event_day_payment_preference: row?.payment_preference ?? null,
    preference_submitted: Boolean(row?.preference_submitted_at),
    closes_at: eventEnd(event).toISOString(),
    closed: closedAt !== null || hasEventEnded(event, now),
    closed_at: closedAt,
    settlement: row ? settlementView(row) : null,
  };
}

function settlementView(row: TabRow): TabSettlement | null {
  if (row.settlement_status === null || row.settled_at === null) return null;
  const detail = (row.settlement_detail ? JSON.parse(row.settlement_detail) : {}) as { brand?: string; last4?: string; reason?: string };
  return {
    status: row.settlement_status,
    amount: row.settled_cents ?? 0,
    invoice: row.settlement_status === 'invoiced' ? row.settlement_reference : null,
    card: row.settlement_status === 'charged' && detail.brand && detail.last4 ? { brand: detail.brand, last4: detail.last4 } : null,
    failure: row.settlement_status === 'failed' ? (detail.reason ?? null) : null,
    settled_at: row.settled_at,
  };
}

type ItemName = (id: number) => string;

export function suiteOrderSummary(row: OrderRow, itemName: ItemName): SuiteOrderSummary {
  const stored = storedOrderOf(row);
  return {
    id: row.id,
    number: row.number ?? 0,
    kind: row.suite_order_kind === 'event_day' ? 'event_day' : 'pre_order',
    status: row.status,
    placed_at: row.placed_at,
    deliver_at: stored.suite?.deliverAt ?? row.pickup_time,
    delivery_preference: stored.suite?.deliveryPreference ?? null,
    notes: stored.notes,
    total: row.total_cents,
    lines: stored.items.map((line) => ({ name: itemName(line.id), quantity: line.quantity, orderId: line.orderId })),
    placedBy: row.operator_user_id === null ? 'owner' : 'operator',
  };
}

/**
 * Item names in the caller's language, from every published menu: a pre-order's lines come from the
 * catering menus, an event-day order's from the dine-in ones.
 */
export async function suiteItemNames(database: Db, restaurant: Restaurant, locale: Locale, now: Date): Promise<ItemName> {
  const lookup = await publishedMenuLookup(database.db, restaurant.id, now);
  return (id) => lookup.itemName(id, locale);
}

function ownerEventSuite(
  restaurant: Restaurant,
  sealer: EventSuiteSealer,
  facts: EventSuiteFacts,
  tab: TabRow | undefined,
  orders: readonly OrderRow[],
  itemName: ItemName,
  now: Date,
): OwnerEventSuite {
  const summaries = orders.filter((row) => row.event_suite_id === facts.eventSuite.id).map((row) => suiteOrderSummary(row, itemName));
  const preOrder = summaries.filter((order) => order.kind === 'pre_order').at(-1) ?? null;
  return {
    eventSuiteId: facts.eventSuite.id,
    event: suiteEventView(facts.event),
    suite: suiteView(facts.suite),
    state: preOrderState(facts.event, preOrder !== null, now),
    preOrder,
    orders: summaries,
    tab: tabView(tab, facts.event, now),
    link: sealer.seal(restaurant.id, facts.eventSuite.id),
  };
}

/**
 * POST /catering/suite-owners/get-upcoming-events: the signed-in owner's event suites, soonest first:
 * those to come and those that ended in the last days (how their tab was settled; isEventListed).
 */
export async function getUpcomingEvents(
  database: Db,
  restaurant: Restaurant,
  sealer: EventSuiteSealer,
  input: { userId: number; email?: string | undefined; locale: Locale },
  now: Date,
): Promise<UpcomingEventsResponse> {
  const db = database.db;
  const email = await ownerEmail(db, input.userId);
  // The spec's payload names an e-mail; it can only ever be the caller's own.
  if (input.email !== undefined && normaliseEmail(input.email) !== normaliseEmail(email)) throw new AppError('NOT_ASSIGNED_TO_SUITE');
  const settings = restaurant.settings;
  const owned: EventSuiteFacts[] = [];
  if (settings.suites_enabled) {
    for (const event of settings.events) {
      if (!isEventListed(event, now)) continue;
      for (const eventSuite of event.suites) {
        const suite = settings.suites.find((entry) => entry.id === eventSuite.suite_id);
        if (suite && ownsEventSuite(email, eventSuite)) owned.push({ event, eventSuite, suite });
      }
    }
  }
  owned.sort((a, b) => Date.parse(a.event.starts_at) - Date.parse(b.event.starts_at) || a.eventSuite.id - b.eventSuite.id);
  const tabs = await tabsOf(db, restaurant, owned, now);
  const orders = await liveSuiteOrders(
    db,
    restaurant.id,
    owned.map((entry) => entry.eventSuite.id),
  );
  const itemName = owned.length > 0 ? await suiteItemNames(database, restaurant, input.locale, now) : () => '';
  return {
    zone: settings.zone,
    events: owned.map((facts) => ownerEventSuite(restaurant, sealer, facts, tabs.get(facts.eventSuite.id), orders, itemName, now)),
  };
}

/**
 * POST /catering/events/auth-get-event-info: one event suite for its signed-in owner, with the
 * current pre-order's lines so the owner can change it.
 */
export async function getAuthEventInfo(
  database: Db,
  restaurant: Restaurant,
  sealer: EventSuiteSealer,
  input: { userId: number; ref: EventSuiteRef; locale: Locale },
  now: Date,
): Promise<AuthEventInfoResponse> {
  const db = database.db;
  const facts = resolveEventSuite(restaurant, sealer, input.ref);
  const email = await ownerEmail(db, input.userId);
  if (!ownsEventSuite(email, facts.eventSuite)) throw new AppError('NOT_ASSIGNED_TO_SUITE');
  const tabs = await tabsOf(db, restaurant, [facts], now);
  const orders = await liveSuiteOrders(db, restaurant.id, [facts.eventSuite.id]);
  const itemName = await suiteItemNames(database, restaurant, input.locale, now);
  const view = ownerEventSuite(restaurant, sealer, facts, tabs.get(facts.eventSuite.id), orders, itemName, now);
  const preOrderRow = view.preOrder ? orders.find((row) => row.id === view.preOrder?.id) : undefined;
  // The lines as a cart holds them (what the order priced them at; the cart asks the server again).
  const preOrderItems = (preOrderRow ? storedOrderOf(preOrderRow).items : []).map((line) => ({
    id: line.id,
    menu_id: line.menu_id,
    section_id: line.section_id,
    orderId: line.orderId,
    quantity: line.quantity,
    orderPrice: line.orderPrice,
    orderOptions: line.orderOptions,
    ...(line.specialInstructions ? { specialInstructions: line.specialInstructions } : {}),
  }));
  return { zone: restaurant.settings.zone, eventSuite: view, preOrderItems };
}

/**
 * POST /catering/suite-owners/get-venues: the venues where the signed-in account owns an event suite
 * of a listed event (the owner's events page opened from nowhere lists them all), by name.
 */
export async function getOwnerVenues(database: Db, input: { userId: number }, now: Date): Promise<OwnerVenuesResponse> {
  const db = database.db;
  const email = await ownerEmail(db, input.userId);
  const venues = (await findRestaurantsNaming(db, normaliseEmail(email))).filter(
    ({ settings }) =>
      settings.suites_enabled &&
      settings.events.some((event) => isEventListed(event, now) && event.suites.some((eventSuite) => ownsEventSuite(email, eventSuite))),
  );
  return { venues: venues.map((venue) => ({ id: venue.id, slug: venue.slug, name: venue.settings.name })) };
}
