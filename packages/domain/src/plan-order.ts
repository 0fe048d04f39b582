/**
 * Planning an order (docs/decisions/0056-checkout-pipeline.md; ARCHITECTURE.md "Order types and
 * verticals"): from a priced cart and the diner's checkout to everything the order will store and
 * charge, or the first reason it cannot be placed. Pure: whatever needs I/O (the priced cart, the
 * diner's saved card, the point a postal code is on) is loaded before and passed in; `now` too.
 *
 * The order's policy (order-types/) admits it first, before the cart is priced (`admitOrder` asks it
 * by type). The steps run in `PLAN_STEPS` order and the first refusal wins, so the order of the table
 * is the order a diner is told what is wrong. This file holds only the steps every type shares; a
 * policy's own steps (`steps`: generic catering's sign-in and table location, the table a dine-in
 * order needs, a suite's delivery time and tab payment, a hub's per-vendor times, a school's days)
 * take their named place, and a step no policy fills and that has no common reading is skipped.
 *
 * Readings of the common steps (they were place-order.ts's before the pipeline):
 * 1. Contact: the full name is required; e-mail and phone are required unless the restaurant hides
 *    them (`hideGuestInfo`) or the policy does (`contactHidden`), and checked whenever given. Every
 *    field in error is reported at once.
 * 2. Custom questions: an answer to a question the restaurant does not ask, an option index out of
 *    range or several answers to a select-one question is refused; a required question without an
 *    answer is QUESTION_REQUIRED with every such question listed. Repeated indexes count once.
 * 3. Delivery (only for a type that allows it, when the diner asked for it): a default address needs
 *    an address and a valid postal code, and must lie within the radius of the point the geocoder
 *    placed it on; a choice from the restaurant's comma lists (locations, areas, schools with their
 *    grades, classrooms and teachers, stadium sections) must be one of the list when there is one.
 * 4. When: ASAP (ready at now + lead) or the requested slot, which must be one scheduling.ts offers
 *    now (without the booked counts: the commit checks those again under the slot's lock). A date
 *    without a time is noon that day.
 * 5. Tab: only for a policy that allows tabs at a restaurant that keeps them, with an owner's name.
 * 6. Payment: required unless pricing.md 5.5 says otherwise; a chosen saved card must be the
 *    diner's own and of this processor; "save this card" is for a signed-in diner paying with a new
 *    card. The selection is checked by payment-method.ts.
 */
import { type CartItem, checkCateringMinimum, checkMealLimits } from './cart';
import { validateEmail, validateFullName, validatePhoneNumber, validatePostalCode } from './card';
import { type LatLng, withinRadius } from './geo';
import { type OrderType, orderTypePolicy, type SuiteOrderKind } from './order-type';
import type { GenericCateringRestaurant } from './order-types/generic-catering';
import { policyOf } from './order-types/index';
import type { PlannedVendorTime, VendorPlanPart } from './order-types/marketplace';
import { invalid, requestedSlot } from './order-types/plan-helpers';
import type { AdmitRestaurant, OrderTypePolicy, PlanStep, PlanStepName } from './order-types/policy';
import type { SuiteDeliveryChoice, SuiteEvent } from './order-types/suite';
import {
  availablePaymentMethods,
  EMPTY_CARD_FIELDS,
  type ExtraPaymentMethod,
  isPaymentRequired,
  type PaymentMethod,
  type PaymentSelection,
  validatePaymentSelection,
} from './payment-method';
import type { OrderFacts, PricingRestaurant } from './pricing';
import { asapOption, checkSlot, type SchedulingInput } from './scheduling';

export { requestedSlot };

// ---------------------------------------------------------------------------------------------------
// Input

/** One custom question of the restaurant (tenant file `customQuestions`). */
export interface PlanQuestion {
  id: number;
  question: string;
  options: readonly string[];
  question_type: 'select_one' | 'checkbox';
  required: boolean;
}

/** The restaurant's delivery options (tenant file `delivery`); lists are comma-separated text. */
export interface PlanDeliveryOptions {
  radius_km: number | null;
  schools: ReadonlyArray<{ name: string; grades: string; classrooms: string; teachers: string }>;
  custom_locations: string;
  areas: string;
  stadium_sections: string;
}

