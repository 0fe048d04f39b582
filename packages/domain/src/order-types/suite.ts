/**
 * Suite orders (spec accounts-and-suites.md section 4, "Suite flow"; ../event-suites.ts): an order
 * whose link names an event suite. A pre-order is stored as catering (ordering.md section 4) and
 * placed ahead, before the event's lock; an event-day order is placed during the event, as dine-in.
 * Neither is at a table nor takes a pickup slot: the suite's delivery preference says when (an
 * event-day order: at the event's start, or as soon as possible once it has begun; suite-delivery.ts). Both go
 * on the suite's tab, counted against its limit under the tab's lock at commit, and are paid when the
 * tab closes (the owner's saved card, or an invoice), never at placement.
 *
 * Who may place one (`checkSuiteCaller`, `checkSuiteOperator`): the suite's owner, or an operator in a
 * login-as session for that one suite, and then only with the operator's own token on each order.
 */
import { isPreOrderOpen, type SuiteDeliveryPreference, suiteDeliveryTime, type SuiteEventTimes } from '../event-suites';
import type { SuiteOrderKind } from '../order-type';
import { isPaymentRequired } from '../payment-method';
import type { Draft, PlanError, PlanInput } from '../plan-order';
import { admitUnlessPaused, pausedByEveryPause } from './admission';
import { eventDayDelivery } from './suite-delivery';
import { ONE_ORDER_PAID_NOW, type OrderTypePolicy } from './policy';

/** The suite policies carry what they are, for the readers of a plan (tests, logs). */
export interface SuitePolicy extends OrderTypePolicy {
  readonly onSuiteTab: true;
  readonly preOrder: boolean;
  readonly eventDay: boolean;
}

/** Every line from one of the event's menus; a pre-order only before the lock; the delivery time. */
export function planSuite(input: PlanInput, draft: Draft): PlanError | null {
  draft.suiteDeliverAt = null;
  draft.suiteDeliveryPreference = null;
  const suite = input.suite;
  if (!suite) return null;
  const preOrder = draft.facts.isPreOrder;
  const menus = new Set(suite.event.menu_ids);
  const stray = input.cart.items.find((line) => !menus.has(line.menu_id));
  if (stray) return { error: 'SUITE_MENU_NOT_OFFERED', details: [{ path: `data.items.${stray.orderId}`, message: 'notOffered' }] };
  if (preOrder && !suite.operatorChange && !isPreOrderOpen(suite.event, input.now)) return { error: 'PRE_ORDER_LOCKED' };
  const info = input.checkout.suitesInfo ?? null;
  if (preOrder) {
    const delivery = suiteDeliveryTime(info?.deliveryPreference, info?.deliveryTime, suite.event);
    if (!delivery.ok)
      return { error: delivery.error, details: [{ path: `data.checkout.suitesInfo.${delivery.field}`, message: 'required' }] };
    draft.suiteDeliverAt = delivery.deliverAt;
    draft.suiteDeliveryPreference = info?.deliveryPreference ?? null;
  } else {
    // Event day: at the event's start when placed before it, else as soon as possible (suite-delivery.ts).
    const delivery = eventDayDelivery(suite.event, input.now, { preference: info?.deliveryPreference, time: info?.deliveryTime });
    if (!delivery.ok)
      return { error: delivery.error, details: [{ path: `data.checkout.suitesInfo.${delivery.field}`, message: 'required' }] };
    draft.suiteDeliverAt = delivery.deliverAt;
    draft.suiteDeliveryPreference = delivery.preference;
  }
  return null;
}

/** The suite step chose the delivery time (null: as soon as possible): no slot is taken or counted. */
export function planSuiteWhen(_input: PlanInput, draft: Draft): PlanError | null {
  draft.scheduled = draft.facts.isPreOrder;
  draft.pickupTime = draft.suiteDeliverAt ?? null;
  draft.slotStart = null;
  return null;
}

/**
 * Paid when the tab closes. A pre-order keeps the owner's saved card for that; without one it is
 * refused (spec: pre-ordering requires a saved payment method). What it keeps to be paid is its
 * amount due, or 0 when no payment is required (pricing.md 5.5): what settling the tab charges.
 */
