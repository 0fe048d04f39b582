import { describe, expect, it } from 'vitest';
import { lineRefundAmount, refundableLeft, refundedUnits, refundReason, type RefundCosts } from './partial-refunds';

type Part = { discounted: number; tax1: string; tax2?: string };

/** Stored costs with only what a line refund reads: lines of parts, brackets, the tax mode and the member discount. */
function costs(
  lines: Array<{ id: number; quantity: number; parts: Part[] }>,
  options: { brackets?: number; inclusive?: boolean; postTax?: number; total?: number } = {},
): RefundCosts {
  const label = { 'en-CA': 'Tax', 'fr-CA': 'Taxe' };
  return {
    taxBrackets: Array.from({ length: options.brackets ?? 1 }, (_, index) => ({
      key: index === 0 ? 'GST' : 'QST',
      label,
      rate: '0',
      amount: 0,
    })),
    taxInfo: { province: 'ON', taxInclusive: options.inclusive ?? false, rebateApplied: false },
    memberDiscount: { preTax: options.postTax === undefined, amount: options.postTax ?? 0 },
    total: options.total ?? 0,
    lines: lines.map((line) => ({
      orderId: line.id,
      quantity: line.quantity,
      subtotal: 0,
      memberDiscount: 0,
      discount: 0,
      subsidyDiscount: 0,
      subtotalDiscounted: line.parts.reduce((sum, part) => sum + part.discounted, 0),
      parts: line.parts.map((part, index) => ({
        kind: index === 0 ? ('item' as const) : ('option' as const),
        id: index + 1,
        unitPrice: 0,
        adjustedPrice: 0,
        quantity: line.quantity,
        amount: part.discounted,
        memberDiscount: 0,
        discount: 0,
        subsidyDiscount: 0,
        discounted: part.discounted,
        taxRates: { tax1: part.tax1, tax2: part.tax2 ?? '0' },
      })),
    })),
  };
}

const HST = (discounted: number): Part => ({ discounted, tax1: '0.13' });

