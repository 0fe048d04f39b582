import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { summariseSales, type SaleOrder } from './sales-summary';

const ZONE = 'America/Toronto';
const HST = { key: 'tax1', label: { 'en-CA': 'HST', 'fr-CA': 'TVH' }, rate: '0.13' };
const GST = { key: 'tax2', label: { 'en-CA': 'GST', 'fr-CA': 'TPS' }, rate: '0.05' };

function sale(fields: Partial<Omit<SaleOrder, 'costs'>> & { costs?: Partial<SaleOrder['costs']> } = {}): SaleOrder {
  const { costs, ...rest } = fields;
  return {
    status: 'completed',
    type: 'take-out',
    // 12:30 in Toronto (EST).
    placedAt: '2026-11-24T17:30:00.000Z',
    items: 1,
    payment: { method: 'credit_card', amount: 1130 },
    ...rest,
    costs: {
      subtotal: 1000,
      discount: { amount: 0 },
      memberDiscount: { amount: 0 },
      subsidyDiscount: { amount: 0 },
      serviceCharge: { amount: 0 },
      deliveryCharge: { amount: 0 },
      taxBrackets: [{ ...HST, amount: 130 }],
      tip: { amount: 0 },
      voucher: { amount: 0 },
      credits: { amount: 0 },
      totalWithTip: 1130,
      ...costs,
    },
  };
}