/** The restaurant's settings the plan reads (tenant file names). */
export interface PlanRestaurant {
  zone: string;
  hideGuestInfo: { email: boolean; phone: boolean };
  customQuestions: readonly PlanQuestion[];
  delivery: PlanDeliveryOptions | null;
  latitude: number | null;
  longitude: number | null;
  allow_open_tab: boolean;
  payment_processor: PricingRestaurant['payment_processor'];
  extraPaymentMethods: readonly ExtraPaymentMethod[];
  genericCateringHideCreditCard: boolean;
  genericCateringRequiresLogin: GenericCateringRestaurant['genericCateringRequiresLogin'];
  genericCateringShowPickupOption: GenericCateringRestaurant['genericCateringShowPickupOption'];
  generic_table_locations: GenericCateringRestaurant['generic_table_locations'];
  avs: boolean;
  min_catering_amount: number | null;
  maxMealsPerCart: number | null;
  minMealsPerCart: number | null;
}

/** The delivery details the diner typed (contracts `OrderDelivery`). */
export interface PlanDelivery {
  type: 'default_address' | 'custom_location' | 'school' | 'stadium';
  name?: string | undefined;
  address?: string | undefined;
  lat?: number | undefined;
  lng?: number | undefined;
  location?: string | undefined;
  area?: string | undefined;
  student?: string | undefined;
  school?: string | undefined;
  grade?: string | undefined;
  classroom?: string | undefined;
  teacher?: string | undefined;
  section?: string | undefined;
  row?: string | undefined;
  seat?: string | undefined;
  postalCode?: string | undefined;
  /** custom_location: the room, floor or suite at the listed location (an office tower's 12th floor); optional. */
  detail?: string | undefined;
}

/** The diner's checkout (contracts `OrderCheckout`), as far as the plan reads it. */
export interface PlanCheckout {
  paymentMethod: PaymentMethod | null;
  pickup: { delivery: boolean; dueByDate?: string | null | undefined; dueByTime?: string | null | undefined; scheduled: boolean };
  delivery?: PlanDelivery | null | undefined;
  contact: { full_name: string; email: string; phone_number: string };
  card?: { token: string } | null | undefined;
  chosenCreditCard?: string | null | undefined;
  savePaymentMethodOnCheckout: boolean;
  tab?: { owner: string } | null | undefined;
  applePayPaymentToken?: string | null | undefined;
  googlePayPaymentPayload?: string | null | undefined;
  purchaseOrder: string;
  costCenter: string;
  invoice: string;
  questions: ReadonlyArray<{ id: number; answers: readonly number[] }>;
  /** A suite order's delivery preference and time (spec: checkout suitesInfo; its notes and tab limit are not the plan's). */
  suitesInfo?: { deliveryPreference?: SuiteDeliveryChoice | null | undefined; deliveryTime?: string | null | undefined } | null | undefined;
}

/** The event suite an order names, loaded and checked for the caller (owner or assigned operator) before planning. */
export interface PlanSuite {
  kind: SuiteOrderKind;
  event: SuiteEvent;
  /**
   * The venue's operator changing a suite's pre-order, with a reason (use-cases/suites/pre-order-change.ts):
   * past the lock too, and without the owner's card at hand (the tab is settled with the owner's card
   * or an invoice when it closes, as always).
   */
  operatorChange?: boolean | undefined;
}

