import { screen } from '@testing-library/react';
import type { StaffOrder } from '@servery/contracts/staff';
import { describe, expect, it } from 'vitest';
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
