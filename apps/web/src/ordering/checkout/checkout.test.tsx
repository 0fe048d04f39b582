import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { EMPTY_ORDERING_CONFIG, type OrderingConfig } from '@servery/domain/ordering-config';
import type { OrderType } from '@servery/domain/order-type';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../i18n/locales';
import { resetSessionStore, signIn } from '../../lib/session';
import { dinerFixture } from '../../testing/account-fixture';
import { renderWithProviders } from '../../testing/render-with-providers';
import { BISTRO_OPEN_NOW, bistroRestaurant, bistroTenant, costsFixture } from '../../testing/restaurant-fixture';
import type { CartItem } from '../cart/cart-api';
import type { PlaceOrderBody } from './checkout-api';
import { CheckoutPanel } from './checkout-panel';
import { readPlacedOrder } from './checkout-storage';
import { json } from '../../testing/api-stub';
import type { Cart } from '../cart/use-cart';

const SOUP: CartItem = { id: 1101, menu_id: 1010, section_id: 1050, orderId: 1, quantity: 2, orderPrice: 1600, orderOptions: [] };
const TOKEN = `tok_visa_${'a'.repeat(32)}`;

function fakeCart(choices: Partial<Cart['choices']> = {}): Cart {
  const cart: Partial<Cart> = {
    enabled: true,
    ready: true,
    orderType: 'take-out',
    choices: { items: [SOUP], tip: { kind: 'none' }, discountCode: null, voucher: null, delivery: false, payWhatYouCan: null, ...choices },
    count: 2,
    costs: costsFixture({ subtotal: 1600, totalWithTip: 1808, amountDue: 1808 }),
    costsStatus: 'idle',
    costsError: null,
    retryCosts: vi.fn(),
    notice: null,
    lineName: () => 'Soup of the day',
    clear: vi.fn(),
    acceptStaleCart: vi.fn(() => true),
    groups: [],
    vendorHolds: new Map(),
    setVendorHolds: vi.fn(),
    setItems: vi.fn(),
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
  days: [
    {
      date: '2026-10-14',
      dateLabel: 'Wednesday, October 14',
      slots: [
        {
          start: '2026-10-14T18:00:00.000Z',
          end: '2026-10-14T18:15:00.000Z',
          startTime: '14:00',
          endTime: '14:15',
          label: '14:00-14:15',
          localLabel: '2:00 p.m. – 2:15 p.m.',
          remaining: 2,
        },
      ],
    },
  ],
  reason: null,
  labels: { asap: { 'en-CA': 'As soon as possible', 'fr-CA': 'Dès que possible' } },
};

const ORDER = {
  order: {
    id: '6f1d8a0e-7c2b-4b7e-9a51-0d6f1a2b3c4d',
    number: 42,
    status: 'placed',
    type: 'take-out',
    placed_at: '2026-10-14T17:00:00.000Z',
    pickup_time: '2026-10-14T17:20:00.000Z',
    scheduled: false,
    items: [SOUP],
    costs: costsFixture({ totalWithTip: 1808, amountDue: 1808 }),
    contact: { full_name: 'Dana Diner', email: 'dana@example.com', phone_number: '416-555-0101' },
    payment: { method: 'credit_card', brand: 'VISA', last4: '4242', reference: null, amount: 1808 },
    delivery: null,
    tableNum: null,
    tabOwner: null,
  },
  access_token: 'secret-token-0123456789',
  paymentNotRequired: false,
  replayed: false,
};

type Handler = (body: unknown, headers: Headers) => Response | Promise<Response>;

function stubCheckoutApi(handlers: Partial<Record<string, Handler>> = {}) {
  const defaults: Record<string, Handler> = {
    '/api/payment/get-payment-config': () =>
      json(200, {
        processor: 'sandbox',
        methods: ['credit_card', 'invoice'],
        referenceLabels: { invoice: 'Invoice number' },
        referenceLabelsLocalized: {},
        postalCodeRequired: false,
        testMode: true,
        testCards: [],
      }),
    '/api/orders/scheduling': () => json(200, SCHEDULING),
    '/api/payment/tokenize': () => json(200, { token: TOKEN, brand: 'VISA', last4: '4242', expiry: '1230' }),
    '/api/orders': () => json(201, ORDER),
  };
  const routes = { ...defaults, ...handlers };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const handler = routes[path];
    if (!handler) return json(404, { code: 404, error: 'NOT_FOUND', message: 'Not found.' });
    return handler(JSON.parse(String(init?.body ?? 'null')), new Headers(init?.headers));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function calls(fetchMock: ReturnType<typeof stubCheckoutApi>, path: string) {
  return fetchMock.mock.calls
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === path)
    .map(([, init]) => ({ body: JSON.parse(String(init?.body ?? 'null')) as unknown, headers: new Headers(init?.headers) }));
}

const PICKUP = { orderType: 'take-out' as OrderType, config: { ...EMPTY_ORDERING_CONFIG, takeout: true, takeoutType: 'pickup' as const } };

function renderCheckout(
  locale: Locale = 'en-CA',
  cart: Cart = fakeCart(),
  {
    restaurant = bistroRestaurant(),
    ordering = PICKUP,
    path = '/maple-bistro?takeout=true&takeoutType=pickup',
  }: { restaurant?: PublicRestaurant; ordering?: { orderType: OrderType; config: OrderingConfig }; path?: string } = {},
) {
  const onStaleCart = vi.fn();
  const panel = (
    <CheckoutPanel cart={cart} restaurant={restaurant} ordering={{ ok: true, ...ordering }} onClose={vi.fn()} onStaleCart={onStaleCart} />
  );
  const result = renderWithProviders(
    <Routes>
      <Route path="/:restaurantSlug" element={panel} />
      <Route path="/:restaurantSlug/order-confirmation" element={<p>Confirmation page</p>} />
    </Routes>,
    { path, locale, now: BISTRO_OPEN_NOW },
  );
  return { ...result, cart, onStaleCart };
}

/** After "Place order": the confirmation page, which reads the order back with what was kept. */
async function expectConfirmationPage() {
  expect(await screen.findByText('Confirmation page')).toBeTruthy();
  expect(readPlacedOrder('maple-bistro')).toEqual({
    orderId: ORDER.order.id,
    token: ORDER.access_token,
    menuPath: expect.stringMatching(/^\/maple-bistro\?/) as unknown as string,
  });
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });

async function fillValidForm(card = '4242424242424242') {
  await screen.findByRole('heading', { name: 'Contact' });
  fireEvent.click(screen.getByRole('radio', { name: 'Social media' }));
  fireEvent.change(field(/^Full name/), { target: { value: 'Dana Diner' } });
  fireEvent.change(field(/^Email/), { target: { value: 'dana@example.com' } });
  fireEvent.change(field(/^Phone number/), { target: { value: '4165550101' } });
  fireEvent.change(field(/^Card number/), { target: { value: card } });
  fireEvent.change(field(/^Expiry date/), { target: { value: '1230' } });
  fireEvent.change(field(/^Security code/), { target: { value: '123' } });
}

const placeOrderButton = () => screen.getByRole('button', { name: /^Place order/ });

beforeEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
  resetSessionStore();
});

afterEach(() => {
  resetSessionStore();
});

describe('checkout form fields', () => {
  it('formats the card number, expiry and phone as typed, and shows the card type', async () => {
    stubCheckoutApi();
    renderCheckout();
    await fillValidForm();
    expect((field(/^Card number/) as HTMLInputElement).value).toBe('4242-4242-4242-4242');
    expect(screen.getByText('Card type: Visa')).toBeTruthy();
    expect((field(/^Expiry date/) as HTMLInputElement).value).toBe('12/30');
    expect((field(/^Phone number/) as HTMLInputElement).value).toBe('416-555-0101');
    fireEvent.change(field(/^Card number/), { target: { value: '378282246310005' } });
    expect((field(/^Card number/) as HTMLInputElement).value).toBe('3782-8224-6310-005');
    expect(screen.getByText('Card type: American Express')).toBeTruthy();
    // ASAP is offered, preselected, with the server's ready time (the kitchen queue's wait included,
    // decision 0131) as a clock time in the restaurant's zone and as a wait, read with the radio.
    const asap = screen.getByRole('radio', { name: 'As soon as possible' }) as HTMLInputElement;
    expect(asap.checked).toBe(true);
    expect(screen.getByText('Earliest: about 1:20 PM (in about 20 min)')).toBeTruthy();
    expect(asap.getAttribute('aria-describedby')).toBe(screen.getByText(/^Earliest: about/).id);
  });

  it('shows the spec’s field messages and sends nothing while the form is invalid', async () => {
    const fetchMock = stubCheckoutApi();
    renderCheckout();
    await screen.findByRole('heading', { name: 'Contact' });
    fireEvent.change(field(/^Email/), { target: { value: 'dana@' } });
    fireEvent.change(field(/^Card number/), { target: { value: '4242424242424241' } });
    fireEvent.change(field(/^Expiry date/), { target: { value: '1320' } });
    fireEvent.change(field(/^Security code/), { target: { value: '12' } });
    fireEvent.click(placeOrderButton());

    const messageOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(messageOf(field(/^Full name/))).toBe('This field is required.');
    expect(messageOf(field(/^Email/))).toBe('Enter a valid email address.');
    expect(messageOf(field(/^Phone number/))).toBe('This field is required.');
    expect(messageOf(field(/^Card number/))).toBe('Enter a valid credit card number.');
    expect(messageOf(field(/^Expiry date/))).toBe('Enter a valid expiry date (MM/YY).');
    expect(messageOf(field(/^Security code/))).toBe('Enter at least 3 characters.');
    expect(field(/^Card number/).getAttribute('aria-invalid')).toBe('true');
    const question = screen.getByRole('radiogroup', { name: /How did you hear about us\?/ });
    expect(question.getAttribute('aria-invalid')).toBe('true');
    // The first field with a message in the page's order: the restaurant's question comes before the contact.
    expect(document.activeElement).toBe(question);
    expect(calls(fetchMock, '/api/payment/tokenize')).toHaveLength(0);
    expect(calls(fetchMock, '/api/orders')).toHaveLength(0);
  });

  it('says the messages and the questions in French', async () => {
    stubCheckoutApi();
    renderCheckout('fr-CA');
    await screen.findByRole('heading', { name: 'Coordonnées' });
    expect(screen.getByRole('radio', { name: 'Réseaux sociaux' })).toBeTruthy();
    expect(screen.getByText('Au plus tôt : vers 13 h 20 (dans environ 20 min)')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /^Courriel/ }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: /^Passer la commande/ }));
    expect(screen.getByText('Entrez une adresse courriel valide.')).toBeTruthy();
    expect(screen.getAllByText('Ce champ est obligatoire.').length).toBeGreaterThan(0);
  });

  it.each([
    [
      'en-CA',
      {
        question: 'Social media',
        name: /^Full name/,
        email: /^Email/,
        phone: /^Phone number/,
        card: /^Card number/,
        expiry: /^Expiry date/,
        cvd: /^Security code/,
        place: /^Place order/,
      },
      'Enter a valid expiry date (MM/YY).',
    ],
    [
      'fr-CA',
      {
        question: 'Réseaux sociaux',
        name: /^Nom complet/,
        email: /^Courriel/,
        phone: /^Numéro de téléphone/,
        card: /^Numéro de carte/,
        expiry: /^Date d’expiration/,
        cvd: /^Code de sécurité/,
        place: /^Passer la commande/,
      },
      'Entrez une date d’expiration valide (MM/AA).',
    ],
  ] as const)('one invalid field in a valid form (%s): its message, the focus on it, and nothing sent', async (locale, words, message) => {
    const fetchMock = stubCheckoutApi();
    renderCheckout(locale);
    fireEvent.click(await screen.findByRole('radio', { name: words.question }));
    fireEvent.change(field(words.name), { target: { value: 'Dana Diner' } });
    fireEvent.change(field(words.email), { target: { value: 'dana@example.com' } });
    fireEvent.change(field(words.phone), { target: { value: '4165550101' } });
    fireEvent.change(field(words.card), { target: { value: '4242424242424242' } });
    fireEvent.change(field(words.expiry), { target: { value: '1320' } });
    fireEvent.change(field(words.cvd), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: words.place }));
    const expiry = field(words.expiry);
    expect(document.activeElement).toBe(expiry);
    expect(document.getElementById(expiry.getAttribute('aria-describedby') ?? '')?.textContent).toBe(message);
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(1);
    expect(calls(fetchMock, '/api/payment/tokenize')).toHaveLength(0);
    expect(calls(fetchMock, '/api/orders')).toHaveLength(0);
  });

  it('clears the other method’s fields when the payment method changes', async () => {
    stubCheckoutApi();
    renderCheckout();
    await fillValidForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Invoice number' }));
    expect(screen.queryByRole('textbox', { name: /^Card number/ })).toBeNull();
    fireEvent.change(field(/^Invoice number/), { target: { value: 'INV-7' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Credit card' }));
    expect((field(/^Card number/) as HTMLInputElement).value).toBe('');
    expect((field(/^Expiry date/) as HTMLInputElement).value).toBe('');
    expect((field(/^Security code/) as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByRole('radio', { name: 'Invoice number' }));
    expect((field(/^Invoice number/) as HTMLInputElement).value).toBe('');
  });
});

describe('placing the order', () => {
  it('tokenises the card, sends only its token with the Idempotency-Key, then confirms and clears the cart', async () => {
    const fetchMock = stubCheckoutApi();
    const { cart } = renderCheckout();
    await fillValidForm();
    await act(async () => {
      fireEvent.click(placeOrderButton());
    });
    await expectConfirmationPage();
    expect(cart.clear).toHaveBeenCalledTimes(1);

    expect(calls(fetchMock, '/api/payment/tokenize')[0]?.body).toEqual({
      number: '4242424242424242',
      expiry: '1230',
      cvd: '123',
      postal_code: '',
    });
    const [placed] = calls(fetchMock, '/api/orders');
    const body = placed?.body as PlaceOrderBody;
    expect(placed?.headers.get('Idempotency-Key')).toMatch(/^[\w.:-]{8,100}$/);
    expect(body.data.checkout).toMatchObject({
      paymentMethod: 'credit_card',
      card: { token: TOKEN },
      pickup: { delivery: false, scheduled: false },
      contact: { full_name: 'Dana Diner', email: 'dana@example.com', phone_number: '416-555-0101' },
      questions: [{ id: 1920, answers: [1] }],
    });
    expect(JSON.stringify(body)).not.toContain('4242424242424242');
    expect(body.data.items).toEqual([SOUP]);
  });

  it('reuses the Idempotency-Key (and the card token) when the same attempt is sent again, and a double click sends once', async () => {
    let first = true;
    const fetchMock = stubCheckoutApi({
      '/api/orders': () => {
        if (first) {
          first = false;
          throw new TypeError('Failed to fetch');
        }
        return json(201, ORDER);
      },
    });
    renderCheckout();
    await fillValidForm();
    await act(async () => {
      fireEvent.click(placeOrderButton());
      fireEvent.click(placeOrderButton());
    });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(calls(fetchMock, '/api/orders')).toHaveLength(1);

    await act(async () => {
      fireEvent.click(placeOrderButton());
    });
    await screen.findByText('Confirmation page');
    const placed = calls(fetchMock, '/api/orders');
    expect(placed).toHaveLength(2);
    expect(placed[1]?.headers.get('Idempotency-Key')).toBe(placed[0]?.headers.get('Idempotency-Key'));
    expect(calls(fetchMock, '/api/payment/tokenize')).toHaveLength(1);
  });

  it('a declined card says why, keeps the cart and the form, and clears only the card number and CVD', async () => {
    const fetchMock = stubCheckoutApi({
      '/api/orders': () => json(402, { code: 410, error: 'TRANSACTION_FAILED', message: 'Declined.' }),
    });
    const { cart } = renderCheckout();
    await fillValidForm('4000000000000002');
    await act(async () => {
      fireEvent.click(placeOrderButton());
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The payment could not be completed.');
    expect(cart.clear).not.toHaveBeenCalled();
    expect(screen.queryByText('Order confirmed')).toBeNull();
    expect((field(/^Card number/) as HTMLInputElement).value).toBe('');
    expect((field(/^Security code/) as HTMLInputElement).value).toBe('');
    expect((field(/^Email/) as HTMLInputElement).value).toBe('dana@example.com');
    expect((field(/^Expiry date/) as HTMLInputElement).value).toBe('12/30');

    // The next try is a new attempt: a new key and a new token.
    fireEvent.change(field(/^Card number/), { target: { value: '4242424242424242' } });
    fireEvent.change(field(/^Security code/), { target: { value: '123' } });
    await act(async () => {
      fireEvent.click(placeOrderButton());
    });
    await waitFor(() => expect(calls(fetchMock, '/api/orders')).toHaveLength(2));
    const [one, two] = calls(fetchMock, '/api/orders');
    expect(two?.headers.get('Idempotency-Key')).not.toBe(one?.headers.get('Idempotency-Key'));
    expect(calls(fetchMock, '/api/payment/tokenize')).toHaveLength(2);
  });

  it('a stale cart goes back to the cart with the server’s fresh lines', async () => {
    const stale = { ...SOUP, orderPrice: 1800 };
    stubCheckoutApi({
      '/api/orders': () =>
        json(428, {
          code: 428,
          error: 'ITEM_PRICE_CHANGED',
          message: 'Price changed.',
          invalid_items: [{ orderId: 1, id: 1101, error: 'ITEM_PRICE_CHANGED', code: 428 }],
          items: [stale],
        }),
    });
    const { cart, onStaleCart } = renderCheckout();
    await fillValidForm();
    await act(async () => {
      fireEvent.click(placeOrderButton());
    });
    await waitFor(() => expect(onStaleCart).toHaveBeenCalledTimes(1));
    expect(cart.acceptStaleCart).toHaveBeenCalledWith(expect.objectContaining({ items: [stale] }), [SOUP]);
    expect(cart.clear).not.toHaveBeenCalled();
  });
});

describe('pickup time', () => {
  it('offers the first slot when ASAP is not available', async () => {
    stubCheckoutApi({
      '/api/orders/scheduling': () => json(200, { ...SCHEDULING, asap: { ...SCHEDULING.asap, available: false, readyAt: null } }),
    });
    renderCheckout();
    const section = (await screen.findByRole('heading', { name: 'Pickup time' })).closest('section') as HTMLElement;
    expect(within(section).queryByRole('radio', { name: 'As soon as possible' })).toBeNull();
    expect((within(section).getByRole('radio', { name: 'Schedule for later' }) as HTMLInputElement).checked).toBe(true);
    expect((within(section).getByRole('combobox', { name: 'Time' }) as HTMLSelectElement).value).toBe('14:00');
  });
});

const messageOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((ref) => document.getElementById(ref)?.textContent ?? '')
    .join(' ')
    .trim();

const DELIVERY = {
  orderType: 'take-out' as OrderType,
  config: { ...EMPTY_ORDERING_CONFIG, takeout: true, takeoutType: 'delivery' as const },
};

describe('delivery', () => {
  const renderDelivery = (locale: Locale = 'en-CA') =>
    renderCheckout(locale, fakeCart({ delivery: true }), { ordering: DELIVERY, path: '/maple-bistro?takeout=true&takeoutType=delivery' });

  it('asks for the street address, the restaurant’s buzzer line and the postal code, and a delivery time', async () => {
    stubCheckoutApi();
    renderDelivery();
    const section = (await screen.findByRole('heading', { name: 'Delivery address' })).closest('section') as HTMLElement;
    expect(within(section).getByRole('textbox', { name: /^Street address/ })).toBeTruthy();
    expect(within(section).getByRole('textbox', { name: 'Buzzer or unit number' })).toBeTruthy();
    expect(within(section).getByRole('textbox', { name: /^Postal or ZIP code/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Delivery time' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Pickup time' })).toBeNull();

    await fillValidForm();
    fireEvent.change(field(/^Postal or ZIP code/), { target: { value: '12' } });
    fireEvent.click(placeOrderButton());
    expect(messageOf(field(/^Street address/))).toBe('This field is required.');
    expect(messageOf(field(/^Postal or ZIP code/))).toBe('Enter a valid postal or ZIP code.');
    await waitFor(() => expect(document.activeElement).toBe(field(/^Street address/)));
  });

  it('sends the address with its type, and shows the server’s radius refusal on the postal code, focused, keeping the cart', async () => {
    const fetchMock = stubCheckoutApi({
      '/api/orders': () =>
        json(422, {
          code: 422,
          error: 'DELIVERY_OUTSIDE_RADIUS',
          message: 'Outside.',
          details: [{ path: 'data.checkout.delivery.postalCode', message: 'DELIVERY_OUTSIDE_RADIUS' }],
        }),
    });
    const { cart } = renderDelivery();
    await fillValidForm();
    fireEvent.change(field(/^Street address/), { target: { value: ' 10  Yonge St ' } });
    fireEvent.change(field(/^Buzzer or unit/), { target: { value: '1203' } });
    fireEvent.change(field(/^Postal or ZIP code/), { target: { value: 'l4c 1a1' } });
    await act(async () => {
      fireEvent.click(placeOrderButton());
    });
    const postal = field(/^Postal or ZIP code/);
    await waitFor(() => expect(messageOf(postal)).toBe('This address is outside our delivery area.'));
    expect(postal.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(postal));
    expect(cart.clear).not.toHaveBeenCalled();
    const body = calls(fetchMock, '/api/orders')[0]?.body as PlaceOrderBody;
    expect(body.data.checkout.delivery).toEqual({
      type: 'default_address',
      address: '10 Yonge St',
      location: '1203',
      postalCode: 'L4C 1A1',
    });
    expect(body.data.checkout.pickup?.delivery).toBe(true);
  });

  it('says the refusal and the labels in French', async () => {
    stubCheckoutApi({
      '/api/orders': () =>
        json(422, {
          code: 422,
          error: 'DELIVERY_OUTSIDE_RADIUS',
          message: 'Outside.',
          details: [{ path: 'data.checkout.delivery.postalCode', message: 'DELIVERY_OUTSIDE_RADIUS' }],
        }),
    });
    renderDelivery('fr-CA');
    await screen.findByRole('heading', { name: 'Adresse de livraison' });
    expect(screen.getByRole('textbox', { name: 'Numéro d’interphone ou d’appartement' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Réseaux sociaux' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^Nom complet/ }), { target: { value: 'Dana Diner' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Courriel/ }), { target: { value: 'dana@example.com' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Numéro de téléphone/ }), { target: { value: '4165550101' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Numéro de carte/ }), { target: { value: '4242424242424242' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Date d’expiration/ }), { target: { value: '1230' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Code de sécurité/ }), { target: { value: '123' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Adresse civique/ }), { target: { value: '1 rue Yonge' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Code postal ou ZIP/ }), { target: { value: 'L4C1A1' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /^Passer la commande/ }));
    });
    expect(await screen.findByText('Cette adresse est hors de notre zone de livraison.')).toBeTruthy();
  });

  it('offers the restaurant’s schools with their grades, classrooms and teachers', async () => {
    const fetchMock = stubCheckoutApi();
    const restaurant = bistroRestaurant(
      bistroTenant((file) => {
        file.delivery = {
          type: 'custom',
          schools: [{ name: 'Maple Grove', grades: 'K,1', classrooms: '101,102', teachers: 'Ms. Chen,Mr. Dubois' }],
          stadium_sections: '101,102',
        };
      }),
    );
    renderCheckout('en-CA', fakeCart({ delivery: true }), { restaurant, ordering: DELIVERY });
    await screen.findByRole('heading', { name: 'Delivery address' });
    fireEvent.click(screen.getByRole('radio', { name: 'A school' }));
    fireEvent.change(screen.getByRole('combobox', { name: /^School/ }), { target: { value: 'Maple Grove' } });
    expect(
      within(screen.getByRole('combobox', { name: /^Teacher/ }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose…', 'Ms. Chen', 'Mr. Dubois']);
    fireEvent.change(screen.getByRole('combobox', { name: /^Grade/ }), { target: { value: '1' } });
    fireEvent.change(screen.getByRole('combobox', { name: /^Classroom/ }), { target: { value: '102' } });
    fireEvent.change(screen.getByRole('combobox', { name: /^Teacher/ }), { target: { value: 'Mr. Dubois' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Student’s name/ }), { target: { value: 'Sam' } });
    await fillValidForm();
    await act(async () => {
      fireEvent.click(placeOrderButton());
    });
    await screen.findByText('Confirmation page');
    expect((calls(fetchMock, '/api/orders')[0]?.body as PlaceOrderBody).data.checkout.delivery).toEqual({
      type: 'school',
      student: 'Sam',
      school: 'Maple Grove',
      grade: '1',
      classroom: '102',
      teacher: 'Mr. Dubois',
    });
  });
});

describe('delivery to one of the restaurant’s listed locations', () => {
  const venueRestaurant = () =>
    bistroRestaurant(
      bistroTenant((file) => {
        file.delivery = { type: 'custom', custom_locations: 'Centre PHI,Gare Windsor' };
      }),
    );

  it.each([
    [
      'en-CA',
      'Delivery location',
      'Room, floor or suite',
      'Remove the invisible control characters from this text (they may come from a paste).',
    ],
    [
      'fr-CA',
      'Lieu de livraison',
      'Salle, étage ou bureau',
      'Retirez les caractères de contrôle invisibles de ce texte (ils peuvent venir d’un collage).',
    ],
  ] as const)(
    '(%s) asks for the room, floor or suite after the location, optional, and refuses a pasted control character',
    async (locale, place, label, message) => {
      const fetchMock = stubCheckoutApi();
      renderCheckout(locale, fakeCart({ delivery: true }), { restaurant: venueRestaurant(), ordering: DELIVERY });
      const location = await screen.findByRole('combobox', { name: new RegExp(`^${place}`) });
      const detail = screen.getByRole('textbox', { name: label }) as HTMLInputElement;
      // Optional (not marked required), limited, and after the location it belongs to.
      expect(detail.required).toBe(false);
      expect(detail.maxLength).toBe(100);
      expect(location.compareDocumentPosition(detail) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      fireEvent.change(detail, { target: { value: 'Floor 12\u0007' } });
      fireEvent.click(screen.getByRole('button', { name: locale === 'en-CA' ? /^Place order/ : /^Passer la commande/ }));
      await waitFor(() => expect(messageOf(detail)).toBe(message));
      expect(calls(fetchMock, '/api/orders')).toHaveLength(0);
    },
  );

  it('sends the room with the location, trimmed, and nothing when left empty', async () => {
    const fetchMock = stubCheckoutApi();
    renderCheckout('en-CA', fakeCart({ delivery: true }), { restaurant: venueRestaurant(), ordering: DELIVERY });
    fireEvent.change(await screen.findByRole('combobox', { name: /^Delivery location/ }), { target: { value: 'Centre PHI' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Room, floor or suite' }), { target: { value: '  Floor 12,  suite 1204 ' } });
    await fillValidForm();
    await act(async () => {
      fireEvent.click(placeOrderButton());
    });
    await screen.findByText('Confirmation page');
    expect((calls(fetchMock, '/api/orders')[0]?.body as PlaceOrderBody).data.checkout.delivery).toEqual({
      type: 'custom_location',
      location: 'Centre PHI',
      detail: 'Floor 12, suite 1204',
    });
  });
});

describe('dine-in, tabs and catering', () => {
  it('shows the table number, asks for no pickup time, and puts the order on a tab under the contact’s name', async () => {
    const fetchMock = stubCheckoutApi();
    const restaurant = bistroRestaurant(
      bistroTenant((file) => {
        file.allow_open_tab = true;
      }),
    );
    renderCheckout('en-CA', fakeCart(), {
      restaurant,
      ordering: { orderType: 'dine_in', config: { ...EMPTY_ORDERING_CONFIG, tableNum: '12' } },
      path: '/maple-bistro?tableNum=12',
    });
    const review = (await screen.findByRole('heading', { name: 'Review your order' })).closest('section') as HTMLElement;
    expect(within(review).getByText('Table 12')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Pickup time' })).toBeNull();
    await fillValidForm();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Put this order on a tab' }));
    expect((field(/^Name on the tab/) as HTMLInputElement).value).toBe('Dana Diner');
    fireEvent.change(field(/^Name on the tab/), { target: { value: 'Sam Lee' } });
    await act(async () => {
      fireEvent.click(placeOrderButton());
    });
    await screen.findByText('Confirmation page');
    const body = calls(fetchMock, '/api/orders')[0]?.body as PlaceOrderBody;
    expect(body.type).toBe('dine_in');
    expect(body.data.checkout.tab).toEqual({ owner: 'Sam Lee' });
    expect(body.data.config?.tableNum).toBe('12');
    expect(calls(fetchMock, '/api/orders/scheduling')).toHaveLength(0);
  });

  it('says the catering minimum, and the server’s refusal below it with the amount', async () => {
    stubCheckoutApi({
      '/api/orders': () => json(409, { code: 400, error: 'BELOW_CATERING_MINIMUM', message: 'Below.' }),
    });
    const restaurant = bistroRestaurant(
      bistroTenant((file) => {
        file.catering = true;
        file.min_catering_amount = '150.00';
      }),
    );
    renderCheckout('en-CA', fakeCart(), {
      restaurant,
      ordering: { orderType: 'catering', config: { ...EMPTY_ORDERING_CONFIG, catering: true } },
      path: '/maple-bistro?catering=true',
    });
    await screen.findByText('Catering orders start at $150.00 before tax.');
    expect(screen.getByText(/to reach the \$150\.00 minimum/)).toBeTruthy();
    await fillValidForm();
    await act(async () => {
      fireEvent.click(placeOrderButton());
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This catering order is below the minimum amount. Catering orders start at $150.00 before tax.',
    );
  });
});

const DINER = dinerFixture({
  paymentMethods: [
    { paymentCardId: 'pc_1', isDefault: false, brand: 'MC', last4: '4444', expiry: '0129' },
    { paymentCardId: 'pc_2', isDefault: true, brand: 'VISA', last4: '4242', expiry: '1230' },
  ],
});

describe('signed-in diner', () => {
  it('fills the contact from the account and pays with the default saved card, as the diner', async () => {
    signIn({ token: 'session-token', user: DINER });
    const fetchMock = stubCheckoutApi();
    renderCheckout();
    await screen.findByRole('heading', { name: 'Contact' });
    expect((field(/^Full name/) as HTMLInputElement).value).toBe('Dana Diner');
    expect((field(/^Email/) as HTMLInputElement).value).toBe('diner@example.com');
    expect((field(/^Phone number/) as HTMLInputElement).value).toBe('416-555-0101');
    const saved = await screen.findByRole('radio', { name: /^Visa ending in 4242/ });
    expect((saved as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('radio', { name: /^Mastercard ending in 4444 · expires 01\/29/ })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /^Card number/ })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /Create an account/ })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Social media' }));
    await act(async () => {
      fireEvent.click(placeOrderButton());
    });
    await screen.findByText('Confirmation page');
    expect(calls(fetchMock, '/api/payment/tokenize')).toHaveLength(0);
    const [placed] = calls(fetchMock, '/api/orders');
    expect(placed?.headers.get('Authorization')).toBe('Bearer session-token');
    expect((placed?.body as PlaceOrderBody).data.checkout).toMatchObject({
      paymentMethod: 'credit_card',
      card: null,
      chosenCreditCard: 'pc_2',
    });
  });

  it('a new card may be saved on the account', async () => {
    signIn({ token: 'session-token', user: DINER });
    const fetchMock = stubCheckoutApi();
    renderCheckout();
    fireEvent.click(await screen.findByRole('radio', { name: 'Use a new card' }));
    await fillValidForm();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Save this card for next time' }));
    await act(async () => {
      fireEvent.click(placeOrderButton());
    });
    await screen.findByText('Confirmation page');
    const checkout = (calls(fetchMock, '/api/orders')[0]?.body as PlaceOrderBody).data.checkout;
    expect(checkout).toMatchObject({ card: { token: TOKEN }, savePaymentMethodOnCheckout: true });
    expect(checkout.chosenCreditCard).toBeUndefined();
  });
});

describe('an account created at checkout', () => {
  it('shows the password rule, refuses a weak password, and says an e-mail already used on the e-mail field', async () => {
    const fetchMock = stubCheckoutApi({
      '/api/auth/register-user': () => json(409, { code: 409, error: 'EMAIL_TAKEN', message: 'Taken.' }),
    });
    renderCheckout();
    await fillValidForm();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Create an account with these details' }));
    const password = screen.getByLabelText(/^Password/);
    expect(messageOf(password)).toContain('At least 8 characters');
    fireEvent.change(password, { target: { value: 'short' } });
    fireEvent.click(placeOrderButton());
    expect(messageOf(password)).toContain('Enter at least 8 characters.');
    expect(calls(fetchMock, '/api/auth/register-user')).toHaveLength(0);

    fireEvent.change(password, { target: { value: 'Secret1!x' } });
    await act(async () => {
      fireEvent.click(placeOrderButton());
    });
    await waitFor(() => expect(messageOf(field(/^Email/))).toContain('An account already uses this e-mail.'));
    await waitFor(() => expect(document.activeElement).toBe(field(/^Email/)));
    expect(calls(fetchMock, '/api/orders')).toHaveLength(0);
  });

  it('creates the account, signs in and places the order as the new user', async () => {
    const fetchMock = stubCheckoutApi({
      '/api/auth/register-user': () => json(200, { token: 'new-token', user: { ...DINER, id: 9, paymentMethods: [] } }),
    });
    renderCheckout();
    await fillValidForm();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Create an account with these details' }));
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Secret1!x' } });
    await act(async () => {
      fireEvent.click(placeOrderButton());
    });
    await screen.findByText('Confirmation page');
    expect(calls(fetchMock, '/api/auth/register-user')[0]?.body).toEqual({
      firstName: 'Dana',
      lastName: 'Diner',
      email: 'dana@example.com',
      password: 'Secret1!x',
      phoneNumber: '4165550101',
      registerAtCheckout: true,
    });
    expect(calls(fetchMock, '/api/orders')[0]?.headers.get('Authorization')).toBe('Bearer new-token');
    expect(JSON.parse(localStorage.getItem('servery.session') ?? '{}')).toEqual({ token: 'new-token', userId: 9 });
  });
});

describe("a marketplace hub's take-out checkout", () => {
  const VENDOR = (id: number, name: string) => ({ id, slug: `v${id}`, name, names: { 'en-CA': name } });
  const hub = (): PublicRestaurant => ({
    ...bistroRestaurant(),
    marketplaceHub: true,
    vendors: [
      {
        id: 1,
        name: 'Tidewater',
        slug: 'tidewater',
        description: '',
        orders_paused: false,
        asap_paused: false,
        orders_paused_message: {},
        hours: null,
        localization: {},
      },
      {
        id: 2,
        name: 'Kits',
        slug: 'kits',
        description: '',
        orders_paused: false,
        asap_paused: false,
        orders_paused_message: {},
        hours: null,
        localization: {},
      },
    ],
  });

  it('places one checkout as one order per vendor, once, and keeps every order and the one charge for the confirmation', async () => {
    const placed = {
      checkoutId: '0b8f7a52-3f55-4b1a-9d8e-2f3c4d5e6f70',
      orders: [
        { order: ORDER.order, vendor: VENDOR(1, 'Tidewater'), access_token: 'token-one-0123456789' },
        { order: { ...ORDER.order, id: 'second-order', number: 43 }, vendor: VENDOR(2, 'Kits'), access_token: 'token-two-0123456789' },
      ],
      total: { amountDue: 1808 },
      payment: { method: 'credit_card', brand: 'VISA', last4: '4242', amount: 1808 },
      paymentNotRequired: false,
      replayed: false,
    };
    const fetchMock = stubCheckoutApi({ '/api/orders/create-marketplace-order': () => json(201, placed) });
    renderCheckout('en-CA', fakeCart(), { restaurant: hub() });
    await fillValidForm();
    fireEvent.click(placeOrderButton());
    expect(await screen.findByText('Confirmation page')).toBeTruthy();
    expect(calls(fetchMock, '/api/orders')).toHaveLength(0);
    const [sent] = calls(fetchMock, '/api/orders/create-marketplace-order');
    expect(sent?.body).toMatchObject({ type: 'take-out', data: { items: [SOUP] } });
    expect((sent?.body as { data: Record<string, unknown> }).data).not.toHaveProperty('date');
    expect(sent?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(readPlacedOrder('maple-bistro')).toMatchObject({
      orderId: ORDER.order.id,
      token: 'token-one-0123456789',
      split: {
        orders: [
          { orderId: ORDER.order.id, token: 'token-one-0123456789' },
          { orderId: 'second-order', token: 'token-two-0123456789' },
        ],
        paid: 1808,
      },
    });
  });

  // Two vendors' lines: the soup at Tidewater (vendor 1), dumplings at Kits (vendor 2).
  const DUMPLINGS: CartItem = { id: 2201, menu_id: 2010, section_id: 2050, orderId: 2, quantity: 1, orderPrice: 850, orderOptions: [] };
  const HUB_GROUPS = [
    { id: 1, vendor_id: 1, menus: [{ id: SOUP.menu_id }] },
    { id: 2, vendor_id: 2, menus: [{ id: DUMPLINGS.menu_id }] },
  ] as unknown as Cart['groups'];
  /** The checkout over a cart whose lines and vendor holds are state, as the menu screen's cart is. */
  function HubCheckout() {
    const [items, setItems] = useState<CartItem[]>([SOUP, DUMPLINGS]);
    const [vendorHolds, setVendorHolds] = useState<Cart['vendorHolds']>(new Map());
    const cart: Cart = {
      ...fakeCart({ items }),
      groups: HUB_GROUPS,
      lineName: (line) => (line.menu_id === SOUP.menu_id ? 'Soup of the day' : 'Dumplings'),
      setItems,
      vendorHolds,
      setVendorHolds,
    };
    return <CheckoutPanel cart={cart} restaurant={hub()} ordering={{ ok: true, ...PICKUP }} onClose={vi.fn()} onStaleCart={vi.fn()} />;
  }
  const renderHub = (locale: Locale = 'en-CA') =>
    renderWithProviders(
      <Routes>
        <Route path="/:restaurantSlug" element={<HubCheckout />} />
        <Route path="/:restaurantSlug/order-confirmation" element={<p>Confirmation page</p>} />
      </Routes>,
      { path: '/maple-bistro?takeout=true&takeoutType=pickup', locale, now: BISTRO_OPEN_NOW },
    );
  const refusal = {
    code: 419,
    error: 'VENDOR_PAUSED',
    message: 'A vendor in your cart is not taking orders right now. Remove its items to order from the others.',
    details: [{ path: 'vendors.2', message: 'Kits is not taking orders right now. Back at 2 pm.' }],
    invalid_items: [{ orderId: 2, code: 419, error: 'VENDOR_PAUSED' }],
  };

  it('marks exactly the refusing vendor’s lines with its reason, takes them out in one action, and places the rest', async () => {
    let placing = 0;
    const fetchMock = stubCheckoutApi({
      '/api/orders/create-marketplace-order': () => {
        placing += 1;
        return placing === 1
          ? json(409, refusal)
          : json(201, {
              checkoutId: '0b8f7a52-3f55-4b1a-9d8e-2f3c4d5e6f70',
              orders: [{ order: ORDER.order, vendor: VENDOR(1, 'Tidewater'), access_token: 'token-one-0123456789' }],
              total: { amountDue: 1808 },
              payment: { method: 'credit_card', brand: 'VISA', last4: '4242', amount: 1808 },
              paymentNotRequired: false,
              replayed: false,
            });
      },
    });
    renderHub();
    await fillValidForm();
    fireEvent.click(placeOrderButton());
    expect((await screen.findByRole('alert')).textContent).toContain('Remove its items to order from the others.');
    const remove = await screen.findByRole('button', { name: 'Remove the items from Kits' });
    await waitFor(() => expect(document.activeElement).toBe(remove));
    const reason = screen.getByText('Kits is not taking orders right now. Back at 2 pm.');
    // Only the Kits line is marked, and it points at the reason.
    const marks = screen.getAllByText('Can’t be ordered now');
    expect(marks).toHaveLength(1);
    expect(marks[0]!.closest('li')?.textContent).toContain('Dumplings');
    expect(marks[0]!.getAttribute('aria-describedby')).toBe(reason.id);
    expect(readPlacedOrder('maple-bistro')).toBeNull();

    fireEvent.click(remove);
    expect(await screen.findByText('The items from Kits were removed from your cart.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove the items from Kits' })).toBeNull();
    expect(screen.queryByText('Can’t be ordered now')).toBeNull();
    // The times are asked again for the cart that is left.
    await waitFor(() => expect(calls(fetchMock, '/api/orders/scheduling').length).toBe(2));
    expect(calls(fetchMock, '/api/orders/scheduling')[1]?.body).toMatchObject({ items: [SOUP] });
    await fillValidForm();
    fireEvent.click(placeOrderButton());
    expect(await screen.findByText('Confirmation page')).toBeTruthy();
    expect(calls(fetchMock, '/api/orders/create-marketplace-order')[1]?.body).toMatchObject({ data: { items: [SOUP] } });
  });

  it('names a vendor that can take nothing as soon as checkout opens (French), from the times the server gives', async () => {
    stubCheckoutApi({
      '/api/orders/scheduling': () =>
        json(200, {
          ...SCHEDULING,
          vendors: [{ vendorId: 2, error: 'VENDOR_PAUSED', message: 'Kits ne prend pas de commandes pour le moment. De retour à 14 h.' }],
        }),
    });
    renderHub('fr-CA');
    expect(await screen.findByText('Kits ne prend pas de commandes pour le moment. De retour à 14 h.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retirer les articles de Kits' })).toBeTruthy();
    expect(screen.getAllByText('Ne peut pas être commandé maintenant')).toHaveLength(1);
  });
});

describe('what the diner typed, across closing and reopening checkout', () => {
  const valueOf = (name: RegExp) => (field(name) as HTMLInputElement).value;
  const checked = (name: string) => (screen.getByRole('radio', { name }) as HTMLInputElement).checked;

  it('is all there again when checkout is closed and reopened, and after a language switch mounts it anew, in memory only', async () => {
    stubCheckoutApi();
    const logs = [vi.spyOn(console, 'log'), vi.spyOn(console, 'info'), vi.spyOn(console, 'warn'), vi.spyOn(console, 'error')];
    const first = renderCheckout();
    await fillValidForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Schedule for later' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Special instructions' }), { target: { value: 'No onions' } });
    // Closed (× or Escape unmount the dialog), then reopened from the cart.
    first.unmount();
    const second = renderCheckout();
    await screen.findByRole('heading', { name: 'Contact' });
    expect(checked('Social media')).toBe(true);
    expect(valueOf(/^Full name/)).toBe('Dana Diner');
    expect(valueOf(/^Email/)).toBe('dana@example.com');
    expect(valueOf(/^Phone number/)).toBe('416-555-0101');
    expect(valueOf(/^Card number/)).toBe('4242-4242-4242-4242');
    expect(valueOf(/^Expiry date/)).toBe('12/30');
    expect(valueOf(/^Security code/)).toBe('123');
    expect(valueOf(/^Special instructions/)).toBe('No onions');
    expect(checked('Schedule for later')).toBe(true);
    expect((screen.getByRole('combobox', { name: 'Time' }) as HTMLSelectElement).value).toBe('14:00');
    second.unmount();

    renderCheckout('fr-CA');
    await screen.findByRole('heading', { name: 'Coordonnées' });
    expect(checked('Réseaux sociaux')).toBe(true);
    expect(valueOf(/^Nom complet/)).toBe('Dana Diner');
    expect(valueOf(/^Numéro de carte/)).toBe('4242-4242-4242-4242');
    expect(valueOf(/^Code de sécurité/)).toBe('123');
    expect(checked('Planifier pour plus tard')).toBe(true);

    // Never written to the browser's storage, never logged.
    const stored = [localStorage, sessionStorage].flatMap((storage) =>
      Array.from({ length: storage.length }, (_, index) => storage.getItem(storage.key(index) ?? '') ?? ''),
    );
    expect(stored.join(' ')).not.toMatch(/4242.?4242.?4242.?4242|"cvd"/);
    for (const log of logs) expect(JSON.stringify(log.mock.calls)).not.toMatch(/4242.?4242/);
  });

  it('offers the language switch in its own header (the page’s is behind it): French from inside checkout, what was typed kept', async () => {
    stubCheckoutApi();
    renderCheckout();
    await fillValidForm();
    const dialog = screen.getByRole('dialog', { name: 'Checkout' });
    const toFrench = within(dialog).getByRole('button', { name: 'Français' });
    expect(toFrench.getAttribute('lang')).toBe('fr');
    toFrench.focus();
    fireEvent.click(toFrench);
    expect(await screen.findByRole('heading', { name: 'Coordonnées' })).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Paiement de la commande' })).toBe(dialog);
    // The same button, now for English, keeps the focus: the diner can switch back at once.
    expect(document.activeElement).toBe(toFrench);
    expect(toFrench.textContent).toBe('English');
    expect(toFrench.getAttribute('lang')).toBe('en');
    expect(checked('Réseaux sociaux')).toBe(true);
    expect(valueOf(/^Nom complet/)).toBe('Dana Diner');
    expect(valueOf(/^Courriel/)).toBe('dana@example.com');
    expect(valueOf(/^Numéro de carte/)).toBe('4242-4242-4242-4242');
    expect(valueOf(/^Code de sécurité/)).toBe('123');
  });

  it('offers no switch when the restaurant speaks one language', async () => {
    stubCheckoutApi();
    const tenant = bistroTenant((file) => {
      file.locales = [{ locale_short: 'fr', locale_long: 'fr-CA', label: 'Français', is_default: true }];
    });
    renderCheckout('fr-CA', fakeCart(), { restaurant: bistroRestaurant(tenant) });
    await screen.findByRole('heading', { name: 'Coordonnées' });
    expect(within(screen.getByRole('dialog')).queryByRole('button', { name: /^(English|Français)$/ })).toBeNull();
  });

  it('is forgotten once the order is placed: the next checkout starts empty', async () => {
    stubCheckoutApi();
    const first = renderCheckout();
    await fillValidForm();
    await act(async () => {
      fireEvent.click(placeOrderButton());
    });
    await screen.findByText('Confirmation page');
    first.unmount();
    renderCheckout();
    await screen.findByRole('heading', { name: 'Contact' });
    expect(valueOf(/^Full name/)).toBe('');
    expect(valueOf(/^Card number/)).toBe('');
    expect(checked('Social media')).toBe(false);
  });

  it('a guest’s draft is not shown to the account signed in after it', async () => {
    stubCheckoutApi();
    const first = renderCheckout();
    await fillValidForm();
    first.unmount();
    signIn({ token: 'session-token', user: DINER });
    renderCheckout();
    await screen.findByRole('heading', { name: 'Contact' });
    expect(valueOf(/^Email/)).toBe('diner@example.com');
    expect(checked('Social media')).toBe(false);
  });
});

describe('a refused delivery address', () => {
  it('keeps the card as typed (French), and its message goes as soon as the address is changed', async () => {
    const fetchMock = stubCheckoutApi({
      '/api/orders': () =>
        json(422, {
          code: 422,
          error: 'DELIVERY_OUTSIDE_RADIUS',
          message: 'Hors zone.',
          details: [{ path: 'data.checkout.delivery.postalCode', message: 'DELIVERY_OUTSIDE_RADIUS' }],
        }),
    });
    renderCheckout('fr-CA', fakeCart({ delivery: true }), { ordering: DELIVERY, path: '/maple-bistro?takeout=true&takeoutType=delivery' });
    fireEvent.click(await screen.findByRole('radio', { name: 'Réseaux sociaux' }));
    fireEvent.change(field(/^Nom complet/), { target: { value: 'Dana Diner' } });
    fireEvent.change(field(/^Courriel/), { target: { value: 'dana@example.com' } });
    fireEvent.change(field(/^Numéro de téléphone/), { target: { value: '4165550101' } });
    fireEvent.change(field(/^Numéro de carte/), { target: { value: '4242424242424242' } });
    fireEvent.change(field(/^Date d’expiration/), { target: { value: '1230' } });
    fireEvent.change(field(/^Code de sécurité/), { target: { value: '123' } });
    fireEvent.change(field(/^Adresse civique/), { target: { value: '1 rue Yonge' } });
    fireEvent.change(field(/^Code postal ou ZIP/), { target: { value: 'L4C1A1' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /^Passer la commande/ }));
    });
    const postal = field(/^Code postal ou ZIP/);
    await waitFor(() => expect(messageOf(postal)).toBe('Cette adresse est hors de notre zone de livraison.'));
    expect((field(/^Numéro de carte/) as HTMLInputElement).value).toBe('4242-4242-4242-4242');
    expect((field(/^Code de sécurité/) as HTMLInputElement).value).toBe('123');
    expect(screen.queryByText('Ce champ est obligatoire.')).toBeNull();

    // Another street: the address's refusal is answered, before any new send.
    fireEvent.change(field(/^Adresse civique/), { target: { value: '20 rue King' } });
    expect(messageOf(postal)).toBe('');
    expect(postal.getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.queryByText('Cette adresse est hors de notre zone de livraison.')).toBeNull();

    // Sent again with the same card: it is tokenised again for the new attempt, typed once.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /^Passer la commande/ }));
    });
    await waitFor(() => expect(calls(fetchMock, '/api/orders')).toHaveLength(2));
    expect(calls(fetchMock, '/api/payment/tokenize')[1]?.body).toMatchObject({ number: '4242424242424242', cvd: '123' });
  });
});

describe('the review of a dine-in order', () => {
  it.each([
    ['en-CA', 'Review your order'],
    ['fr-CA', 'Vérifiez votre commande'],
  ] as const)('says the table before paying (%s)', async (locale, heading) => {
    stubCheckoutApi();
    renderCheckout(locale, fakeCart(), {
      ordering: { orderType: 'dine_in', config: { ...EMPTY_ORDERING_CONFIG, tableNum: '12' } },
      path: '/maple-bistro?tableNum=12',
    });
    const review = (await screen.findByRole('heading', { name: heading })).closest('section') as HTMLElement;
    expect(within(review).getByText('Table 12')).toBeTruthy();
  });

  it('says no table for a take-out order', async () => {
    stubCheckoutApi();
    renderCheckout();
    const review = (await screen.findByRole('heading', { name: 'Review your order' })).closest('section') as HTMLElement;
    expect(within(review).queryByText(/^Table/)).toBeNull();
  });
});