export interface PlanInput {
  type: OrderType;
  restaurant: PlanRestaurant;
  tableNum: string | null | undefined;
  /** A generic catering order's table location (the link's or the checkout's `genericTableLocation`). */
  tableLocation?: string | null | undefined;
  checkout: PlanCheckout;
  /** The cart as priced by set-costs: its fresh items and the amounts the plan's rules read. */
  cart: { items: readonly CartItem[]; subtotal: number; amountDue: number; isMeal: (line: { id: number }) => boolean };
  /** The cart's menus and the restaurant's hours; `booked` is not read here (see reading 4). */
  scheduling: SchedulingInput;
  /** Loaded before planning: */
  loaded: {
    signedIn: boolean;
    /** The processor's name and the wallets it takes. */
    processor: { name: string; wallets: { applePay: boolean; googlePay: boolean } };
    /** The diner's saved card that `chosenCreditCard` names; null when there is none of theirs. */
    savedCard: {
      reference: string;
      processor: string;
      /** The card as the diner knows it ("Visa", "4242"): what a suite's pre-order says it keeps. */
      brand?: string | null | undefined;
      last4?: string | null | undefined;
    } | null;
    /** Where the geocoder put `deliveryToLocate`'s postal code; null when unknown or not asked. */
    located: LatLng | null;
  };
  /** The event suite the order is for; null or absent for any other order. */
  suite?: PlanSuite | null | undefined;
  /** A marketplace hub's cart split by vendor (marketplace.ts); null or absent for any other order. */
  vendors?: readonly VendorPlanPart[] | null | undefined;
  now: Date;
}

// ---------------------------------------------------------------------------------------------------
// Output

export interface PlannedContact {
  full_name: string;
  email: string | null;
  phone_number: string | null;
}

export interface PlannedAnswer {
  id: number;
  question: string;
  answers: string[];
}

export type PlannedDelivery = PlanDelivery & { lat: number | undefined; lng: number | undefined };

export interface PlannedPayment {
  required: boolean;
  selection: PaymentSelection;
  /** Cents the method is charged; 0 when nothing is charged online. */
  amount: number;
  /** The reference a payment method keeps (invoice, cost centre, purchase order). */
  reference: string | null;
  /** The token of the card "save this card" keeps once it has paid; null otherwise. */
  cardToSave: string | null;
  /** False for an open tab: authorised now, captured when the tab closes. */
  captureNow: boolean;
}

export interface OrderPlan {
  policy: OrderTypePolicy;
  /** Pricing's facts of this order (pricing.md 3 and 5.5). */
  facts: OrderFacts;
  tableNum: string | null;
  /** A generic catering order's table location as it reads ("Salle Champlain 2"); null otherwise. */
  tableLocation: string | null;
  contact: PlannedContact;
  questions: PlannedAnswer[];
  delivery: PlannedDelivery | null;
  scheduled: boolean;
  pickupTime: Date | null;
  /** The slot to lock and count at commit; null for ASAP and at a table. */
  slotStart: Date | null;
  tabOwner: string | null;
  payment: PlannedPayment;
  /** A suite order's delivery time (from its preference); null for any other order, or a suite order as soon as possible. */
  suiteDeliverAt?: Date | null;
  /**
   * The preference that delivery time stands for (the checkout's for a pre-order; on event day the one
   * the server's clock kept, order-types/suite-delivery.ts). Null with no time: as soon as possible.
   */
  suiteDeliveryPreference?: SuiteDeliveryChoice | null;
  /** A marketplace order: each vendor's pickup time and slot, in the vendors' order; absent otherwise. */
  vendorTimes?: PlannedVendorTime[];
}

export type PlanErrorName =
  | 'GENERIC_CATERING_LOGIN_REQUIRED'
  | 'PICKUP_NOT_OFFERED'
  | 'TABLE_LOCATION_NOT_OFFERED'
  | 'MAX_MEALS_PER_CART'
  | 'MIN_MEALS_PER_CART'
  | 'BELOW_CATERING_MINIMUM'
  | 'VALIDATION_FAILED'
  | 'QUESTION_REQUIRED'
  | 'DELIVERY_ADDRESS_INVALID'
  | 'DELIVERY_OUTSIDE_RADIUS'
  | 'ORDERS_PAUSED'
  | 'RESTAURANT_CLOSED'
  | 'TIMESLOT_UNAVAILABLE'
  | 'TIMESLOT_FULL'
  | 'ASAP_UNAVAILABLE'
  | 'ASAP_PAUSED'
  | 'PAYMENT_METHOD_NOT_FOUND'
  | 'PAYMENT_METHOD_UNSUPPORTED'
  | 'PAYMENT_METHOD_REQUIRED'
  | 'PAYMENT_METHOD_UNAVAILABLE'
  | 'PAYMENT_REFERENCE_REQUIRED'
  | 'PRE_ORDER_LOCKED'
  | 'PRE_ORDER_REQUIRES_SAVED_CARD'
  | 'SUITE_DELIVERY_TIME_INVALID'
  | 'SUITE_MENU_NOT_OFFERED'
  | 'VENDOR_PAUSED'
  | 'VENDOR_CLOSED'
  | 'NOT_A_MARKETPLACE';

