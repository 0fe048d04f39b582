import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chargesCard,
  availablePaymentMethods,
  EMPTY_CARD_FIELDS,
  isPaymentMethod,
  isPaymentRequired,
  isWallet,
  needsReference,
  PAYMENT_METHODS,
  referenceLabel,
  resetOnMethodChange,
  validatePaymentSelection,
  type CheckoutPayment,
  type ExtraPaymentMethod,
  type PaymentMethod,
  type PaymentMethodOptions,
} from './payment-method';
import { priceCart } from './pricing';
import { pricingInput, pricingItem, pricingLine, pricingRestaurant } from './testing/pricing-input';

const NOW = new Date('2026-01-14T17:00:00Z');

/** A checkout with something typed in every method's fields. */
const filled: CheckoutPayment = {
  paymentMethod: 'credit_card',
  card: { number: '4242 4242 4242 4242', cvd: '123', expiry_date: '12/28', postal_code: 'K1K1Y1', type: 'VISA' },
  savePaymentMethodOnCheckout: true,
  applePayPaymentToken: 'apple-token',
  applePayPaymentDetails: { network: 'visa' },
  googlePayPaymentPayload: 'google-payload',
  purchaseOrder: 'PO-1',
  costCenter: 'CC-2',
  invoice: 'INV-3',
};

const empty: CheckoutPayment = {
  paymentMethod: null,
  card: { ...EMPTY_CARD_FIELDS },
  savePaymentMethodOnCheckout: false,
  applePayPaymentToken: null,
  applePayPaymentDetails: null,
  googlePayPaymentPayload: null,
  purchaseOrder: '',
  costCenter: '',
  invoice: '',
};

const catering: ExtraPaymentMethod[] = [
  { type: 'purchase_order', label: 'Purchase order (PO) number', localization: { 'fr-CA': { label: 'Numéro de bon de commande' } } },
  { type: 'cost_center', label: 'Cost centre' },
];

describe('methods', () => {
  it('knows the seven methods, which need a reference and which are wallets', () => {
    expect(PAYMENT_METHODS.filter(needsReference)).toEqual(['invoice', 'cost_center', 'purchase_order']);
    expect(PAYMENT_METHODS.filter(isWallet)).toEqual(['apple_pay', 'google_pay']);
    expect(PAYMENT_METHODS.every(isPaymentMethod)).toBe(true);
    expect(['card', 'CREDIT_CARD', null, 1].some(isPaymentMethod)).toBe(false);
  });

  it.each<[string, Partial<PaymentMethodOptions>, PaymentMethod[]]>([
    ['card only', {}, ['credit_card']],
    ['card and both wallets', { wallets: { applePay: true, googlePay: true } }, ['credit_card', 'apple_pay', 'google_pay']],
    ['Google Pay where Apple Pay is not supported', { wallets: { applePay: false, googlePay: true } }, ['credit_card', 'google_pay']],
    [
      'extra methods after, once each',
      { extraPaymentMethods: [...catering, catering[0]!] },
      ['credit_card', 'purchase_order', 'cost_center'],
    ],
    ['pay on premise instead of cards', { processor: 'pay_on_premise', wallets: { applePay: true, googlePay: true } }, ['pay_on_premise']],
    [
      'pay on premise with an invoice',
      { processor: 'pay_on_premise', extraPaymentMethods: [{ type: 'invoice', label: 'Invoice' }] },
      ['pay_on_premise', 'invoice'],
    ],
    [
      'no cards for generic catering that hides them',
      { hideCreditCard: true, extraPaymentMethods: catering, wallets: { applePay: true, googlePay: true } },
      ['purchase_order', 'cost_center'],
    ],
  ])('availablePaymentMethods: %s', (_name, overrides, expected) => {
    const options: PaymentMethodOptions = {
      processor: 'sandbox',
      extraPaymentMethods: [],
      wallets: { applePay: false, googlePay: false },
      hideCreditCard: false,
      ...overrides,
    };
    expect(availablePaymentMethods(options)).toEqual(expected);
  });

  it.each<[string, Parameters<typeof referenceLabel>[0], ExtraPaymentMethod[], unknown]>([
    [
      'the restaurant label, French from its localisation',
      'purchase_order',
      catering,
      { 'en-CA': 'Purchase order (PO) number', 'fr-CA': 'Numéro de bon de commande' },
    ],
    ['English as the French fallback', 'cost_center', catering, { 'en-CA': 'Cost centre', 'fr-CA': 'Cost centre' }],
    [
      'an English override',
      'invoice',
      [{ type: 'invoice', label: 'Bill', localization: { 'en-CA': { label: 'Invoice to suite holder' } } }],
      { 'en-CA': 'Invoice to suite holder', 'fr-CA': 'Bill' },
    ],
    ['ours when the restaurant has none', 'invoice', catering, { 'en-CA': 'Invoice', 'fr-CA': 'Facture' }],
  ])('referenceLabel: %s', (_name, method, extra, expected) => {
    expect(referenceLabel(method, extra)).toEqual(expected);
  });
});

