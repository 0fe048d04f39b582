import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_WALLET_TOKENS } from '../../ports/sandbox-processor';
import { asSource, tenantFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

// A bar that keeps tabs open and a café that does not; one item each, open all day.
const bowlMenu = (id: number) => [
  {
    id: id * 100 + 1,
    name: 'Food',
    slug: 'food',
    menus: [{ id: id * 100 + 2, name: 'All day', items: [{ id: id * 100 + 3, name: 'Bowl', price: '10.00' }] }],
  },
];
const bar = tenantFixture({ id: 93, slug: 'tab-bar', allow_open_tab: true, menu_groups: bowlMenu(93) });
const cafe = tenantFixture({ id: 94, slug: 'no-tab-cafe', menu_groups: bowlMenu(94) });
const VISA = '4242424242424242';
const DECLINED = '4000000000000002';
const PASSWORD = 'Secret12!';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp([asSource(bar), asSource(cafe)]);
});
afterAll(() => t.close());

let calls = 0;
function post(url: string, payload: object, options: { tenant?: string; token?: string | null; headers?: Record<string, string> } = {}) {
  calls += 1;
  const headers: Record<string, string> = { 'x-restaurant-id': options.tenant ?? 'tab-bar', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: `10.9.0.${calls % 250}` });
}