export function planSuitePayment(input: PlanInput, draft: Draft): PlanError | null {
  const { checkout, loaded, cart, restaurant } = input;
  const required = isPaymentRequired({ order: draft.facts, processor: restaurant.payment_processor, amountDue: cart.amountDue });
  const wantsCard = checkout.paymentMethod === 'credit_card' && Boolean(checkout.chosenCreditCard);
  const operatorChange = input.suite?.operatorChange === true;
  if (draft.facts.isPreOrder && !operatorChange && (!wantsCard || !loaded.savedCard)) return { error: 'PRE_ORDER_REQUIRES_SAVED_CARD' };
  if (loaded.savedCard && loaded.savedCard.processor !== loaded.processor.name) return { error: 'PAYMENT_METHOD_UNSUPPORTED' };
  draft.payment = {
    required,
    selection: loaded.savedCard
      ? { method: 'credit_card', savedCardId: loaded.savedCard.reference, card: null, saveCard: false }
      : { method: null },
    amount: required ? cart.amountDue : 0,
    reference: null,
    cardToSave: null,
    captureNow: false,
  };
  return null;
}

const SUITE_BASE = {
  ...ONE_ORDER_PAID_NOW,
  ordersAhead: false,
  allowsDelivery: false,
  allowsTab: false,
  // At the event's start or as soon as possible (suite-delivery.ts): a time.
  schedule: 'time',
  onSuiteTab: true,
  // A suite order is not at a table: only a pause of every order stops it.
  paused: pausedByEveryPause,
  admit: admitUnlessPaused,
  steps: { suite: planSuite, when: planSuiteWhen, payment: planSuitePayment },
  capacity: 'suite-tab',
  payment: 'suite-tab',
} as const;

export const SUITE_PRE_ORDER_POLICY: SuitePolicy = {
  ...SUITE_BASE,
  name: 'suite pre-order',
  storedAs: 'catering',
  facts: { isPreOrder: true, isEventDay: false, isCatering: true },
  placedAhead: true,
  preOrder: true,
  eventDay: false,
};

export const SUITE_EVENT_DAY_POLICY: SuitePolicy = {
  ...SUITE_BASE,
  name: 'suite event day',
  storedAs: 'dine_in',
  facts: { isPreOrder: false, isEventDay: true, isCatering: false },
  placedAhead: false,
  preOrder: false,
  eventDay: true,
  // Brought to the suite and paid with its tab: an operator orders for a guest who may have neither.
  contactHidden: () => ({ email: true, phone: true }),
};

export const SUITE_ORDER_POLICIES: Readonly<Record<SuiteOrderKind, SuitePolicy>> = {
  pre_order: SUITE_PRE_ORDER_POLICY,
  event_day: SUITE_EVENT_DAY_POLICY,
};

/** A login-as session (an operator acting for one event suite), as the session carries it. */
export interface LoginAs {
  operatorUserId: number;
  eventSuiteId: number;
  guestName: string | null;
}

/**
 * The operator token an order offers (spec section 7): none; one whose session has expired; or the
 * operator's session it opens.
 */
export type OfferedOperator = { kind: 'none' } | { kind: 'expired' } | { kind: 'operator'; userId: number };

export type SuiteCallerError = 'OPERATOR_TOKEN_REQUIRED' | 'SESSION_EXPIRED' | 'NOT_ASSIGNED_TO_SUITE';

/**
 * Who places the order, before anything else is read: a login-as session orders only with its
 * operator's own token on the order (a login-as session alone cannot order), and a token is only
 * good with the login-as session of the same operator. The answer is the operator acting for a
 * suite, or null for everyone else.
 */
export function checkSuiteCaller(
  loginAs: LoginAs | null,
  offered: OfferedOperator,
): { ok: true; operator: LoginAs | null } | { ok: false; error: SuiteCallerError } {
  if (loginAs && offered.kind === 'none') return { ok: false, error: 'OPERATOR_TOKEN_REQUIRED' };
  if (offered.kind === 'expired') return { ok: false, error: 'SESSION_EXPIRED' };
  if (offered.kind === 'operator' && (!loginAs || loginAs.operatorUserId !== offered.userId))
    return { ok: false, error: 'NOT_ASSIGNED_TO_SUITE' };
  return { ok: true, operator: loginAs };
}

/** A login-as session orders for its one event suite and nothing else. */
export function checkSuiteOperator(operator: LoginAs | null, namesSuite: boolean): SuiteCallerError | null {
  return operator && !namesSuite ? 'NOT_ASSIGNED_TO_SUITE' : null;
}

/** The event a suite order is for, as the plan reads it (plan-order.ts `PlanSuite`). */
export type SuiteEvent = SuiteEventTimes & { menu_ids: readonly number[] };
/** The suite's delivery preference a checkout sends (`suitesInfo.deliveryPreference`). */
export type SuiteDeliveryChoice = SuiteDeliveryPreference;
