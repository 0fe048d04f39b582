import { fireEvent, screen } from '@testing-library/react';
import type { StaffOrder } from '@servery/contracts/staff';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { OrderCard } from '../order-card';

const ORDER = {
  id: '3f0e6f5c-8a4b-4c1e-9d2a-1b2c3d4e5f60',
  number: 42,
  status: 'placed',
  type: 'dine_in',
  placed_at: '2026-11-24T18:00:00.000Z',
  pickup_time: null,
  scheduled: false,
  items: [],
  contact: { full_name: 'Élodie Gagné', email: null, phone_number: null },
  payment: { method: 'credit_card', brand: 'VISA', last4: '4242', reference: null, amount: 1021 },
  delivery: null,
  tableNum: '3',
  tabOwner: null,
  suite: null,
  payment_captured: true,
  next_statuses: ['accepted'],
  lines: [],
  cancel_reason: null,
  messages: [],
  suite_place: null,
} as unknown as StaffOrder;

const props = {
  order: ORDER,
  zone: 'America/Toronto',
  today: '24/11/2026',
  fresh: false,
  busy: false,
  askingReason: null,
  onAskReason: () => {},
  onMove: () => {},
  onPrint: () => {},
  clockOffset: 0,
  targets: { warning_minutes: 10, late_minutes: 20 },
};

describe('a card on the board and the kitchen printer', () => {
  it('keeps browser printing and offers no printer when the restaurant has none', () => {
    renderWithProviders(<OrderCard {...props} />);
    expect(screen.getByRole('button', { name: 'Print ticket for order #42' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /kitchen printer/ })).toBeNull();
  });

  it.each([
    ['en-CA', 'Print ticket for order #42', 'Send to kitchen printer: order #42', 'Send to kitchen printer'],
    [
      'fr-CA',
      'Imprimer le bon de la commande no 42',
      'Envoyer à l’imprimante de cuisine : commande no 42',
      'Envoyer à l’imprimante de cuisine',
    ],
  ] as const)('sends the ticket to the printer beside browser printing (%s)', (locale, print, send, text) => {
    const sent: StaffOrder[] = [];
    renderWithProviders(<OrderCard {...props} onSendToPrinter={(order) => sent.push(order)} />, { locale });
    expect(screen.getByRole('button', { name: print })).toBeTruthy();
    const button = screen.getByRole('button', { name: send });
    expect(button.textContent).toBe(text);
    fireEvent.click(button);
    expect(sent).toEqual([ORDER]);
  });
});
