import { screen, waitFor } from '@testing-library/react';
import type { StaffOrder } from '@servery/contracts/staff';
import { describe, expect, it } from 'vitest';
import { costsFixture } from '../../testing/restaurant-fixture';
import { renderWithProviders } from '../../testing/render-with-providers';
import { OrderCard } from './order-card';
import { KitchenTicket, OrderFacts } from './order-summary';
import FACTS from './order-types.fixture.json';

const order = (marketplace: StaffOrder['marketplace']): StaffOrder =>
  ({
    id: 'o1',
    number: 7,
    status: 'placed',
    type: 'take-out',
    placed_at: '2026-11-24T18:00:00.000Z',
    pickup_time: '2026-11-24T18:10:00.000Z',
    scheduled: false,
    items: [],
    contact: { full_name: 'Mina Market', email: null, phone_number: null },
    payment: { method: 'credit_card', brand: 'VISA', last4: '4242', reference: null, amount: 1021 },
    delivery: null,
    tableNum: null,
    tabOwner: null,
    suite: null,
    ...(marketplace && { marketplace }),
    payment_captured: true,
    next_statuses: ['accepted'],
    lines: [],
    cancel_reason: null,
    messages: [],
    suite_place: null,
  }) as unknown as StaffOrder;

const MARKET = {
  checkoutId: 'c1',
  vendor: { id: 6941, slug: 'kits', name: 'Kits Noodle House', names: { 'en-CA': 'Kits Noodle House', 'fr-CA': 'Maison Kits' } },
  lines: [],
};

/** A card's props apart from its order: a quiet board in Toronto on 24 November, nothing asked. */
const CARD_PROPS = {
  zone: 'America/Toronto',
  today: '24/11/2026',
  clockOffset: 0,
  targets: { warning_minutes: 10, late_minutes: 20 },
  fresh: false,
  busy: false,
  askingReason: null,
  onAskReason: () => {},
  onMove: () => {},
  onPrint: () => {},
};

describe('the staff card’s facts', () => {
  it.each([
    ['en-CA', 'Kits Noodle House'],
    ['fr-CA', 'Maison Kits'],
  ] as const)('name the vendor of a hub’s order (%s)', (locale, vendor) => {
    renderWithProviders(<OrderFacts order={order(MARKET)} zone="America/Vancouver" today="24/11/2026" />, { locale });
    // Right after the order's type, before its pickup time.
    expect(screen.getByText(new RegExp(` · ${vendor} · `)).textContent).toMatch(new RegExp(`^[^·]+ · ${vendor} · \\d`));
  });

  it('name no vendor for any other order', () => {
    renderWithProviders(<OrderFacts order={order(undefined)} zone="America/Vancouver" today="24/11/2026" />);
    expect(screen.queryByText(/Kits/)).toBeNull();
  });

  it.each([
    ['en-CA', 'Order #7 New time', '11:10 AM'],
    ['fr-CA', 'Commande no 7 Nouvelle heure', '11 h 10'],
  ] as const)('of an order given a new time say so in its title, beside the time (%s)', (locale, title, time) => {
    const card = renderWithProviders(<OrderCard order={order(undefined)} {...CARD_PROPS} zone="America/Vancouver" retimed />, { locale });
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe(title);
    expect(card.container.querySelector('article')?.className).toContain('staff-card--new');
    expect(card.container.querySelector('article .staff-card__facts')?.textContent).toContain(time);
  });
});

// A generic catering order delivered to a room (generic_table_locations): the board says which.
const ORDER: StaffOrder = {
  id: '3f0e6f5c-8a4b-4c1e-9d2a-1b2c3d4e5f60',
  number: 7,
  status: 'placed',
  type: 'generic_catering',
  placed_at: '2026-10-14T17:00:00.000Z',
  pickup_time: '2026-10-16T16:00:00.000Z',
  scheduled: true,
  items: [],
  costs: costsFixture({}),
  contact: { full_name: 'Élise Tremblay', email: 'elise@example.com', phone_number: null },
  payment: { method: 'cost_center', brand: null, last4: null, reference: 'CC-4410', amount: 0 },
  delivery: { type: 'default_address', address: '355 Rue Saint-Paul E', postalCode: 'H2Y 1H2' },
  tableNum: null,
  tableLocation: 'Salle Champlain 2',
  tabOwner: null,
  payment_captured: null,
  next_statuses: [],
  lines: [],
  cancel_reason: null,
  messages: [],
  suite_place: null,
};

describe('the staff board’s card of a generic catering order', () => {
  it('names its room', () => {
    renderWithProviders(<OrderFacts order={ORDER} zone="America/Toronto" today="2026-10-14" />, { locale: 'fr-CA' });
    expect(screen.getByText(/emplacement Salle Champlain 2/)).toBeTruthy();
  });
});

