import { describe, expect, it } from 'vitest';
import { withMaskedGiftCards } from './secret-digests';

describe('withMaskedGiftCards', () => {
  const order = {
    costs: { subtotal: 1600, voucher: { code: '6006491234567890', balance: 2500, amount: 1600 } },
    lines: [{ voucher: { code: '1111222233334444' } }, { name: 'Soup' }],
    contact: { full_name: 'Dana Diner' },
  };

  it.each([
    ['a voucher among the costs', order.costs, { subtotal: 1600, voucher: { code: '•••• 7890', balance: 2500, amount: 1600 } }],
    ['a voucher inside a list', order.lines, [{ voucher: { code: '•••• 4444' } }, { name: 'Soup' }]],
    ['a number masked already', { voucher: { code: '•••• 7890' } }, { voucher: { code: '•••• 7890' } }],
    ['a voucher with no code', { voucher: { code: null, amount: 0 } }, { voucher: { code: null, amount: 0 } }],
    ['a "code" that is no voucher', { discount: { code: 'SPRING10' } }, { discount: { code: 'SPRING10' } }],
    ['a plain value', 'text', 'text'],
  ])('%s', (_case, value, expected) => {
    expect(withMaskedGiftCards(value)).toEqual(expected);
  });

  it('copies only what leads to a voucher and leaves the value it was given as it was', () => {
    const result = withMaskedGiftCards(order);
    expect(order.costs.voucher.code).toBe('6006491234567890');
    expect(result.contact).toBe(order.contact);
    expect(result.lines[1]).toBe(order.lines[1]);
    expect(result.costs).not.toBe(order.costs);
    const plain = { contact: order.contact, items: [{ id: 1 }] };
    expect(withMaskedGiftCards(plain)).toBe(plain);
  });
});
