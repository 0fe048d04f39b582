import type { OrderView } from '@servery/contracts/orders';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../i18n/locales';
import { costsFixture } from '../../testing/restaurant-fixture';
import { renderWithProviders } from '../../testing/render-with-providers';
import { OrderFacts } from './order-facts';

// A generic catering order delivered to a room (generic_table_locations): the confirmation says which
// (the staff board too: features/staff/order-card.test.tsx).
const ORDER: OrderView = {
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
};

function factOf(term: string): string | null | undefined {
  const dt = screen.getAllByRole('term').find((element) => element.textContent === term);
  return dt?.nextElementSibling?.textContent;
}

describe('a generic catering order’s room', () => {
  it.each<[Locale, string]>([
    ['en-CA', 'Location'],
    ['fr-CA', 'Emplacement'],
  ])('is on the confirmation (%s)', (locale, term) => {
    renderWithProviders(<OrderFacts order={ORDER} zone="America/Toronto" />, { locale });
    expect(factOf(term)).toBe('Salle Champlain 2');
  });
});

describe('the receipt line', () => {
  it.each<[Locale, OrderView['status'], string]>([
    ['en-CA', 'placed', 'A receipt is on its way to elise@example.com.'],
    ['en-CA', 'completed', 'The receipt was e-mailed to elise@example.com.'],
    ['fr-CA', 'placed', 'Un reçu est envoyé à elise@example.com.'],
    ['fr-CA', 'cancelled', 'Le reçu a été envoyé à elise@example.com.'],
  ])('says the receipt is on its way only while the order is as placed (%s, %s)', (locale, status, words) => {
    renderWithProviders(<OrderFacts order={{ ...ORDER, status }} zone="America/Toronto" />, { locale });
    expect(screen.getByText(words)).toBeTruthy();
  });
});

// A card order the restaurant cancelled: the card gave $24.50 and has it back. The facts still say what
// was charged, and beside it what went back, so the total never reads as money still spent.
const CARD_PAID: OrderView = {
  ...ORDER,
  type: 'take-out',
  tableLocation: null,
  payment: { method: 'credit_card', brand: 'VISA', last4: '4242', reference: null, amount: 2450 },
};

describe('a cancelled or refunded card order', () => {
  it.each<[Locale, OrderView['status'], string, string, string]>([
    ['en-CA', 'cancelled', 'Total charged', 'Refunded', '$24.50'],
    ['en-CA', 'refunded', 'Total charged', 'Refunded', '$24.50'],
    ['fr-CA', 'cancelled', 'Total débité', 'Remboursé', '24,50 $'],
  ])('lists what went back beside what was charged (%s, %s)', (locale, status, charged, refunded, amount) => {
    renderWithProviders(<OrderFacts order={{ ...CARD_PAID, status }} zone="America/Toronto" />, { locale });
    expect(factOf(charged)?.replace(/\u00a0/g, ' ')).toBe(amount);
    expect(factOf(refunded)?.replace(/\u00a0/g, ' ')).toBe(amount);
  });

  it.each<[string, OrderView]>([
    ['still standing', { ...CARD_PAID, status: 'completed' }],
    ['cancelled while its card was only held', { ...CARD_PAID, status: 'cancelled', payment: { ...CARD_PAID.payment, captured: false } }],
    ['cancelled, billed to a cost centre', { ...ORDER, status: 'cancelled' }],
  ])('lists no refund when nothing went back (%s)', (_case, order) => {
    renderWithProviders(<OrderFacts order={order} zone="America/Toronto" />);
    expect(factOf('Refunded')).toBeUndefined();
  });

  // A signed-in diner cancelled it from their profile: the total became credit at the restaurant and
  // the card's charge stands (domain money-back.ts). Never "Refunded".
  it.each<[Locale, string, string, string]>([
    ['en-CA', 'Credited to your account', 'Refunded', '$24.50'],
    ['fr-CA', 'Crédité à votre compte', 'Remboursé', '24,50 $'],
  ])('cancelled for account credit lists the credit and no refund (%s)', (locale, credited, refunded, amount) => {
    renderWithProviders(<OrderFacts order={{ ...CARD_PAID, status: 'cancelled', credited: 2450 }} zone="America/Toronto" />, { locale });
    expect(factOf(credited)?.replace(/\u00a0/g, ' ')).toBe(amount);
    expect(factOf(refunded)).toBeUndefined();
  });
});

