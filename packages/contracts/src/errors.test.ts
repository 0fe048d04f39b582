/**
 * The catalogue's codes as the error reporter files them (domain/failure-tracking.ts): a code the spec
 * maps to a tracking category is given only to errors of that kind, so a promo code that expired is
 * never counted as an availability error, and a declined card is "unable to make payment" (200).
 */
import { trackingCategories, type TrackingCategory } from '@servery/domain/failure-tracking';
import { describe, expect, it } from 'vitest';
import { ERRORS, type ErrorName } from './errors';

const namesIn = (category: TrackingCategory) =>
  (Object.keys(ERRORS) as ErrorName[]).filter((name) => trackingCategories(ERRORS[name].code).includes(category)).sort();

describe('tracking categories of the catalogue', () => {
  it.each<[TrackingCategory, string[]]>([
    [
      'availability_error',
      [
        'ASAP_PAUSED',
        'ASAP_UNAVAILABLE',
        'DELIVERY_OUTSIDE_RADIUS',
        'RESTAURANT_CLOSED',
        'TIMESLOT_FULL',
        'TIMESLOT_UNAVAILABLE',
        'VENDOR_CLOSED',
      ],
    ],
    ['unable_to_make_payment', ['CARD_DECLINED', 'CARD_INSUFFICIENT_FUNDS', 'PAYMENT_PROCESSOR_UNAVAILABLE']],
    ['orders_paused', ['ASAP_PAUSED', 'ORDERS_PAUSED', 'VENDOR_PAUSED']],
    ['item_sold_out', ['ITEM_SOLD_OUT']],
    ['item_price_changed', ['ITEM_PRICE_CHANGED']],
    ['member_applied_error', ['MEMBER_NOT_FOUND']],
  ])('%s holds only %j', (category, names) => {
    expect(namesIn(category)).toEqual(names);
  });

  it('gives promo codes, saved cards, Apple Pay and social sign-in codes of their own', () => {
    for (const name of [
      'DISCOUNT_CODE_NOT_STARTED',
      'DISCOUNT_CODE_EXPIRED',
      'DISCOUNT_CODE_USED_UP',
      'APPLE_PAY_UNSUPPORTED',
      'PAYMENT_METHOD_SAVE_FAILED',
      'PAYMENT_METHOD_UNSUPPORTED',
      'SOCIAL_EMAIL_UNVERIFIED',
    ] as const) {
      expect(trackingCategories(ERRORS[name].code), name).toEqual([]);
      expect(ERRORS[name].status, name).toBe(422);
    }
  });
});
