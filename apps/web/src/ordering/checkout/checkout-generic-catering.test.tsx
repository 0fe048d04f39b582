import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { EMPTY_ORDERING_CONFIG } from '@servery/domain/ordering-config';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../i18n/locales';
import { resetSessionStore, signIn } from '../../lib/session';
import { json } from '../../testing/api-stub';
import { dinerFixture } from '../../testing/account-fixture';
import { renderWithProviders } from '../../testing/render-with-providers';
import { BISTRO_OPEN_NOW, bistroRestaurant, bistroTenant, costsFixture } from '../../testing/restaurant-fixture';
import type { CartItem } from '../cart/cart-api';
import type { Cart } from '../cart/use-cart';
import type { PlaceOrderBody } from './checkout-api';
import { CheckoutPanel } from './checkout-panel';

// Generic catering (?genericCatering=true) at a caterer that asks for a signed-in diner, offers no
// pickup and no card, and lists the rooms its orders go to (generic_table_locations).
const SOUP: CartItem = { id: 1101, menu_id: 1010, section_id: 1050, orderId: 1, quantity: 2, orderPrice: 1600, orderOptions: [] };
const PATH = '/maple-bistro?genericCatering=true';

function caterer(change: NonNullable<Parameters<typeof bistroTenant>[0]> = () => {}): PublicRestaurant {
  return bistroRestaurant(
    bistroTenant((file) => {
      file.genericCateringRequiresLogin = true;
      file.genericCateringHideCreditCard = true;
      file.genericCateringShowPickupOption = false;
      file.generic_table_locations = { type: 'custom', locations: 'Salle Champlain:1,Salle Champlain:2,Atrium:1' };
      file.extraPaymentMethods = [{ type: 'cost_center', label: 'Cost centre', localization: { 'fr-CA': { label: 'Centre de coûts' } } }];
      change(file);
    }),
  );
}

function fakeCart(delivery = false): Cart {
  const cart: Partial<Cart> = {
    enabled: true,
    ready: true,
    orderType: 'generic_catering',
    choices: { items: [SOUP], tip: { kind: 'none' }, discountCode: null, voucher: null, delivery, payWhatYouCan: null },
    count: 2,
    costs: costsFixture({ subtotal: 1600, totalWithTip: 1808, amountDue: 1808 }),
    costsStatus: 'idle',
    costsError: null,
    retryCosts: vi.fn(),
    notice: null,
    lineName: () => 'Soup of the day',
    clear: vi.fn(),
    acceptStaleCart: vi.fn(() => true),
  };
  return cart as Cart;
}

const SCHEDULING = {
  zone: 'America/Toronto',
  asap: {
    available: true,
    readyAt: '2026-10-14T17:20:00.000Z',
    prepTime: { hours: 0, minutes: 20 },
    prepTimeLabel: '20 min',
    reason: null,
  },
  timeslots: true,
  interval: 15,
  days: [],
  reason: null,
  labels: { asap: { 'en-CA': 'As soon as possible', 'fr-CA': 'Dès que possible' } },
};

function stubApi(order: () => Response = () => json(500, { code: 500, error: 'INTERNAL', message: 'x' })) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/payment/get-payment-config')
      return json(200, {
        processor: 'sandbox',
        methods: ['cost_center'],
        referenceLabels: { cost_center: 'Cost centre' },
        referenceLabelsLocalized: { cost_center: { 'fr-CA': 'Centre de coûts' } },
        postalCodeRequired: false,
        testMode: true,
        testCards: [],
      });
    if (path === '/api/orders/scheduling') return json(200, SCHEDULING);
    if (path === '/api/orders') return order();
    return json(404, { code: 404, error: 'NOT_FOUND', message: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function bodyOf(fetchMock: ReturnType<typeof stubApi>, path: string): unknown {
  const call = fetchMock.mock.calls.find(([input]) => new URL(String(input), 'http://localhost').pathname === path);
  return JSON.parse(String(call?.[1]?.body ?? 'null'));
}

function LoginProbe() {
  const location = useLocation();
  return <p>Login page {`${location.pathname}${location.search}`}</p>;
}

function renderCheckout(restaurant: PublicRestaurant, cart: Cart, locale: Locale = 'en-CA', path = PATH) {
  const config = {
    ...EMPTY_ORDERING_CONFIG,
    genericCatering: true,
    genericTableLocation: new URLSearchParams(path.split('?')[1]).get('genericTableLocation'),
  };
  return renderWithProviders(
    <Routes>
      <Route
        path="/:restaurantSlug"
        element={
          <CheckoutPanel
            cart={cart}
            restaurant={restaurant}
            ordering={{ ok: true, orderType: 'generic_catering', config }}
            onClose={vi.fn()}
            onStaleCart={vi.fn()}
          />
        }
      />
      <Route path="/login" element={<LoginProbe />} />
    </Routes>,
    { path, locale, now: BISTRO_OPEN_NOW },
  );
}

beforeEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
  resetSessionStore();
});
afterEach(() => resetSessionStore());

