import { describe, expect, it } from 'vitest';
import { givenBack, type GivenBackOrder } from './money-back';

const card = { method: 'credit_card', amount: 2133, captured: true } as const;

describe('givenBack', () => {
  it.each<[string, GivenBackOrder, { card: number; credit: number }]>([
    ['a cancelled card order: its whole charge back on the card', { status: 'cancelled', payment: card }, { card: 2133, credit: 0 }],
    [
      'a refunded one, after a partial refund: still the whole charge',
      { status: 'refunded', payment: card, refundedAmount: 500 },
      { card: 2133, credit: 0 },
    ],
    [
      'cancelled for account credit: the credit, the card kept',
      { status: 'cancelled', payment: card, credited: 2133 },
      { card: 0, credit: 2133 },
    ],
    [
      'cancelled for credit after a partial refund: both',
      { status: 'cancelled', payment: card, refundedAmount: 500, credited: 1633 },
      { card: 500, credit: 1633 },
    ],
    [
      'a card only held (a suite tab): nothing was charged',
      { status: 'cancelled', payment: { ...card, captured: false } },
      { card: 0, credit: 0 },
    ],
    [
      'a cost centre: nothing was charged',
      { status: 'cancelled', payment: { method: 'cost_center', amount: 2133 } },
      { card: 0, credit: 0 },
    ],
    ['a wallet charges a card too', { status: 'cancelled', payment: { method: 'apple_pay', amount: 900 } }, { card: 900, credit: 0 }],
    ['nothing to pay', { status: 'cancelled', payment: { ...card, amount: 0 } }, { card: 0, credit: 0 }],
    ['a standing order with a partial refund', { status: 'completed', payment: card, refundedAmount: 650 }, { card: 650, credit: 0 }],
    ['a standing order', { status: 'ready', payment: card }, { card: 0, credit: 0 }],
  ])('%s', (_name, order, expected) => {
    expect(givenBack(order)).toEqual(expected);
  });
});
