import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dinerFixture } from '../../testing/account-fixture';
import { renderWithProviders } from '../../testing/render-with-providers';
import { resetSessionStore, signIn } from '../../lib/session';
import type { Locale } from '../../i18n/locales';
import { ScheduledOrdersScreen } from './scheduled-orders-screen';
import { FakeEventSource } from '../../testing/fake-event-source';

const ORDER = {
  id: 'order-1',
  number: 42,
  restaurantId: 3,
  restaurantName: 'Maple Bistro',
  status: 'placed',
  orderType: 'take-out',
  total: 2373,
  placedAt: '2026-03-05T15:00:00.000Z',
  pickupTime: '2026-03-06T17:15:00.000Z',
  restaurantZone: 'America/Vancouver',
  delivery: false,
};

/** The list's answer: these orders. */
const listing = (orders: readonly (typeof ORDER)[]) => async () => new Response(JSON.stringify({ orders }), { status: 200 });

function renderList(locale: Locale = 'en-CA', fetch = vi.fn(listing([ORDER, { ...ORDER, id: 'order-2', number: 43 }]))) {
  vi.stubGlobal('fetch', fetch);
  renderWithProviders(
    <Routes>
      <Route path="/profile/scheduled-orders" element={<ScheduledOrdersScreen />} />
    </Routes>,
    { path: '/profile/scheduled-orders', locale },
  );
}

const statusOf = (number: number) =>
  within(screen.getByRole('link', { name: new RegExp(`#${number}`) }).closest('li')!).getByText(/^(Status|État)$/).nextElementSibling;

beforeEach(() => {
  resetSessionStore();
  signIn({ token: 'secret-token', user: dinerFixture() });
  FakeEventSource.install();
});

describe('the profile’s orders in progress, live', () => {
  it('follow every order of the page on one stream, and announce only the order that moved', async () => {
    renderList();
    await screen.findByRole('link', { name: 'Order #42 at Maple Bistro' });
    expect(FakeEventSource.opened).toHaveLength(1);
    const [source] = FakeEventSource.opened as [FakeEventSource];
    expect(source.url).toBe('/api/auth/orders/events');
    expect(source.init).toEqual({ withCredentials: true });
    expect(statusOf(42)?.textContent).toBe('Placed');
    const region = screen.getAllByRole('status').find((each) => each.classList.contains('visually-hidden'))!;

    // Where each stands, as loaded: nothing to say. Another order of the diner's, not on this page: ignored.
    act(() => {
      source.send('status', { orderId: 'order-1', status: 'placed' });
      source.send('status', { orderId: 'order-2', status: 'placed' });
      source.send('status', { orderId: 'elsewhere', status: 'ready' });
    });
    expect(region.textContent).toBe('');

    act(() => source.send('status', { orderId: 'order-2', status: 'preparing' }));
    expect(statusOf(43)?.textContent).toBe('Being prepared');
    expect(statusOf(42)?.textContent).toBe('Placed');
    expect(region.textContent).toBe('Order #43 at Maple Bistro: Being prepared');
    // The status rows are no live regions of their own: only the one region speaks.
    expect(statusOf(43)?.closest('[aria-live], [role="status"]')).toBeNull();

    act(() => source.send('done', {}));
    expect(source.closed).toBe(true);
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('reads the list again when the stream ends without the last move of an order it shows in progress', async () => {
    // The order was ready when the page read it, and completed before the stream started: the server
    // follows only orders in progress, so its `done` comes without that move (live-statuses.tsx).
    const fetch = vi.fn(listing([{ ...ORDER, status: 'ready' }]));
    renderList('en-CA', fetch);
    await screen.findByRole('link', { name: 'Order #42 at Maple Bistro' });
    expect(statusOf(42)?.textContent).toBe('Ready');
    const [source] = FakeEventSource.opened as [FakeEventSource];
    fetch.mockImplementation(listing([{ ...ORDER, status: 'completed' }]));
    const reads = fetch.mock.calls.length;
    act(() => source.send('done', {}));
    expect(source.closed).toBe(true);
    await waitFor(() => expect(screen.queryByText('Ready')).toBeNull());
    expect(fetch.mock.calls.length).toBe(reads + 1);
    // Nothing is left in progress: no new stream.
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('reads the list again when the stream says an order’s time moved (a suite order moved with its event), once', async () => {
    const fetch = vi.fn(listing([ORDER]));
    renderList('en-CA', fetch);
    const card = (await screen.findByRole('link', { name: 'Order #42 at Maple Bistro' })).closest('li')!;
    const timeOf = () => within(card as HTMLElement).getByText('Pickup time').nextElementSibling?.textContent;
    const before = timeOf();
    expect(before).toMatch(/9:15/);
    const [source] = FakeEventSource.opened as [FakeEventSource];
    const reads = fetch.mock.calls.length;
    // Where it stands, as loaded: nothing to read.
    act(() => source.send('status', { orderId: 'order-1', status: 'placed', pickup_time: ORDER.pickupTime }));
    expect(fetch.mock.calls.length).toBe(reads);

    const later = '2026-03-06T17:45:00.000Z';
    fetch.mockImplementation(listing([{ ...ORDER, pickupTime: later }]));
    act(() => source.send('status', { orderId: 'order-1', status: 'placed', pickup_time: later }));
    await waitFor(() => expect(timeOf()).toMatch(/9:45/));
    expect(fetch.mock.calls.length).toBe(reads + 1);
    // Said once in the page's one status region, as a new status is.
    const region = screen.getAllByRole('status').find((each) => each.classList.contains('visually-hidden'))!;
    expect(region.textContent).toBe('Order #42 at Maple Bistro: new time');
    // The same time again (the page now shows it): no other read, and the status is still the loaded one.
    act(() => source.send('status', { orderId: 'order-1', status: 'placed', pickup_time: later }));
    expect(fetch.mock.calls.length).toBe(reads + 1);
    expect(statusOf(42)?.textContent).toBe('Placed');
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('does not read the list again when the stream ended after every order’s last move', async () => {
    const fetch = vi.fn(listing([{ ...ORDER, status: 'ready' }]));
    renderList('en-CA', fetch);
    await screen.findByRole('link', { name: 'Order #42 at Maple Bistro' });
    const [source] = FakeEventSource.opened as [FakeEventSource];
    const reads = fetch.mock.calls.length;
    act(() => {
      source.send('status', { orderId: 'order-1', status: 'completed' });
      source.send('done', {});
    });
    expect(source.closed).toBe(true);
    expect(fetch.mock.calls.length).toBe(reads);
  });

  it('says it in French', async () => {
    renderList('fr-CA');
    await screen.findByRole('link', { name: 'Commande #42 chez Maple Bistro' });
    const [source] = FakeEventSource.opened as [FakeEventSource];
    act(() => source.send('status', { orderId: 'order-1', status: 'ready' }));
    expect(statusOf(42)?.textContent).toBe('Prête');
    const region = screen.getAllByRole('status').find((each) => each.classList.contains('visually-hidden'));
    expect(region?.textContent).toBe('Commande #42 chez Maple Bistro\u00a0: Prête');
  });
});
