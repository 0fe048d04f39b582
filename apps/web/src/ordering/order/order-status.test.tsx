import type { OrderLine, OrderView } from '@servery/contracts/orders';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../i18n/locales';
import { json } from '../../testing/api-stub';
import { bistroRestaurant, bistroTenant, costsFixture } from '../../testing/restaurant-fixture';
import { renderWithProviders } from '../../testing/render-with-providers';
import { savePlacedOrder } from '../checkout/checkout-storage';
import { CheckoutConfirmationScreen } from './checkout-confirmation-screen';
import { FakeEventSource } from '../../testing/fake-event-source';

const ORDER_ID = '3f0e6f5c-8a4b-4c1e-9d2a-1b2c3d4e5f60';
const TOKEN = 'secret-order-token-0123456789';

/** What the server sends: the order's time is the one the test last served unless it says. */
function sendStatus(source: FakeEventSource | null, status: string, refunds = 0, pickupTime: string | null = served.pickup_time) {
  source?.send('status', { status, refunds, pickup_time: pickupTime });
}

function order(status: OrderView['status']): OrderView {
  return {
    id: ORDER_ID,
    number: 42,
    status,
    type: 'take-out',
    placed_at: '2026-10-14T17:00:00.000Z',
    pickup_time: '2026-10-14T17:30:00.000Z',
    scheduled: true,
    items: [],
    costs: costsFixture({}),
    contact: { full_name: 'Dana Diner', email: 'dana@example.com', phone_number: '416-555-0101' },
    payment: { method: 'credit_card', brand: 'VISA', last4: '4242', reference: null, transaction: 'pay_test-reference', amount: 1211 },
    delivery: null,
    tableNum: null,
    tabOwner: null,
  };
}

const LINES: OrderLine[] = [
  {
    orderId: 1,
    quantity: 2,
    name: { 'en-CA': 'Maple Burger', 'fr-CA': 'Burger Maple' },
    options: [
      { name: { 'en-CA': 'Aged cheddar', 'fr-CA': 'Cheddar vieilli' }, quantity: 1, depth: 0 },
      { name: { 'en-CA': 'Bacon', 'fr-CA': 'Bacon' }, quantity: 2, depth: 1 },
    ],
    amount: 1600,
    instructions: 'No pickles',
  },
];

/** What GET /api/orders/:id answers: the test may change it, as staff would on the server. */
let served: OrderView = order('placed');
/** Until this settles, GET /api/orders/:id does not answer (a slow re-read). */
let answerHeld: Promise<void> = Promise.resolve();

function renderConfirmation(status: OrderView['status'], locale: Locale = 'en-CA') {
  served = order(status);
  answerHeld = Promise.resolve();
  const restaurant = bistroRestaurant(bistroTenant());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/maple-bistro/data.json') return json(200, restaurant);
      if (url.pathname === `/api/orders/${ORDER_ID}`) {
        await answerHeld;
        return json(200, { order: served, lines: LINES });
      }
      return json(404, { code: 404, error: 'NOT_FOUND', message: 'Not found.' });
    }),
  );
  FakeEventSource.install();
  savePlacedOrder('maple-bistro', { orderId: ORDER_ID, token: TOKEN, menuPath: '/maple-bistro?takeout=true' });
  renderWithProviders(
    <Routes>
      <Route path="/:restaurantSlug/order-confirmation" element={<CheckoutConfirmationScreen />} />
    </Routes>,
    { path: '/maple-bistro/order-confirmation', locale },
  );
  return restaurant;
}

const statusFact = () => document.querySelector('.checkout-confirmation__status');