describe('resetOnMethodChange', () => {
  it.each<[PaymentMethod, Partial<CheckoutPayment>]>([
    ['credit_card', { card: filled.card, savePaymentMethodOnCheckout: true }],
    ['apple_pay', { applePayPaymentToken: 'apple-token', applePayPaymentDetails: { network: 'visa' } }],
    ['google_pay', { googlePayPaymentPayload: 'google-payload' }],
    ['invoice', { invoice: 'INV-3' }],
    ['cost_center', { costCenter: 'CC-2' }],
    ['purchase_order', { purchaseOrder: 'PO-1' }],
    ['pay_on_premise', {}],
  ])('to %s keeps only its own fields', (method, kept) => {
    const from = { ...filled, paymentMethod: method === 'invoice' ? 'cost_center' : ('invoice' as PaymentMethod) };
    expect(resetOnMethodChange(from, method)).toEqual({ ...empty, ...kept, paymentMethod: method });
  });

  it('changes nothing when the method stays the same', () => {
    expect(resetOnMethodChange(filled, 'credit_card')).toBe(filled);
  });

  it('clears everything when the method is unset, and keeps fields it does not know', () => {
    expect(resetOnMethodChange({ ...filled, notes: 'ring twice' }, null)).toEqual({ ...empty, notes: 'ring twice' });
  });

  it('never leaves another method’s fields filled, and does not change its input', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PAYMENT_METHODS), { minLength: 1, maxLength: 6 }), (methods) => {
        const start: CheckoutPayment = { ...filled, paymentMethod: null };
        const before = structuredClone(start);
        let checkout = start;
        for (const method of methods) checkout = resetOnMethodChange(checkout, method);
        expect(start).toEqual(before);
        const last = methods[methods.length - 1]!;
        expect(checkout.paymentMethod).toBe(last);
        for (const key of Object.keys(empty) as (keyof CheckoutPayment)[]) {
          if (key === 'paymentMethod') continue;
          // The last method's own fields survive only if no other method was chosen on the way.
          const survives = ownsField(last, key) && methods.every((method) => method === last);
          expect(checkout[key]).toEqual(survives ? start[key] : empty[key]);
        }
      }),
    );
  });
});

function ownsField(method: PaymentMethod, key: string): boolean {
  const owned: Record<PaymentMethod, string[]> = {
    credit_card: ['card', 'savePaymentMethodOnCheckout'],
    apple_pay: ['applePayPaymentToken', 'applePayPaymentDetails'],
    google_pay: ['googlePayPaymentPayload'],
    invoice: ['invoice'],
    cost_center: ['costCenter'],
    purchase_order: ['purchaseOrder'],
    pay_on_premise: [],
  };
  return owned[method].includes(key);
}

describe('isPaymentRequired', () => {
  const plain = { isPreOrder: false, isEventDay: false, isCatering: false };
  it.each<[string, Parameters<typeof isPaymentRequired>[0], boolean]>([
    ['an ordinary order with something due', { order: plain, processor: 'sandbox', amountDue: 1250 }, true],
    ['nothing due', { order: plain, processor: 'sandbox', amountDue: 0 }, false],
    ['pay on premise', { order: plain, processor: 'pay_on_premise', amountDue: 1250 }, false],
    ['a suite pre-order, even with nothing due', { order: { ...plain, isPreOrder: true }, processor: 'sandbox', amountDue: 0 }, true],
    ['a suite pre-order on pay on premise', { order: { ...plain, isPreOrder: true }, processor: 'pay_on_premise', amountDue: 900 }, true],
    [
      'an event-day order with nothing due',
      { order: { ...plain, isPreOrder: true, isEventDay: true }, processor: 'sandbox', amountDue: 0 },
      false,
    ],
    [
      'a catering pre-order on pay on premise',
      { order: { ...plain, isPreOrder: true, isCatering: true }, processor: 'pay_on_premise', amountDue: 900 },
      false,
    ],
  ])('%s', (_name, input, expected) => {
    expect(isPaymentRequired(input)).toBe(expected);
  });

  it('agrees with pricing’s paymentNotRequired', () => {
    fc.assert(
      fc.property(
        fc.record({ isPreOrder: fc.boolean(), isEventDay: fc.boolean(), isCatering: fc.boolean(), isDelivery: fc.boolean() }),
        fc.constantFrom('sandbox' as const, 'pay_on_premise' as const),
        fc.constantFrom(0, 1, 999, 2500),
        fc.option(fc.integer({ min: 0, max: 4000 }), { nil: null }),
        (order, processor, unitPrice, giftCardBalance) => {
          const input = pricingInput([pricingLine(1, 1, [pricingItem(1, unitPrice, 1)])], {
            restaurant: pricingRestaurant({ payment_processor: processor }),
            order,
            giftCard: giftCardBalance === null ? null : { code: 'GIFT', balance: giftCardBalance },
          });
          const costs = priceCart(input);
          expect(isPaymentRequired({ order, processor, amountDue: costs.amountDue })).toBe(!costs.paymentNotRequired);
        },
      ),
    );
  });
});

