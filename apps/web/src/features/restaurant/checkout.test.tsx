import { EMPTY_ORDERING_CONFIG } from '@servery/domain/ordering-config';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../i18n/locales';
import { renderWithProviders } from '../../testing/render-with-providers';
import { BISTRO_OPEN_NOW, bistroRestaurant, costsFixture } from '../../testing/restaurant-fixture';
import type { CartItem } from './cart-api';
import type { PlaceOrderBody } from './checkout-api';
import { CheckoutPanel } from './checkout-panel';
import { json } from './test-api';
import type { Cart } from './use-cart';

const SOUP: CartItem = { id: 1101, menu_id: 1010, section_id: 1050, orderId: 1, quantity: 2, orderPrice: 1600, orderOptions: [] };
const TOKEN = `tok_visa_${'a'.repeat(32)}`;

function fakeCart(): Cart {
  const cart: Partial<Cart> = {
    enabled: true,
    ready: true,
    orderType: 'take-out',
    choices: { items: [SOUP], tip: { kind: 'none' }, discountCode: null, voucher: null, delivery: false, payWhatYouCan: null },
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

function renderCheckout(locale: Locale = 'en-CA', cart: Cart = fakeCart()) {
  const onStaleCart = vi.fn();
  const result = renderWithProviders(
    <CheckoutPanel
      cart={cart}
      restaurant={bistroRestaurant()}
      ordering={{ ok: true, orderType: 'take-out', config: { ...EMPTY_ORDERING_CONFIG, takeout: true, takeoutType: 'pickup' } }}
      onClose={vi.fn()}
      onStaleCart={onStaleCart}
    />,
    { path: '/maple-bistro?takeout=true&takeoutType=pickup', locale, now: BISTRO_OPEN_NOW },
  );
  return { ...result, cart, onStaleCart };
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
    // ASAP is offered, preselected, with the preparation time.
    expect((screen.getByRole('radio', { name: 'As soon as possible' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Preparation time: about 20 min')).toBeTruthy();
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
    expect(screen.getByRole('radiogroup', { name: /How did you hear about us\?/ }).getAttribute('aria-invalid')).toBe('true');
    expect(calls(fetchMock, '/api/payment/tokenize')).toHaveLength(0);
    expect(calls(fetchMock, '/api/orders')).toHaveLength(0);
  });

  it('says the messages and the questions in French', async () => {
    stubCheckoutApi();
    renderCheckout('fr-CA');
    await screen.findByRole('heading', { name: 'Coordonnées' });
    expect(screen.getByRole('radio', { name: 'Réseaux sociaux' })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /^Courriel/ }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: /^Passer la commande/ }));
    expect(screen.getByText('Entrez une adresse courriel valide.')).toBeTruthy();
    expect(screen.getAllByText('Ce champ est obligatoire.').length).toBeGreaterThan(0);
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
    expect(await screen.findByRole('heading', { name: 'Order confirmed' })).toBeTruthy();
    expect(screen.getByText('42')).toBeTruthy();
    expect(screen.getByText('$18.08')).toBeTruthy();
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
    await screen.findByText('42');
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
