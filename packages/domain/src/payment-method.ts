/**
 * Payment methods at checkout (spec ordering.md sections 3, 4, 5 and 9): which methods
 * a diner is offered, the reference that invoice, cost center and purchase order need (with the
 * restaurant's label), the reset of the other methods' fields when the method changes, whether
 * payment is needed at all, and the check of a selection before an order is placed.
 *
 * Where the spec is silent, these readings are the contract:
 * 1. Offered methods, in this order: credit_card, apple_pay, google_pay (each wallet only where the
 *    browser supports it), then the restaurant's `extraPaymentMethods` in their order (a type listed
 *    twice counts once). With the pay-on-premise processor there is no online card payment:
 *    pay_on_premise replaces the card and wallets. A generic catering order of a restaurant with
 *    `genericCateringHideCreditCard` hides the card and the wallets (wallets are cards too).
 * 2. Changing the method clears every field that belongs to another method: the card (and "save
 *    this card"), the Apple Pay token and details, the Google Pay payload, and the invoice, cost
 *    center and purchase order references (spec section 4 names card, invoice, cost center and
 *    purchase order, and the wallet tokens). Choosing the current method again changes
 *    nothing. `chosenCreditCard` (a saved card) lives outside `checkout`; the caller drops it when the
 *    method is no longer credit_card.
 * 3. A reference is trimmed text of 1 to 100 characters.
 * 4. Payment is required unless pricing says `paymentNotRequired` (spec section 4, the same formula as
 *    pricing.ts, which a test holds equal): then no method is needed and any chosen one is ignored.
 * 5. A credit card is either a saved card (`savedCardId`, for signed-in diners) or the typed card
 *    fields, checked with card.ts. A wallet needs its token from the browser.
 */
import { validateCardFields, type CardFieldErrors, type CardType, type FieldMessage, type PostalCountry, type ValidCard } from './card';
import { type OrderFacts, type PricingRestaurant } from './pricing';
import { type LocalisedLabel } from './taxes';

export const PAYMENT_METHODS = [
  'credit_card',
  'invoice',
  'cost_center',
  'purchase_order',
  'pay_on_premise',
  'apple_pay',
  'google_pay',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The methods of the restaurant's `extraPaymentMethods`: each needs a reference. */
export const REFERENCE_METHODS = ['invoice', 'cost_center', 'purchase_order'] as const satisfies readonly PaymentMethod[];
export type ReferenceMethod = (typeof REFERENCE_METHODS)[number];

export const WALLET_METHODS = ['apple_pay', 'google_pay'] as const satisfies readonly PaymentMethod[];
export type WalletMethod = (typeof WALLET_METHODS)[number];

export const REFERENCE_MAX_LENGTH = 100;

export const DEFAULT_REFERENCE_LABELS: Readonly<Record<ReferenceMethod, LocalisedLabel>> = {
  invoice: { 'en-CA': 'Invoice', 'fr-CA': 'Facture' },
  cost_center: { 'en-CA': 'Cost centre', 'fr-CA': 'Centre de coûts' },
  purchase_order: { 'en-CA': 'Purchase order number', 'fr-CA': 'Numéro de bon de commande' },
};

/** One entry of the restaurant's `extraPaymentMethods` (tenant file). */
export interface ExtraPaymentMethod {
  type: ReferenceMethod;
  label: string;
  localization?: Partial<Record<'en-CA' | 'fr-CA', Record<string, string> | undefined>> | undefined;
}

/** The card fields of `checkout.card` as typed (spec section 3). */
export interface CardFields {
  number: string;
  cvd: string;
  expiry_date: string;
  postal_code: string;
  type: CardType | null;
}

export const EMPTY_CARD_FIELDS: Readonly<CardFields> = Object.freeze({ number: '', cvd: '', expiry_date: '', postal_code: '', type: null });

/** The payment part of the cart's `checkout` (spec section 3). */
export interface CheckoutPayment {
  paymentMethod: PaymentMethod | null;
  card: CardFields;
  savePaymentMethodOnCheckout: boolean;
  applePayPaymentToken: string | null;
  /** Whatever Apple Pay gave with the token (billing contact, network): passed through to the processor. */
  applePayPaymentDetails: unknown;
  googlePayPaymentPayload: string | null;
  purchaseOrder: string;
  costCenter: string;
  invoice: string;
}

type MethodField = Exclude<keyof CheckoutPayment, 'paymentMethod'>;

const FIELDS_OF: Readonly<Record<PaymentMethod, readonly MethodField[]>> = {
  credit_card: ['card', 'savePaymentMethodOnCheckout'],
  apple_pay: ['applePayPaymentToken', 'applePayPaymentDetails'],
  google_pay: ['googlePayPaymentPayload'],
  invoice: ['invoice'],
  cost_center: ['costCenter'],
  purchase_order: ['purchaseOrder'],
  pay_on_premise: [],
};

const CLEARED: { [K in MethodField]: CheckoutPayment[K] } = {
  card: EMPTY_CARD_FIELDS,
  savePaymentMethodOnCheckout: false,
  applePayPaymentToken: null,
  applePayPaymentDetails: null,
  googlePayPaymentPayload: null,
  purchaseOrder: '',
  costCenter: '',
  invoice: '',
};

/** A checkout before any payment choice. */
export const EMPTY_PAYMENT: CheckoutPayment = { paymentMethod: null, ...CLEARED };

/** Where each reference method keeps its reference in the checkout. */
export const REFERENCE_FIELD: Readonly<Record<ReferenceMethod, 'invoice' | 'costCenter' | 'purchaseOrder'>> = {
  invoice: 'invoice',
  cost_center: 'costCenter',
  purchase_order: 'purchaseOrder',
};

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === 'string' && (PAYMENT_METHODS as readonly string[]).includes(value);
}

