import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AddItemRequest, AddItemResponse, SetCostsRequest, ValidateCartRequest, ValidateCartResponse } from './cart';
import { fastParserOf, INVALID } from './cart-parsers';
import { GetOrderResponse, PlaceOrderRequest, PlaceOrderResponse } from './orders';

/** Numbers at and around every bound the cart schemas use, and a few that are not numbers at all. */
const number = fc.oneof(
  fc.constantFrom(0, 1, 2, 199, 200, 201, 999, 1000, -1, 1.5, 2 ** 53, Number.MAX_SAFE_INTEGER),
  fc.integer({ min: -5, max: 1200 }),
);
const odd = fc.constantFrom<unknown>(null, undefined, '1', true, [], {}, 'x'.repeat(201), '  WELCOME10 ', '');
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 6, arbitrary: arb }, { weight: 1, arbitrary: odd });
const optionalKey = <T>(arb: fc.Arbitrary<T>) => fc.option(maybe(arb), { nil: undefined, freq: 3 });

const { optionGroup } = fc.letrec((tie) => ({
  optionValue: fc.record(
    {
      id: maybe(number),
      quantity: maybe(number),
      adjustedPrice: maybe(number),
      options: maybe(fc.array(tie('optionGroup'), { maxLength: 2 })),
    },
    { requiredKeys: ['id', 'quantity'] },
  ),
  optionGroup: fc.record({
    id: maybe(number),
    values: maybe(fc.array(tie('optionValue'), { maxLength: 3 })),
    extra: optionalKey(fc.string()),
  }),
}));

const cartItem = fc.record(
  {
    id: maybe(number),
    menu_id: maybe(number),
    section_id: fc.oneof(fc.constant(null), maybe(number)),
    orderId: maybe(number),
    quantity: maybe(number),
    orderPrice: maybe(number),
    orderOptions: maybe(fc.array(optionGroup, { maxLength: 3 })),
    specialInstructions: maybe(fc.string({ maxLength: 210 })),
    unknownField: fc.string(),
  },
  { requiredKeys: ['id', 'menu_id', 'section_id', 'quantity', 'orderPrice'] },
);
const lines = fc.oneof({ weight: 8, arbitrary: fc.array(cartItem, { maxLength: 4 }) }, { weight: 1, arbitrary: odd });
const type = maybe(fc.constantFrom('dine_in', 'take-out', 'catering', 'nope'));

/** Lines that are well formed, so that a body with several of them is often valid as a whole. */
const goodLine = fc.record(
  {
    id: fc.integer({ min: 1, max: 5000 }),
    menu_id: fc.integer({ min: 1, max: 50 }),
    section_id: fc.oneof(fc.constant(null), fc.integer({ min: 1, max: 50 })),
    orderId: fc.integer({ min: 1, max: 30 }),
    quantity: fc.integer({ min: 1, max: 999 }),
    orderPrice: fc.integer({ min: 0, max: 10_000 }),
    orderOptions: fc.array(fc.record({ id: fc.integer({ min: 1, max: 9 }), values: fc.constant([{ id: 3, quantity: 1 }]) }), {
      maxLength: 2,
    }),
    specialInstructions: fc.string({ maxLength: 10 }),
  },
  { requiredKeys: ['id', 'menu_id', 'section_id', 'orderId', 'quantity', 'orderPrice'] },
);
const orderLines = fc.oneof({ weight: 3, arbitrary: fc.array(goodLine, { maxLength: 3 }) }, { weight: 1, arbitrary: lines });
/** Now and then a key no schema has (refused by a strict object, dropped by the others). */
const rareKey = fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.string() });

/** The parts of an order body besides its lines: valid ones, and a few that zod refuses. */
const checkout = fc.constantFrom<unknown>(
  {
    paymentMethod: 'credit_card',
    contact: { full_name: 'Dana', email: 'dana@example.com' },
    card: { token: `tok_visa_${'a'.repeat(32)}` },
  },
  {
    paymentMethod: 'credit_card',
    pickup: { delivery: false, scheduled: true, dueByDate: '2026-11-27', dueByTime: '14:15' },
    contact: {},
    questions: [{ id: 1920, answers: [1] }],
  },
  { contact: { full_name: '  Dana ' }, pickup: { notes: '  at the door ' } },
  { paymentMethod: 'cash', contact: {}, cardNumber: '4242424242424242' },
  { paymentMethod: 'credit_card' },
  { contact: { full_name: 'x'.repeat(201) } },
);
const config = fc.constantFrom<unknown>(
  { tableNum: ' 12 ' },
  { takeout: true, takeoutType: 'pickup' },
  {},
  { tableNum: 7 },
  { unknown: true },
);
const placeOrderBody = fc.record(
  {
    type,
    data: maybe(
      fc.record(
        {
          config: maybe(config),
          items: orderLines,
          costs: maybe(fc.constantFrom<unknown>({ tip: { type: 'percentage', value: '18' } }, {}, { discount: { code: ' welcome10 ' } })),
          checkout: maybe(checkout),
          date: maybe(fc.constantFrom('2026-11-24', '2026-13-01')),
          extra: rareKey,
        },
        { requiredKeys: ['items', 'checkout'] },
      ),
    ),
    operatorToken: optionalKey(fc.string({ maxLength: 3 })),
    extra: rareKey,
  },
  { requiredKeys: ['type', 'data'] },
);