export interface PlanError {
  error: PlanErrorName;
  /** Which request fields, by path, with a field message key. */
  details?: Array<{ path: string; message: string }>;
}

export type PlanResult = { ok: true; plan: OrderPlan } | { ok: false; error: PlanError };

// ---------------------------------------------------------------------------------------------------
// The pipeline's planning step

/** The plan as the steps fill it in (order-types/policy.ts `PlanStep`). */
export type Draft = Partial<OrderPlan> & Pick<OrderPlan, 'policy' | 'facts'>;

/**
 * The steps in the order their refusals are reported, each with its common reading; null where only
 * a policy has one (order-types/: sign-in and table location of generic catering, a suite's own).
 */
export const PLAN_STEPS: ReadonlyArray<readonly [name: PlanStepName, step: PlanStep | null]> = [
  ['sign-in', null],
  ['cart rules', planCartRules],
  ['table', planTable],
  ['contact', planContact],
  ['custom questions', planQuestions],
  ['delivery', planDelivery],
  ['table location', planNoTableLocation],
  ['suite', null],
  ['when', planWhen],
  ['tab', planTab],
  ['payment', planPayment],
];

export function planOrder(input: PlanInput): PlanResult {
  const policy = policyOf(input.type, input.suite?.kind, Boolean(input.vendors));
  const isDelivery = policy.allowsDelivery && isDeliveryOrder(input.type, input.checkout);
  const draft: Draft = { policy, facts: { isDelivery, ...policy.facts } };
  for (const [name, common] of PLAN_STEPS) {
    const step = policy.steps[name] ?? common;
    const error = step ? step(input, draft) : null;
    if (error) return { ok: false, error };
  }
  return { ok: true, plan: draft as OrderPlan };
}

/**
 * Whether the restaurant takes an order of this type at all, before anything is priced: its policy's
 * `admit` (order-types/admission.ts; docs/decisions/0027-ordering-ahead.md). POST /orders/validate
 * asks it by type; the checkout pipeline asks the policy it resolved (a suite's, a hub's).
 */
export function admitOrder(type: OrderType, restaurant: AdmitRestaurant, now: Date): PlanError | null {
  return orderTypePolicy(type).admit(restaurant, now);
}

/** Pricing's facts of an order of this type (the same for set-costs and placement). */
export function orderFacts(type: OrderType, isDelivery: boolean): OrderFacts {
  return { isDelivery, ...orderTypePolicy(type).facts };
}

/**
 * Whether the diner asked to be delivered an order of a type that delivers. By the order's type, as
 * set-costs prices it; a policy that never delivers (a suite's, a hub's) keeps it out of its facts.
 */
export function isDeliveryOrder(type: OrderType, checkout: { pickup?: { delivery?: boolean | undefined } | undefined }): boolean {
  return orderTypePolicy(type).allowsDelivery && checkout.pickup?.delivery === true;
}

/**
 * The postal code (and address) the geocoder must place before planning, or null when the plan will
 * not need a point: not a delivery, not a default address, no radius, or a postal code the plan refuses anyway.
 */
export function deliveryToLocate(
  type: OrderType,
  checkout: Pick<PlanCheckout, 'pickup' | 'delivery'>,
  restaurant: Pick<PlanRestaurant, 'delivery' | 'latitude' | 'longitude'>,
): { postalCode: string; address: string } | null {
  const delivery = checkout.delivery;
  if (!isDeliveryOrder(type, checkout) || delivery?.type !== 'default_address') return null;
  if (!radiusApplies(restaurant)) return null;
  const postal = validatePostalCode(delivery.postalCode ?? '');
  return postal.ok ? { postalCode: postal.value, address: delivery.address ?? '' } : null;
}

