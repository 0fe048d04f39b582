import { describe, expect, it } from 'vitest';
import { checkoutTotal } from './checkout';
import { priceCart } from './pricing';
import { pricingInput, pricingItem, pricingLine } from './testing/pricing-input';

const costs = (cents: number) => priceCart(pricingInput([pricingLine(1, 1, [pricingItem(1, cents, 1)])]));

describe('checkoutTotal', () => {
  it.each([
    ['one order', [costs(1000)], 1130],
    ['two orders', [costs(1000), costs(250)], 1413],
    ['three orders', [costs(999), costs(1), costs(1)], 1131],
  ])('%s: the one payment is the sum of their amounts due', (_case, orders, amountDue) => {
    const total = checkoutTotal(orders);
    expect(total.amountDue).toBe(amountDue);
    expect(total.amountDue).toBe(orders.reduce((sum, order) => sum + order.amountDue, 0));
    expect(total.totalWithTip - total.voucher - total.credits).toBe(total.amountDue);
    expect(total.paymentNotRequired).toBe(false);
  });

  it('of no orders is nothing', () => {
    expect(checkoutTotal([])).toMatchObject({ subtotal: 0, amountDue: 0, paymentNotRequired: true });
  });
});