describe('lineRefundAmount', () => {
  const cases: Array<{
    name: string;
    costs: RefundCosts;
    choose: Array<[number, number]>;
    before?: Array<[number, number]>;
    amount: number;
    taxes: number[];
  }> = [
    {
      name: 'one of two units, 13 % HST',
      costs: costs([{ id: 1, quantity: 2, parts: [HST(2000)] }]),
      choose: [[1, 1]],
      amount: 1130,
      taxes: [130],
    },
    { name: 'a whole line', costs: costs([{ id: 1, quantity: 2, parts: [HST(2000)] }]), choose: [[1, 2]], amount: 2260, taxes: [260] },
    {
      name: 'GST and QST each rounded once (99.75 -> 100)',
      costs: costs([{ id: 1, quantity: 1, parts: [{ discounted: 1000, tax1: '0.05', tax2: '0.09975' }] }], { brackets: 2 }),
      choose: [[1, 1]],
      amount: 1150,
      taxes: [50, 100],
    },
    {
      name: 'a third of $10.00 rounds half-up',
      costs: costs([{ id: 1, quantity: 3, parts: [HST(1000)] }]),
      choose: [[1, 1]],
      amount: 376,
      taxes: [43],
    },
    {
      name: 'two thirds of $10.00',
      costs: costs([{ id: 1, quantity: 3, parts: [HST(1000)] }]),
      choose: [[1, 2]],
      amount: 754,
      taxes: [87],
    },
    {
      name: 'a tax-free option part is not taxed',
      costs: costs([{ id: 1, quantity: 1, parts: [HST(1500), { discounted: 200, tax1: '0' }] }]),
      choose: [[1, 1]],
      amount: 1895,
      taxes: [195],
    },
    {
      name: 'two lines: taxes summed before the one rounding',
      costs: costs([
        { id: 1, quantity: 1, parts: [HST(105)] },
        { id: 2, quantity: 1, parts: [HST(105)] },
      ]),
      choose: [
        [1, 1],
        [2, 1],
      ],
      amount: 237,
      taxes: [27],
    },
    {
      name: 'a pre-tax discount: only what is left of the line',
      costs: costs([{ id: 1, quantity: 1, parts: [HST(900)] }]),
      choose: [[1, 1]],
      amount: 1017,
      taxes: [117],
    },
    {
      name: 'tax-inclusive prices hold their tax',
      costs: costs([{ id: 1, quantity: 2, parts: [HST(2260)] }], { inclusive: true }),
      choose: [[1, 1]],
      amount: 1130,
      taxes: [0],
    },
    {
      name: 'a post-tax member discount scales the refund down',
      costs: costs([{ id: 1, quantity: 1, parts: [HST(1000)] }], { postTax: 113, total: 1017 }),
      choose: [[1, 1]],
      amount: 1017,
      taxes: [130],
    },
    {
      name: 'the last unit after an earlier refund',
      costs: costs([{ id: 1, quantity: 3, parts: [HST(1000)] }]),
      before: [[1, 2]],
      choose: [[1, 1]],
      amount: 376,
      taxes: [43],
    },
  ];
  for (const entry of cases) {
    it(entry.name, () => {
      const result = lineRefundAmount(
        entry.costs,
        entry.choose.map(([lineId, quantity]) => ({ lineId, quantity })),
        new Map(entry.before ?? []),
      );
      expect(result).toEqual({ ok: true, amount: entry.amount, base: expect.any(Number), taxes: entry.taxes });
    });
  }

  const refusals: Array<{
    name: string;
    costs: RefundCosts;
    choose: Array<[number, number]>;
    before?: Array<[number, number]>;
    error: string;
  }> = [
    { name: 'nothing chosen', costs: costs([{ id: 1, quantity: 1, parts: [HST(100)] }]), choose: [], error: 'REFUND_LINE_INVALID' },
    {
      name: 'a line the order lacks',
      costs: costs([{ id: 1, quantity: 1, parts: [HST(100)] }]),
      choose: [[7, 1]],
      error: 'REFUND_LINE_INVALID',
    },
    { name: 'zero units', costs: costs([{ id: 1, quantity: 1, parts: [HST(100)] }]), choose: [[1, 0]], error: 'REFUND_LINE_INVALID' },
    {
      name: 'a line twice',
      costs: costs([{ id: 1, quantity: 3, parts: [HST(100)] }]),
      choose: [
        [1, 1],
        [1, 1],
      ],
      error: 'REFUND_LINE_INVALID',
    },
    {
      name: 'more units than the line',
      costs: costs([{ id: 1, quantity: 2, parts: [HST(100)] }]),
      choose: [[1, 3]],
      error: 'REFUND_QUANTITY_EXCEEDED',
    },
    {
      name: 'units refunded already',
      costs: costs([{ id: 1, quantity: 2, parts: [HST(100)] }]),
      before: [[1, 2]],
      choose: [[1, 1]],
      error: 'REFUND_QUANTITY_EXCEEDED',
    },
    {
      name: 'an order stored before line costs',
      costs: { ...costs([]), lines: undefined },
      choose: [[1, 1]],
      error: 'REFUND_LINE_INVALID',
    },
  ];
  for (const entry of refusals) {
    it(`refuses ${entry.name}`, () => {
      const result = lineRefundAmount(
        entry.costs,
        entry.choose.map(([lineId, quantity]) => ({ lineId, quantity })),
        new Map(entry.before ?? []),
      );
      expect(result).toEqual({ ok: false, error: entry.error });
    });
  }
});

describe('refund helpers', () => {
  it('counts refunded units by line', () => {
    expect([
      ...refundedUnits([
        { lines: [{ lineId: 1, quantity: 1 }] },
        {
          lines: [
            { lineId: 1, quantity: 2 },
            { lineId: 2, quantity: 1 },
          ],
        },
      ]),
    ]).toEqual([
      [1, 3],
      [2, 1],
    ]);
  });
  it('leaves what the card was charged less the refunds, never below zero', () => {
    expect(refundableLeft(2260, 1130)).toBe(1130);
    expect(refundableLeft(1000, 1200)).toBe(0);
  });
  it('takes a reason of printable text only', () => {
    expect(refundReason('  Cold fries ')).toBe('Cold fries');
    expect(refundReason('   ')).toBeNull();
    expect(refundReason('a\u0007b')).toBeNull();
    expect(refundReason('line\nbreak')).toBeNull();
    expect(refundReason('x'.repeat(201))).toBeNull();
    expect(refundReason('Frites froides — désolé')).toBe('Frites froides — désolé');
  });
});
