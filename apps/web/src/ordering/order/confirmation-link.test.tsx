/**
 * The confirmation opened from the receipt's "See your order's status" link, in a fresh window (no
 * session storage): the address's order id and token load the order, with its status live; and a suite
 * pre-order, whose owner's card is kept until the suite's tab closes, is never said to be charged.
 */
import type { OrderView } from '@servery/contracts/orders';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../i18n/locales';
import { json } from '../../testing/api-stub';
import { bistroRestaurant, bistroTenant, costsFixture } from '../../testing/restaurant-fixture';
import { renderWithProviders } from '../../testing/render-with-providers';
import { CheckoutConfirmationScreen } from './checkout-confirmation-screen';
import { OrderFacts } from './order-facts';
import { FakeEventSource } from '../../testing/fake-event-source';

const ORDER_ID = '5a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const TOKEN = 'Zx9_linkToken-0123456789abcdefABCDEF';

const takeout: OrderView = {
  id: ORDER_ID,
  number: 58,
  status: 'placed',
  type: 'take-out',
  placed_at: '2026-10-14T17:00:00.000Z',
  pickup_time: '2026-10-14T17:30:00.000Z',
  scheduled: true,
  items: [],
  costs: costsFixture({}),
  contact: { full_name: 'Gail Guest', email: 'gail@example.com', phone_number: null },
  payment: { method: 'credit_card', brand: 'VISA', last4: '4242', reference: null, amount: 1211 },
  delivery: null,
  tableNum: null,
  tabOwner: null,
};

const STUDENT = { id: null, firstName: 'Rosalie', lastName: 'Guest', school: 'Maple', grade: '3', classroom: '12', teacher: '' };

const requested: URL[] = [];

/** The server's clock as its answers say it: the day the fixtures were placed, unless a test moves it. */
const PLACED_DAY_NOW = '2026-10-14T17:05:00.000Z';

function openFromLink(path: string, order: OrderView = takeout, { serverNow = PLACED_DAY_NOW, locale = 'en-CA' as Locale } = {}) {
  const restaurant = bistroRestaurant(bistroTenant());
  requested.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      requested.push(url);
      if (url.pathname === '/maple-bistro/data.json') return json(200, restaurant);
      if (url.pathname === `/api/orders/${ORDER_ID}` && url.searchParams.get('token') === TOKEN)
        return json(200, { order, lines: [], now: serverNow });
      return json(404, { code: 404, error: 'ORDER_NOT_FOUND', message: 'Not found.' });
    }),
  );
  FakeEventSource.install();
  renderWithProviders(
    <Routes>
      <Route path="/:restaurantSlug/order-confirmation" element={<CheckoutConfirmationScreen />} />
    </Routes>,
    // The browser's clock says the day the order was placed; only the server's says how long ago that was.
    { path, locale, now: new Date(PLACED_DAY_NOW) },
  );
  return restaurant;
}

