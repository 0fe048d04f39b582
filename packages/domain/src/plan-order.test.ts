import { describe, expect, it } from 'vitest';
import { base, EVERY_DAY, line, NOW, TORONTO } from './testing/plan-input';
import { ORDER_TYPES, isCateringOrder, pausedFor } from './order-type';
import { ORDER_TYPE_POLICIES } from './order-types/index';
import {
  admitOrder,
  deliveryToLocate,
  type PlanError,
  type PlanInput,
  type OrderPlan,
  planOrder,
  PLAN_STEPS,
  requestedSlot,
} from './plan-order';

/** A change to the base input, written as a function so each case reads as one sentence. */
type Change = (input: PlanInput) => void;

const DELIVERY_OPTIONS = {
  radius_km: 5,
  schools: [{ name: 'Maple PS', grades: '1, 2', classrooms: '', teachers: '' }],
  custom_locations: 'Lobby, Loading dock',
  areas: '',
  stadium_sections: '101, 102',
};

const deliver =
  (delivery: NonNullable<PlanInput['checkout']['delivery']>, located: PlanInput['loaded']['located'] = null): Change =>
  (input) => {
    input.restaurant.delivery = DELIVERY_OPTIONS;
    input.checkout.pickup.delivery = true;
    input.checkout.delivery = delivery;
    input.loaded.located = located;
  };

const question = (required: boolean, type: 'select_one' | 'checkbox' = 'select_one') => ({
  id: 7,
  question: 'Cutlery?',
  options: ['Yes', 'No'],
  question_type: type,
  required,
});