// One vendor's order of a marketplace hub's checkout, as the receipt's status link opens it alone: the
// diner paid $31.50 once for two vendors' orders, of which this one's part is $12.25.
const HUB_PART: OrderView = {
  ...ORDER,
  type: 'take-out',
  delivery: null,
  tableLocation: null,
  payment: { method: 'credit_card', brand: 'VISA', last4: '4242', reference: null, amount: 1225 },
  marketplace: {
    checkoutId: 'c1',
    vendor: { id: 6941, slug: 'kits', name: 'Kits Noodle House', names: { 'en-CA': 'Kits Noodle House', 'fr-CA': 'Maison Kits' } },
    lines: [],
    checkoutAmount: 3150,
    orderCount: 2,
  },
};

describe('a hub vendor’s order opened alone (the receipt’s status link)', () => {
  it.each<[Locale, Record<string, string>, string]>([
    [
      'en-CA',
      { Vendor: 'Kits Noodle House', 'This vendor’s part': '$12.25', 'Charged once for the whole order (2 vendors)': '$31.50' },
      'Total charged',
    ],
    [
      'fr-CA',
      {
        Comptoir: 'Maison Kits',
        'Part de ce comptoir': '12,25 $',
        'Débité une seule fois pour toute la commande (2 comptoirs)': '31,50 $',
      },
      'Total débité',
    ],
  ])('names the vendor, its part and the one charge, never its part as the total charged (%s)', (locale, facts, charged) => {
    renderWithProviders(<OrderFacts order={HUB_PART} zone="America/Vancouver" />, { locale });
    for (const [term, value] of Object.entries(facts)) expect(factOf(term)?.replace(/\u00a0/g, ' ')).toBe(value);
    expect(factOf(charged)).toBeUndefined();
  });

  it('under its vendor’s heading in the hub’s split, says its part only (the heading and the split say the rest)', () => {
    renderWithProviders(<OrderFacts order={HUB_PART} zone="America/Vancouver" inSplit />);
    expect(factOf('This vendor’s part')).toBe('$12.25');
    expect(factOf('Vendor')).toBeUndefined();
    expect(factOf('Charged once for the whole order (2 vendors)')).toBeUndefined();
  });

  it('an order placed before the hub total was kept: its part, without a total it cannot know', () => {
    const older = { ...HUB_PART, marketplace: { ...HUB_PART.marketplace!, checkoutAmount: undefined, orderCount: undefined } };
    renderWithProviders(<OrderFacts order={older} zone="America/Vancouver" />);
    expect(factOf('Vendor')).toBe('Kits Noodle House');
    expect(factOf('This vendor’s part')).toBe('$12.25');
    expect(factOf('Total charged')).toBeUndefined();
  });
});

// A school order for Thursday 10 December, as the receipt's status link opens it: stored at noon of
// its day (no one's time), brought to the school with the day's lunches.
const SCHOOL_DAY: OrderView = {
  ...ORDER,
  type: 'school',
  pickup_time: '2026-12-10T17:00:00.000Z',
  delivery: null,
  tableLocation: null,
  payment: { method: 'credit_card', brand: 'VISA', last4: '4242', reference: null, amount: 750 },
  school: {
    date: '2026-12-10',
    checkoutId: 'k1',
    student: { id: null, firstName: 'Rosalie', lastName: 'Guest', school: 'Maple', grade: '3', classroom: '12', teacher: '' },
  },
};

describe('a school order’s status', () => {
  it.each<[Locale, string, string, string]>([
    ['en-CA', 'Day', 'Thursday, December 10', 'Pickup time'],
    ['fr-CA', 'Jour', 'jeudi 10 décembre', 'Heure de cueillette'],
  ])('names its day, not the noon it is stored at (%s)', (locale, term, day, pickup) => {
    renderWithProviders(<OrderFacts order={SCHOOL_DAY} zone="America/Toronto" />, { locale });
    expect(factOf(term)).toBe(day);
    expect(factOf(pickup)).toBeUndefined();
    expect(screen.queryByText(/12:00|12 h 00/)).toBeNull();
  });

  it('leaves a takeout order its pickup time, by the same trait', () => {
    renderWithProviders(<OrderFacts order={{ ...SCHOOL_DAY, type: 'take-out', school: undefined }} zone="America/Toronto" />);
    expect(factOf('Pickup time')).toMatch(/12:00/);
    expect(factOf('Day')).toBeUndefined();
  });
});
