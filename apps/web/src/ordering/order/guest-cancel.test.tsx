/**
 * The confirmation's ways on (issue 30): "Cancel order" for a guest where the server says
 * `guestCancellable` (a dialog, then the order cancelled and where the money goes), the reason of a
 * restaurant's cancellation, and "Another round" / "Order this again" to the menu with the order's id.
 */
import type { GetOrderResponse, OrderView } from '@servery/contracts/orders';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../i18n/locales';
import { json } from '../../testing/api-stub';
import { bistroRestaurant, bistroTenant, costsFixture } from '../../testing/restaurant-fixture';
import { renderWithProviders } from '../../testing/render-with-providers';
import { savePlacedOrder } from '../checkout/checkout-storage';
import { CheckoutConfirmationScreen } from './checkout-confirmation-screen';

const ORDER_ID = '3f0e6f5c-8a4b-4c1e-9d2a-1b2c3d4e5f61';
const TOKEN = 'secret-order-token-0123456789';

function order(fields: Partial<OrderView> = {}): OrderView {
  return {
    id: ORDER_ID,
    number: 42,
    status: 'placed',
    type: 'take-out',
    placed_at: '2026-10-14T17:00:00.000Z',
    pickup_time: '2026-10-14T17:30:00.000Z',
    scheduled: true,
    items: [],
    costs: costsFixture({}),
    contact: { full_name: 'Dana Diner', email: 'dana@example.com', phone_number: '416-555-0101' },
    payment: { method: 'credit_card', brand: 'VISA', last4: '4242', reference: null, transaction: null, amount: 1211 },
    delivery: null,
    tableNum: null,
    tabOwner: null,
    ...fields,
  };
}

/** The confirmation of `shown`; POST …/cancel answers `cancelled` and from then on GET does too. */
function renderConfirmation(shown: GetOrderResponse, locale: Locale = 'en-CA', tenant = bistroTenant()) {
  const restaurant = bistroRestaurant(tenant);
  let current = shown;
  const cancelled: GetOrderResponse = {
    order: order({ status: 'cancelled', cancelReason: 'Cancelled by the guest.' }),
    lines: [],
    guestCancellable: false,
  };
  const cancel = vi.fn(() => {
    current = cancelled;
    return json(200, cancelled);
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/maple-bistro/data.json') return json(200, restaurant);
      if (url.pathname === `/api/orders/${ORDER_ID}/cancel` && init?.method === 'POST') return cancel();
      if (url.pathname === `/api/orders/${ORDER_ID}`) return json(200, current);
      return json(404, { code: 404, error: 'NOT_FOUND', message: 'Not found.' });
    }),
  );
  savePlacedOrder('maple-bistro', { orderId: ORDER_ID, token: TOKEN, menuPath: '/maple-bistro?takeout=true' });
  renderWithProviders(
    <Routes>
      <Route path="/:restaurantSlug/order-confirmation" element={<CheckoutConfirmationScreen />} />
    </Routes>,
    { path: '/maple-bistro/order-confirmation', locale },
  );
  return cancel;
}

describe('a guest cancels from the confirmation', () => {
  it('asks in a labelled dialog (focus on keeping the order, Escape keeps it), then shows the order cancelled and the refund', async () => {
    const cancel = renderConfirmation({ order: order(), lines: [], guestCancellable: true });
    const button = await screen.findByRole('button', { name: 'Cancel order #42' });

    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #42?' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep my order' }));
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cancel).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel order #42' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('Your order is cancelled. $12.11 goes back to VISA ending in 4242.')).toBeTruthy();
    expect(cancel).toHaveBeenCalledTimes(1);
    // The order is read again: its status, and no button any more.
    await waitFor(() => expect(document.querySelector('.checkout-confirmation__status')?.textContent).toBe('Cancelled'));
    expect(screen.queryByRole('button', { name: 'Cancel order #42' })).toBeNull();
    // Retitled, and the refund said once (the cancellation's own notice), not again under the headline.
    expect(screen.getByRole('heading', { name: 'Order cancelled' })).toBeTruthy();
    expect(screen.queryByText('Thank you! Your order has been placed.')).toBeNull();
    expect(screen.getAllByText(/\$12\.11 (goes back|was refunded)/)).toHaveLength(1);
  });

  it('offers nothing when the server says the guest may not cancel', async () => {
    renderConfirmation({ order: order(), lines: [], guestCancellable: false });
    expect(await screen.findByText('Placed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel order #42' })).toBeNull();
  });

  it('says why the restaurant cancelled the order, in French too', async () => {
    renderConfirmation({ order: order({ status: 'cancelled', cancelReason: 'Cuisine fermée ce soir.' }), lines: [] }, 'fr-CA');
    expect(await screen.findByText('Motif de l’annulation :')).toBeTruthy();
    expect(screen.getByText(/Cuisine fermée ce soir\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Annuler la commande no 42' })).toBeNull();
  });
});

describe('ordering again from the confirmation', () => {
  it('offers "Order this again" on a takeout order, to the takeout menu with the order', async () => {
    renderConfirmation({ order: order(), lines: [] });
    const link = await screen.findByRole('link', { name: 'Order this again' });
    expect(link.getAttribute('href')).toBe(`/maple-bistro?takeout=true&takeoutType=pickup&anotherRoundId=${ORDER_ID}`);
  });

  it('offers "Une autre tournée" at a table, to the same table', async () => {
    const tenant = bistroTenant((file) => {
      file.another_round = true;
    });
    renderConfirmation({ order: order({ type: 'dine_in', pickup_time: null, tableNum: '12' }), lines: [] }, 'fr-CA', tenant);
    const link = await screen.findByRole('link', { name: 'Une autre tournée' });
    expect(link.getAttribute('href')).toBe(`/maple-bistro?tableNum=12&anotherRoundId=${ORDER_ID}`);
  });

  it('offers nothing where the restaurant turned order-again off', async () => {
    const tenant = bistroTenant((file) => {
      file.disable_order_again = true;
    });
    renderConfirmation({ order: order(), lines: [] }, 'en-CA', tenant);
    expect(await screen.findByText('Placed')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Order this again' })).toBeNull();
  });
});
