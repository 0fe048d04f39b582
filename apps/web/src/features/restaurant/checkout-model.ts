/**
 * The checkout form's pure parts: its state, the checks before anything is sent (domain rules from
 * `@servery/domain/card` and `payment-method`), and the order request built from it.
 */
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import {
  validateCardFields,
  validateEmail,
  validateFullName,
  validatePhoneNumber,
  type CardFieldErrors,
  type FieldMessage,
} from '@servery/domain/card';
import type { OrderingConfig } from '@servery/domain/ordering-config';
import { EMPTY_CARD_FIELDS, needsReference, type CheckoutPayment, type PaymentMethod } from '@servery/domain/payment-method';
import type { CartItem } from './cart-api';
import { tipRequest, type CartChoices } from './cart-model';
import type { PlaceableOrderType, PlaceOrderBody } from './checkout-api';

/** When the order is wanted: as soon as possible, or a slot the server offered. */
export type PickupChoice = { kind: 'asap' } | { kind: 'slot'; date: string; time: string } | { kind: 'none' };

export interface ContactFields {
  full_name: string;
  email: string;
  phone_number: string;
}

export interface CheckoutForm {
  pickup: PickupChoice;
  /** Question id -> chosen option indexes. */
  answers: Record<number, number[]>;
  contact: ContactFields;
  payment: CheckoutPayment;
}

export const EMPTY_PAYMENT: CheckoutPayment = {
  paymentMethod: null,
  card: EMPTY_CARD_FIELDS,
  savePaymentMethodOnCheckout: false,
  applePayPaymentToken: null,
  applePayPaymentDetails: null,
  googlePayPaymentPayload: null,
  purchaseOrder: '',
  costCenter: '',
  invoice: '',
};

export const REFERENCE_FIELD = { invoice: 'invoice', cost_center: 'costCenter', purchase_order: 'purchaseOrder' } as const;

/** A field's id in the form's error map: contact fields, card fields, `reference`, `question-{id}`, `pickup`, `method`. */
export type FieldErrors = Record<string, FieldMessage>;

/** Order of the fields on screen: the first one with an error gets focus. */
export const FIELD_ORDER = [
  'pickup',
  'questions',
  'full_name',
  'email',
  'phone_number',
  'method',
  'number',
  'expiry_date',
  'cvd',
  'postal_code',
  'reference',
];

export interface CheckContext {
  restaurant: Pick<PublicRestaurant, 'customQuestions' | 'hideGuestInfo'>;
  needsPickupTime: boolean;
  methods: readonly PaymentMethod[];
  postalCodeRequired: boolean;
  now: Date;
}

/** Every check the form makes before it tokenises the card and places the order; empty when all is well. */
export function checkForm(form: CheckoutForm, context: CheckContext): FieldErrors {
  const errors: FieldErrors = {};
  if (context.needsPickupTime && form.pickup.kind === 'none') errors.pickup = { key: 'required' };
  for (const question of context.restaurant.customQuestions) {
    if (question.required && (form.answers[question.id] ?? []).length === 0) errors[`question-${question.id}`] = { key: 'required' };
  }
  const name = validateFullName(form.contact.full_name);
  if (!name.ok) errors.full_name = name.error;
  if (!context.restaurant.hideGuestInfo.email) {
    const email = validateEmail(form.contact.email);
    if (!email.ok) errors.email = email.error;
  }
  if (!context.restaurant.hideGuestInfo.phone) {
    const phone = validatePhoneNumber(form.contact.phone_number);
    if (!phone.ok) errors.phone_number = phone.error;
  }
  if (context.methods.length > 0) {
    const method = form.payment.paymentMethod;
    if (method === null) errors.method = { key: 'required' };
    else if (method === 'credit_card') {
      const card = validateCardFields(form.payment.card, context.now, { postalCodeRequired: context.postalCodeRequired });
      if (!card.ok) Object.assign(errors, card.errors satisfies CardFieldErrors);
    } else if (needsReference(method) && form.payment[REFERENCE_FIELD[method]].trim() === '') {
      errors.reference = { key: 'required' };
    }
  }
  return errors;
}

/** The costs part of an order: the diner's choices, the same as set-costs gets. */
export function costChoices(choices: CartChoices): PlaceOrderBody['data']['costs'] {
  const tip = tipRequest(choices.tip);
  return {
    ...(tip ? { tip } : {}),
    ...(choices.discountCode ? { discount: { code: choices.discountCode } } : {}),
    ...(choices.voucher ? { voucher: { code: choices.voucher.code } } : {}),
    ...(choices.payWhatYouCan !== null ? { subsidyDiscount: { chosenAmountToBePaid: choices.payWhatYouCan } } : {}),
  };
}

export interface OrderInput {
  type: PlaceableOrderType;
  config: OrderingConfig;
  items: CartItem[];
  choices: CartChoices;
  form: CheckoutForm;
  hideGuestInfo: { email: boolean; phone: boolean };
  /** The card's token from /payment/tokenize; never the card itself. */
  cardToken: string | null;
}

/** POST /orders' body. The card travels only as its token. */
export function orderBody({ type, config, items, choices, form, hideGuestInfo, cardToken }: OrderInput): PlaceOrderBody {
  const { pickup, payment, contact } = form;
  const method = payment.paymentMethod;
  return {
    type,
    data: {
      config: {
        tableNum: config.tableNum,
        takeout: config.takeout,
        takeoutType: config.takeoutType,
        genericCatering: config.genericCatering,
        genericTableLocation: config.genericTableLocation,
        takeoutDateRange: config.takeoutDateRange,
        takeoutSpecificDates: config.takeoutSpecificDates,
      },
      items,
      costs: costChoices(choices),
      checkout: {
        paymentMethod: method,
        pickup:
          pickup.kind === 'slot'
            ? { delivery: choices.delivery, notes: '', scheduled: true, dueByDate: pickup.date, dueByTime: pickup.time }
            : { delivery: choices.delivery, notes: '', scheduled: false },
        contact: {
          full_name: contact.full_name.trim().replace(/\s+/g, ' '),
          email: hideGuestInfo.email ? '' : contact.email.trim(),
          phone_number: hideGuestInfo.phone ? '' : contact.phone_number.trim(),
        },
        card: method === 'credit_card' && cardToken ? { token: cardToken } : null,
        purchaseOrder: method === 'purchase_order' ? payment.purchaseOrder.trim() : '',
        costCenter: method === 'cost_center' ? payment.costCenter.trim() : '',
        invoice: method === 'invoice' ? payment.invoice.trim() : '',
        questions: Object.entries(form.answers)
          .filter(([, answers]) => answers.length > 0)
          .map(([id, answers]) => ({ id: Number(id), answers: [...answers].sort((a, b) => a - b) })),
      },
    },
  };
}