// ---------------------------------------------------------------------------------------------------
// Steps

/** No table location unless the policy has its own step (generic catering). */
function planNoTableLocation(_input: PlanInput, draft: Draft): PlanError | null {
  draft.tableLocation = null;
  return null;
}

function planCartRules(input: PlanInput, draft: Draft): PlanError | null {
  return checkCartRules(draft.policy, input.restaurant, input.cart);
}

/**
 * The cart's own rules for its order type: the restaurant's meal limits, then the catering minimum
 * for a catering type. Also what POST /orders/validate checks before checkout.
 */
export function checkCartRules(
  policy: Pick<OrderTypePolicy, 'facts'>,
  restaurant: Pick<PlanRestaurant, 'maxMealsPerCart' | 'minMealsPerCart' | 'min_catering_amount'>,
  cart: Pick<PlanInput['cart'], 'items' | 'subtotal' | 'isMeal'>,
): { error: 'MAX_MEALS_PER_CART' | 'MIN_MEALS_PER_CART' | 'BELOW_CATERING_MINIMUM' } | null {
  const meals = checkMealLimits(cart.items, {
    maxMealsPerCart: restaurant.maxMealsPerCart,
    minMealsPerCart: restaurant.minMealsPerCart,
    isMeal: cart.isMeal,
  });
  if (!meals.ok) return { error: meals.error };
  if (policy.facts.isCatering) {
    const minimum = checkCateringMinimum(cart.subtotal, restaurant.min_catering_amount);
    if (!minimum.ok) return { error: minimum.error };
  }
  return null;
}

function planTable(input: PlanInput, draft: Draft): PlanError | null {
  // Kept when given; a policy that needs one (dine-in) requires it in its own step.
  draft.tableNum = input.tableNum?.trim() || null;
  return null;
}

function planContact(input: PlanInput, draft: Draft): PlanError | null {
  const { contact } = input.checkout;
  const hidden = draft.policy.contactHidden?.(input.restaurant) ?? input.restaurant.hideGuestInfo;
  const details: Array<{ path: string; message: string }> = [];
  const name = validateFullName(contact.full_name);
  if (!name.ok) details.push({ path: 'data.checkout.contact.full_name', message: name.error.key });
  let email: string | null = null;
  if (!hidden.email || contact.email.trim() !== '') {
    const checked = validateEmail(contact.email);
    if (checked.ok) email = checked.value;
    else details.push({ path: 'data.checkout.contact.email', message: checked.error.key });
  }
  let phone: string | null = null;
  if (!hidden.phone || contact.phone_number.trim() !== '') {
    const checked = validatePhoneNumber(contact.phone_number);
    if (checked.ok) phone = checked.value;
    else details.push({ path: 'data.checkout.contact.phone_number', message: checked.error.key });
  }
  if (details.length > 0 || !name.ok) return { error: 'VALIDATION_FAILED', details };
  draft.contact = { full_name: name.value, email, phone_number: phone };
  return null;
}

function planQuestions(input: PlanInput, draft: Draft): PlanError | null {
  const answers = input.checkout.questions;
  const questions = input.restaurant.customQuestions;
  const byId = new Map(answers.map((answer) => [answer.id, answer.answers]));
  for (const answer of answers) {
    if (!questions.some((question) => question.id === answer.id))
      return invalid(`data.checkout.questions.${answer.id}`, { key: 'required' });
  }
  const missing: Array<{ path: string; message: string }> = [];
  const planned: PlannedAnswer[] = [];
  for (const question of questions) {
    const chosen = [...new Set(byId.get(question.id) ?? [])];
    if (chosen.length === 0) {
      if (question.required) missing.push({ path: `data.checkout.questions.${question.id}`, message: 'required' });
      continue;
    }
    if (chosen.some((index) => index >= question.options.length) || (question.question_type === 'select_one' && chosen.length > 1)) {
      return invalid(`data.checkout.questions.${question.id}`, { key: 'required' });
    }
    planned.push({ id: question.id, question: question.question, answers: chosen.map((index) => question.options[index] ?? '') });
  }
  if (missing.length > 0) return { error: 'QUESTION_REQUIRED', details: missing };
  draft.questions = planned;
  return null;
}