export function needsReference(method: PaymentMethod): method is ReferenceMethod {
  return (REFERENCE_METHODS as readonly PaymentMethod[]).includes(method);
}

/** A card or a wallet (a card too): the only methods that charge at placement; the others bill later. */
export function chargesCard(method: PaymentMethod | null): boolean {
  return method === 'credit_card' || (method !== null && isWallet(method));
}

export function isWallet(method: PaymentMethod): method is WalletMethod {
  return (WALLET_METHODS as readonly PaymentMethod[]).includes(method);
}

/** The label of a reference field: the restaurant's (per language, English as the French fallback), else ours. */
export function referenceLabel(method: ReferenceMethod, extraPaymentMethods: readonly ExtraPaymentMethod[]): LocalisedLabel {
  const entry = extraPaymentMethods.find((extra) => extra.type === method);
  const english = entry?.localization?.['en-CA']?.label?.trim() || entry?.label.trim() || undefined;
  const french = entry?.localization?.['fr-CA']?.label?.trim() || entry?.label.trim() || undefined;
  const fallback = DEFAULT_REFERENCE_LABELS[method];
  return { 'en-CA': english ?? fallback['en-CA'], 'fr-CA': french ?? fallback['fr-CA'] };
}

export interface PaymentMethodOptions {
  processor: PricingRestaurant['payment_processor'];
  extraPaymentMethods: readonly ExtraPaymentMethod[];
  /** What this browser supports. */
  wallets: { applePay: boolean; googlePay: boolean };
  /** A generic catering order of a restaurant with genericCateringHideCreditCard. */
  hideCreditCard: boolean;
}

export function availablePaymentMethods(options: PaymentMethodOptions): PaymentMethod[] {
  const methods: PaymentMethod[] = [];
  if (options.processor === 'pay_on_premise') methods.push('pay_on_premise');
  else if (!options.hideCreditCard) {
    methods.push('credit_card');
    if (options.wallets.applePay) methods.push('apple_pay');
    if (options.wallets.googlePay) methods.push('google_pay');
  }
  for (const extra of options.extraPaymentMethods) if (!methods.includes(extra.type)) methods.push(extra.type);
  return methods;
}

/** The checkout with `newMethod` chosen and every other method's fields cleared; unchanged if it is the current method. */
export function resetOnMethodChange<T extends CheckoutPayment>(checkout: T, newMethod: PaymentMethod | null): T {
  if (checkout.paymentMethod === newMethod) return checkout;
  const kept = new Set<MethodField>(newMethod === null ? [] : FIELDS_OF[newMethod]);
  const cleared: Partial<CheckoutPayment> = {};
  for (const field of Object.keys(CLEARED) as MethodField[]) {
    if (!kept.has(field)) Object.assign(cleared, { [field]: CLEARED[field] });
  }
  return { ...checkout, ...cleared, paymentMethod: newMethod };
}