// [what the diner did, the change, the refusal (error name and first detail path) or null]
const REFUSALS: Array<[string, Change, { error: PlanError['error']; path?: string } | null]> = [
  ['a plain takeout order, ASAP, by card', () => {}, null],
  [
    'more meals than the restaurant allows',
    (i) => ((i.restaurant.maxMealsPerCart = 1), (i.cart.items = [line(1, 2)]), (i.cart.isMeal = () => true)),
    { error: 'MAX_MEALS_PER_CART' },
  ],
  ['fewer meals than the restaurant asks', (i) => (i.restaurant.minMealsPerCart = 1), { error: 'MIN_MEALS_PER_CART' }],
  [
    'a catering order below the minimum',
    (i) => ((i.type = 'catering'), (i.restaurant.min_catering_amount = 5000)),
    { error: 'BELOW_CATERING_MINIMUM' },
  ],
  ['a takeout order below the catering minimum (it does not apply)', (i) => (i.restaurant.min_catering_amount = 5000), null],
  ['dine-in without a table number', (i) => (i.type = 'dine_in'), { error: 'VALIDATION_FAILED', path: 'data.config.tableNum' }],
  [
    'dine-in at table "  "',
    (i) => ((i.type = 'dine_in'), (i.tableNum = '  ')),
    { error: 'VALIDATION_FAILED', path: 'data.config.tableNum' },
  ],
  ['dine-in at table 12', (i) => ((i.type = 'dine_in'), (i.tableNum = '12')), null],
  ['no name', (i) => (i.checkout.contact.full_name = ''), { error: 'VALIDATION_FAILED', path: 'data.checkout.contact.full_name' }],
  ['a bad e-mail', (i) => (i.checkout.contact.email = 'dana@'), { error: 'VALIDATION_FAILED', path: 'data.checkout.contact.email' }],
  ['no phone', (i) => (i.checkout.contact.phone_number = ''), { error: 'VALIDATION_FAILED', path: 'data.checkout.contact.phone_number' }],
  [
    'no phone where the restaurant hides it',
    (i) => ((i.checkout.contact.phone_number = ''), (i.restaurant.hideGuestInfo.phone = true)),
    null,
  ],
  [
    'a bad phone where the restaurant hides it',
    (i) => ((i.checkout.contact.phone_number = '12'), (i.restaurant.hideGuestInfo.phone = true)),
    { error: 'VALIDATION_FAILED', path: 'data.checkout.contact.phone_number' },
  ],
  [
    'no answer to a required question',
    (i) => (i.restaurant.customQuestions = [question(true)]),
    { error: 'QUESTION_REQUIRED', path: 'data.checkout.questions.7' },
  ],
  ['no answer to an optional question', (i) => (i.restaurant.customQuestions = [question(false)]), null],
  [
    'two answers to a select-one question',
    (i) => ((i.restaurant.customQuestions = [question(true)]), (i.checkout.questions = [{ id: 7, answers: [0, 1] }])),
    { error: 'VALIDATION_FAILED', path: 'data.checkout.questions.7' },
  ],
  [
    'two answers to a checkbox question',
    (i) => ((i.restaurant.customQuestions = [question(true, 'checkbox')]), (i.checkout.questions = [{ id: 7, answers: [0, 1] }])),
    null,
  ],
  [
    'an option that does not exist',
    (i) => ((i.restaurant.customQuestions = [question(true)]), (i.checkout.questions = [{ id: 7, answers: [2] }])),
    { error: 'VALIDATION_FAILED', path: 'data.checkout.questions.7' },
  ],
  [
    'an answer to a question nobody asked',
    (i) => (i.checkout.questions = [{ id: 99, answers: [0] }]),
    { error: 'VALIDATION_FAILED', path: 'data.checkout.questions.99' },
  ],
  [
    'delivery where the restaurant does not deliver',
    (i) => ((i.checkout.pickup.delivery = true), (i.checkout.delivery = { type: 'default_address' })),
    { error: 'DELIVERY_ADDRESS_INVALID' },
  ],
  [
    'delivery to an address without a postal code',
    deliver({ type: 'default_address', address: '1 Main St' }),
    { error: 'DELIVERY_ADDRESS_INVALID', path: 'data.checkout.delivery.postalCode' },
  ],
  [
    'delivery to a postal code the geocoder does not know',
    deliver({ type: 'default_address', address: '1 Main St', postalCode: 'M5V 2T6' }),
    { error: 'DELIVERY_ADDRESS_INVALID', path: 'data.checkout.delivery.postalCode' },
  ],
  [
    'delivery 40 km away',
    deliver({ type: 'default_address', address: '1 Main St', postalCode: 'L1S 2J5' }, { lat: 43.85, lng: -79.02 }),
    { error: 'DELIVERY_OUTSIDE_RADIUS', path: 'data.checkout.delivery.postalCode' },
  ],
  [
    'delivery around the corner',
    deliver({ type: 'default_address', address: '1 Main St', postalCode: 'm5v2t6' }, { lat: 43.64, lng: -79.39 }),
    null,
  ],
  [
    'delivery to a location not on the list',
    deliver({ type: 'custom_location', location: 'Roof' }),
    { error: 'DELIVERY_ADDRESS_INVALID', path: 'data.checkout.delivery.location' },
  ],
  ['delivery to the lobby', deliver({ type: 'custom_location', location: 'Lobby' }), null],
  [
    'delivery to a school without the grade',
    deliver({ type: 'school', school: 'Maple PS' }),
    { error: 'DELIVERY_ADDRESS_INVALID', path: 'data.checkout.delivery.grade' },
  ],
  ['delivery to grade 2 at Maple PS', deliver({ type: 'school', school: 'Maple PS', grade: '2' }), null],
  [
    'delivery to a seat without a row',
    deliver({ type: 'stadium', section: '101', seat: '4' }),
    { error: 'DELIVERY_ADDRESS_INVALID', path: 'data.checkout.delivery.row' },
  ],
  [
    'a catering order delivered where the caterer does not deliver',
    (i) => ((i.type = 'catering'), (i.checkout.pickup.delivery = true), (i.checkout.delivery = { type: 'default_address' })),
    { error: 'DELIVERY_ADDRESS_INVALID' },
  ],
  [
    'a catering order delivered outside the caterer radius',
    (i) => {
      deliver({ type: 'default_address', address: '1 Main St', postalCode: 'L1S 2J5' }, { lat: 43.85, lng: -79.02 })(i);
      i.type = 'catering';
    },
    { error: 'DELIVERY_OUTSIDE_RADIUS', path: 'data.checkout.delivery.postalCode' },
  ],
  [
    'a catering order delivered around the corner',
    (i) => {
      deliver({ type: 'default_address', address: '1 Main St', postalCode: 'm5v2t6' }, { lat: 43.64, lng: -79.39 })(i);
      i.type = 'catering';
    },
    null,
  ],
  ['ASAP while closed', (i) => (i.now = new Date('2026-11-25T04:00:00Z')), { error: 'ASAP_UNAVAILABLE' }],
  // A school checkout: its days are its orders' dates and its meals are counted per day and child
  // (school-order.ts), so neither a pickup time nor the whole checkout's meals are checked here.
  [
    'a school checkout at night with three meals over three days',
    (i) => (
      (i.type = 'school'),
      (i.now = new Date('2026-11-25T04:00:00Z')),
      (i.restaurant.maxMealsPerCart = 2),
      (i.cart.items = [line(1, 3)]),
      (i.cart.isMeal = () => true)
    ),
    null,
  ],
  [
    'a slot tomorrow at 12:30 ordered ahead at 23:00 while closed',
    (i) => (
      (i.now = new Date('2026-11-25T04:00:00Z')),
      (i.checkout.pickup = { delivery: false, scheduled: true, dueByDate: '2026-11-25', dueByTime: '12:30' })
    ),
    null,
  ],
  [
    'ASAP while orders are paused',
    (i) => (i.scheduling.restaurant = { ...i.scheduling.restaurant, orders_paused: true }),
    { error: 'ASAP_PAUSED' },
  ],
  [
    'ASAP while only ASAP is paused',
    (i) => (i.scheduling.restaurant = { ...i.scheduling.restaurant, asap_paused: true }),
    { error: 'ASAP_PAUSED' },
  ],
  [
    'a slot tomorrow at 12:30 while only ASAP is paused',
    (i) => (
      (i.scheduling.restaurant = { ...i.scheduling.restaurant, asap_paused: true }),
      (i.checkout.pickup = { delivery: false, scheduled: true, dueByDate: '2026-11-25', dueByTime: '12:30' })
    ),
    null,
  ],
  [
    'a scheduled order without a date',
    (i) => (i.checkout.pickup.scheduled = true),
    { error: 'VALIDATION_FAILED', path: 'data.checkout.pickup.dueByDate' },
  ],
  [
    'a slot tomorrow at 12:30',
    (i) => (i.checkout.pickup = { delivery: false, scheduled: true, dueByDate: '2026-11-25', dueByTime: '12:30' }),
    null,
  ],
  [
    'a slot tomorrow at 23:00 (closed)',
    (i) => (i.checkout.pickup = { delivery: false, scheduled: true, dueByDate: '2026-11-25', dueByTime: '23:00' }),
    { error: 'TIMESLOT_UNAVAILABLE' },
  ],
  [
    'a dine-in order while closed (the use case refuses it before planning)',
    (i) => ((i.type = 'dine_in'), (i.tableNum = '4'), (i.now = new Date('2026-11-25T04:00:00Z'))),
    null,
  ],
  [
    'a tab at a restaurant that keeps none',
    (i) => ((i.type = 'dine_in'), (i.tableNum = '4'), (i.checkout.tab = { owner: 'Dana' })),
    { error: 'VALIDATION_FAILED', path: 'data.checkout.tab' },
  ],
  [
    'a takeout order on a tab',
    (i) => ((i.restaurant.allow_open_tab = true), (i.checkout.tab = { owner: 'Dana' })),
    { error: 'VALIDATION_FAILED', path: 'data.checkout.tab' },
  ],
  [
    'a tab without an owner',
    (i) => ((i.type = 'dine_in'), (i.tableNum = '4'), (i.restaurant.allow_open_tab = true), (i.checkout.tab = { owner: ' ' })),
    { error: 'VALIDATION_FAILED', path: 'data.checkout.tab.owner' },
  ],
  ['no payment method', (i) => (i.checkout.paymentMethod = null), { error: 'PAYMENT_METHOD_REQUIRED' }],
  ['no payment method for a free order', (i) => ((i.checkout.paymentMethod = null), (i.cart.amountDue = 0)), null],
  [
    'an invoice the restaurant does not take',
    (i) => ((i.checkout.paymentMethod = 'invoice'), (i.checkout.invoice = 'A-1')),
    { error: 'PAYMENT_METHOD_UNAVAILABLE' },
  ],
  [
    'an invoice without its reference',
    (i) => ((i.checkout.paymentMethod = 'invoice'), (i.restaurant.extraPaymentMethods = [{ type: 'invoice', label: 'Invoice' }])),
    { error: 'PAYMENT_REFERENCE_REQUIRED', path: 'data.checkout.invoice' },
  ],
  ['a card without a token', (i) => (i.checkout.card = null), { error: 'VALIDATION_FAILED', path: 'data.checkout.card.token' }],
  [
    'a card on a generic catering order where cards are hidden',
    (i) => (
      (i.type = 'generic_catering'),
      (i.restaurant.genericCateringShowPickupOption = true),
      (i.restaurant.genericCateringHideCreditCard = true)
    ),
    { error: 'PAYMENT_METHOD_UNAVAILABLE' },
  ],
  [
    "a guest's generic catering order where it requires sign-in",
    (i) => ((i.type = 'generic_catering'), (i.restaurant.genericCateringRequiresLogin = true), (i.checkout.contact.full_name = '')),
    { error: 'GENERIC_CATERING_LOGIN_REQUIRED' },
  ],
  [
    "a signed-in diner's generic catering order where it requires sign-in",
    (i) => (
      (i.type = 'generic_catering'),
      (i.restaurant.genericCateringRequiresLogin = true),
      (i.restaurant.genericCateringShowPickupOption = true),
      (i.loaded.signedIn = true)
    ),
    null,
  ],
  ['a generic catering pickup where pickup is not offered', (i) => (i.type = 'generic_catering'), { error: 'PICKUP_NOT_OFFERED' }],
  [
    'a generic catering pickup where pickup is offered',
    (i) => ((i.type = 'generic_catering'), (i.restaurant.genericCateringShowPickupOption = true)),
    null,
  ],
  [
    'a generic catering order brought to a table location, without pickup',
    (i) => (
      (i.type = 'generic_catering'),
      (i.restaurant.generic_table_locations = { locations: 'Salle Champlain:1,Terrasse:2' }),
      (i.tableLocation = 'Terrasse:2')
    ),
    null,
  ],
  [
    'a generic catering order without a table location where the restaurant has some',
    (i) => ((i.type = 'generic_catering'), (i.restaurant.generic_table_locations = { locations: 'Salle Champlain:1,Terrasse:2' })),
    { error: 'VALIDATION_FAILED', path: 'data.config.genericTableLocation' },
  ],
  [
    'a table location that is not one of the list',
    (i) => (
      (i.type = 'generic_catering'),
      (i.restaurant.genericCateringShowPickupOption = true),
      (i.restaurant.generic_table_locations = { locations: 'Salle Champlain:1,Terrasse:2' }),
      (i.tableLocation = 'Terrasse:9')
    ),
    { error: 'TABLE_LOCATION_NOT_OFFERED', path: 'data.config.genericTableLocation' },
  ],
  [
    'a card on a catering order where only generic catering hides cards',
    (i) => ((i.type = 'catering'), (i.restaurant.genericCateringHideCreditCard = true)),
    null,
  ],
  [
    'Google Pay where the processor takes only Apple Pay',
    (i) => ((i.checkout.paymentMethod = 'google_pay'), (i.checkout.googlePayPaymentPayload = 'x')),
    { error: 'PAYMENT_METHOD_UNAVAILABLE' },
  ],
  ['Apple Pay without its token', (i) => (i.checkout.paymentMethod = 'apple_pay'), { error: 'PAYMENT_METHOD_UNAVAILABLE' }],
  ["a saved card that is not the diner's", (i) => (i.checkout.chosenCreditCard = 'pm_1'), { error: 'PAYMENT_METHOD_NOT_FOUND' }],
  [
    'a saved card of another processor',
    (i) => ((i.checkout.chosenCreditCard = 'pm_1'), (i.loaded.savedCard = { reference: 'ref', processor: 'other' })),
    { error: 'PAYMENT_METHOD_UNSUPPORTED' },
  ],
  [
    "the diner's own saved card",
    (i) => ((i.checkout.chosenCreditCard = 'pm_1'), (i.loaded.savedCard = { reference: 'ref', processor: 'sandbox' })),
    null,
  ],
  [
    'a bad name and a bad card: the name is told first',
    (i) => ((i.checkout.contact.full_name = ''), (i.checkout.card = null)),
    { error: 'VALIDATION_FAILED', path: 'data.checkout.contact.full_name' },
  ],
];