describe('the staff card of a delivery to a listed location', () => {
  it('names the room, floor or suite right after the location', () => {
    const delivered: StaffOrder = {
      ...ORDER,
      type: 'take-out',
      tableLocation: null,
      delivery: { type: 'custom_location', location: 'Centre PHI', detail: 'Floor 12, suite 1204', area: 'North' },
    };
    renderWithProviders(<OrderFacts order={delivered} zone="America/Toronto" today="2026-10-14" />);
    expect(screen.getByText(/ · Centre PHI · Floor 12, suite 1204 · North/)).toBeTruthy();
  });
});

/**
 * Every order type on a card and on its kitchen ticket, in both languages: where and when it goes.
 * The restaurant is in Toronto; "today" is 24 November 2026.
 */
const CARD = { method: 'credit_card', brand: 'VISA', last4: '4242', reference: null, amount: 2133 } as const;
const base = (overrides: Partial<StaffOrder>): StaffOrder => ({
  ...ORDER,
  type: 'take-out',
  tableLocation: null,
  delivery: null,
  payment: CARD,
  ...overrides,
});
const TOMORROW_EVENING = '2026-11-25T23:30:00.000Z';
const THURSDAY_MORNING = '2026-11-26T16:00:00.000Z';
/**
 * A type's facts (order-types.fixture.json, shared with the board's bench) on the base order; a type
 * paid otherwise than by card (a purchase order, a cost centre) has nothing paid up front.
 */
const as = (facts: object, overrides: Partial<StaffOrder> = {}): StaffOrder => {
  const typed = facts as Partial<StaffOrder>;
  return base({ ...typed, ...(typed.payment && { payment: { ...CARD, ...typed.payment, amount: 0 } }), ...overrides });
};

const TYPES: ReadonlyArray<{ name: string; order: StaffOrder; en: string; fr: string }> = [
  {
    name: 'dine-in at a table',
    order: as(FACTS.dineIn),
    en: 'Dine-in · table 9',
    fr: 'Sur place · table 9',
  },
  {
    name: 'takeout picked up today',
    order: as(FACTS.takeoutPickup, { pickup_time: '2026-11-24T18:10:00.000Z' }),
    en: 'Takeout · 1:10 PM',
    fr: 'À emporter · 13 h 10',
  },
  {
    name: 'takeout delivered tomorrow',
    order: as(FACTS.takeoutDelivered, { pickup_time: TOMORROW_EVENING }),
    en: 'Takeout · 25/11/2026 6:30 PM · deliver to 42 Queen St W',
    fr: 'À emporter · 25/11/2026 18 h 30 · livrer au 42 Queen St W',
  },
  {
    name: 'takeout to a stadium seat',
    order: as(FACTS.takeoutToSeat, { pickup_time: '2026-11-24T18:10:00.000Z' }),
    en: 'Takeout · 1:10 PM · section 112 · row F · seat 7',
    fr: 'À emporter · 13 h 10 · section 112 · rangée F · siège 7',
  },
  {
    name: 'catering on a purchase order, delivered',
    order: as(FACTS.cateringOnPurchaseOrder, { pickup_time: THURSDAY_MORNING }),
    en: 'Catering · 26/11/2026 11:00 AM · deliver to 355 Rue Saint-Paul E · Purchase order PO-4410',
    fr: 'Traiteur · 26/11/2026 11 h 00 · livrer au 355 Rue Saint-Paul E · Bon de commande PO-4410',
  },
  {
    name: 'generic catering to a room on a cost centre',
    order: as(FACTS.genericCateringToRoom, { pickup_time: THURSDAY_MORNING }),
    en: 'Catering · location Salle Champlain 2 · 26/11/2026 11:00 AM · Cost centre CC-4410',
    fr: 'Traiteur · emplacement Salle Champlain 2 · 26/11/2026 11 h 00 · Centre de coûts CC-4410',
  },
  {
    name: 'a school lunch',
    order: as(FACTS.schoolLunch, {
      pickup_time: '2026-11-30T17:00:00.000Z',
      school: { ...FACTS.schoolLunch.school, date: '2026-11-30', checkoutId: 'c9' },
    }),
    en: 'School · 30/11/2026 · Maple Grove Public School · grade 2 · classroom 102 · Mr. Dubois · for Léa Parent',
    fr: 'École · 30/11/2026 · Maple Grove Public School · année 2 · classe 102 · Mr. Dubois · pour Léa Parent',
  },
  {
    name: 'a suite pre-order',
    order: as(FACTS.suitePreOrder, { pickup_time: '2026-12-13T02:30:00.000Z' }),
    en: 'Suite pre-order · 12/12/2026 9:30 PM · Prairie Lights Holiday Concert · Suite 1 — Centre ice (Level 2, north side)',
    fr: 'Précommande de loge · 12/12/2026 21 h 30 · Prairie Lights Holiday Concert · Suite 1 — Centre ice (Level 2, north side)',
  },
  {
    name: 'a suite’s event-day order for a guest',
    order: as(FACTS.suiteEventDayForGuest),
    en: 'Suite, event day · As soon as possible · Prairie Lights Holiday Concert · Suite 1 — Centre ice (Level 2, north side) · for Sam Guest',
    fr: 'Loge, jour de l’événement · Dès que possible · Prairie Lights Holiday Concert · Suite 1 — Centre ice (Level 2, north side) · pour Sam Guest',
  },
];