describe('summariseSales', () => {
  it.each<[string, SaleOrder[], Partial<ReturnType<typeof summariseSales>>]>([
    [
      'no orders: every line zero',
      [],
      { orders: 0, items: 0, subtotal: 0, taxes: [], tenders: [], total: 0, net: 0, byType: [], byHour: [], byDay: [] },
    ],
    [
      'one card sale',
      [sale()],
      { orders: 1, subtotal: 1000, taxTotal: 130, total: 1130, tenders: [{ tender: 'payment:credit_card', amount: 1130 }] },
    ],
    [
      'discounts of every kind add up; charges and tips are their own lines',
      [
        sale({
          costs: {
            discount: { amount: 100 },
            memberDiscount: { amount: 50 },
            subsidyDiscount: { amount: 25 },
            serviceCharge: { amount: 150 },
            deliveryCharge: { amount: 500 },
            tip: { amount: 200 },
          },
        }),
      ],
      { discounts: 175, serviceCharges: 150, deliveryCharges: 500, tips: 200 },
    ],
    [
      'a gift card and credits pay part: three tenders that add up to the total',
      [sale({ payment: { method: 'credit_card', amount: 630 }, costs: { voucher: { amount: 300 }, credits: { amount: 200 } } })],
      {
        total: 1130,
        tenders: [
          { tender: 'payment:credit_card', amount: 630 },
          { tender: 'gift_card', amount: 300 },
          { tender: 'credits', amount: 200 },
        ],
      },
    ],
    [
      'nothing left to pay: no payment tender',
      [sale({ payment: { method: null, amount: 0 }, costs: { credits: { amount: 1130 } } })],
      { tenders: [{ tender: 'credits', amount: 1130 }] },
    ],
    [
      'taxes by bracket, in the order first seen',
      [
        sale({ costs: { taxBrackets: [{ ...GST, amount: 50 }] } }),
        sale({
          costs: {
            taxBrackets: [
              { ...HST, amount: 130 },
              { ...GST, amount: 50 },
            ],
          },
        }),
      ],
      {
        taxes: [
          { ...GST, amount: 100 },
          { ...HST, amount: 130 },
        ],
        taxTotal: 230,
      },
    ],
    [
      'a cancelled order is not a sale: counted apart',
      [sale(), sale({ status: 'cancelled', items: 4 })],
      { orders: 1, items: 1, total: 1130, cancelled: { orders: 1, amount: 1130 }, byType: [{ type: 'take-out', orders: 1, amount: 1130 }] },
    ],
    [
      'an order cancelled for account credit: cancelled, and counted again as charged and owed as credit',
      [sale(), sale({ status: 'cancelled', credited: 1130 }), sale({ status: 'cancelled' })],
      { orders: 1, total: 1130, cancelled: { orders: 2, amount: 2260 }, credited: { orders: 1, amount: 1130 } },
    ],
    [
      'a refunded order stays a sale; its card payment is the refund; net is what is kept',
      [sale(), sale({ status: 'refunded' })],
      { orders: 2, total: 2260, refunds: { orders: 1, amount: 1130 }, net: 1130 },
    ],
    [
      'a partial refund counts its order among the refunds with what it gave back; a whole refund after it counts the charge once',
      [sale({ refunded: 300 }), sale({ status: 'refunded', refunded: 500 }), sale()],
      { orders: 3, total: 3390, refunds: { orders: 2, amount: 1430 }, net: 1960 },
    ],
    [
      'by type, sorted by name',
      [sale({ type: 'take-out' }), sale({ type: 'dine_in', items: 3 }), sale({ type: 'take-out' })],
      {
        items: 5,
        byType: [
          { type: 'dine_in', orders: 1, amount: 1130 },
          { type: 'take-out', orders: 2, amount: 2260 },
        ],
      },
    ],
    [
      'by local hour: 23:59 and 00:00 Toronto are two hours of the local day',
      [
        sale({ placedAt: '2026-11-25T04:59:00.000Z' }),
        sale({ placedAt: '2026-11-24T05:00:00.000Z' }),
        sale({ placedAt: '2026-11-24T17:00:00.000Z' }),
        sale({ placedAt: '2026-11-24T17:59:59.000Z' }),
      ],
      {
        byHour: [
          { hour: 0, orders: 1, amount: 1130 },
          { hour: 12, orders: 2, amount: 2260 },
          { hour: 23, orders: 1, amount: 1130 },
        ],
        byDay: [{ date: '2026-11-24', orders: 4, amount: 4520 }],
      },
    ],
    [
      'by local day: 23:59 Toronto is still its day, 00:00 the next; a cancelled order counts on none',
      [
        sale({ placedAt: '2026-11-25T04:59:00.000Z' }),
        sale({ placedAt: '2026-11-25T05:00:00.000Z' }),
        sale({ placedAt: '2026-11-26T17:00:00.000Z', status: 'cancelled' }),
        sale({ placedAt: '2026-11-23T15:00:00.000Z' }),
      ],
      {
        byDay: [
          { date: '2026-11-23', orders: 1, amount: 1130 },
          { date: '2026-11-24', orders: 1, amount: 1130 },
          { date: '2026-11-25', orders: 1, amount: 1130 },
        ],
      },
    ],
    [
      'by local hour across the spring change (EDT): 09:15 local is 13:15 UTC',
      [sale({ placedAt: '2026-03-08T13:15:00.000Z' })],
      { byHour: [{ hour: 9, orders: 1, amount: 1130 }] },
    ],
  ])('%s', (_name, orders, expected) => {
    expect(summariseSales(orders, ZONE)).toMatchObject(expected);
  });

  it('keeps its sums: tenders add up to the total, the hours and types to the orders and total', () => {
    const order = fc.record({
      status: fc.constantFrom('placed', 'completed', 'cancelled', 'refunded'),
      type: fc.constantFrom('dine_in', 'take-out', 'catering'),
      placedAt: fc.integer({ min: Date.UTC(2026, 10, 24, 5), max: Date.UTC(2026, 10, 25, 4, 59) }).map((ms) => new Date(ms).toISOString()),
      pay: fc.nat(50_000),
      voucher: fc.nat(5_000),
      credits: fc.nat(5_000),
    });
    fc.assert(
      fc.property(fc.array(order, { maxLength: 40 }), (drafts) => {
        const orders = drafts.map((draft) =>
          sale({
            status: draft.status,
            type: draft.type,
            placedAt: draft.placedAt,
            payment: { method: draft.pay === 0 ? null : 'credit_card', amount: draft.pay },
            costs: {
              voucher: { amount: draft.voucher },
              credits: { amount: draft.credits },
              totalWithTip: draft.pay + draft.voucher + draft.credits,
            },
          }),
        );
        const summary = summariseSales(orders, ZONE);
        const sum = (list: Array<{ amount: number }>) => list.reduce((total, entry) => total + entry.amount, 0);
        expect(sum(summary.tenders)).toBe(summary.total);
        expect(sum(summary.byHour)).toBe(summary.total);
        expect(sum(summary.byType)).toBe(summary.total);
        expect(sum(summary.byDay)).toBe(summary.total);
        expect(summary.byHour.reduce((total, entry) => total + entry.orders, 0)).toBe(summary.orders);
        expect(summary.orders + summary.cancelled.orders).toBe(orders.length);
        expect(summary.net).toBe(summary.total - summary.refunds.amount);
      }),
    );
  });
});