/** A comma list from the tenant file ("Lobby, Loading dock") as its entries. */
export function commaList(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

function radiusApplies(restaurant: Pick<PlanRestaurant, 'delivery' | 'latitude' | 'longitude'>): boolean {
  return restaurant.delivery?.radius_km != null && restaurant.latitude !== null && restaurant.longitude !== null;
}

function planDelivery(input: PlanInput, draft: Draft): PlanError | null {
  draft.delivery = null;
  if (!isDeliveryOrder(input.type, input.checkout)) return null;
  const { restaurant } = input;
  const options = restaurant.delivery;
  const sent = input.checkout.delivery;
  if (!options || !sent) return { error: 'DELIVERY_ADDRESS_INVALID' };
  // The room, floor or suite belongs to a listed location; another type has its own fields and keeps none.
  const delivery = sent.type === 'custom_location' || sent.detail === undefined ? sent : { ...sent, detail: undefined };
  const refuse = (field: keyof PlanDelivery, message = 'required'): PlanError => ({
    error: 'DELIVERY_ADDRESS_INVALID',
    details: [{ path: `data.checkout.delivery.${field}`, message }],
  });
  const missing = (field: keyof PlanDelivery): PlanError | null => {
    const value = delivery[field];
    return value === undefined || (typeof value === 'string' && value.trim() === '') ? refuse(field) : null;
  };
  const notIn = (field: 'location' | 'area' | 'section', list: string[]): PlanError | null =>
    list.length > 0 && !list.includes(delivery[field] ?? '') ? refuse(field, 'notOffered') : null;

  switch (delivery.type) {
    case 'default_address': {
      const absent = missing('address') ?? missing('postalCode');
      if (absent) return absent;
      const postal = validatePostalCode(delivery.postalCode ?? '');
      if (!postal.ok) return refuse('postalCode', postal.error.key);
      if (!radiusApplies(restaurant)) {
        draft.delivery = { ...delivery, postalCode: postal.value, lat: undefined, lng: undefined };
        return null;
      }
      const point = input.loaded.located;
      if (!point) return refuse('postalCode', 'unknownPostalCode');
      const check = withinRadius({ lat: restaurant.latitude ?? 0, lng: restaurant.longitude ?? 0 }, point, options.radius_km ?? 0);
      if (!check.ok) return { error: check.error, details: [{ path: 'data.checkout.delivery.postalCode', message: check.error }] };
      draft.delivery = { ...delivery, postalCode: postal.value, lat: point.lat, lng: point.lng };
      return null;
    }
    case 'custom_location': {
      const error =
        missing('location') ??
        notIn('location', commaList(options.custom_locations)) ??
        (commaList(options.areas).length > 0 ? (missing('area') ?? notIn('area', commaList(options.areas))) : null);
      if (error) return error;
      break;
    }
    case 'school': {
      const absent = missing('school');
      if (absent) return absent;
      const school = options.schools.find((entry) => entry.name === delivery.school);
      if (!school) return refuse('school', 'notOffered');
      for (const [field, list] of [
        ['grade', school.grades],
        ['classroom', school.classrooms],
        ['teacher', school.teachers],
      ] as const) {
        const offered = commaList(list);
        if (offered.length === 0) continue;
        const error = missing(field) ?? (offered.includes(delivery[field] ?? '') ? null : refuse(field, 'notOffered'));
        if (error) return error;
      }
      break;
    }
    case 'stadium': {
      const error = missing('section') ?? missing('row') ?? missing('seat') ?? notIn('section', commaList(options.stadium_sections));
      if (error) return error;
      break;
    }
  }
  draft.delivery = { ...delivery, lat: undefined, lng: undefined };
  return null;
}

function planWhen(input: PlanInput, draft: Draft): PlanError | null {
  const { pickup } = input.checkout;
  draft.scheduled = pickup.scheduled;
  draft.pickupTime = null;
  draft.slotStart = null;
  if (pickup.scheduled) {
    const slot = requestedSlot(pickup.dueByDate ?? null, pickup.dueByTime ?? null, input.restaurant.zone);
    if (!slot.ok) return slot.error;
    const check = checkSlot(slot.start, input.scheduling, input.now);
    if (!check.ok) return { error: check.error };
    draft.pickupTime = slot.start;
    draft.slotStart = slot.start;
    return null;
  }
  const asap = asapOption(input.scheduling, input.now);
  // Admitted (a type ordered ahead), so a pause here stops only ASAP: 418, and a later slot still works.
  if (!asap.available || !asap.readyAt) return { error: asap.reason === 'ORDERS_PAUSED' ? 'ASAP_PAUSED' : 'ASAP_UNAVAILABLE' };
  draft.pickupTime = asap.readyAt;
  return null;
}

function planTab(input: PlanInput, draft: Draft): PlanError | null {
  const tab = input.checkout.tab ?? null;
  draft.tabOwner = null;
  if (tab === null) return null;
  if (!draft.policy.allowsTab || !input.restaurant.allow_open_tab) return invalid('data.checkout.tab', { key: 'required' });
  const owner = tab.owner.trim();
  if (owner === '') return invalid('data.checkout.tab.owner', { key: 'required' });
  draft.tabOwner = owner;
  return null;
}

function planPayment(input: PlanInput, draft: Draft): PlanError | null {
  const { checkout, restaurant, loaded, cart } = input;
  const required = isPaymentRequired({ order: draft.facts, processor: restaurant.payment_processor, amountDue: cart.amountDue });
  let savedCard: PlanInput['loaded']['savedCard'] = null;
  if (checkout.paymentMethod === 'credit_card' && checkout.chosenCreditCard) {
    // A saved card must be the signed-in diner's own: a guest's or another user's id is not found.
    if (!loaded.savedCard) return { error: 'PAYMENT_METHOD_NOT_FOUND' };
    if (loaded.savedCard.processor !== loaded.processor.name) return { error: 'PAYMENT_METHOD_UNSUPPORTED' };
    savedCard = loaded.savedCard;
  }
  // "Save this card" is for a signed-in diner paying with a new card; a guest's request is ignored.
  const cardToSave = savedCard === null && checkout.savePaymentMethodOnCheckout && loaded.signedIn ? (checkout.card?.token ?? null) : null;
  const available = availablePaymentMethods({
    processor: restaurant.payment_processor,
    extraPaymentMethods: restaurant.extraPaymentMethods,
    wallets: loaded.processor.wallets,
    hideCreditCard: draft.policy.hidesCard?.(restaurant) ?? false,
  });
  const selection = validatePaymentSelection(
    {
      paymentMethod: checkout.paymentMethod,
      card: EMPTY_CARD_FIELDS,
      savePaymentMethodOnCheckout: false,
      applePayPaymentToken: checkout.applePayPaymentToken ?? null,
      applePayPaymentDetails: null,
      googlePayPaymentPayload: checkout.googlePayPaymentPayload ?? null,
      purchaseOrder: checkout.purchaseOrder,
      costCenter: checkout.costCenter,
      invoice: checkout.invoice,
    },
    {
      available,
      paymentRequired: required,
      savedCardId: savedCard?.reference ?? checkout.card?.token ?? null,
      postalCodeRequired: restaurant.avs,
      now: input.now,
    },
  );
  if (!selection.ok) {
    if (selection.error === 'INVALID_CARD') return invalid('data.checkout.card.token', { key: 'required' });
    if (selection.error === 'INVALID_REFERENCE')
      return {
        error: 'PAYMENT_REFERENCE_REQUIRED',
        details: [{ path: `data.checkout.${selection.field}`, message: selection.message.key }],
      };
    if (selection.error === 'WALLET_TOKEN_MISSING') return { error: 'PAYMENT_METHOD_UNAVAILABLE' };
    return { error: selection.error };
  }
  const payment = selection.payment;
  draft.payment = {
    required,
    selection: payment,
    amount: payment.method === null || payment.method === 'pay_on_premise' ? 0 : cart.amountDue,
    reference: 'reference' in payment ? payment.reference : null,
    cardToSave,
    captureNow: draft.tabOwner === null,
  };
  return null;
}