describe('each order type on the board and on its kitchen ticket', () => {
  it.each(TYPES.flatMap((entry) => (['en-CA', 'fr-CA'] as const).map((locale) => [entry.name, locale, entry] as const)))(
    '%s (%s)',
    (_name, locale, { order, en, fr }) => {
      const expected = locale === 'en-CA' ? en : fr;
      const card = renderWithProviders(<OrderCard order={order} {...CARD_PROPS} />, { locale });
      expect(card.container.querySelector('article .staff-card__facts')?.textContent).toBe(expected);
      card.unmount();
      const ticket = renderWithProviders(
        <KitchenTicket order={order} zone="America/Toronto" today="24/11/2026" restaurant="Maple Bistro" />,
        {
          locale,
        },
      );
      expect(ticket.container.querySelector('.staff-ticket .staff-card__facts')?.textContent).toBe(expected);
    },
  );
});

describe('asking why an order is cancelled or refunded', () => {
  it('puts the keyboard in the reason, so staff type it right after the key that asked', async () => {
    renderWithProviders(
      <OrderCard
        order={base({})}
        zone="America/Toronto"
        today="24/11/2026"
        clockOffset={0}
        targets={{ warning_minutes: 10, late_minutes: 20 }}
        fresh={false}
        busy={false}
        askingReason="refunded"
        onAskReason={() => {}}
        onMove={() => {}}
        onPrint={() => {}}
      />,
    );
    const input = await screen.findByRole('textbox', { name: 'Reason (the diner may see it)' });
    await waitFor(() => expect(document.activeElement).toBe(input));
  });
});

describe("a ticket's age on the board", () => {
  const PLACED = Date.parse('2026-11-24T18:00:00.000Z');
  const cardAt = (minutes: number, locale: 'en-CA' | 'fr-CA' = 'en-CA', status: StaffOrder['status'] = 'placed') =>
    renderWithProviders(
      <OrderCard order={{ ...order(undefined), status }} {...CARD_PROPS} clockOffset={PLACED + minutes * 60_000 - Date.now()} />,
      { locale },
    );

  it.each([
    [4, 'en-CA', 'Waiting 4 min', 'staff-card'],
    [12, 'en-CA', 'Running long · 12 min', 'staff-card staff-card--warning'],
    [25, 'en-CA', 'Late · 25 min', 'staff-card staff-card--late'],
    [25, 'fr-CA', 'En retard · 25 min', 'staff-card staff-card--late'],
    [12, 'fr-CA', 'Attente longue · 12 min', 'staff-card staff-card--warning'],
  ] as const)('%i min (%s): %s', (minutes, locale, text, className) => {
    const card = cardAt(minutes, locale);
    expect(card.container.querySelector('.ticket-age')?.textContent).toBe(text);
    expect(card.container.querySelector('article')?.className).toBe(className);
  });

  it('stops once the order is ready', () => {
    const card = cardAt(40, 'en-CA', 'ready');
    expect(card.container.querySelector('.ticket-age')).toBeNull();
    expect(card.container.querySelector('article')?.className).toBe('staff-card');
  });
});

describe('a finished order’s card', () => {
  const finished = (status: StaffOrder['status'], credited?: number): StaffOrder => ({
    ...order(undefined),
    status,
    next_statuses: [],
    ...(credited !== undefined && { credited }),
  });
  const outcome = (card: ReturnType<typeof renderWithProviders>) => card.container.querySelector('.staff-card__outcome')?.textContent;

  it.each([
    ['en-CA', 'completed', undefined, 'Completed'],
    ['en-CA', 'cancelled', undefined, 'Cancelled'],
    ['en-CA', 'refunded', undefined, 'Refunded in full'],
    ['en-CA', 'cancelled', 2373, 'Cancelled for account credit: $23.73 is the diner’s to spend here; the card’s charge stands.'],
    ['fr-CA', 'completed', undefined, 'Terminée'],
    ['fr-CA', 'cancelled', undefined, 'Annulée'],
    ['fr-CA', 'refunded', undefined, 'Remboursée en entier'],
    [
      'fr-CA',
      'cancelled',
      2373,
      'Annulée contre un crédit au compte : 23,73 $ à dépenser ici par le client; le débit de la carte est maintenu.',
    ],
  ] as const)('says how it ended (%s, %s, credited %s)', (locale, status, credited, said) => {
    const card = renderWithProviders(<OrderCard order={finished(status, credited)} {...CARD_PROPS} />, { locale });
    expect(outcome(card)?.replace(/\u00a0|\u202f/g, ' ')).toBe(said);
  });

  it('says nothing of an outcome while the order is still in the kitchen', () => {
    const card = renderWithProviders(<OrderCard order={order(undefined)} {...CARD_PROPS} />);
    expect(outcome(card)).toBeUndefined();
  });
});
