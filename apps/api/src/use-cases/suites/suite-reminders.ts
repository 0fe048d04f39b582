/**
 * Pre-order reminders (issue 31 item 2; docs/decisions/0106-suite-pre-order-reminders.md): a set
 * time before an event's pre-order lock (the venue's `suite_reminder_hours`, 48 by default), every
 * owner of a suite at that event without a live pre-order is e-mailed once, in their language, with
 * the link to the suite's pre-order screen.
 *
 * Once: each reminder is claimed by its key in `suite_reminders` (migration 0034) in the transaction
 * that queues its e-mail in the outbox, so two processes sweeping at once, or a sweep after a
 * restart, send it once; the message relay sends it (retries, SMTP faults). The sweep runs in the
 * delivery workers (plugins/delivery-workers.ts) on the server's clock, `now` passed in.
 */
import type { Locale } from '@servery/contracts/tenant-file';
import type { SuiteActivityEntry } from '@servery/contracts/suites';
import { normaliseEmail } from '@servery/domain/card';
import { inReminderWindow, reminderDecision } from '@servery/domain/suite-reminders';
import { findUserByEmail } from '../../db/accounts-repository';
import { asSystem } from '../../db/data-scope';
import type { Db } from '../../db/database';
import { findLivePreOrder, liveSuiteOrders } from '../../db/event-suites-repository';
import { findRestaurantsNaming, type Restaurant } from '../../db/restaurants-repository';
import { claimReminder, latestOwnOrderLocale, remindedSuites, remindersOf } from '../../db/suite-reminders-repository';
import type { Executor } from '../../kernel/executor';
import type { EventSuiteSealer } from '../../lib/event-suite-link';
import type { Mailer } from '../../ports/mailer';
import { composeSuiteReminder } from './compose-suite-reminder';
import type { EventSuiteFacts } from './event-suites';
import { eventNameIn, suiteIn } from './suite-name';

export interface ReminderServices {
  mailer: Mailer;
  sealer: EventSuiteSealer;
  /** Where the link points (config PUBLIC_URL), never a request's Host. */
  publicUrl: string;
}

/**
 * The sweep: queues every reminder due at `now`, at every venue with suites. Returns how many it
 * queued. Work across every restaurant: named privileged work on the owner's connection (db/data-scope.ts).
 */
export function sendDueSuiteReminders(database: Db, services: ReminderServices, now: Date): Promise<number> {
  return asSystem('suite reminder sweep', async () => {
    // The settings' text names the flag; each venue's parsed settings decide.
    const venues = await findRestaurantsNaming(database.db, '"suites_enabled":true');
    let queued = 0;
    for (const venue of venues) {
      if (venue.settings.suites_enabled) queued += await remindAtVenue(database, venue, services, now);
    }
    return queued;
  });
}

async function remindAtVenue(database: Db, venue: Restaurant, services: ReminderServices, now: Date): Promise<number> {
  const hours = venue.settings.suite_reminder_hours ?? null;
  const due: EventSuiteFacts[] = [];
  for (const event of venue.settings.events) {
    if (!inReminderWindow(event, hours, now)) continue;
    for (const eventSuite of event.suites) {
      const suite = venue.settings.suites.find((entry) => entry.id === eventSuite.suite_id);
      if (suite && eventSuite.owner_email) due.push({ event, eventSuite, suite });
    }
  }
  if (due.length === 0) return 0;
  const ids = due.map((facts) => facts.eventSuite.id);
  const reminded = new Set((await remindedSuites(database.db, venue.id, ids)).map((row) => `${row.event_suite_id} ${row.recipient}`));
  const submitted = new Set(
    (await liveSuiteOrders(database.db, venue.id, ids))
      .filter((row) => row.suite_order_kind === 'pre_order')
      .map((row) => row.event_suite_id),
  );
  let queued = 0;
  for (const facts of due) {
    const recipient = normaliseEmail(facts.eventSuite.owner_email ?? '');
    if (reminded.has(`${facts.eventSuite.id} ${recipient}`)) continue;
    const decision = reminderDecision(
      { event: facts.event, hours, ownerEmail: recipient, submitted: submitted.has(facts.eventSuite.id) },
      now,
    );
    if (decision.send && (await remindOwner(database, venue, facts, recipient, services, now))) queued += 1;
  }
  return queued;
}

/** Claims and queues one reminder in one transaction; false when it was claimed already (another process). */
async function remindOwner(
  database: Db,
  venue: Restaurant,
  facts: EventSuiteFacts,
  recipient: string,
  services: ReminderServices,
  now: Date,
): Promise<boolean> {
  return database.db.transaction().execute(async (trx) => {
    // The owner may have submitted since the sweep looked.
    if (await findLivePreOrder(trx, venue.id, facts.eventSuite.id)) return false;
    const locale = await ownerLocale(trx, venue, recipient);
    const claimed = await claimReminder(trx, {
      restaurant_id: venue.id,
      event_suite_id: facts.eventSuite.id,
      recipient,
      event_id: facts.event.id,
      lock_at: facts.event.pre_order_lock_at,
      locale,
      created_at: now.toISOString(),
    });
    if (!claimed) return false;
    const link = `${services.publicUrl}/${encodeURIComponent(venue.slug)}?${new URLSearchParams({
      eventSuite: services.sealer.seal(venue.id, facts.eventSuite.id),
    }).toString()}`;
    const message = composeSuiteReminder({
      locale,
      zone: venue.settings.zone,
      venue: venue.settings.name,
      event: eventNameIn(facts.event, locale),
      suite: suiteIn(facts.suite, locale).name,
      location: suiteIn(facts.suite, locale).location,
      lockAt: facts.event.pre_order_lock_at,
      link,
    });
    await services.mailer.send(trx, { restaurantId: venue.id, to: recipient, ...message, locale, orderId: null }, now);
    return true;
  });
}

/** The owner's language: the one of their latest own order at this venue, else the venue's default. */
export async function ownerLocale(db: Executor, venue: Restaurant, email: string): Promise<Locale> {
  const user = await findUserByEmail(db, email);
  const own = user ? await latestOwnOrderLocale(db, venue.id, user.id) : null;
  if (own === 'en-CA' || own === 'fr-CA') return own;
  const fallback = venue.settings.locales.find((entry) => entry.is_default)?.locale_long;
  return fallback === 'fr-CA' ? 'fr-CA' : 'en-CA';
}

/** The suite's activity entries of its reminders: sent by the venue, to the owner. */
export async function reminderEntries(db: Executor, venue: Restaurant, eventSuiteId: number): Promise<SuiteActivityEntry[]> {
  const rows = await remindersOf(db, venue.id, eventSuiteId);
  return rows.map((row) => ({
    at: row.created_at,
    kind: 'pre_order_reminder',
    by: { role: 'venue', name: venue.settings.name },
    for: { role: 'owner', name: row.recipient },
    order: null,
    limit: null,
    preference: null,
    settlement: null,
    reason: null,
    changedOrder: null,
  }));
}