describe('planOrder', () => {
  it.each(REFUSALS)('%s', (_what, change, expected) => {
    const input = base();
    change(input);
    const result = planOrder(input);
    if (expected === null) {
      expect(result).toMatchObject({ ok: true });
      return;
    }
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.error).toBe(expected.error);
    if (expected.path) expect(result.error.details?.[0]?.path).toBe(expected.path);
  });

  const planned = (change: Change): OrderPlan => {
    const input = base();
    change(input);
    const result = planOrder(input);
    if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.error)}`);
    return result.plan;
  };

  it('keeps the contact as the diner will see it on the receipt', () => {
    const plan = planned(
      (i) => (i.checkout.contact = { full_name: '  Dana   Diner ', email: ' dana@example.com ', phone_number: '(416) 555-0101' }),
    );
    expect(plan.contact).toEqual({ full_name: 'Dana Diner', email: 'dana@example.com', phone_number: '416-555-0101' });
  });

  it("stores answers as the options' text, each once", () => {
    const plan = planned(
      (i) => ((i.restaurant.customQuestions = [question(true, 'checkbox')]), (i.checkout.questions = [{ id: 7, answers: [1, 0, 1] }])),
    );
    expect(plan.questions).toEqual([{ id: 7, question: 'Cutlery?', answers: ['No', 'Yes'] }]);
  });

  it('is ready ASAP at now + prep time; a table order has no pickup time', () => {
    expect(planned(() => {}).pickupTime?.toISOString()).toBe('2026-11-24T18:20:00.000Z');
    expect(planned((i) => ((i.type = 'dine_in'), (i.tableNum = '4'))).pickupTime).toBeNull();
  });

  it("books the requested slot in the restaurant's zone", () => {
    const plan = planned((i) => (i.checkout.pickup = { delivery: false, scheduled: true, dueByDate: '2026-11-25', dueByTime: '12:30' }));
    expect(plan.slotStart?.toISOString()).toBe('2026-11-25T17:30:00.000Z');
    expect(plan.scheduled).toBe(true);
  });

  it('places a default address where the geocoder put it, with the postal code as Canada Post writes it', () => {
    const plan = planned(deliver({ type: 'default_address', address: '1 Main St', postalCode: 'm5v2t6' }, { lat: 43.64, lng: -79.39 }));
    expect(plan.delivery).toMatchObject({ postalCode: 'M5V 2T6', lat: 43.64, lng: -79.39 });
    expect(plan.facts.isDelivery).toBe(true);
  });

  it('charges the card the amount due, captured now; an open tab is captured when it closes', () => {
    expect(planned(() => {}).payment).toMatchObject({ required: true, amount: 1130, captureNow: true, cardToSave: null });
    const tab = planned(
      (i) => ((i.type = 'dine_in'), (i.tableNum = '4'), (i.restaurant.allow_open_tab = true), (i.checkout.tab = { owner: ' Dana ' })),
    );
    expect(tab.tabOwner).toBe('Dana');
    expect(tab.payment.captureNow).toBe(false);
  });

  it('charges nothing online when paid on premise, and keeps an invoice reference', () => {
    const premise = planned((i) => ((i.restaurant.payment_processor = 'pay_on_premise'), (i.checkout.paymentMethod = 'pay_on_premise')));
    expect(premise.payment).toMatchObject({ required: false, amount: 0 });
    const invoice = planned(
      (i) => (
        (i.checkout.paymentMethod = 'invoice'),
        (i.checkout.invoice = ' A-1 '),
        (i.restaurant.extraPaymentMethods = [{ type: 'invoice', label: 'Invoice' }])
      ),
    );
    expect(invoice.payment).toMatchObject({ amount: 1130, reference: 'A-1' });
  });

  it('saves a new card only for a signed-in diner', () => {
    expect(planned((i) => (i.checkout.savePaymentMethodOnCheckout = true)).payment.cardToSave).toBeNull();
    expect(planned((i) => ((i.checkout.savePaymentMethodOnCheckout = true), (i.loaded.signedIn = true))).payment.cardToSave).toBe(
      'tok_sandbox_00000000000000000000000000000000',
    );
  });

  it('names its steps in the order a diner is told what is wrong', () => {
    expect(PLAN_STEPS.map(([name]) => name)).toEqual([
      'sign-in',
      'cart rules',
      'table',
      'contact',
      'custom questions',
      'delivery',
      'table location',
      'suite',
      'when',
      'tab',
      'payment',
    ]);
  });
});

describe('deliveryToLocate', () => {
  it.each<[string, Change, { postalCode: string; address: string } | null]>([
    [
      'a default address within a radius',
      deliver({ type: 'default_address', address: '1 Main St', postalCode: 'm5v 2t6' }),
      { postalCode: 'M5V 2T6', address: '1 Main St' },
    ],
    ['a pickup', () => {}, null],
    ['a custom location', deliver({ type: 'custom_location', location: 'Lobby' }), null],
    [
      'a bad postal code (refused by the plan without a look-up)',
      deliver({ type: 'default_address', address: '1 Main St', postalCode: '123' }),
      null,
    ],
  ])('%s', (_what, change, expected) => {
    const input = base();
    change(input);
    expect(deliveryToLocate(input.type, input.checkout, input.restaurant)).toEqual(expected);
  });
});

describe('admitOrder', () => {
  const restaurant = { orders_paused: false, hours: EVERY_DAY, holiday_hours: [], zone: TORONTO };
  const NIGHT = new Date('2026-11-25T04:00:00Z'); // 23:00 in Toronto, closed
  it.each([
    ['dine-in while open', 'dine_in', restaurant, NOW, null],
    ['dine-in while closed', 'dine_in', restaurant, NIGHT, 'RESTAURANT_CLOSED'],
    ['takeout while closed (its pickup time is checked by the plan)', 'take-out', restaurant, NIGHT, null],
    ['catering while closed', 'catering', restaurant, NIGHT, null],
    [
      'takeout while every order is paused (an ASAP-only pause is the plan\'s "when" step)',
      'take-out',
      { ...restaurant, orders_paused: true },
      NOW,
      'ORDERS_PAUSED',
    ],
    ['generic catering while paused and closed', 'generic_catering', { ...restaurant, orders_paused: true }, NIGHT, 'ORDERS_PAUSED'],
    ['dine-in while orders are paused', 'dine_in', { ...restaurant, orders_paused: true }, NOW, 'ORDERS_PAUSED'],
    ['a school cart while orders are paused', 'school', { ...restaurant, orders_paused: true }, NOW, 'ORDERS_PAUSED'],
    ['a school cart while closed', 'school', restaurant, NIGHT, null],
    // An ASAP-only pause: a table's order is ASAP by nature; the others keep their later slots or days.
    ['dine-in while "as soon as possible" is paused', 'dine_in', { ...restaurant, asap_paused: true }, NOW, 'ORDERS_PAUSED'],
    [
      'takeout while "as soon as possible" is paused (its slot is the plan\'s)',
      'take-out',
      { ...restaurant, asap_paused: true },
      NOW,
      null,
    ],
    ['catering while "as soon as possible" is paused', 'catering', { ...restaurant, asap_paused: true }, NOW, null],
    ['a school cart while "as soon as possible" is paused', 'school', { ...restaurant, asap_paused: true }, NOW, null],
  ] as const)('%s', (_what, type, settings, now, expected) => {
    expect(admitOrder(type, settings, now)?.error ?? null).toBe(expected);
  });
});

describe('requestedSlot', () => {
  it.each([
    ['2026-11-25', '12:30', '2026-11-25T17:30:00.000Z'],
    ['2026-11-25', null, '2026-11-25T17:00:00.000Z'],
    ['2026-07-01', '09:00', '2026-07-01T13:00:00.000Z'],
  ])('%s %s in Toronto is %s', (date, time, expected) => {
    const result = requestedSlot(date, time, TORONTO);
    expect(result.ok && result.start.toISOString()).toBe(expected);
  });
});

describe('order type policies', () => {
  it('has one policy per order type, stored under its own name', () => {
    for (const type of ORDER_TYPES) expect(ORDER_TYPE_POLICIES[type].storedAs).toBe(type);
  });

  it.each([
    ['dine_in', false],
    ['take-out', false],
    ['school', false],
    ['catering', true],
    ['generic_catering', true],
  ] as const)('%s is catering: %s', (type, expected) => {
    expect(isCateringOrder(type)).toBe(expected);
  });

  // [type, paused by a pause of every order, paused by an ASAP-only pause]
  it.each([
    ['dine_in', true, true],
    ['take-out', true, false],
    ['school', true, false],
    ['catering', true, false],
    ['generic_catering', true, false],
  ] as const)('%s: stopped by a full pause %s, by an ASAP-only pause %s', (type, all, asap) => {
    expect(pausedFor(type, { orders_paused: true })).toBe(all);
    expect(pausedFor(type, { orders_paused: false, asap_paused: true })).toBe(asap);
    expect(pausedFor(type, { orders_paused: false, asap_paused: false })).toBe(false);
  });
});

describe('suite orders', () => {
  // The concert of the demo arena: lock 3 days before, at 11:59 p.m. in Edmonton (UTC-6 under the 2026 rules).
  const event = {
    starts_at: '2026-12-12T19:30:00-06:00',
    ends_at: '2026-12-12T22:30:00-06:00',
    pre_order_lock_at: '2026-12-09T23:59:00-06:00',
    menu_ids: [1],
  };
  const preOrder: Change = (i) => {
    i.type = 'catering';
    i.suite = { kind: 'pre_order', event };
    i.checkout.card = null;
    i.checkout.chosenCreditCard = 'pm_1';
    i.checkout.suitesInfo = { deliveryPreference: 'half_time' };
    i.loaded.signedIn = true;
    i.loaded.savedCard = { reference: 'card_ref', processor: 'sandbox' };
  };
  const and =
    (...changes: Change[]): Change =>
    (input) => {
      for (const change of changes) change(input);
    };

  it.each<[string, Change, PlanError['error'] | null]>([
    ['a pre-order with a saved card and a preference', preOrder, null],
    ['a pre-order one second before the lock', and(preOrder, (i) => (i.now = new Date('2026-12-10T05:58:59Z'))), null],
    ['a pre-order at the lock', and(preOrder, (i) => (i.now = new Date('2026-12-10T05:59:00Z'))), 'PRE_ORDER_LOCKED'],
    ['a pre-order without a saved card', and(preOrder, (i) => (i.loaded.savedCard = null)), 'PRE_ORDER_REQUIRES_SAVED_CARD'],
    [
      'a pre-order paid with a new card',
      and(
        preOrder,
        (i) => ((i.checkout.chosenCreditCard = null), (i.checkout.card = { token: 'tok_sandbox_00000000000000000000000000000000' })),
      ),
      'PRE_ORDER_REQUIRES_SAVED_CARD',
    ],
    ['a pre-order without a delivery preference', and(preOrder, (i) => (i.checkout.suitesInfo = null)), 'SUITE_DELIVERY_TIME_INVALID'],
    [
      'a pre-order for a chosen time after the event',
      and(preOrder, (i) => (i.checkout.suitesInfo = { deliveryPreference: 'custom', deliveryTime: '2026-12-12T23:00:00-06:00' })),
      'SUITE_DELIVERY_TIME_INVALID',
    ],
    [
      'a pre-order from a menu the event does not offer',
      and(preOrder, (i) => (i.cart.items = [{ ...line(1), menu_id: 9 }])),
      'SUITE_MENU_NOT_OFFERED',
    ],
  ])('%s', (_what, change, expected) => {
    const input = base();
    change(input);
    const result = planOrder(input);
    if (expected === null) expect(result.ok).toBe(true);
    else expect(!result.ok && result.error.error).toBe(expected);
  });

  it('is delivered at the chosen moment, takes no slot and is not charged now', () => {
    const input = base();
    preOrder(input);
    input.checkout.suitesInfo = { deliveryPreference: 'custom', deliveryTime: '2026-12-12T20:15:00-06:00' };
    const result = planOrder(input);
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    expect(result.plan.pickupTime?.toISOString()).toBe('2026-12-13T02:15:00.000Z');
    expect(result.plan.slotStart).toBeNull();
    expect(result.plan.policy).toMatchObject({ storedAs: 'catering', preOrder: true, onSuiteTab: true });
    expect(result.plan.payment).toMatchObject({
      captureNow: false,
      amount: 1130,
      selection: { method: 'credit_card', savedCardId: 'card_ref' },
    });
  });

  const eventDay: Change = (i) => {
    i.type = 'dine_in';
    i.suite = { kind: 'event_day', event };
    i.now = new Date('2026-12-12T20:00:00-06:00');
    i.checkout.paymentMethod = null;
    i.checkout.card = null;
  };

  it('takes an event-day order for a guest with a name only, on the tab', () => {
    const input = base();
    eventDay(input);
    input.checkout.contact = { full_name: 'Sam Guest', email: '', phone_number: '' };
    const result = planOrder(input);
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    expect(result.plan.contact).toEqual({ full_name: 'Sam Guest', email: null, phone_number: null });
    expect(result.plan.payment).toMatchObject({ required: true, amount: 1130, captureNow: false, selection: { method: null } });
  });

  it.each<[string, string, string | null, string | null]>([
    ['placed at noon: at the start', '2026-12-12T12:00:00-06:00', '2026-12-13T01:30:00.000Z', 'event_start'],
    ['placed during the event: as soon as possible', '2026-12-12T20:00:00-06:00', null, null],
  ])('brings an event-day order by the server’s clock (decision 0130): %s', (_what, now, pickupTime, preference) => {
    const input = base();
    eventDay(input);
    input.now = new Date(now);
    const result = planOrder(input);
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    expect([result.plan.pickupTime?.toISOString() ?? null, result.plan.suiteDeliveryPreference]).toEqual([pickupTime, preference]);
    expect([result.plan.scheduled, result.plan.slotStart]).toEqual([false, null]);
  });

  it('still checks a guest e-mail that is given, and wants a name', () => {
    const input = base();
    eventDay(input);
    input.checkout.contact = { full_name: '', email: 'not-an-email', phone_number: '' };
    const result = planOrder(input);
    expect(!result.ok && result.error.details?.map((detail) => detail.path)).toEqual([
      'data.checkout.contact.full_name',
      'data.checkout.contact.email',
    ]);
  });

  it.each<[string, Change, number]>([
    ['pay on premise', (i) => (i.restaurant.payment_processor = 'pay_on_premise'), 0],
    ['nothing due', (i) => (i.cart.amountDue = 0), 0],
    ['a card processor', () => undefined, 1130],
  ])('keeps what the tab settles: %s keeps %i', (_what, change, amount) => {
    const input = base();
    eventDay(input);
    change(input);
    const result = planOrder(input);
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    expect(result.plan.payment.amount).toBe(amount);
    expect(result.plan.payment.required).toBe(amount > 0);
  });
});

describe('planOrder for a marketplace hub (vendors)', () => {
  const vendors = (paused: boolean): PlanInput['vendors'] => [
    { vendor: { id: 1, orders_paused: false, hours: null }, menus: [{ estimated_prep_time: 10 }] },
    { vendor: { id: 2, orders_paused: paused, hours: null }, menus: [{ estimated_prep_time: 30 }] },
  ];

  it('plans each vendor on its own, with the marketplace policy and the last vendor as the order’s time', () => {
    const input = base();
    input.vendors = vendors(false);
    const result = planOrder(input);
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    expect(result.plan.policy).toMatchObject({ perVendor: true, storedAs: 'take-out', allowsDelivery: false });
    expect(result.plan.vendorTimes?.map((time) => [time.vendorId, time.pickupTime.toISOString()])).toEqual([
      [1, '2026-11-24T18:10:00.000Z'],
      [2, '2026-11-24T18:30:00.000Z'],
    ]);
    expect(result.plan.pickupTime?.toISOString()).toBe('2026-11-24T18:30:00.000Z');
    expect(result.plan.slotStart).toBeNull();
  });

  it('names the paused vendor and refuses nothing else', () => {
    const input = base();
    input.vendors = vendors(true);
    expect(planOrder(input)).toEqual({
      ok: false,
      error: { error: 'VENDOR_PAUSED', details: [{ path: 'vendors.2', message: 'VENDOR_PAUSED' }] },
    });
  });

  it('checks contact before the vendors, as for any order', () => {
    const input = base();
    input.vendors = vendors(true);
    input.checkout.contact.full_name = '';
    expect(!planOrder(input).ok && (planOrder(input) as { error: PlanError }).error.error).toBe('VALIDATION_FAILED');
  });
});
