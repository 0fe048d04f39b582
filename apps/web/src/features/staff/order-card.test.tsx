import { screen } from '@testing-library/react';
import type { StaffOrder } from '@servery/contracts/staff';
import { describe, expect, it } from 'vitest';
import { costsFixture } from '../../testing/restaurant-fixture';
import { renderWithProviders } from '../../testing/render-with-providers';
import { OrderFacts } from './order-card';

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
  }) as unknown as StaffOrder;

const MARKET = {
  checkoutId: 'c1',
  vendor: { id: 6941, slug: 'kits', name: 'Kits Noodle House', names: { 'en-CA': 'Kits Noodle House', 'fr-CA': 'Maison Kits' } },
  lines: [],
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
};

describe('the staff board’s card of a generic catering order', () => {
  it('names its room', () => {
    renderWithProviders(<OrderFacts order={ORDER} zone="America/Toronto" today="2026-10-14" />, { locale: 'fr-CA' });
    expect(screen.getByText(/emplacement Salle Champlain 2/)).toBeTruthy();
  });
});
