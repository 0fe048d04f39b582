import type { OrderView } from '@servery/contracts/orders';
import { act, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../i18n/locales';
import { json } from '../../testing/api-stub';
import { bistroRestaurant, bistroTenant, costsFixture } from '../../testing/restaurant-fixture';
import { renderWithProviders } from '../../testing/render-with-providers';
import { savePlacedOrder } from '../checkout/checkout-storage';
import { CheckoutConfirmationScreen } from './checkout-confirmation-screen';

const ORDER_ID = '3f0e6f5c-8a4b-4c1e-9d2a-1b2c3d4e5f60';
const TOKEN = 'secret-order-token-0123456789';

/** A stand-in EventSource: the test says what the server sends. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  closed = false;
  private listeners = new Map<string, Array<(event: MessageEvent<string>) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(status: string) {
    for (const listener of this.listeners.get('status') ?? []) listener(new MessageEvent('status', { data: JSON.stringify({ status }) }));
  }
  close() {
    this.closed = true;
  }
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
    payment: { method: 'credit_card', brand: 'VISA', last4: '4242', reference: null, amount: 1211 },
    delivery: null,
    tableNum: null,
    tabOwner: null,
  };
}

function renderConfirmation(status: OrderView['status'], locale: Locale = 'en-CA') {
  const restaurant = bistroRestaurant(bistroTenant());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/maple-bistro/data.json') return json(200, restaurant);
      if (url.pathname === `/api/orders/${ORDER_ID}`) return json(200, { order: order(status) });
      return json(404, { code: 404, error: 'NOT_FOUND', message: 'Not found.' });
    }),
  );
  vi.stubGlobal('EventSource', FakeEventSource);
  FakeEventSource.last = null;
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
    const source = FakeEventSource.last as FakeEventSource | null;
    expect(source?.url).toBe(`/api/restaurants/${restaurant.id}/orders/${ORDER_ID}/events?token=${TOKEN}`);
    act(() => source?.send('preparing'));
    expect(statusFact()?.textContent).toBe('Being prepared');
    act(() => source?.send('ready'));
    expect(statusFact()?.textContent).toBe('Ready');
    expect(statusFact()?.closest('[role="status"]')).not.toBeNull();
    act(() => source?.send('completed'));
    expect(source?.closed).toBe(true);
  });

  it('says it in French, and opens no stream for an order already done', async () => {
    renderConfirmation('cancelled', 'fr-CA');
    expect(await screen.findByText('Annulée')).toBeTruthy();
    expect(FakeEventSource.last).toBeNull();
  });
});
