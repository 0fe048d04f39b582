import { describe, expect, it } from 'vitest';
import { trackingCategories } from './failure-tracking';

describe('trackingCategories', () => {
  it.each([
    [415, ['item_sold_out']],
    [426, ['item_unavailable']],
    [428, ['item_price_changed']],
    [1804, ['out_of_stock', 'unable_to_make_payment']],
    [2202, ['member_applied_error']],
    [416, ['availability_error']],
    [417, ['availability_error']],
    [418, ['availability_error', 'orders_paused']],
    [419, ['orders_paused']],
    [422, ['availability_error']],
    [424, ['availability_error']],
    [410, ['transaction_failed']],
    [200, ['unable_to_make_payment']],
    [1803, ['unable_to_make_payment']],
    [400, []],
    [404, []],
    [500, []],
  ])('%i → %j', (code, expected) => {
    expect(trackingCategories(code)).toEqual(expected);
  });
});
