/**
 * The checkout form's pure parts: its state, the checks before anything is sent (domain rules from
 * `@servery/domain/card` and `payment-method`), and the order request built from it.
 */
import { orderTypePolicy } from '@servery/domain/order-type';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import type { SuitesInfoBody } from '@servery/contracts/suites';
import {
  validateCardFields,
  validateEmail,
  validateFullName,
  validatePassword,
  validatePhoneNumber,
  type CardFieldErrors,
} from '@servery/domain/card';
import type { OrderingConfig } from '@servery/domain/ordering-config';
import { needsReference, REFERENCE_FIELD, type CheckoutPayment, type PaymentMethod } from '@servery/domain/payment-method';
import type { FieldProblem } from '../../components/ui/form-fields';
import type { CartItem } from '../cart/cart-api';
import { costChoices, type CartChoices } from '../cart/cart-model';
import type { PlaceableOrderType, PlaceOrderBody } from './checkout-api';
import { checkDelivery, deliveryBody, type DeliveryForm, type DeliveryOptions } from './checkout-delivery-model';

/** When the order is wanted: as soon as possible, or a slot the server offered. */
export type PickupChoice = { kind: 'asap' } | { kind: 'slot'; date: string; time: string } | { kind: 'none' };

export interface ContactFields {
  full_name: string;
  email: string;
  phone_number: string;
}

/** An open tab (dine-in where the restaurant keeps tabs): whose name it goes under. */
export interface TabChoice {
  open: boolean;
  owner: string;
}

/** A guest who creates an account while ordering. */
export interface AccountChoice {
  create: boolean;
  password: string;
}

export interface CheckoutForm {
  pickup: PickupChoice;
  delivery: DeliveryForm;
  /** A generic catering order's table location (a `generic_table_locations` value); '' for none. */
  tableLocation: string;
  tab: TabChoice;
  account: AccountChoice;
  /** A signed-in diner's saved card (`paymentCardId`) when paying by card with it; null: a new card. */
  savedCard: string | null;
  /** Question id -> chosen option indexes. */
  answers: Record<number, number[]>;
  contact: ContactFields;
  payment: CheckoutPayment;
  /** Special instructions for a takeout, delivery or catering order (checkout-notes.tsx); '' when the restaurant hides them. */
  notes: string;
}

/**
 * A field's id in the form's error map: `delivery-{field}`, `pickup`, `question-{id}`, `tab_owner`,
 * contact fields, `password`, `method`, card fields, `reference`.
 */
export type FieldErrors = Record<string, FieldProblem>;

/** Changes the form; naming the field clears its message. */
export type Update = (change: (current: CheckoutForm) => CheckoutForm, field?: string) => void;

export function omit(errors: FieldErrors, field: string): FieldErrors {
  const next = { ...errors };
  delete next[field];
  return next;
}

/** Order of the fields on screen: the first one with an error gets focus. */
export const FIELD_ORDER = [
  'delivery',
  'table_location',
  'pickup',
  'questions',
  'tab_owner',
  'full_name',
  'email',
  'phone_number',
  'password',
  'method',
  'saved_card',
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
  /** The restaurant's delivery options when this order is delivered. */
  delivery?: DeliveryOptions | null;
  /** Dine-in at a restaurant that keeps tabs open. */
  tabOffered?: boolean;
  /** A generic catering order that must name one of the restaurant's table locations. */
  tableLocationRequired?: boolean;
  /** A guest may create an account here (a signed-in diner may not). */
  accountOffered?: boolean;
  /**
   * E-mail and phone are checked only when given: an event-day suite order, which goes to the suite
   * and on its tab (an operator may order for a guest who has neither; plan-order.ts reading 1).
   */
  contactOptional?: boolean;
}