describe('validatePaymentSelection', () => {
  const options = {
    available: ['credit_card', 'apple_pay', 'google_pay', 'invoice', 'cost_center', 'purchase_order'] as PaymentMethod[],
    paymentRequired: true,
    savedCardId: null as string | null,
    postalCodeRequired: true,
    now: NOW,
  };
  const choose = (method: PaymentMethod) => resetOnMethodChange({ ...filled, paymentMethod: null }, method);

  it.each<[string, CheckoutPayment, Partial<typeof options>, unknown]>([
    ['nothing needed when payment is not required', empty, { paymentRequired: false }, { ok: true, payment: { method: null } }],
    ['a method must be chosen', empty, {}, { ok: false, error: 'PAYMENT_METHOD_REQUIRED' }],
    ['a method that is not offered', choose('pay_on_premise'), {}, { ok: false, error: 'PAYMENT_METHOD_UNAVAILABLE' }],
    [
      'pay on premise where offered',
      choose('pay_on_premise'),
      { available: ['pay_on_premise'] },
      { ok: true, payment: { method: 'pay_on_premise' } },
    ],
    [
      'a typed card',
      choose('credit_card'),
      {},
      {
        ok: true,
        payment: {
          method: 'credit_card',
          savedCardId: null,
          saveCard: true,
          card: {
            digits: '4242424242424242',
            type: 'VISA',
            last4: '4242',
            expiry: { month: 12, year: 2028, mmyy: '1228' },
            cvd: '123',
            postalCode: 'K1K 1Y1',
          },
        },
      },
    ],
    [
      'a saved card',
      { ...empty, paymentMethod: 'credit_card' },
      { savedCardId: 'card_42' },
      { ok: true, payment: { method: 'credit_card', savedCardId: 'card_42', card: null, saveCard: false } },
    ],
    [
      'a bad typed card',
      { ...choose('credit_card'), card: { ...filled.card, number: '4242 4242 4242 4241', expiry_date: '12/25' } },
      {},
      { ok: false, error: 'INVALID_CARD', fields: { number: { key: 'invalidCreditCard' }, expiry_date: { key: 'invalidExpiryDate' } } },
    ],
    [
      'Apple Pay',
      choose('apple_pay'),
      {},
      { ok: true, payment: { method: 'apple_pay', token: 'apple-token', details: { network: 'visa' } } },
    ],
    ['Google Pay', choose('google_pay'), {}, { ok: true, payment: { method: 'google_pay', token: 'google-payload', details: null } }],
    ['a wallet without its token', { ...empty, paymentMethod: 'google_pay' }, {}, { ok: false, error: 'WALLET_TOKEN_MISSING' }],
    ['a purchase order', choose('purchase_order'), {}, { ok: true, payment: { method: 'purchase_order', reference: 'PO-1' } }],
    [
      'a trimmed invoice number',
      { ...empty, paymentMethod: 'invoice', invoice: '  INV-3 ' },
      {},
      { ok: true, payment: { method: 'invoice', reference: 'INV-3' } },
    ],
    [
      'a missing cost center',
      { ...empty, paymentMethod: 'cost_center', costCenter: '  ' },
      {},
      { ok: false, error: 'INVALID_REFERENCE', field: 'costCenter', message: { key: 'required' } },
    ],
    [
      'a reference that is too long',
      { ...empty, paymentMethod: 'purchase_order', purchaseOrder: 'x'.repeat(101) },
      {},
      { ok: false, error: 'INVALID_REFERENCE', field: 'purchaseOrder', message: { key: 'maxLength', params: { length: 100 } } },
    ],
  ])('%s', (_name, checkout, overrides, expected) => {
    expect(validatePaymentSelection(checkout, { ...options, ...overrides })).toEqual(expected);
  });
});

describe('chargesCard', () => {
  it.each([
    ['credit_card', true],
    ['apple_pay', true],
    ['google_pay', true],
    ['invoice', false],
    ['cost_center', false],
    ['purchase_order', false],
    ['pay_on_premise', false],
    [null, false],
  ] as const)('%s: %s', (method, expected) => {
    expect(chargesCard(method)).toBe(expected);
  });
});
