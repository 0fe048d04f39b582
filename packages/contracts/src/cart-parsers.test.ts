import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AddItemRequest, AddItemResponse, SetCostsRequest, ValidateCartRequest, ValidateCartResponse } from './cart';
import { fastParserOf, INVALID } from './cart-parsers';

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

  it('answers nothing for a schema it does not know', () => {
    expect(fastParserOf(SetCostsRequest.shape.costs)).toBeUndefined();
  });
});
