/**
 * The production and delivery manifest of one of the venue's events, for its operators (issue 31
 * item 2; docs/decisions/0104-suite-manifest.md): every suite's live pre-order grouped by delivery
 * time (packages/domain/src/suite-manifest.ts), on screen and as CSV in the caller's language.
 *
 * - Only an operator of this venue (NOT_A_SUITE_OPERATOR otherwise); an event id that is not one of
 *   this venue's events is EVENT_SUITE_NOT_FOUND (404), whoever asks.
 * - Live pre-orders only: a replaced or cancelled one is not made or carried; event-day orders are
 *   made as they come (the staff board), not planned ahead.
 */
import type { Locale } from '@servery/contracts/tenant-file';
import type { SuiteDeliveryPreference, SuiteManifestResponse } from '@servery/contracts/suites';
import { csvText } from '@servery/domain/csv';
import { localDateTime } from '@servery/domain/price-schedule';
import { buildSuiteManifest, type ManifestPreOrderInput } from '@servery/domain/suite-manifest';
import { liveSuiteOrders } from '../../db/event-suites-repository';
import type { Db } from '../../db/database';
import type { Restaurant } from '../../db/restaurants-repository';
import { AppError } from '../../lib/app-error';
import { storedOrderOf } from '../orders/order-view';
import { suiteEventView, suiteItemNames } from './event-suites';
import { requireVenueOperator } from './operator-events';
import { suiteIn } from './suite-name';

/** GET /catering/events/{event}/manifest. */
export async function getSuiteManifest(
  database: Db,
  restaurant: Restaurant,
  input: { operatorUserId: number; eventId: number; locale: Locale },
  now: Date,
): Promise<SuiteManifestResponse> {
  await requireVenueOperator(database.db, restaurant, input.operatorUserId);
  const settings = restaurant.settings;
  const event = settings.suites_enabled ? settings.events.find((entry) => entry.id === input.eventId) : undefined;
  if (!event) throw new AppError('EVENT_SUITE_NOT_FOUND');
  const suiteOf = new Map(
    event.suites.map((eventSuite) => [eventSuite.id, settings.suites.find((suite) => suite.id === eventSuite.suite_id)]),
  );
  const rows = await liveSuiteOrders(database.db, restaurant.id, [...suiteOf.keys()]);
  const preOrders = rows.filter((row) => row.suite_order_kind === 'pre_order');
  const itemName = preOrders.length > 0 ? await suiteItemNames(database, restaurant, input.locale, now) : () => '';
  const inputs: ManifestPreOrderInput[] = [];
  for (const row of preOrders) {
    const suite = row.event_suite_id === null ? undefined : suiteOf.get(row.event_suite_id);
    if (!suite) continue;
    const stored = storedOrderOf(row);
    inputs.push({
      // In the caller's language, as the items are: the CSV is written from the same names.
      suite: { id: suite.id, ...suiteIn(suite, input.locale) },
      number: row.number ?? 0,
      deliveryPreference: stored.suite?.deliveryPreference ?? null,
      deliverAt: stored.suite?.deliverAt ?? row.pickup_time,
      notes: stored.notes,
      lines: stored.items.map((line) => ({ itemId: line.id, name: itemName(line.id), quantity: line.quantity })),
    });
  }
  const manifest = buildSuiteManifest(event, inputs);
  const day = wallClock(event.starts_at, settings.zone).slice(0, 10);
  return {
    zone: settings.zone,
    event: suiteEventView(event),
    ...manifest,
    suitesAtEvent: event.suites.length,
    fileName: `${CSV_TEXT[input.locale].file}-${restaurant.slug}-${event.id}-${day}.csv`,
  };
}

const CSV_TEXT: Record<
  Locale,
  {
    file: string;
    header: string[];
    production: string;
    delivery: string;
    total: string;
    preference: Record<SuiteDeliveryPreference, string>;
  }
> = {
  'en-CA': {
    file: 'manifest',
    header: ['section', 'delivery', 'time', 'suite', 'location', 'order', 'item', 'quantity', 'notes'],
    production: 'production',
    delivery: 'delivery',
    total: 'event total',
    preference: { before_event: 'Before the event', event_start: 'At the start', half_time: 'At half-time', custom: 'Chosen time' },
  },
  'fr-CA': {
    file: 'manifeste',
    header: ['section', 'livraison', 'heure', 'loge', 'emplacement', 'commande', 'article', 'quantité', 'notes'],
    production: 'production',
    delivery: 'livraison',
    total: 'total de l’événement',
    preference: { before_event: 'Avant l’événement', event_start: 'Au début', half_time: 'À la mi-temps', custom: 'Heure choisie' },
  },
};

const pad = (value: number) => String(value).padStart(2, '0');

/** "2026-12-12 19:30" in the venue's zone: a spreadsheet reads it as a date and time in either language. */
function wallClock(iso: string, zone: string): string {
  const local = localDateTime(new Date(iso), zone);
  return `${local.year}-${pad(local.month)}-${pad(local.day)} ${pad(local.hour)}:${pad(local.minute)}`;
}

/**
 * One row per item and delivery time for the kitchen (section production), one per suite and item for
 * the runners (section delivery, with the suite's notes), then the event's totals; headers and the
 * delivery names in the caller's language.
 */
export function suiteManifestCsv(manifest: SuiteManifestResponse, locale: Locale): string {
  const text = CSV_TEXT[locale];
  const rows: Array<Array<string | number>> = [text.header];
  for (const group of manifest.groups) {
    const when = [text.preference[group.preference], wallClock(group.at, manifest.zone)];
    for (const line of group.production) rows.push([text.production, ...when, '', '', '', line.name, line.quantity, '']);
    for (const delivery of group.deliveries) {
      for (const line of delivery.lines) {
        rows.push([
          text.delivery,
          ...when,
          delivery.suite.name,
          delivery.suite.location,
          delivery.orderNumber,
          line.name,
          line.quantity,
          delivery.notes,
        ]);
      }
    }
  }
  for (const line of manifest.totals) rows.push([text.total, '', '', '', '', '', line.name, line.quantity, '']);
  return csvText(rows);
}