describe('the confirmation’s order status, live', () => {
  it('starts at the loaded status and follows the server’s events to ready, announced in the status region', async () => {
    const restaurant = renderConfirmation('placed');
    expect(await screen.findByText('Placed')).toBeTruthy();
    // The stream opens in an effect after the first paint: wait for it rather than race it.
    await waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    const source = FakeEventSource.last;
    expect(source?.url).toBe(`/api/restaurants/${restaurant.id}/orders/${ORDER_ID}/events?token=${TOKEN}`);
    act(() => sendStatus(source, 'preparing'));
    expect(statusFact()?.textContent).toBe('Being prepared');
    act(() => sendStatus(source, 'ready'));
    expect(statusFact()?.textContent).toBe('Ready');
    expect(statusFact()?.closest('[role="status"]')).not.toBeNull();
    act(() => sendStatus(source, 'completed'));
    expect(source?.closed).toBe(true);
  });

  it('retitles the page as the order moves, the new first line announced in the status region, in French too', async () => {
    renderConfirmation('placed', 'fr-CA');
    expect(await screen.findByRole('heading', { name: 'Commande confirmée' })).toBeTruthy();
    await waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    // Staff move it: the stream says so and the order is read again.
    served = { ...served, status: 'ready' };
    act(() => sendStatus(FakeEventSource.last, 'ready'));
    expect(await screen.findByRole('heading', { name: 'Prête pour la cueillette' })).toBeTruthy();
    const lead = screen.getByText('Votre commande vous attend.');
    expect(lead.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByText(/Merci/)).toBeNull();
    served = { ...served, status: 'completed' };
    act(() => sendStatus(FakeEventSource.last, 'completed'));
    expect(await screen.findByRole('heading', { name: 'Commande récupérée' })).toBeTruthy();
  });

  it('shows a partial refund staff give while the page is open, read again when the stream counts it', async () => {
    renderConfirmation('preparing');
    expect(await screen.findByText('Being prepared')).toBeTruthy();
    await waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    served = {
      ...served,
      refunds: [{ id: 'r1', amount: 904, reason: 'Soup was cold', lines: [{ lineId: 1, quantity: 1 }], at: '2026-10-14T17:10:00.000Z' }],
      refundedAmount: 904,
    };
    act(() => sendStatus(FakeEventSource.last, 'preparing', 1));
    expect(await screen.findByText(/Soup was cold/)).toBeTruthy();
    expect(statusFact()?.textContent).toBe('Being prepared');
  });

  it('shows a new time with the status unchanged (a suite order whose event moved), read again when the stream says it', async () => {
    renderConfirmation('accepted');
    // 1:30 p.m. in Toronto (EDT), as loaded.
    expect(await screen.findByText(/1:30\sPM/)).toBeTruthy();
    await waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    served = { ...served, status: 'accepted', pickup_time: '2026-10-14T18:30:00.000Z' };
    act(() => sendStatus(FakeEventSource.last, 'accepted'));
    expect(await screen.findByText(/2:30\sPM/)).toBeTruthy();
    expect(screen.queryByText(/1:30\sPM/)).toBeNull();
    expect(statusFact()?.textContent).toBe('Accepted');
  });

  // The diner cancelled it for account credit in another tab: the stream says "cancelled" before the
  // page has read where the money went. Until it has, no fact says the card got it back.
  it('says nothing of money back between the stream’s cancel and the order read again, then the credit', async () => {
    renderConfirmation('accepted');
    expect(await screen.findByText('Accepted')).toBeTruthy();
    await waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    let release = () => {};
    answerHeld = new Promise((resolve) => (release = resolve));
    served = { ...served, status: 'cancelled', credited: 1211 };
    act(() => sendStatus(FakeEventSource.last, 'cancelled'));
    await waitFor(() => expect(statusFact()?.textContent).toBe('Cancelled'));
    const terms = () => screen.getAllByRole('term').map((term) => term.textContent);
    expect(terms()).not.toContain('Refunded');
    expect(terms()).not.toContain('Credited to your account');
    act(() => release());
    await waitFor(() => expect(terms()).toContain('Credited to your account'));
    expect(terms()).not.toContain('Refunded');
  });

  it('says it in French, and opens no stream for an order already done', async () => {
    renderConfirmation('cancelled', 'fr-CA');
    expect(await screen.findByText('Annulée')).toBeTruthy();
    expect(FakeEventSource.last).toBeNull();
    expect(screen.getByText('2 × Burger Maple')).toBeTruthy();
    expect(screen.getByText('Cheddar vieilli')).toBeTruthy();
    expect(screen.getByText('VISA se terminant par 4242')).toBeTruthy();
  });
});

describe('the confirmation’s order', () => {
  it('lists the items with their options, every cost line of the cart and the payment with its reference', async () => {
    renderConfirmation('placed');
    const items = await screen.findByRole('region', { name: 'Your order' });
    expect(within(items).getByText('2 × Maple Burger')).toBeTruthy();
    expect(within(items).getByText('$16.00')).toBeTruthy();
    expect(within(items).getByText('Aged cheddar')).toBeTruthy();
    expect(within(items).getByText('2 × Bacon')).toBeTruthy();
    expect(within(items).getByText('Instructions: No pickles')).toBeTruthy();

    const costs = screen.getByRole('region', { name: 'Costs' });
    const rows = [...costs.querySelectorAll('.cost-row')].map((row) => row.textContent?.replace(/\s/g, ' '));
    expect(rows).toEqual(['Subtotal$16.00', 'Service charge (18 %)$2.88', 'Taxes$2.45', 'Tip (18 %)$2.88', 'Total$24.21']);

    expect(screen.getByText('VISA ending in 4242')).toBeTruthy();
    // The processor's transaction id is the restaurant's, not the diner's (issue 30 item 8).
    expect(screen.queryByText('pay_test-reference')).toBeNull();
  });
});
