/**
 * What a kitchen ticket says (docs/kitchen-printing.md): the order as the board shows it
 * (list-staff-orders.ts `staffOrderView`), worded in the restaurant's default language, without
 * money. Composed when the ticket is printed, not when it is queued: the order's transaction only
 * writes a row, and a reprint shows the order as it is now.
 */
import type { Locale } from '@servery/contracts/tenant-file';
import type { StaffOrder } from '@servery/contracts/staff';
import { deliverySummary } from '@servery/domain/delivery-summary';
import { localDateTime } from '@servery/domain/price-schedule';
import type { KitchenTicket } from '../../lib/escpos-ticket';
import type { RestaurantSettings } from '../../db/restaurants-repository';

type Words = Record<
  | 'dineIn'
  | 'pickup'
  | 'delivery'
  | 'catering'
  | 'school'
  | 'suite'
  | 'table'
  | 'asap'
  | 'deliverTo'
  | 'for'
  | 'placed'
  | 'notes'
  | 'reprint'
  | 'newTime'
  | 'test',
  string
>;

const WORDS: Record<Locale, Words> = {
  'en-CA': {
    dineIn: 'DINE-IN',
    pickup: 'PICKUP',
    delivery: 'DELIVERY',
    catering: 'CATERING',
    school: 'SCHOOL',
    suite: 'SUITE',
    table: 'TABLE',
    asap: 'ASAP',
    deliverTo: 'Deliver to:',
    for: 'For',
    placed: 'Placed',
    notes: 'Notes:',
    reprint: 'REPRINT',
    newTime: 'NEW TIME',
    test: 'TEST PRINT',
  },
  'fr-CA': {
    dineIn: 'SUR PLACE',
    pickup: 'À EMPORTER',
    delivery: 'LIVRAISON',
    catering: 'TRAITEUR',
    school: 'ÉCOLE',
    suite: 'LOGE',
    table: 'TABLE',
    asap: 'DÈS QUE POSSIBLE',
    deliverTo: 'Livrer à :',
    for: 'Pour',
    placed: 'Passée à',
    notes: 'Notes :',
    reprint: 'RÉIMPRESSION',
    newTime: 'NOUVELLE HEURE',
    test: 'IMPRESSION TEST',
  },
};

/** The restaurant's default language: the kitchen's. */
export function kitchenLocale(settings: Pick<RestaurantSettings, 'locales'>): Locale {
  return settings.locales.find((locale) => locale.is_default)?.locale_long === 'fr-CA' ? 'fr-CA' : 'en-CA';
}

function clock(iso: string, zone: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone }).format(new Date(iso));
}

function day(iso: string, zone: string): string {
  const { year, month, day } = localDateTime(new Date(iso), zone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The order type, with its table or its pickup time: what tells the cook where and when it goes. */
function heading(order: StaffOrder, words: Words, zone: string, locale: Locale, now: Date): string {
  const time = order.pickup_time
    ? `${day(order.pickup_time, zone) === day(now.toISOString(), zone) ? '' : `${day(order.pickup_time, zone)} `}${clock(order.pickup_time, zone, locale)}`
    : null;
  // A suite's event-day order is stored as dine-in but goes to the suite: when (its time, or ASAP) first.
  if (order.suite) return `${words.suite} ${time ?? words.asap}`;
  if (order.type === 'dine_in') return order.tableNum ? `${words.dineIn} - ${words.table} ${order.tableNum}` : words.dineIn;
  const kind = order.school
    ? words.school
    : order.type === 'catering' || order.type === 'generic_catering'
      ? words.catering
      : order.delivery
        ? words.delivery
        : words.pickup;
  return `${kind} ${time ?? words.asap}`;
}

export function orderTicket(
  order: StaffOrder,
  settings: Pick<RestaurantSettings, 'zone' | 'locales'>,
  reason: 'placed' | 'accepted' | 'rescheduled' | 'reprint',
  now: Date,
): KitchenTicket {
  const locale = kitchenLocale(settings);
  const words = WORDS[locale];
  // Where a delivered order goes, as its confirmation and receipt say it (deliverySummary): the street
  // address, or the listed location and its room or floor (decision 0084's amendment), or the school's
  // child and class. Without it the runner reads the board for the place the ticket leaves out.
  const where = order.delivery ? deliverySummary(order.delivery) : '';
  const facts = [
    ...(where ? [`${words.deliverTo} ${where}`] : []),
    ...(order.tableLocation ? [order.tableLocation] : []),
    ...(order.suite_place ? [`${order.suite_place.suite} (${order.suite_place.location})`] : []),
    ...(order.contact.full_name ? [`${words.for} ${order.contact.full_name}`] : []),
    `${words.placed} ${clock(order.placed_at, settings.zone, locale)}`,
  ];
  return {
    title: `#${order.number}`,
    heading: heading(order, words, settings.zone, locale, now),
    facts,
    lines: order.lines,
    notes: order.notes ? `${words.notes} ${order.notes}` : null,
    footer: reason === 'reprint' ? [words.reprint] : reason === 'rescheduled' ? [words.newTime] : [],
  };
}

/** A test print: the restaurant's name, the paper's width, and the accents the kitchen will see. */
export function testTicket(settings: Pick<RestaurantSettings, 'zone' | 'locales' | 'name'>, columns: number, now: Date): KitchenTicket {
  const locale = kitchenLocale(settings);
  const words = WORDS[locale];
  return {
    title: words.test,
    heading: settings.name,
    facts: [`${columns} col. - ${clock(now.toISOString(), settings.zone, locale)}`],
    lines: [
      { quantity: 1, name: 'Crème brûlée', options: ['Façon maison', 'Crêpe à l’érable'], instructions: 'Ça goûte la fête, Noël où ça?' },
    ],
    notes: `${'1234567890'.repeat(Math.ceil(columns / 10)).slice(0, columns)}`,
    footer: [],
  };
}