describe('generic catering checkout', () => {
  it('sends a guest to sign in, and back to the same menu and mode', async () => {
    stubApi();
    renderCheckout(caterer(), fakeCart(true));
    const login = await screen.findByText(/^Login page/);
    const url = new URL(login.textContent!.replace('Login page ', ''), 'http://localhost');
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('redirect')).toBe('/maple-bistro');
    expect(url.searchParams.get('genericCatering')).toBe('true');
  });

  it('lets a guest check out where the caterer does not ask for sign-in', async () => {
    stubApi();
    renderCheckout(
      caterer((file) => (file.genericCateringRequiresLogin = false)),
      fakeCart(true),
    );
    expect(await screen.findByRole('heading', { name: 'Contact' })).toBeTruthy();
    expect(screen.queryByText(/^Login page/)).toBeNull();
  });

  it('asks for a room from the list, offers only the cost centre, and sends the room chosen', async () => {
    signIn({ token: 'session-token', user: dinerFixture() });
    const fetchMock = stubApi(() =>
      json(400, {
        code: 400,
        error: 'TABLE_LOCATION_NOT_OFFERED',
        message: 'Please choose a location from the list.',
        details: [{ path: 'data.config.genericTableLocation', message: 'notOffered' }],
      }),
    );
    renderCheckout(caterer(), fakeCart(false));
    const room = (await screen.findByRole('combobox', { name: /^Room or table/ })) as HTMLSelectElement;
    expect(room.getAttribute('aria-required')).toBe('true');
    expect([...room.options].map((option) => option.textContent)).toEqual([
      'Choose…',
      'Salle Champlain 1',
      'Salle Champlain 2',
      'Atrium 1',
    ]);
    // No card: the server offers the cost centre only, and asked for generic catering's methods.
    expect(bodyOf(fetchMock, '/api/payment/get-payment-config')).toMatchObject({ genericCatering: true });
    expect(screen.queryByRole('textbox', { name: /^Card number/ })).toBeNull();
    expect(screen.getByRole('textbox', { name: /^Cost centre/ })).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: /^Cost centre/ }), { target: { value: 'CC-1' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Social media' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /^Place order/ }));
    });
    // Nothing is sent without a room.
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/api/orders'))).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(room));
    expect(document.getElementById(room.getAttribute('aria-describedby') ?? '')?.textContent).toBe('This field is required.');

    fireEvent.change(room, { target: { value: 'Salle Champlain:2' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /^Place order/ }));
    });
    const body = bodyOf(fetchMock, '/api/orders') as PlaceOrderBody;
    expect(body.type).toBe('generic_catering');
    expect(body.data.config).toMatchObject({ genericCatering: true, genericTableLocation: 'Salle Champlain:2' });
    expect(body.data.checkout).toMatchObject({ paymentMethod: 'cost_center', costCenter: 'CC-1' });
    // The server's refusal is said on the field.
    expect(document.getElementById(room.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Please choose a location from the list.',
    );
  });

  it('says the room in French, chosen already from the link', async () => {
    signIn({ token: 'session-token', user: dinerFixture() });
    stubApi();
    renderCheckout(caterer(), fakeCart(false), 'fr-CA', `${PATH}&genericTableLocation=Atrium%3A1`);
    const section = (await screen.findByRole('heading', { name: 'Où l’apporter' })).closest('section')!;
    const room = within(section).getByRole('combobox', { name: /^Salle ou table/ }) as HTMLSelectElement;
    expect(room.value).toBe('Atrium:1');
  });

  // Delivered, the order goes where its delivery address says: no room is asked or sent (issue 30 defect 4).
  it('asks for no room when the order is delivered, even from a table’s link', async () => {
    signIn({ token: 'session-token', user: dinerFixture() });
    stubApi();
    renderCheckout(caterer(), fakeCart(true), 'en-CA', `${PATH}&genericTableLocation=Atrium%3A1`);
    expect(await screen.findByRole('heading', { name: 'Contact' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /^Room or table/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Where it goes' })).toBeNull();
  });
});