const cents = { percentageValue: null, amount: 0, type: 'percentage' };
const costs = {
  subtotal: 1600,
  subtotalDiscounted: 1600,
  taxBrackets: [{ key: 'HST', label: { 'en-CA': 'HST', 'fr-CA': 'TVH' }, rate: '13', amount: 208 }],
  taxes: 208,
  taxInfo: { province: 'ON', taxInclusive: false, rebateApplied: false },
  tip: { percentageValue: '18', amount: 288, type: 'percentage' },
  serviceCharge: { ...cents, label: { 'en-CA': 'Service', 'fr-CA': 'Service' } },
  deliveryCharge: cents,
  voucher: { code: null, balance: 0, amount: 0 },
  discount: { ...cents, code: null },
  credits: { id: null, balance: 0, amount: 0 },
  memberDiscount: { preTax: false, amount: 0 },
  subsidyDiscount: { type: null, chosenAmountToBePaid: null, code: null, amount: 0, baseSubsidizedAmount: 0 },
  total: 1808,
  totalWithoutTaxes: 1600,
  totalWithTip: 2096,
  amountDue: 2096,
  paymentNotRequired: false,
  lines: [],
};
const orderView = fc.record(
  {
    id: maybe(fc.constant('0f9c1a52-6a8e-4a43-9d55-5d8f1d1f3b11')),
    number: maybe(number),
    status: maybe(fc.constantFrom('placed', 'ready', 'lost')),
    type: fc.constant('dine_in'),
    placed_at: fc.constant('2026-11-27T18:00:00.000Z'),
    pickup_time: fc.constantFrom(null, '2026-11-27T19:15:00.000Z'),
    scheduled: maybe(fc.boolean()),
    items: orderLines,
    costs: maybe(fc.constant(costs)),
    contact: fc.constant({ full_name: 'Dana', email: null, phone_number: null }),
    payment: maybe(
      fc.constant({ method: 'credit_card', brand: 'visa', last4: '4242', reference: null, transaction: 'pay_1', amount: 2096 }),
    ),
    delivery: fc.constant(null),
    tableNum: fc.constantFrom(null, '12'),
    tableLocation: optionalKey(fc.constantFrom(null, 'Salle Champlain 2')),
    notes: optionalKey(fc.string({ maxLength: 5 })),
    tabOwner: fc.constant(null),
    suite: optionalKey(fc.constant(null)),
    extra: optionalKey(fc.string()),
  },
  {
    requiredKeys: ['id', 'number', 'status', 'type', 'placed_at', 'pickup_time', 'scheduled', 'items', 'costs', 'contact', 'payment'],
  },
);