describe('the confirmation opened from the receipt’s link', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the order the address names, in a window that placed nothing, and follows its status', async () => {
    const restaurant = openFromLink(`/maple-bistro/order-confirmation?order=${ORDER_ID}&token=${TOKEN}`);
    expect(await screen.findByText('Thank you! Your order has been placed.')).toBeTruthy();
    expect(screen.getByText('58')).toBeTruthy();
    expect(screen.queryByText('No recent order')).toBeNull();
    const asked = requested.find((url) => url.pathname === `/api/orders/${ORDER_ID}`);
    expect(asked?.searchParams.get('token')).toBe(TOKEN);
    // Live, as for the tab that placed it.
    await waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    expect(FakeEventSource.last?.url).toBe(`/api/restaurants/${restaurant.id}/orders/${ORDER_ID}/events?token=${TOKEN}`);
    act(() => FakeEventSource.last?.send('status', { status: 'ready', refunds: 0 }));
    expect(document.querySelector('.checkout-confirmation__status')?.textContent).toBe('Ready');
    expect(screen.getByRole('link', { name: 'Back to the menu' }).getAttribute('href')).toBe('/maple-bistro');
  });

  it('offers a text when a takeout order is ready, and none for a school order, brought on its day (its type’s schedule)', async () => {
    const path = `/maple-bistro/order-confirmation?order=${ORDER_ID}&token=${TOKEN}`;
    openFromLink(path);
    expect(await screen.findByRole('link', { name: 'Text me when it’s ready' })).toBeTruthy();
    cleanup();
    openFromLink(path, { ...takeout, type: 'school', school: { date: '2026-10-16', checkoutId: 'k1', student: STUDENT } });
    expect(await screen.findByText('Thank you! Your order has been placed.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Text me when it’s ready' })).toBeNull();
    expect(screen.getByText('Friday, October 16')).toBeTruthy();
  });

  it('titles an order opened days later by where it stands, dated by the server’s clock, not the browser’s', async () => {
    const path = `/maple-bistro/order-confirmation?order=${ORDER_ID}&token=${TOKEN}`;
    openFromLink(path, { ...takeout, status: 'completed' }, { serverNow: '2026-10-17T15:00:00.000Z' });
    expect(await screen.findByRole('heading', { name: 'Order picked up' })).toBeTruthy();
    expect(screen.getByText('You placed this order on Wednesday, October 14.')).toBeTruthy();
    expect(screen.queryByText(/Your order has been placed/)).toBeNull();
    cleanup();
    openFromLink(path, { ...takeout, status: 'cancelled' }, { serverNow: '2026-10-17T15:00:00.000Z', locale: 'fr-CA' });
    expect(await screen.findByRole('heading', { name: 'Commande annulée' })).toBeTruthy();
    expect(screen.getByText('Vous avez passé cette commande le mercredi 14 octobre.')).toBeTruthy();
    expect(screen.getByText(/^12,11\s\$ a été remboursé sur VISA se terminant par 4242\.$/)).toBeTruthy();
    expect(screen.queryByText(/Merci/)).toBeNull();
  });

  it('says a cancel for account credit went to the account, never that the card was refunded, in both languages', async () => {
    const path = `/maple-bistro/order-confirmation?order=${ORDER_ID}&token=${TOKEN}`;
    const credited = { ...takeout, status: 'cancelled' as const, credited: 1211 };
    openFromLink(path, credited, { serverNow: '2026-10-17T15:00:00.000Z' });
    expect(await screen.findByRole('heading', { name: 'Order cancelled' })).toBeTruthy();
    expect(screen.getByText('$12.11 was added to your account as credit at this restaurant.')).toBeTruthy();
    expect(screen.queryByText(/refunded to/)).toBeNull();
    cleanup();
    openFromLink(path, credited, { serverNow: '2026-10-17T15:00:00.000Z', locale: 'fr-CA' });
    expect(await screen.findByRole('heading', { name: 'Commande annulée' })).toBeTruthy();
    expect(screen.getByText(/^12,11\s\$ a été ajouté à votre compte en crédit dans ce restaurant\.$/)).toBeTruthy();
    expect(screen.queryByText(/remboursé/)).toBeNull();
  });

  it('says there is no order when the address names none and this window placed none', async () => {
    openFromLink('/maple-bistro/order-confirmation');
    expect(await screen.findByText('No recent order')).toBeTruthy();
  });

  it('answers a wrong token as the server does, with the error and no order', async () => {
    openFromLink(`/maple-bistro/order-confirmation?order=${ORDER_ID}&token=not-the-token`);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByText('58')).toBeNull();
  });
});

const suitePreOrder: OrderView = {
  ...takeout,
  type: 'catering',
  pickup_time: '2026-12-21T02:00:00.000Z',
  costs: costsFixture({}),
  payment: { method: 'credit_card', brand: 'VISA', last4: '4242', reference: null, amount: 45124, captured: false },
  suite: {
    eventSuiteId: 3982,
    eventId: 3971,
    suiteId: 3950,
    kind: 'pre_order',
    deliveryPreference: 'event_start',
    deliverAt: '2026-12-21T02:00:00.000Z',
    ownerUserId: 1,
    operatorUserId: null,
    guestName: null,
  },
};

function factOf(term: string): string | null | undefined {
  const dt = screen.getAllByRole('term').find((element) => element.textContent === term);
  return dt?.nextElementSibling?.textContent;
}

describe('a suite pre-order’s confirmation', () => {
  it.each<[Locale, RegExp, string, string]>([
    ['en-CA', /^\$451\.24, to be charged to Visa •••• 4242 when the suite’s tab closes$/, 'Total', 'Total charged'],
    ['fr-CA', /^451,24\s\$, à débiter de Visa •••• 4242 à la fermeture de l’ardoise de la loge$/, 'Total', 'Total débité'],
  ])('says the kept card is charged when the tab closes, not that it was (%s)', (locale, total, term, charged) => {
    renderWithProviders(<OrderFacts order={suitePreOrder} zone="America/Edmonton" />, { locale });
    expect(factOf(term)).toMatch(total);
    expect(screen.queryByText(charged)).toBeNull();
    expect(screen.queryByText(locale === 'en-CA' ? 'Payment method' : 'Mode de paiement')).toBeNull();
  });

  it.each<[Locale, RegExp]>([
    ['en-CA', /to be charged to your saved card when the suite’s tab closes$/],
    ['fr-CA', /à débiter de votre carte enregistrée à la fermeture de l’ardoise de la loge$/],
  ])('says "your saved card" when the order does not name it (%s)', (locale, total) => {
    const unnamed = { ...suitePreOrder, payment: { ...suitePreOrder.payment, brand: null, last4: null } };
    renderWithProviders(<OrderFacts order={unnamed} zone="America/Edmonton" />, { locale });
    expect(factOf('Total')).toMatch(total);
  });

  it('still says "Total charged" once the tab closed and the card was charged', () => {
    const charged = {
      ...suitePreOrder,
      payment: { method: 'credit_card' as const, brand: 'VISA', last4: '4242', reference: null, amount: 45124 },
    };
    renderWithProviders(<OrderFacts order={charged} zone="America/Edmonton" />, { locale: 'en-CA' });
    expect(factOf('Total charged')).toBe('$451.24');
  });
});
