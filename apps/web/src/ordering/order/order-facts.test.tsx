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
