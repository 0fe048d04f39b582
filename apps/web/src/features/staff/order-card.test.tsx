import type { StaffOrder } from '@servery/contracts/staff';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { costsFixture } from '../../testing/restaurant-fixture';
import { renderWithProviders } from '../../testing/render-with-providers';
import { OrderFacts } from './order-card';

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
};

describe('the staff board’s card of a generic catering order', () => {
  it('names its room', () => {
    renderWithProviders(<OrderFacts order={ORDER} zone="America/Toronto" today="2026-10-14" />, { locale: 'fr-CA' });
    expect(screen.getByText(/emplacement Salle Champlain 2/)).toBeTruthy();
  });
});