/** Every check the form makes before it tokenises the card and places the order; empty when all is well. */
export function checkForm(form: CheckoutForm, context: CheckContext): FieldErrors {
  const errors: FieldErrors = {};
  if (context.delivery) Object.assign(errors, checkDelivery(form.delivery, context.delivery));
  if (context.tableLocationRequired && form.tableLocation === '') errors.table_location = { key: 'required' };
  if (context.needsPickupTime && form.pickup.kind === 'none') errors.pickup = { key: 'required' };
  for (const question of context.restaurant.customQuestions) {
    if (question.required && (form.answers[question.id] ?? []).length === 0) errors[`question-${question.id}`] = { key: 'required' };
  }
  if (context.tabOffered && form.tab.open) {
    const owner = validateFullName(form.tab.owner);
    if (!owner.ok) errors.tab_owner = owner.error;
  }
  const name = validateFullName(form.contact.full_name);
  if (!name.ok) errors.full_name = name.error;
  const creating = context.accountOffered === true && form.account.create;
  const optional = (value: string) => context.contactOptional === true && value.trim() === '';
  if ((!context.restaurant.hideGuestInfo.email || creating) && !optional(form.contact.email)) {
    const email = validateEmail(form.contact.email);
    if (!email.ok) errors.email = email.error;
  }
  if (!context.restaurant.hideGuestInfo.phone && !optional(form.contact.phone_number)) {
    const phone = validatePhoneNumber(form.contact.phone_number);
    if (!phone.ok) errors.phone_number = phone.error;
  }
  if (creating) {
    const password = validatePassword(form.account.password);
    if (!password.ok) errors.password = password.error;
  }
  if (context.methods.length > 0) {
    const method = form.payment.paymentMethod;
    if (method === null) errors.method = { key: 'required' };
    else if (method === 'credit_card' && form.savedCard !== null) {
      // A saved card was tokenised when it was saved: nothing to type.
    } else if (method === 'credit_card') {
      const card = validateCardFields(form.payment.card, context.now, { postalCodeRequired: context.postalCodeRequired });
      if (!card.ok) Object.assign(errors, card.errors satisfies CardFieldErrors);
    } else if (needsReference(method) && form.payment[REFERENCE_FIELD[method]].trim() === '') {
      errors.reference = { key: 'required' };
    }
  }
  return errors;
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
  /** The restaurant's delivery options, for a delivered order. */
  delivery?: DeliveryOptions | null;
  tabOffered?: boolean;
  /** A generic catering order: the table location chosen at checkout ('' for none) replaces the link's. */
  genericCatering?: boolean;
  /** A wallet's token or payload, once the wallet sheet gave it. */
  wallet?: { applePayPaymentToken?: string; googlePayPaymentPayload?: string } | null;
  /** Whether the diner is signed in (saved cards and saving a new card are theirs only). */
  signedIn?: boolean;
  /** A suite order: the link's event suite; its delivery preference, time and notes (checkout-suite.tsx). */
  suite?: { info: SuitesInfoBody } | null;
}

/** POST /orders' body. The card travels only as its token. */
export function orderBody({
  type,
  config,
  items,
  choices,
  form,
  hideGuestInfo,
  cardToken,
  delivery,
  tabOffered,
  genericCatering,
  wallet,
  signedIn,
  suite,
}: OrderInput): PlaceOrderBody {
  const { pickup, payment, contact } = form;
  // A suite's notes travel in suitesInfo (spec ordering.md: suitesInfo{deliveryTime, notes, tabLimit}).
  const notes = suite ? '' : form.notes.trim();
  const method = payment.paymentMethod;
  const savedCard = method === 'credit_card' && signedIn === true ? form.savedCard : null;
  const delivered = choices.delivery && orderTypePolicy(type).allowsDelivery;
  const deliveryAddress = delivered && delivery ? deliveryBody(form.delivery, delivery) : null;
  return {
    type,
    data: {
      config: {
        tableNum: config.tableNum,
        takeout: config.takeout,
        takeoutType: config.takeoutType,
        genericCatering: config.genericCatering,
        // A delivered order goes where its address says; a room or table is for an order served on site (decision 0084).
        genericTableLocation: genericCatering ? (delivered ? null : form.tableLocation || null) : config.genericTableLocation,
        takeoutDateRange: config.takeoutDateRange,
        takeoutSpecificDates: config.takeoutSpecificDates,
        ...(suite && config.eventSuite !== null ? { eventSuite: config.eventSuite, eventDayOrdering: config.eventDayOrdering } : {}),
      },
      items,
      costs: costChoices(choices),
      checkout: {
        paymentMethod: method,
        pickup:
          pickup.kind === 'slot'
            ? { delivery: choices.delivery, notes, scheduled: true, dueByDate: pickup.date, dueByTime: pickup.time }
            : { delivery: choices.delivery, notes, scheduled: false },
        contact: {
          full_name: contact.full_name.trim().replace(/\s+/g, ' '),
          email: hideGuestInfo.email ? '' : contact.email.trim(),
          phone_number: hideGuestInfo.phone ? '' : contact.phone_number.trim(),
        },
        ...(deliveryAddress ? { delivery: deliveryAddress } : {}),
        card: method === 'credit_card' && savedCard === null && cardToken ? { token: cardToken } : null,
        ...(savedCard !== null ? { chosenCreditCard: savedCard } : {}),
        ...(method === 'credit_card' && savedCard === null && signedIn === true && payment.savePaymentMethodOnCheckout
          ? { savePaymentMethodOnCheckout: true }
          : {}),
        ...(tabOffered && form.tab.open ? { tab: { owner: form.tab.owner.trim().replace(/\s+/g, ' ') } } : {}),
        ...(method === 'apple_pay' && wallet?.applePayPaymentToken ? { applePayPaymentToken: wallet.applePayPaymentToken } : {}),
        ...(method === 'google_pay' && wallet?.googlePayPaymentPayload ? { googlePayPaymentPayload: wallet.googlePayPaymentPayload } : {}),
        purchaseOrder: method === 'purchase_order' ? payment.purchaseOrder.trim() : '',
        costCenter: method === 'cost_center' ? payment.costCenter.trim() : '',
        invoice: method === 'invoice' ? payment.invoice.trim() : '',
        ...(suite ? { suitesInfo: suite.info } : {}),
        questions: Object.entries(form.answers)
          .filter(([, answers]) => answers.length > 0)
          .map(([id, answers]) => ({ id: Number(id), answers: [...answers].sort((a, b) => a - b) })),
      },
    },
  };
}