/** Spec section 4: no payment when not pre-ordering (or event day, or catering) and pay on premise or nothing due. */
export function isPaymentRequired(input: {
  order: Pick<OrderFacts, 'isPreOrder' | 'isEventDay' | 'isCatering'>;
  processor: PricingRestaurant['payment_processor'];
  /** Cents the payment method is charged (pricing's `amountDue`). */
  amountDue: number;
}): boolean {
  const { order, processor, amountDue } = input;
  const notRequired = (!order.isPreOrder || order.isEventDay || order.isCatering) && (processor === 'pay_on_premise' || amountDue === 0);
  return !notRequired;
}

export type PaymentSelection =
  | { method: null }
  | { method: 'pay_on_premise' }
  | { method: 'credit_card'; savedCardId: string; card: null; saveCard: false }
  | { method: 'credit_card'; savedCardId: null; card: ValidCard; saveCard: boolean }
  | { method: WalletMethod; token: string; details: unknown }
  | { method: ReferenceMethod; reference: string };

export type PaymentSelectionError =
  'PAYMENT_METHOD_REQUIRED' | 'PAYMENT_METHOD_UNAVAILABLE' | 'INVALID_REFERENCE' | 'INVALID_CARD' | 'WALLET_TOKEN_MISSING';

export type PaymentSelectionResult =
  | { ok: true; payment: PaymentSelection }
  | { ok: false; error: 'PAYMENT_METHOD_REQUIRED' | 'PAYMENT_METHOD_UNAVAILABLE' | 'WALLET_TOKEN_MISSING' }
  | { ok: false; error: 'INVALID_REFERENCE'; field: 'invoice' | 'costCenter' | 'purchaseOrder'; message: FieldMessage }
  | { ok: false; error: 'INVALID_CARD'; fields: CardFieldErrors };

/** Is the checkout's payment complete enough to place the order (the server re-checks what the form checked)? */
export function validatePaymentSelection(
  checkout: CheckoutPayment,
  options: {
    available: readonly PaymentMethod[];
    paymentRequired: boolean;
    /** The signed-in diner's chosen saved card (`chosenCreditCard.paymentCardId`), if any. */
    savedCardId: string | null;
    postalCodeRequired: boolean;
    country?: PostalCountry;
    now: Date;
  },
): PaymentSelectionResult {
  if (!options.paymentRequired) return { ok: true, payment: { method: null } };
  const method = checkout.paymentMethod;
  if (method === null) return { ok: false, error: 'PAYMENT_METHOD_REQUIRED' };
  if (!options.available.includes(method)) return { ok: false, error: 'PAYMENT_METHOD_UNAVAILABLE' };

  if (method === 'pay_on_premise') return { ok: true, payment: { method } };
  if (method === 'credit_card') {
    if (options.savedCardId !== null)
      return { ok: true, payment: { method, savedCardId: options.savedCardId, card: null, saveCard: false } };
    const card = validateCardFields(checkout.card, options.now, {
      postalCodeRequired: options.postalCodeRequired,
      country: options.country,
    });
    if (!card.ok) return { ok: false, error: 'INVALID_CARD', fields: card.errors };
    return { ok: true, payment: { method, savedCardId: null, card: card.value, saveCard: checkout.savePaymentMethodOnCheckout } };
  }
  if (isWallet(method)) {
    const token = method === 'apple_pay' ? checkout.applePayPaymentToken : checkout.googlePayPaymentPayload;
    if (token === null || token.trim() === '') return { ok: false, error: 'WALLET_TOKEN_MISSING' };
    return { ok: true, payment: { method, token, details: method === 'apple_pay' ? checkout.applePayPaymentDetails : null } };
  }
  const field = REFERENCE_FIELD[method];
  const reference = checkout[field].trim();
  if (reference === '') return { ok: false, error: 'INVALID_REFERENCE', field, message: { key: 'required' } };
  if ([...reference].length > REFERENCE_MAX_LENGTH) {
    return { ok: false, error: 'INVALID_REFERENCE', field, message: { key: 'maxLength', params: { length: REFERENCE_MAX_LENGTH } } };
  }
  return { ok: true, payment: { method, reference } };
}