const bodies: Array<[string, z.ZodType, fc.Arbitrary<unknown>]> = [
  [
    'SetCostsRequest',
    SetCostsRequest,
    fc.record(
      {
        items: lines,
        type,
        tableNum: maybe(fc.string({ maxLength: 22 })),
        costs: maybe(
          fc.record(
            {
              tip: maybe(fc.record({ type: fc.constantFrom('percentage', 'dollar'), value: fc.constantFrom('18', '3.50', 'x') })),
              discount: maybe(fc.record({ code: fc.constantFrom('WELCOME10', ' welcome10 ', '') })),
            },
            { requiredKeys: [] },
          ),
        ),
        date: maybe(fc.constantFrom('2026-11-24', '2026-13-01')),
        other: fc.string(),
      },
      { requiredKeys: ['items'] },
    ),
  ],
  [
    'AddItemRequest',
    AddItemRequest,
    // A valid body needs a valid item to add and a valid cart beside it, which the random lines rarely
    // give together; an empty cart half the time keeps the accepted bodies well above the floor below.
    fc.record({ itemsInCart: fc.oneof(fc.constant([]), lines), itemToAdd: maybe(cartItem), type }, { requiredKeys: ['itemToAdd', 'type'] }),
  ],
  ['ValidateCartRequest', ValidateCartRequest, fc.record({ itemsInCart: lines, type }, { requiredKeys: ['itemsInCart'] })],
  [
    'AddItemResponse',
    AddItemResponse,
    fc.record({ items: lines, orderId: maybe(number), added: maybe(number), capped: maybe(fc.boolean()) }, { requiredKeys: ['items'] }),
  ],
  ['ValidateCartResponse', ValidateCartResponse, fc.record({ ok: maybe(fc.constant(true)), items: lines }, { requiredKeys: ['items'] })],
  ['PlaceOrderRequest', PlaceOrderRequest, placeOrderBody],
  [
    'PlaceOrderResponse',
    PlaceOrderResponse,
    fc.record(
      {
        order: orderView,
        access_token: maybe(fc.constant('a'.repeat(32))),
        paymentNotRequired: maybe(fc.boolean()),
        replayed: maybe(fc.boolean()),
        extra: optionalKey(fc.string()),
      },
      { requiredKeys: ['order', 'access_token', 'paymentNotRequired', 'replayed'] },
    ),
  ],
  [
    'GetOrderResponse',
    GetOrderResponse,
    fc.record({ order: orderView, lines: fc.constantFrom<unknown>([], [{ orderId: 1 }]) }, { requiredKeys: ['order', 'lines'] }),
  ],
];

describe('the compiled cart parsers agree with the zod schemas', () => {
  it.each(bodies)('%s: accepted only when zod accepts, with the same output and key order', (_name, schema, arbitrary) => {
    const fast = fastParserOf(schema)!;
    expect(fast).toBeTypeOf('function');
    let accepted = 0;
    fc.assert(
      fc.property(arbitrary, (input) => {
        // What a client sends is JSON: undefined values are dropped on the way.
        const body: unknown = JSON.parse(JSON.stringify(input));
        const expected = schema.safeParse(body);
        const got = fast(body);
        if (got === INVALID) return;
        accepted++;
        expect(expected.success).toBe(true);
        expect(JSON.stringify(got)).toBe(JSON.stringify(expected.data));
        expect(got).toStrictEqual(expected.data);
      }),
      { numRuns: 3000 },
    );
    // The generators must reach valid bodies, or the test proves nothing.
    expect(accepted).toBeGreaterThan(20);
  });

  it('takes a typical 20-line cart without falling back', () => {
    const item = (orderId: number) => ({
      id: 1000 + orderId,
      menu_id: 10,
      section_id: orderId % 2 ? null : 3,
      orderId,
      quantity: 1,
      orderPrice: 1250,
      orderOptions: [{ id: 7, values: [{ id: 70, quantity: 1, adjustedPrice: 150 }] }],
    });
    const body = { items: Array.from({ length: 20 }, (_, i) => item(i + 1)), costs: { discount: { code: 'WELCOME10' } }, type: 'dine_in' };
    expect(fastParserOf(SetCostsRequest)!(body)).toStrictEqual(SetCostsRequest.parse(body));
  });

  it('takes a typical order body without falling back', () => {
    const line = (orderId: number) => ({
      id: 1100 + orderId,
      menu_id: 1010,
      section_id: 1050,
      orderId,
      quantity: 2,
      orderPrice: 1600,
      orderOptions: [],
    });
    const body = {
      type: 'take-out',
      data: {
        config: { takeout: true, takeoutType: 'pickup' },
        items: [line(1), line(2), line(3)],
        costs: { tip: { type: 'percentage', value: '18' } },
        checkout: {
          paymentMethod: 'credit_card',
          pickup: { delivery: false, scheduled: true, dueByDate: '2026-11-27', dueByTime: '14:15' },
          contact: { full_name: 'Dana Diner', email: 'dana@example.com', phone_number: '416-555-0101' },
          card: { token: `tok_visa_${'0'.repeat(32)}` },
          questions: [{ id: 1920, answers: [0] }],
        },
      },
    };
    const got = fastParserOf(PlaceOrderRequest)!(body);
    expect(got).not.toBe(INVALID);
    expect(got).toStrictEqual(PlaceOrderRequest.parse(body));
  });

  it('answers nothing for a schema it does not know', () => {
    expect(fastParserOf(SetCostsRequest.shape.costs)).toBeUndefined();
  });
});