async function register(): Promise<string> {
  const response = await post('/api/auth/register-user', {
    firstName: 'Tab',
    lastName: 'Holder',
    email: `tab${(calls += 1)}-${Date.now()}@example.com`,
    password: PASSWORD,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token as string;
}

async function tokenize(number = VISA, tenant = 'tab-bar'): Promise<string> {
  const response = await post('/api/payment/tokenize', { number, expiry: '1230', cvd: '123', postal_code: 'K1K1Y1' }, { tenant });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token as string;
}

async function saveCard(token: string, number = VISA): Promise<string> {
  const response = await post('/api/auth/payment-method', { card: { number, expiry: '1230', cvd: '123' } }, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().paymentMethod.paymentCardId as string;
}

function dineIn(restaurantId: number, checkout: object) {
  return {
    type: 'dine_in',
    data: {
      config: { tableNum: '7' },
      items: [
        {
          id: restaurantId * 100 + 3,
          menu_id: restaurantId * 100 + 2,
          section_id: null,
          orderId: 1,
          quantity: 1,
          orderPrice: 1000,
          orderOptions: [],
        },
      ],
      costs: {},
      checkout: {
        paymentMethod: 'credit_card',
        contact: { full_name: 'Tab Holder', email: 'tab@example.com', phone_number: '416-555-0101' },
        ...checkout,
      },
    },
  };
}

let keys = 0;
const order = (body: object, options: { tenant?: string; token?: string | null } = {}) =>
  post('/api/orders', body, { ...options, headers: { 'idempotency-key': `payments-${Date.now()}-${(keys += 1)}` } });

async function paymentRow(paymentId: string) {
  return t.database.db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirstOrThrow();
}

async function storedPayment(orderId: string): Promise<{ paymentId: string | null; captured: boolean }> {
  const row = await t.database.db.selectFrom('orders').select('data').where('id', '=', orderId).executeTakeFirstOrThrow();
  return (JSON.parse(row.data) as { payment: { paymentId: string | null; captured: boolean } }).payment;
}

async function ordersOf(restaurantId: number): Promise<number> {
  const rows = await t.database.db.selectFrom('orders').select('id').where('restaurant_id', '=', restaurantId).execute();
  return rows.length;
}

describe('POST /api/orders with a saved card', () => {
  it('authorises and captures against the diner’s saved card', async () => {
    const token = await register();
    const paymentCardId = await saveCard(token);
    const response = await order(dineIn(93, { chosenCreditCard: paymentCardId }), { token });
    expect(response.statusCode, response.body).toBe(201);
    const placed = response.json().order;
    expect(placed.payment).toMatchObject({ method: 'credit_card', brand: 'VISA', last4: '4242' });
    const stored = await storedPayment(placed.id);
    expect(stored.captured).toBe(true);
    const payment = await paymentRow(stored.paymentId ?? '');
    expect(payment).toMatchObject({ status: 'captured', amount_cents: placed.payment.amount, captured_cents: placed.payment.amount });
    expect(payment.card_token).toMatch(/^card_sandbox_/);

    // The same card pays at another restaurant too.
    const elsewhere = await order(dineIn(94, { chosenCreditCard: paymentCardId }), { token, tenant: 'no-tab-cafe' });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
  });

  it('refuses another user’s card and a guest’s, and stores nothing', async () => {
    const owner = await register();
    const intruder = await register();
    const paymentCardId = await saveCard(owner);
    const before = await ordersOf(93);
    const stolen = await order(dineIn(93, { chosenCreditCard: paymentCardId }), { token: intruder });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error).toBe('PAYMENT_METHOD_NOT_FOUND');
    const guest = await order(dineIn(93, { chosenCreditCard: paymentCardId }));
    expect(guest.statusCode).toBe(404);
    expect(guest.json().error).toBe('PAYMENT_METHOD_NOT_FOUND');
    expect(await ordersOf(93)).toBe(before);
  });

  it('declines a saved declined-at-charge card like a typed one, keeping nothing', async () => {
    const token = await register();
    // Insufficient funds passes the $0 check when saved, and is refused when charged.
    const paymentCardId = await saveCard(token, '4000000000009995');
    const before = await ordersOf(93);
    const response = await order(dineIn(93, { chosenCreditCard: paymentCardId }), { token });
    expect(response.statusCode).toBe(402);
    expect(response.json().error).toBe('CARD_INSUFFICIENT_FUNDS');
    expect(await ordersOf(93)).toBe(before);
  });
});

describe('POST /api/orders saving the card', () => {
  it('keeps a signed-in diner’s new card once it has paid, and ignores the wish for a guest', async () => {
    const token = await register();
    const response = await order(dineIn(93, { card: { token: await tokenize() }, savePaymentMethodOnCheckout: true }), { token });
    expect(response.statusCode, response.body).toBe(201);
    const user = await post('/api/auth/edit-user', {}, { token });
    expect(user.json().user.paymentMethods).toEqual([
      { paymentCardId: expect.stringMatching(/^pm_/), isDefault: true, brand: 'VISA', last4: '4242', expiry: '1230' },
    ]);

    const savedBefore = await t.database.db.selectFrom('payment_methods').select('id').execute();
    const guest = await order(dineIn(93, { card: { token: await tokenize() }, savePaymentMethodOnCheckout: true }));
    expect(guest.statusCode, guest.body).toBe(201);
    expect(await t.database.db.selectFrom('payment_methods').select('id').execute()).toHaveLength(savedBefore.length);
  });

  it('saves nothing when the new card is declined', async () => {
    const token = await register();
    const response = await order(dineIn(93, { card: { token: await tokenize(DECLINED) }, savePaymentMethodOnCheckout: true }), { token });
    expect(response.statusCode).toBe(402);
    expect(response.json().error).toBe('CARD_DECLINED');
    const user = await post('/api/auth/edit-user', {}, { token });
    expect(user.json().user.paymentMethods).toEqual([]);
  });
});

describe('POST /api/orders with a wallet', () => {
  it.each([
    ['apple_pay', 'applePayPaymentToken'],
    ['google_pay', 'googlePayPaymentPayload'],
  ] as const)('authorises and captures %s with the sandbox’s approved token', async (method, field) => {
    const response = await order(dineIn(94, { paymentMethod: method, [field]: SANDBOX_WALLET_TOKENS.approved }), { tenant: 'no-tab-cafe' });
    expect(response.statusCode, response.body).toBe(201);
    const placed = response.json().order;
    expect(placed.payment).toMatchObject({ method, brand: null, last4: null });
    const stored = await storedPayment(placed.id);
    expect(await paymentRow(stored.paymentId ?? '')).toMatchObject({ method, status: 'captured', captured_cents: placed.payment.amount });
  });

  it.each([
    [SANDBOX_WALLET_TOKENS.declined, 402, 'CARD_DECLINED'],
    [SANDBOX_WALLET_TOKENS.insufficientFunds, 402, 'CARD_INSUFFICIENT_FUNDS'],
    ['{"paymentData":"made-up"}', 402, 'CARD_DECLINED'],
  ])('declines %s and stores nothing', async (walletToken, status, error) => {
    const before = await ordersOf(94);
    const response = await order(dineIn(94, { paymentMethod: 'google_pay', googlePayPaymentPayload: walletToken }), {
      tenant: 'no-tab-cafe',
    });
    expect(response.statusCode).toBe(status);
    expect(response.json().error).toBe(error);
    expect(await ordersOf(94)).toBe(before);
  });

  it('offers no wallet on the sandbox, which has neither a Google Pay merchant nor an Apple Pay identity', async () => {
    const config = (body: object) => post('/api/payment/get-payment-config', body, { tenant: 'no-tab-cafe' });
    expect((await config({})).json().methods).toEqual(['credit_card']);
    // The browser is then never asked about Google Pay, whose check calls Google (checkout-wallets.ts).
    expect((await config({ applePay: true, googlePay: true })).json().methods).toEqual(['credit_card']);
    const session = await post('/api/payment/get-apple-pay-session', { validationUrl: 'https://apple-pay-gateway.apple.com/x' });
    expect(session.json()).toMatchObject({ error: 'APPLE_PAY_UNSUPPORTED' });
  });
});

describe('POST /api/orders on an open tab', () => {
  it('authorises the card without capturing it and keeps the tab owner', async () => {
    const response = await order(dineIn(93, { card: { token: await tokenize() }, tab: { owner: '  Sam Tab ' } }));
    expect(response.statusCode, response.body).toBe(201);
    const placed = response.json().order;
    expect(placed.tabOwner).toBe('Sam Tab');
    const stored = await storedPayment(placed.id);
    expect(stored.captured).toBe(false);
    expect(await paymentRow(stored.paymentId ?? '')).toMatchObject({
      status: 'authorised',
      amount_cents: placed.payment.amount,
      captured_cents: 0,
    });
  });

  it('authorises a saved card and a wallet on a tab too', async () => {
    const token = await register();
    const paymentCardId = await saveCard(token);
    for (const checkout of [
      { chosenCreditCard: paymentCardId, tab: { owner: 'Sam' } },
      { paymentMethod: 'google_pay', googlePayPaymentPayload: SANDBOX_WALLET_TOKENS.approved, tab: { owner: 'Sam' } },
    ]) {
      const response = await order(dineIn(93, checkout), { token });
      expect(response.statusCode, response.body).toBe(201);
      const stored = await storedPayment(response.json().order.id);
      expect(stored.captured).toBe(false);
      expect((await paymentRow(stored.paymentId ?? '')).status).toBe('authorised');
    }
  });

  it('refuses a tab where the restaurant keeps none, for takeout, and without an owner', async () => {
    const token = await tokenize(VISA, 'no-tab-cafe');
    const noTabs = await order(dineIn(94, { card: { token }, tab: { owner: 'Sam' } }), { tenant: 'no-tab-cafe' });
    expect(noTabs.statusCode).toBe(400);
    expect(noTabs.json()).toMatchObject({ error: 'VALIDATION_FAILED', details: [{ path: 'data.checkout.tab' }] });

    const takeout = dineIn(93, { card: { token: await tokenize() }, tab: { owner: 'Sam' } });
    const asTakeout = { ...takeout, type: 'take-out', data: { ...takeout.data, config: { takeout: true, takeoutType: 'pickup' } } };
    const refused = await order(asTakeout);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'VALIDATION_FAILED', details: [{ path: 'data.checkout.tab' }] });

    const noOwner = await order(dineIn(93, { card: { token: await tokenize() }, tab: { owner: '   ' } }));
    expect(noOwner.statusCode).toBe(400);
    expect(noOwner.json()).toMatchObject({ error: 'VALIDATION_FAILED', details: [{ path: 'data.checkout.tab.owner' }] });
  });

  it('captures an ordinary dine-in order at once', async () => {
    const response = await order(dineIn(93, { card: { token: await tokenize() } }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().order.tabOwner).toBeNull();
    const stored = await storedPayment(response.json().order.id);
    expect(stored.captured).toBe(true);
    expect((await paymentRow(stored.paymentId ?? '')).status).toBe('captured');
  });
});
