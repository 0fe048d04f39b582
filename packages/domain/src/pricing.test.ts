/**
 * Worked examples of pricing.md, written out cent by cent in the comments, then properties over
 * thousands of random carts.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyPromos,
  chargeAmount,
  priceCart,
  promoPrices,
  type ChargeValue,
  type Costs,
  type PricingInput,
  type SubsidyConfig,
  type SubsidyInput,
} from './pricing';
import { priceAt, promoPriceAt, WEEKDAYS, type Scheduled } from './price-schedule';
import { PROVINCES, type TaxRates } from './taxes';
import {
  MAPLE_SUBSIDY,
  pricingInput as cart,
  pricingItem as item,
  pricingLine as line,
  pricingOption as option,
  pricingRestaurant as restaurant,
} from './testing/pricing-input';

const QC_RATES: TaxRates = { tax1: '0.05', tax2: '0.09975' };
const BC_RATES: TaxRates = { tax1: '0.05', tax2: '0.07' };
const AB_RATES: TaxRates = { tax1: '0.05', tax2: '0' };

const percent = (value: string): ChargeValue => ({ type: 'percentage', value, amount: null });
const dollars = (value: string, amount: number): ChargeValue => ({ type: 'dollar', value, amount });

/** The headline numbers of a costs object, for compact expectations. */
function totals(costs: Costs) {
  return {
    subtotal: costs.subtotal,
    subtotalDiscounted: costs.subtotalDiscounted,
    service: costs.serviceCharge.amount,
    delivery: costs.deliveryCharge.amount,
    brackets: costs.taxBrackets.map((bracket) => [bracket.key, bracket.amount]),
    taxes: costs.taxes,
    total: costs.total,
    totalWithoutTaxes: costs.totalWithoutTaxes,
    tip: costs.tip.amount,
    totalWithTip: costs.totalWithTip,
    amountDue: costs.amountDue,
  };
}

describe('applyPromos (pricing.md 1.2)', () => {
  it.each([
    // Classic poutine 12.50 with 20 % off: 1250 x 0.80 = 1000.
    [1250, [{ percent: '20' }], 1000],
    // Butter tart 4.50 with 1.00 off: 350.
    [450, [{ amount: 100 }], 350],
    // Never below 0.
    [50, [{ amount: 100 }], 0],
    [999, [{ percent: '100' }], 0],
    // The price is rounded half-up: 125 x 0.50 = 62.5 -> 63.
    [125, [{ percent: '50' }], 63],
    // 1999 x 0.67 = 1339.33 -> 1339.
    [1999, [{ percent: '33' }], 1339],
    // In list order, each on what the previous left: 1000 x 0.80 = 800, then 800 - 100 = 700 ...
    [1000, [{ percent: '20' }, { amount: 100 }], 700],
    // ... which differs from the other order: 1000 - 100 = 900, then 900 x 0.80 = 720.
    [1000, [{ amount: 100 }, { percent: '20' }], 720],
    // 105 x 0.90 = 94.5 -> 95, then 95 x 0.90 = 85.5 -> 86 (rounded after each promo).
    [105, [{ percent: '10' }, { percent: '10' }], 86],
    [1000, [], 1000],
  ])('%i with %j is %i', (price, promos, expected) => {
    expect(applyPromos(price, promos)).toBe(expected);
  });
});

describe('promoPrices and promoPriceAt (pricing.md 1.1 then 1.2)', () => {
  const TORONTO = 'America/Toronto';
  // Happy hour: letter B (5.00) from 16:00 to 17:59 on Wednesdays, A (7.50) the rest of the day; closed on other days.
  const happyHour = 'A'.repeat(64) + 'B'.repeat(8) + 'A'.repeat(24);
  const lager: Scheduled = { price: 800, price_schedule: { wednesday: happyHour }, additional_prices: { A: 750, B: 500 } };
  const wednesdayNoon = new Date('2026-10-14T16:00:00Z');
  const wednesdayFivePm = new Date('2026-10-14T21:00:00Z');
  const thursdayNoon = new Date('2026-10-15T16:00:00Z');

  it.each([
    // The poutine: 12.50 with 20 % off.
    [{ price: 1250 }, [{ percent: '20' }], { adjustedPrice: 1000 }],
    // The butter tart: 4.50 with 1.00 off.
    [{ price: 450 }, [{ amount: 100 }], { adjustedPrice: 350 }],
    // Every price of a schedule, under its own letter (each rounded half-up: 750 x 0.85 = 637.5 -> 638).
    [lager, [{ percent: '15' }], { adjustedPrice: 680, adjusted_additional_prices: { A: 638, B: 425 } }],
    // Never below 0, and several promos in order, as applyPromos.
    [{ price: 80, additional_prices: { a: 300 } }, [{ amount: 100 }], { adjustedPrice: 0, adjusted_additional_prices: { a: 200 } }],
    [{ price: 1000 }, [{ percent: '20' }, { amount: 100 }], { adjustedPrice: 700 }],
    // No promo: nothing to send (the price is the price).
    [{ price: 1250 }, [], null],
  ] as const)('%j with %j gives %j', (entity, promos, expected) => {
    expect(promoPrices(entity, promos)).toEqual(expected);
  });

  it('reads the price a diner pays now: the slot price after promos, the same slots unavailable', () => {
    const promoted = { ...lager, ...promoPrices(lager, [{ percent: '15' }]) };
    expect(promoPriceAt(promoted, wednesdayNoon, TORONTO)).toEqual({ available: true, price: 638 });
    expect(promoPriceAt(promoted, wednesdayFivePm, TORONTO)).toEqual({ available: true, price: 425 });
    expect(promoPriceAt(promoted, thursdayNoon, TORONTO)).toEqual({ available: false });
    // The regular price stays priceAt's (the struck-through "was").
    expect(priceAt(promoted, wednesdayFivePm, TORONTO)).toEqual({ available: true, price: 500 });
    // Without promo prices, the price itself.
    expect(promoPriceAt(lager, wednesdayFivePm, TORONTO)).toEqual({ available: true, price: 500 });
    expect(promoPriceAt({ price: 1250, adjustedPrice: 1000 }, thursdayNoon, TORONTO)).toEqual({ available: true, price: 1000 });
  });

  it('agrees at every moment with applying the promos to the price of the moment, as the cart does', () => {
    const letters = ['A', 'b', 'C', 'X', 'E'];
    const dayArb = fc.array(fc.constantFrom(...letters), { minLength: 96, maxLength: 96 }).map((slots) => slots.join(''));
    const entityArb = fc.record(
      {
        price: fc.integer({ min: 0, max: 20_000 }),
        price_schedule: fc.dictionary(fc.constantFrom(...WEEKDAYS), dayArb, { maxKeys: 7 }),
        additional_prices: fc.dictionary(fc.constantFrom('A', 'a', 'B', 'C'), fc.integer({ min: 0, max: 20_000 }), { maxKeys: 4 }),
      },
      { requiredKeys: ['price'] },
    );
    const promoArbitrary = fc.oneof(
      fc.integer({ min: 0, max: 100 }).map((value) => ({ percent: String(value) })),
      fc.integer({ min: 0, max: 3000 }).map((amount) => ({ amount })),
    );
    const momentArb = fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2027-01-01T00:00:00Z'), noInvalidDate: true });
    fc.assert(
      fc.property(entityArb, fc.array(promoArbitrary, { minLength: 1, maxLength: 3 }), momentArb, (entity, promos, now) => {
        const regular = priceAt(entity, now, TORONTO);
        const expected = regular.available ? { available: true, price: applyPromos(regular.price, promos) } : { available: false };
        expect(promoPriceAt({ ...entity, ...promoPrices(entity, promos) }, now, TORONTO)).toEqual(expected);
      }),
    );
  });
});

describe('chargeAmount (pricing.md 3)', () => {
  it('is a rounded percentage of subtotalDiscounted, or the dollar amount', () => {
    expect(chargeAmount(percent('18'), 4275)).toBe(770); // 769.5 -> 770
    expect(chargeAmount(percent('10'), 2005)).toBe(201); // 200.5 -> 201
    expect(chargeAmount(dollars('35', 3500), 123)).toBe(3500);
    expect(chargeAmount(dollars('35', 3500), 0)).toBe(3500);
  });
});

describe('Ontario (HST 13 %)', () => {
  // maple-bistro: service charge 18 %, promos 20 % on the poutine and 0.50 on avocado.
  const bistro = restaurant({
    serviceCharge: { value: percent('18'), label: 'Service charge', localization: { 'fr-CA': { label: 'Frais de service' } } },
    deliveryCharge: percent('10'),
  });
  const poutineWithAvocado = line(1, 2, [
    item(1100, 1250, 2, { promos: [{ percent: '20' }] }),
    option(1614, 200, 2, { promos: [{ amount: 50 }] }),
  ]);
  const beer = line(2, 1, [item(1200, 700, 1, { alcoholic: true })]);

  it('a percentage promo code, service charge, tip, gift card and credits', () => {
    // Line 1: poutine 1250 - 20 % = 1000 x 2 = 2000; avocado 200 - 50 = 150 x 1 x 2 = 300. Line 1 = 2300.
    // Line 2: beer 700 x 1 = 700 (alcoholic).                             subtotal = 3000
    // Promo WELCOME10, 10 % of the non-alcoholic 2300 = 230, spread 2000:300 -> 200, 30.
    // Left: 1800, 270, 700.                                                subtotalDiscounted = 2770
    // Service 18 % of 2770 = 498.6 -> 499.
    // HST 0.13 x (2770 + 499) = 0.13 x 3269 = 424.97 -> 425.
    // total = 2770 + 499 + 425 = 3694; totalWithoutTaxes = 3694 - 425 = 3269.
    // Tip 15 % of 2770 = 415.5 -> 416; totalWithTip = 4110.
    // Gift card 1000 of 1000 -> 1000 (3110 left); credits 5000 -> 3110; amountDue 0.
    const costs = priceCart(
      cart([poutineWithAvocado, beer], {
        restaurant: bistro,
        promoCode: { code: 'WELCOME10', type: 'percentage', value: '10' },
        tip: { type: 'percentage', value: '15' },
        giftCard: { code: '6006491234567890', balance: 1000 },
        credits: { id: 7, balance: 5000 },
      }),
    );
    expect(totals(costs)).toEqual({
      subtotal: 3000,
      subtotalDiscounted: 2770,
      service: 499,
      delivery: 0,
      brackets: [['HST', 425]],
      taxes: 425,
      total: 3694,
      totalWithoutTaxes: 3269,
      tip: 416,
      totalWithTip: 4110,
      amountDue: 0,
    });
    expect(costs.discount).toEqual({ percentageValue: '10', amount: 230, type: 'percentage', code: 'WELCOME10' });
    expect(costs.serviceCharge).toEqual({
      percentageValue: '18',
      amount: 499,
      type: 'percentage',
      label: { 'en-CA': 'Service charge', 'fr-CA': 'Frais de service' },
    });
    expect(costs.tip).toEqual({ percentageValue: '15', amount: 416, type: 'percentage' });
    expect(costs.voucher).toEqual({ code: '6006491234567890', balance: 1000, amount: 1000 });
    expect(costs.credits).toEqual({ id: 7, balance: 5000, amount: 3110 });
    expect(costs.taxBrackets).toEqual([{ key: 'HST', label: { 'en-CA': 'HST', 'fr-CA': 'TVH' }, rate: '0.13', amount: 425 }]);
    expect(costs.paymentNotRequired).toBe(true);
    expect(costs.lines.map((entry) => [entry.subtotal, entry.discount, entry.subtotalDiscounted])).toEqual([
      [2300, 230, 2070],
      [700, 0, 700],
    ]);
    expect(
      costs.lines[0]?.parts.map((part) => [part.unitPrice, part.adjustedPrice, part.quantity, part.amount, part.discount, part.discounted]),
    ).toEqual([
      [1250, 1000, 2, 2000, 200, 1800],
      [200, 150, 2, 300, 30, 270],
    ]);
  });

  it('a dollar promo code prorated by largest remainder, delivery charge, gift card', () => {
    // subtotal 3000 as above. Promo FIVEOFF, 5.00 on the non-alcoholic 2300 = 500.
    // Spread 2000:300: exact 434.78 and 65.22 -> floors 434 + 65 = 499; the last cent goes to the larger
    // remainder (.78): 435, 65. Left: 1565, 235, 700.                     subtotalDiscounted = 2500
    // Service 18 % of 2500 = 450; delivery 10 % of 2500 = 250 (a delivery order).
    // HST 0.13 x (2500 + 450 + 250) = 0.13 x 3200 = 416.
    // total = 2500 + 450 + 250 + 416 = 3616; totalWithoutTaxes 3200.
    // Tip 3.00 dollars; totalWithTip 3916. Gift card 1000 -> amountDue 2916.
    const costs = priceCart(
      cart([poutineWithAvocado, beer], {
        restaurant: bistro,
        order: { isDelivery: true, isPreOrder: false, isEventDay: false, isCatering: false },
        promoCode: { code: 'FIVEOFF', type: 'dollar', value: '5' },
        tip: { type: 'dollar', value: '3.00' },
        giftCard: { code: 'GC', balance: 1000 },
      }),
    );
    expect(totals(costs)).toEqual({
      subtotal: 3000,
      subtotalDiscounted: 2500,
      service: 450,
      delivery: 250,
      brackets: [['HST', 416]],
      taxes: 416,
      total: 3616,
      totalWithoutTaxes: 3200,
      tip: 300,
      totalWithTip: 3916,
      amountDue: 2916,
    });
    expect(costs.lines[0]?.parts.map((part) => part.discount)).toEqual([435, 65]);
    expect(costs.discount).toEqual({ percentageValue: null, amount: 500, type: 'dollar', code: 'FIVEOFF' });
    expect(costs.deliveryCharge).toEqual({ percentageValue: '10', amount: 250, type: 'percentage' });
    expect(costs.tip).toEqual({ percentageValue: null, amount: 300, type: 'dollar' });
    expect(costs.paymentNotRequired).toBe(false);
  });

  it('rounds each bracket once, not per part', () => {
    // Two parts of 105: 0.13 x 105 = 13.65 each. Per part that would be 14 + 14 = 28;
    // once per bracket it is 0.13 x 210 = 27.3 -> 27.
    const costs = priceCart(cart([line(1, 1, [item(1, 105, 1)]), line(2, 1, [item(2, 105, 1)])]));
    expect(costs.taxes).toBe(27);
    expect(costs.total).toBe(237);
  });

  it('the point-of-sale rebate: qualifying parts of 4.00 or less pay 5 %', () => {
    // Muffin 200 and coffee 150 qualify (350 <= 400): 0.05 x 350 = 17.5.
    // Sandwich 800 does not: 0.13 x 800 = 104.
    // HST = 17.5 + 104 = 121.5 -> 122; total = 1150 + 122 = 1272.
    const costs = priceCart(
      cart([
        line(1, 1, [item(1, 200, 1, { rebateEligible: true })]),
        line(2, 1, [item(2, 150, 1, { rebateEligible: true })]),
        line(3, 1, [item(3, 800, 1)]),
      ]),
    );
    expect(totals(costs)).toMatchObject({ subtotal: 1150, taxes: 122, total: 1272 });
    expect(costs.taxInfo).toEqual({ province: 'ON', taxInclusive: false, rebateApplied: true });
    expect(costs.lines.map((entry) => entry.parts[0]?.taxRates.tax1)).toEqual(['0.05', '0.05', '0.13']);
    // The bracket still shows the restaurant's rate.
    expect(costs.taxBrackets[0]?.rate).toBe('0.13');
  });

  it('no rebate above 4.00', () => {
    // Two muffins 400 + coffee 150 = 550 > 400: all at 0.13.
    // HST 0.13 x (550 + 800) = 175.5 -> 176; total 1526.
    const costs = priceCart(
      cart([
        line(1, 2, [item(1, 200, 2, { rebateEligible: true })]),
        line(2, 1, [item(2, 150, 1, { rebateEligible: true })]),
        line(3, 1, [item(3, 800, 1)]),
      ]),
    );
    expect(totals(costs)).toMatchObject({ subtotal: 1350, taxes: 176, total: 1526 });
    expect(costs.taxInfo.rebateApplied).toBe(false);
  });

  it('the rebate threshold is after reductions', () => {
    // Two muffins at 2.25 = 450 > 400, but a 20 % promo code leaves 450 - 90 = 360 <= 400.
    // HST 0.05 x 360 = 18; total 378.
    const costs = priceCart(
      cart([line(1, 2, [item(1, 225, 2, { rebateEligible: true })])], {
        promoCode: { code: 'SAVE20', type: 'percentage', value: '20' },
      }),
    );
    expect(totals(costs)).toMatchObject({ subtotal: 450, subtotalDiscounted: 360, taxes: 18, total: 378 });
    expect(costs.taxInfo.rebateApplied).toBe(true);
  });

  it('the rebate is Ontario only', () => {
    // NB, HST 15 %: a qualifying 200 still pays 0.15 x 200 = 30.
    const costs = priceCart(
      cart([line(1, 1, [item(1, 200, 1, { rebateEligible: true, taxRates: { tax1: '0.15', tax2: '0' } })])], {
        restaurant: restaurant({ province: 'NB', tax_rate: { tax1: '0.15' } }),
      }),
    );
    expect(costs.taxes).toBe(30);
    expect(costs.taxInfo.rebateApplied).toBe(false);
  });
});

describe('Quebec (GST 5 % + QST 9.975 %)', () => {
  // harbour-catering: delivery charge "35$".
  const harbour = restaurant({ province: 'QC', tax_rate: { tax1: '0.05', tax2: '0.09975' }, deliveryCharge: dollars('35', 3500) });

  it('QST is on the price before GST, never on GST; delivery is taxed at the restaurant rates', () => {
    // Platter 100.00 x 1 = 10000; delivery 35.00 = 3500.
    // GST 0.05 x (10000 + 3500) = 675.
    // QST 0.09975 x 13500 = 1346.625 -> 1347 (on GST it would be 0.09975 x 14175 = 1413.98).
    // taxes 2022; total 13500 + 2022 = 15522; totalWithoutTaxes 13500.
    // Tip "-5" dollars becomes 5.00; totalWithTip 16022.
    // A catering pre-order on the sandbox processor with 16022 due: payment required.
    const costs = priceCart(
      cart([line(1, 1, [item(1, 10000, 1, { taxRates: QC_RATES })])], {
        restaurant: harbour,
        order: { isDelivery: true, isPreOrder: true, isEventDay: false, isCatering: true },
        tip: { type: 'dollar', value: '-5' },
      }),
    );
    expect(totals(costs)).toEqual({
      subtotal: 10000,
      subtotalDiscounted: 10000,
      service: 0,
      delivery: 3500,
      brackets: [
        ['GST', 675],
        ['QST', 1347],
      ],
      taxes: 2022,
      total: 15522,
      totalWithoutTaxes: 13500,
      tip: 500,
      totalWithTip: 16022,
      amountDue: 16022,
    });
    expect(costs.taxBrackets.map((bracket) => [bracket.label['fr-CA'], bracket.rate])).toEqual([
      ['TPS', '0.05'],
      ['TVQ', '0.09975'],
    ]);
    expect(costs.deliveryCharge).toEqual({ percentageValue: null, amount: 3500, type: 'dollar' });
    // A catering order: payment is not required only on pay-on-premise or when nothing is due.
    expect(costs.paymentNotRequired).toBe(false);
  });

  it('each bracket rounded once; no delivery charge on a pickup order', () => {
    // 19.99 x 3 = 5997. GST 0.05 x 5997 = 299.85 -> 300; QST 0.09975 x 5997 = 598.20 -> 598.
    // taxes 898; total 6895.
    const costs = priceCart(cart([line(1, 3, [item(1, 1999, 3, { taxRates: QC_RATES })])], { restaurant: harbour }));
    expect(totals(costs)).toMatchObject({
      delivery: 0,
      brackets: [
        ['GST', 300],
        ['QST', 598],
      ],
      taxes: 898,
      total: 6895,
    });
    expect(costs.deliveryCharge).toEqual({ percentageValue: null, amount: 0, type: null });
  });
});

describe('British Columbia (GST 5 % + PST 7 %)', () => {
  it('food at PST 0 by override, alcohol at the restaurant rates, promo code skips alcohol', () => {
    // market-hall: burger 15.00 x 2 = 3000 (tax_rate { tax2: "0" }); beer 8.00 x 1 = 800 (0.05 / 0.07).
    // Promo 10 % of the non-alcoholic 3000 = 300 -> burger 2700.      subtotalDiscounted = 3500
    // GST 0.05 x 3500 = 175; PST 0.07 x 800 = 56 (the burger's PST is 0).
    // taxes 231; total 3731.
    const costs = priceCart(
      cart(
        [
          line(1, 2, [item(1, 1500, 2, { taxRates: { tax1: '0.05', tax2: '0' } })]),
          line(2, 1, [item(2, 800, 1, { alcoholic: true, taxRates: BC_RATES })]),
        ],
        {
          restaurant: restaurant({ province: 'BC', tax_rate: { tax1: '0.05', tax2: '0.07' } }),
          promoCode: { code: 'TEN', type: 'percentage', value: '10' },
        },
      ),
    );
    expect(totals(costs)).toMatchObject({
      subtotal: 3800,
      subtotalDiscounted: 3500,
      brackets: [
        ['GST', 175],
        ['PST', 56],
      ],
      taxes: 231,
      total: 3731,
    });
    expect(costs.taxBrackets.map((bracket) => bracket.label)).toEqual([
      { 'en-CA': 'GST', 'fr-CA': 'TPS' },
      { 'en-CA': 'PST', 'fr-CA': 'TVP' },
    ]);
    expect(costs.lines[1]?.discount).toBe(0);
  });
});

describe('Alberta (GST alone)', () => {
  const arena = restaurant({
    province: 'AB',
    tax_rate: { tax1: '0.05' },
    serviceCharge: {
      value: percent('18'),
      label: 'Suite service charge',
      localization: { 'fr-CA': { label: 'Frais de service des loges' } },
    },
  });

  it('a service charge rounded half-up and taxed, credits covering everything', () => {
    // Nachos 14.25 x 3 = 4275. Service 18 % of 4275 = 769.5 -> 770.
    // GST 0.05 x (4275 + 770) = 252.25 -> 252. total 4275 + 770 + 252 = 5297.
    // Credits 10000 -> 5297; amountDue 0: not a pre-order, nothing to pay -> payment not required.
    const costs = priceCart(
      cart([line(1, 3, [item(1, 1425, 3, { taxRates: AB_RATES })])], { restaurant: arena, credits: { id: 'acct-1', balance: 10000 } }),
    );
    expect(totals(costs)).toEqual({
      subtotal: 4275,
      subtotalDiscounted: 4275,
      service: 770,
      delivery: 0,
      brackets: [['GST', 252]],
      taxes: 252,
      total: 5297,
      totalWithoutTaxes: 5045,
      tip: 0,
      totalWithTip: 5297,
      amountDue: 0,
    });
    expect(costs.credits).toEqual({ id: 'acct-1', balance: 10000, amount: 5297 });
    expect(costs.serviceCharge.label).toEqual({ 'en-CA': 'Suite service charge', 'fr-CA': 'Frais de service des loges' });
    expect(costs.paymentNotRequired).toBe(true);
  });

  it('a one-bracket province charges no tax2, even if one is set', () => {
    // 1000 x 0.05 = 50; the stray tax2 0.07 is not a bracket in AB.
    const costs = priceCart(
      cart([line(1, 1, [item(1, 1000, 1, { taxRates: { tax1: '0.05', tax2: '0.07' } })])], {
        restaurant: restaurant({ province: 'AB', tax_rate: { tax1: '0.05', tax2: '0.07' } }),
      }),
    );
    expect(costs.taxBrackets).toEqual([{ key: 'GST', label: { 'en-CA': 'GST', 'fr-CA': 'TPS' }, rate: '0.05', amount: 50 }]);
  });
});

describe('tax-inclusive prices', () => {
  it('Ontario: the bracket holds amount x 0.13 / 1.13 and the total does not grow', () => {
    // 11.30 x 1 = 1130: HST 1130 x 0.13 / 1.13 = 130 exactly. total 1130; totalWithoutTaxes 1000.
    const costs = priceCart(cart([line(1, 1, [item(1, 1130, 1)])], { restaurant: restaurant({ taxInclusive: true }) }));
    expect(totals(costs)).toMatchObject({ taxes: 130, total: 1130, totalWithoutTaxes: 1000, totalWithTip: 1130 });
    expect(costs.taxInfo.taxInclusive).toBe(true);
  });

  it('Ontario with a dollar service charge: the charge contains tax too', () => {
    // 1130 + service 5.00 = 1630: HST 1630 x 0.13 / 1.13 = 187.52 -> 188. total 1630; totalWithoutTaxes 1442.
    const costs = priceCart(
      cart([line(1, 1, [item(1, 1130, 1)])], {
        restaurant: restaurant({ taxInclusive: true, serviceCharge: { value: dollars('5', 500) } }),
      }),
    );
    expect(totals(costs)).toMatchObject({ service: 500, taxes: 188, total: 1630, totalWithoutTaxes: 1442 });
    expect(costs.serviceCharge).toEqual({
      percentageValue: null,
      amount: 500,
      type: 'dollar',
      label: { 'en-CA': 'Service fee', 'fr-CA': 'Frais de service' },
    });
  });

  it('Quebec: each bracket is amount x ri / (1 + 0.05 + 0.09975)', () => {
    // 1000: GST 1000 x 0.05 / 1.14975 = 43.49 -> 43; QST 1000 x 0.09975 / 1.14975 = 86.76 -> 87.
    // taxes 130; total 1000; totalWithoutTaxes 870.
    const costs = priceCart(
      cart([line(1, 1, [item(1, 1000, 1, { taxRates: QC_RATES })])], {
        restaurant: restaurant({ province: 'QC', tax_rate: { tax1: '0.05', tax2: '0.09975' }, taxInclusive: true }),
      }),
    );
    expect(totals(costs)).toMatchObject({
      brackets: [
        ['GST', 43],
        ['QST', 87],
      ],
      taxes: 130,
      total: 1000,
      totalWithoutTaxes: 870,
    });
  });

  it('Ontario with the rebate: qualifying parts divide by 1.05', () => {
    // Qualifying 300: 300 x 0.05 / 1.05 = 14.2857; other 700: 700 x 0.13 / 1.13 = 80.5310.
    // Sum 94.8167 -> 95; total 1000; totalWithoutTaxes 905.
    const costs = priceCart(
      cart([line(1, 1, [item(1, 300, 1, { rebateEligible: true })]), line(2, 1, [item(2, 700, 1)])], {
        restaurant: restaurant({ taxInclusive: true }),
      }),
    );
    expect(totals(costs)).toMatchObject({ taxes: 95, total: 1000, totalWithoutTaxes: 905 });
  });
});

describe('member discount (pricing.md 2.1 and 5.1)', () => {
  const poutine = line(1, 1, [item(1, 1250, 1)]);
  const beer = line(2, 1, [item(2, 700, 1, { alcoholic: true })]);

  it('before tax: a percentage of all parts, alcohol included', () => {
    // 1250 + 700 = 1950; 10 % = 195, spread 1250:700 -> 125, 70. Left 1125, 630 = 1755.
    // HST 0.13 x 1755 = 228.15 -> 228; total 1983.
    const costs = priceCart(cart([poutine, beer], { memberDiscount: { type: 'percentage', value: '10', preTax: true } }));
    expect(totals(costs)).toMatchObject({ subtotal: 1950, subtotalDiscounted: 1755, taxes: 228, total: 1983 });
    expect(costs.memberDiscount).toEqual({ preTax: true, amount: 195 });
    expect(costs.lines.map((entry) => entry.memberDiscount)).toEqual([125, 70]);
  });

  it('before tax, then a promo code on what the member discount left', () => {
    // Member 10 %: left 1125, 630. Promo 10 % of the non-alcoholic 1125 = 112.5 -> 113; poutine 1012.
    // subtotalDiscounted 1012 + 630 = 1642; HST 0.13 x 1642 = 213.46 -> 213; total 1855.
    const costs = priceCart(
      cart([poutine, beer], {
        memberDiscount: { type: 'percentage', value: '10', preTax: true },
        promoCode: { code: 'WELCOME10', type: 'percentage', value: '10' },
      }),
    );
    expect(totals(costs)).toMatchObject({ subtotalDiscounted: 1642, taxes: 213, total: 1855 });
    expect(costs.discount.amount).toBe(113);
  });

  it('after tax, dollars: off the total after taxes', () => {
    // 1950; HST 0.13 x 1950 = 253.5 -> 254; after taxes 2204; member 5.00 -> total 1704.
    // totalWithoutTaxes 1704 - 254 = 1450.
    const costs = priceCart(cart([poutine, beer], { memberDiscount: { type: 'dollar', value: '5', preTax: false } }));
    expect(totals(costs)).toMatchObject({ subtotalDiscounted: 1950, taxes: 254, total: 1704, totalWithoutTaxes: 1450 });
    expect(costs.memberDiscount).toEqual({ preTax: false, amount: 500 });
    expect(costs.lines.map((entry) => entry.memberDiscount)).toEqual([0, 0]);
  });

  it('after tax, percentage: rounded', () => {
    // 10 % of 2204 = 220.4 -> 220; total 1984.
    const costs = priceCart(cart([poutine, beer], { memberDiscount: { type: 'percentage', value: '10', preTax: false } }));
    expect(totals(costs)).toMatchObject({ total: 1984, totalWithoutTaxes: 1730 });
  });

  it('after tax, capped at the total (totalWithoutTaxes = total - taxes, as written)', () => {
    const costs = priceCart(cart([poutine, beer], { memberDiscount: { type: 'dollar', value: '50', preTax: false } }));
    expect(totals(costs)).toMatchObject({ taxes: 254, total: 0, totalWithoutTaxes: -254, totalWithTip: 0, amountDue: 0 });
    expect(costs.memberDiscount.amount).toBe(2204);
  });
});

describe('promo code (pricing.md 2.2)', () => {
  it('a dollar amount is capped at the eligible parts; alcohol keeps its price', () => {
    // Fries 300 + wine 700 (alcoholic). FIVEOFF 500 capped at 300. Left 0 + 700.
    // HST 0.13 x 700 = 91; total 791.
    const costs = priceCart(
      cart([line(1, 1, [item(1, 300, 1)]), line(2, 1, [item(2, 700, 1, { alcoholic: true })])], {
        promoCode: { code: 'FIVEOFF', type: 'dollar', value: '5' },
      }),
    );
    expect(totals(costs)).toMatchObject({ subtotalDiscounted: 700, taxes: 91, total: 791 });
    expect(costs.discount.amount).toBe(300);
  });

  it('an alcoholic option value is not eligible, its non-alcoholic item is', () => {
    // Cocktail base 1000 (not alcoholic) with a 500 alcoholic shot: 10 % of 1000 = 100.
    const costs = priceCart(
      cart([line(1, 1, [item(1, 1000, 1), option(2, 500, 1, { alcoholic: true })])], {
        promoCode: { code: 'TEN', type: 'percentage', value: '10' },
      }),
    );
    expect(costs.lines[0]?.parts.map((part) => part.discount)).toEqual([100, 0]);
  });
});

describe('subsidy (pricing.md 2.3)', () => {
  const school = (config: Partial<SubsidyConfig>, extra: Partial<SubsidyInput> = {}): SubsidyInput => ({
    config: { ...MAPLE_SUBSIDY, ...config },
    signedIn: true,
    code: 'LUNCH50-2026',
    memberProvider: null,
    chosenAmountToBePaid: null,
    ...extra,
  });
  // maple-school: hot lunch (meal) 6.00 x 2 with milk 1.00 each; a cookie 1.50 that is not a meal.
  const lunch = line(1, 2, [item(1, 600, 2, { meal: true }), option(2, 100, 2, { meal: true })]);
  const cookie = line(2, 1, [item(3, 150, 1)]);

  it('discount: 50 % of the meal parts', () => {
    // Meal parts 1200 + 200 = 1400 (the base); 50 % = 700, spread 600, 100.
    // subtotalDiscounted 600 + 100 + 150 = 850; HST 0.13 x 850 = 110.5 -> 111; total 961.
    const costs = priceCart(cart([lunch, cookie], { subsidy: school({}) }));
    expect(totals(costs)).toMatchObject({ subtotal: 1550, subtotalDiscounted: 850, taxes: 111, total: 961 });
    expect(costs.subsidyDiscount).toEqual({
      type: 'discount',
      chosenAmountToBePaid: null,
      code: 'LUNCH50-2026',
      amount: 700,
      baseSubsidizedAmount: 1400,
    });
    expect(costs.lines[0]?.parts.map((part) => part.subsidyDiscount)).toEqual([600, 100]);
  });

  it('discount: a dollar amount capped at the base', () => {
    const costs = priceCart(cart([lunch, cookie], { subsidy: school({ discount_percentage: null, discount_amount: 5000 }) }));
    expect(costs.subsidyDiscount.amount).toBe(1400);
    expect(costs.subtotalDiscounted).toBe(150);
  });

  it('fixed_price: each eligible unit costs the fixed price, per line, never negative', () => {
    // Fixed price 3.00. Line 1: eligible 1400 - 300 x 2 = 800, spread 1200:200: 685.71, 114.29
    //   -> 685 + 114 = 799, the cent to .71 -> 686, 114; left 514 + 86 = 600 = 2 x 300.
    // Line 2: a 2.50 meal: 250 - 300 < 0 -> 0. The cookie is not a meal.
    // base 1400 + 250 = 1650; amount 800; subtotalDiscounted 600 + 250 + 150 = 1000; HST 130; total 1130.
    const smallMeal = line(3, 1, [item(4, 250, 1, { meal: true })]);
    const costs = priceCart(
      cart([lunch, smallMeal, cookie], { subsidy: school({ type: 'fixed_price', discount_percentage: null, discount_fixed_price: 300 }) }),
    );
    expect(totals(costs)).toMatchObject({ subtotal: 1800, subtotalDiscounted: 1000, taxes: 130, total: 1130 });
    expect(costs.subsidyDiscount).toMatchObject({ type: 'fixed_price', amount: 800, baseSubsidizedAmount: 1650 });
    expect(costs.lines.map((entry) => entry.parts.map((part) => part.subsidyDiscount))).toEqual([[686, 114], [0], [0]]);
  });

  describe('pay_what_you_can (cantine: all users, all items)', () => {
    const cantine = (chosen: number | null): SubsidyInput => ({
      config: { is_active: true, target_users: 'all', target_items: 'all', type: 'pay_what_you_can' },
      signedIn: false,
      code: null,
      memberProvider: null,
      chosenAmountToBePaid: chosen,
    });
    const bowl = line(1, 1, [item(1, 1200, 1)]);
    const wine = line(2, 1, [item(2, 900, 1, { alcoholic: true })]);

    it.each([
      // Base = the bowl 1200 (wine is not eligible). Chosen 500: subsidy 700; 500 + 900 = 1400; HST 182; total 1582.
      [500, 500, 700, 1400, 1582],
      // Clamped to 0: the whole base is subsidised; 900; HST 117; total 1017.
      [-100, 0, 1200, 900, 1017],
      // Clamped to the base: no subsidy; 2100; HST 273; total 2373.
      [5000, 1200, 0, 2100, 2373],
      // Nothing chosen: the diner pays the base.
      [null, 1200, 0, 2100, 2373],
    ])('chosen %j pays %i, subsidy %i', (chosen, paid, amount, subtotalDiscounted, total) => {
      const costs = priceCart(cart([bowl, wine], { subsidy: cantine(chosen) }));
      expect(costs.subsidyDiscount).toEqual({
        type: 'pay_what_you_can',
        chosenAmountToBePaid: paid,
        code: null,
        amount,
        baseSubsidizedAmount: 1200,
      });
      expect(totals(costs)).toMatchObject({ subtotalDiscounted, total });
    });
  });

  it.each<[string, Partial<SubsidyConfig>, Partial<SubsidyInput>, number]>([
    ['a signed-in user with a listed code', {}, {}, 700],
    ['the code in another case', {}, { code: ' lunch50-2026 ' }, 700],
    ['not signed in', {}, { signedIn: false }, 0],
    ['no code', {}, { code: null }, 0],
    ['an unknown code', {}, { code: 'NOPE' }, 0],
    ['all users, anonymous', { target_users: 'all' }, { signedIn: false, code: null }, 700],
    ['all items', { target_items: 'all' }, {}, 775],
    ['an ELB member', {}, { memberProvider: 'ELB' }, 0],
    ['an SPH member', {}, { memberProvider: 'sph' }, 0],
    ['another provider', {}, { memberProvider: 'MAPLE' }, 700],
    ['inactive', { is_active: false }, {}, 0],
  ])('targeting: %s', (_, config, extra, amount) => {
    const costs = priceCart(cart([lunch, cookie], { subsidy: school(config, extra) }));
    expect(costs.subsidyDiscount.amount).toBe(amount);
    if (amount === 0)
      expect(costs.subsidyDiscount).toEqual({ type: null, chosenAmountToBePaid: null, code: null, amount: 0, baseSubsidizedAmount: 0 });
  });

  it('comes after the member discount and the promo code', () => {
    // Parts 1200, 200 (meal) and 150 (cookie) = 1550.
    // Member 10 % = 155, spread 1200:200:150 -> 120, 20, 15 exactly. Left 1080, 180, 135 = 1395.
    // Promo 1.00 = 100, spread 1080:180:135 -> 77.42, 12.90, 9.68; floors 77 + 12 + 9 = 98; the 2 missing
    // cents go to the largest remainders .90 and .68 -> 77, 13, 10. Left 1003, 167, 125.
    // Subsidy 50 % of the meal parts 1003 + 167 = 1170 -> 585, spread 1003:167 -> 501.5, 83.5; floors 584;
    // the remainders tie (.5, .5): the cent goes to the earlier part -> 502, 83.
    // Left 501, 84, 125: subtotalDiscounted 710.
    const costs = priceCart(
      cart([lunch, cookie], {
        memberDiscount: { type: 'percentage', value: '10', preTax: true },
        promoCode: { code: 'ONE', type: 'dollar', value: '1' },
        subsidy: school({}),
      }),
    );
    const parts = costs.lines.flatMap((entry) => entry.parts);
    expect(parts.map((part) => part.memberDiscount)).toEqual([120, 20, 15]);
    expect(parts.map((part) => part.discount)).toEqual([77, 13, 10]);
    expect(parts.map((part) => part.subsidyDiscount)).toEqual([502, 83, 0]);
    expect(costs.subsidyDiscount).toMatchObject({ amount: 585, baseSubsidizedAmount: 1170 });
    expect(costs.subtotalDiscounted).toBe(710);
  });
});

describe('charges (pricing.md 3)', () => {
  it('a "$" service charge is dollars on any cart; the default label in both languages', () => {
    const costs = priceCart(cart([], { restaurant: restaurant({ serviceCharge: { value: dollars('5', 500) } }) }));
    expect(totals(costs)).toMatchObject({ subtotal: 0, service: 500, taxes: 65, total: 565 });
    expect(costs.serviceCharge.label).toEqual({ 'en-CA': 'Service fee', 'fr-CA': 'Frais de service' });
  });

  it('a restaurant label without a French one is used in both languages', () => {
    const costs = priceCart(cart([], { restaurant: restaurant({ serviceCharge: { value: percent('18'), label: 'Gratuity' } }) }));
    expect(costs.serviceCharge).toEqual({
      percentageValue: '18',
      amount: 0,
      type: 'percentage',
      label: { 'en-CA': 'Gratuity', 'fr-CA': 'Gratuity' },
    });
  });

  it('no service charge configured', () => {
    const costs = priceCart(cart([line(1, 1, [item(1, 1000, 1)])]));
    expect(costs.serviceCharge).toEqual({
      percentageValue: null,
      amount: 0,
      type: null,
      label: { 'en-CA': 'Service fee', 'fr-CA': 'Frais de service' },
    });
  });

  it('a delivery charge only on delivery orders', () => {
    const base = cart([line(1, 1, [item(1, 2005, 1)])], { restaurant: restaurant({ deliveryCharge: percent('10') }) });
    // 10 % of 2005 = 200.5 -> 201.
    expect(priceCart({ ...base, order: { ...base.order, isDelivery: true } }).deliveryCharge).toEqual({
      percentageValue: '10',
      amount: 201,
      type: 'percentage',
    });
    expect(priceCart(base).deliveryCharge).toEqual({ percentageValue: null, amount: 0, type: null });
  });
});

describe('tip, tenders and payment (pricing.md 5)', () => {
  // AB: 23.81 -> GST 0.05 x 2381 = 119.05 -> 119; total 2500.
  const ab = (extra: Partial<PricingInput> = {}) =>
    cart([line(1, 1, [item(1, 2381, 1, { taxRates: AB_RATES })])], {
      restaurant: restaurant({ province: 'AB', tax_rate: { tax1: '0.05' } }),
      ...extra,
    });

  it.each([
    // 15 % of subtotalDiscounted 2381 = 357.15 -> 357.
    [{ type: 'percentage' as const, value: '15' }, 357, '15'],
    // A negative tip becomes positive.
    [{ type: 'percentage' as const, value: '-15' }, 357, '15'],
    // 12.5 % of 2381 = 297.625 -> 298.
    [{ type: 'percentage' as const, value: '12.5' }, 298, '12.5'],
    [{ type: 'dollar' as const, value: '4.25' }, 425, null],
    [{ type: 'dollar' as const, value: '-4.25' }, 425, null],
  ])('tip %j is %i', (tip, amount, percentageValue) => {
    const costs = priceCart(ab({ tip }));
    expect(costs.tip).toEqual({ percentageValue, amount, type: tip.type });
    expect(costs.totalWithTip).toBe(2500 + amount);
  });

  it.each([
    // [gift card balance, credits balance, voucher.amount, credits.amount, amountDue]
    [null, null, 0, 0, 2500],
    [3000, 1000, 2500, 0, 0],
    [1000, 1000, 1000, 1000, 500],
    [0, 2500, 0, 2500, 0],
    [null, 9999, 0, 2500, 0],
    [2499, null, 2499, 0, 1],
  ])('gift card %j then credits %j: %i + %i, %i due', (gift, credit, voucherAmount, creditsAmount, due) => {
    const costs = priceCart(
      ab({ giftCard: gift === null ? null : { code: 'GC', balance: gift }, credits: credit === null ? null : { id: 1, balance: credit } }),
    );
    expect(costs.total).toBe(2500);
    expect(costs.voucher.amount).toBe(voucherAmount);
    expect(costs.credits.amount).toBe(creditsAmount);
    expect(costs.amountDue).toBe(due);
  });

  it.each([
    // [isPreOrder, isEventDay, isCatering, processor, gift card covers all, expected]
    [false, false, false, 'sandbox', false, false],
    [false, false, false, 'sandbox', true, true],
    [false, false, false, 'pay_on_premise', false, true],
    [true, false, false, 'pay_on_premise', false, false],
    [true, false, false, 'sandbox', true, false],
    [true, true, false, 'sandbox', false, false],
    [true, true, false, 'sandbox', true, true],
    [true, true, false, 'pay_on_premise', false, true],
    [true, false, true, 'pay_on_premise', false, true],
    [true, false, true, 'sandbox', true, true],
    [true, false, true, 'sandbox', false, false],
  ] as const)(
    'pre-order %j, event day %j, catering %j, %s, all covered %j -> not required %j',
    (isPreOrder, isEventDay, isCatering, processor, covered, expected) => {
      const costs = priceCart(
        ab({
          order: { isDelivery: false, isPreOrder, isEventDay, isCatering },
          restaurant: restaurant({ province: 'AB', tax_rate: { tax1: '0.05' }, payment_processor: processor }),
          giftCard: covered ? { code: 'GC', balance: 100000 } : null,
        }),
      );
      expect(costs.paymentNotRequired).toBe(expected);
    },
  );
});

describe('an empty cart', () => {
  it('costs nothing and fills every field', () => {
    expect(priceCart(cart([]))).toEqual({
      subtotal: 0,
      subtotalDiscounted: 0,
      taxBrackets: [{ key: 'HST', label: { 'en-CA': 'HST', 'fr-CA': 'TVH' }, rate: '0.13', amount: 0 }],
      taxes: 0,
      taxInfo: { province: 'ON', taxInclusive: false, rebateApplied: false },
      tip: { percentageValue: null, amount: 0, type: null },
      serviceCharge: { percentageValue: null, amount: 0, type: null, label: { 'en-CA': 'Service fee', 'fr-CA': 'Frais de service' } },
      deliveryCharge: { percentageValue: null, amount: 0, type: null },
      voucher: { code: null, balance: 0, amount: 0 },
      discount: { percentageValue: null, amount: 0, type: null, code: null },
      credits: { id: null, balance: 0, amount: 0 },
      memberDiscount: { preTax: false, amount: 0 },
      subsidyDiscount: { type: null, chosenAmountToBePaid: null, code: null, amount: 0, baseSubsidizedAmount: 0 },
      total: 0,
      totalWithoutTaxes: 0,
      totalWithTip: 0,
      amountDue: 0,
      paymentNotRequired: true,
      lines: [],
    } satisfies Costs);
  });
});

describe('bad input is a programming error', () => {
  it('throws a RangeError on a negative price or a rate that is not decimal text', () => {
    expect(() => priceCart(cart([line(1, 1, [item(1, -5, 1)])]))).toThrow(RangeError);
    expect(() => priceCart(cart([line(1, 1, [item(1, 5, 1.5)])]))).toThrow(RangeError);
    expect(() => priceCart(cart([line(1, 1, [item(1, 5, 1, { taxRates: { tax1: '13%', tax2: '0' } })])]))).toThrow(RangeError);
  });
});

// ---------------------------------------------------------------------------------------------------
// Properties over random carts

const rateArb = fc.constantFrom('0', '0.05', '0.06', '0.07', '0.09975', '0.13', '0.14', '0.15');
const centsText = (max: number) =>
  fc.integer({ min: 0, max }).map((cents) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);
const percentArb = fc.oneof(fc.integer({ min: 0, max: 100 }).map(String), centsText(10000));
const promoArb = fc.oneof(
  percentArb.map((value) => ({ percent: value })),
  fc.integer({ min: 0, max: 3000 }).map((amount) => ({ amount })),
);
const partFields = {
  id: fc.integer({ min: 1, max: 10_000 }),
  unitPrice: fc.integer({ min: 0, max: 20_000 }),
  promos: fc.array(promoArb, { maxLength: 2 }),
  alcoholic: fc.boolean(),
  meal: fc.boolean(),
  rebateEligible: fc.boolean(),
  taxRates: fc.record({ tax1: rateArb, tax2: rateArb }),
};
const lineArb = fc
  .record({
    quantity: fc.integer({ min: 1, max: 6 }),
    item: fc.record(partFields),
    options: fc.array(fc.record({ ...partFields, per: fc.integer({ min: 1, max: 3 }) }), { maxLength: 4 }),
  })
  .map(({ quantity, item: head, options }) => ({
    quantity,
    parts: [
      { kind: 'item' as const, ...head, quantity },
      ...options.map(({ per, ...value }) => ({
        kind: 'option' as const,
        ...value,
        meal: head.meal,
        rebateEligible: head.rebateEligible,
        quantity: per * quantity,
      })),
    ],
  }));
const chargeArb: fc.Arbitrary<ChargeValue | null> = fc.oneof(
  fc.constant(null),
  percentArb.map((value) => percent(value)),
  fc.integer({ min: 0, max: 5000 }).map((amount) => dollars(String(amount / 100), amount)),
);
const kindArb = fc.constantFrom('percentage' as const, 'dollar' as const);
const inputArb: fc.Arbitrary<PricingInput> = fc.record({
  lines: fc.array(lineArb, { maxLength: 8 }).map((lines) => lines.map((entry, index) => ({ orderId: index + 1, ...entry }))),
  restaurant: fc.record({
    province: fc.constantFrom(...PROVINCES),
    tax_rate: fc.record({ tax1: fc.option(rateArb), tax2: fc.option(rateArb) }),
    taxInclusive: fc.boolean(),
    serviceCharge: chargeArb.map((value) => (value ? { value, label: 'Service' } : null)),
    deliveryCharge: chargeArb,
    payment_processor: fc.constantFrom('sandbox' as const, 'pay_on_premise' as const),
  }),
  order: fc.record({ isDelivery: fc.boolean(), isPreOrder: fc.boolean(), isEventDay: fc.boolean(), isCatering: fc.boolean() }),
  memberDiscount: fc.option(fc.record({ type: kindArb, value: fc.oneof(percentArb, centsText(5000)), preTax: fc.boolean() })),
  promoCode: fc.option(fc.record({ code: fc.constantFrom('A', 'B'), type: kindArb, value: fc.oneof(percentArb, centsText(5000)) })),
  subsidy: fc.option(
    fc.record({
      config: fc.record({
        is_active: fc.boolean(),
        target_users: fc.constantFrom('all' as const, 'codes' as const),
        target_items: fc.constantFrom('all' as const, 'meals' as const),
        type: fc.constantFrom('discount' as const, 'fixed_price' as const, 'pay_what_you_can' as const),
        discount_percentage: fc.option(percentArb),
        discount_amount: fc.option(fc.integer({ min: 0, max: 5000 })),
        discount_fixed_price: fc.option(fc.integer({ min: 0, max: 2000 })),
        codes: fc.constant(['CODE']),
      }),
      signedIn: fc.boolean(),
      code: fc.option(fc.constantFrom('CODE', 'code', 'OTHER')),
      memberProvider: fc.option(fc.constantFrom('ELB', 'SPH', 'MAPLE')),
      chosenAmountToBePaid: fc.option(fc.integer({ min: -500, max: 20_000 })),
    }),
  ),
  tip: fc.option(
    fc.record({
      type: kindArb,
      value: fc.tuple(fc.boolean(), fc.oneof(percentArb, centsText(3000))).map(([negative, value]) => (negative ? `-${value}` : value)),
    }),
  ),
  giftCard: fc.option(fc.record({ code: fc.constant('GC'), balance: fc.integer({ min: 0, max: 50_000 }) })),
  credits: fc.option(fc.record({ id: fc.constant(1), balance: fc.integer({ min: 0, max: 50_000 }) })),
});

/** Every number anywhere in a value. */
function numbersOf(value: unknown, path = '$'): Array<[string, number]> {
  if (typeof value === 'number') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((entry, index) => numbersOf(entry, `${path}[${index}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, entry]) => numbersOf(entry, `${path}.${key}`));
  return [];
}

/** The same value with every object's keys in reverse order. */
function reverseKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(reverseKeys) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([key, entry]) => [key, reverseKeys(entry)]),
    ) as T;
  return value;
}

const sumOf = (values: number[]) => values.reduce((a, b) => a + b, 0);
const RUNS = { numRuns: 3000 };

describe('properties of random carts', () => {
  it('every amount is a whole number of cents, and none is negative (totalWithoutTaxes only under a post-tax member discount)', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const costs = priceCart(input);
        const postTaxMember = input.memberDiscount !== null && !input.memberDiscount.preTax && costs.memberDiscount.amount > 0;
        const bad = numbersOf(costs).filter(
          ([path, value]) => !Number.isSafeInteger(value) || (value < 0 && !(path === '$.totalWithoutTaxes' && postTaxMember)),
        );
        expect(bad).toEqual([]);
      }),
      RUNS,
    );
  }, 60_000);

  it('every split adds up and the totals follow their identities', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const costs = priceCart(input);
        const parts = costs.lines.flatMap((entry) => entry.parts);
        const preTax = input.memberDiscount?.preTax === true;
        expect(sumOf(parts.map((part) => part.amount))).toBe(costs.subtotal);
        expect(sumOf(parts.map((part) => part.memberDiscount))).toBe(preTax ? costs.memberDiscount.amount : 0);
        expect(sumOf(parts.map((part) => part.discount))).toBe(costs.discount.amount);
        expect(sumOf(parts.map((part) => part.subsidyDiscount))).toBe(costs.subsidyDiscount.amount);
        expect(sumOf(parts.map((part) => part.discounted))).toBe(costs.subtotalDiscounted);
        for (const part of parts) {
          expect(part.amount).toBe(part.adjustedPrice * part.quantity);
          expect(part.discounted).toBe(part.amount - part.memberDiscount - part.discount - part.subsidyDiscount);
          expect(part.adjustedPrice).toBeLessThanOrEqual(part.unitPrice);
        }
        for (const entry of costs.lines) {
          expect(entry.subtotal).toBe(sumOf(entry.parts.map((part) => part.amount)));
          expect(entry.subtotalDiscounted).toBe(entry.subtotal - entry.memberDiscount - entry.discount - entry.subsidyDiscount);
        }
        const alcoholicDiscount = costs.lines.flatMap((entry, l) =>
          entry.parts.filter((_, p) => input.lines[l]?.parts[p]?.alcoholic).map((part) => part.discount + part.subsidyDiscount),
        );
        expect(sumOf(alcoholicDiscount)).toBe(0);
        expect(costs.subtotalDiscounted).toBe(
          costs.subtotal - (preTax ? costs.memberDiscount.amount : 0) - costs.discount.amount - costs.subsidyDiscount.amount,
        );
        expect(sumOf(costs.taxBrackets.map((bracket) => bracket.amount))).toBe(costs.taxes);
        const postTax = input.memberDiscount && !preTax ? costs.memberDiscount.amount : 0;
        expect(costs.total).toBe(
          costs.subtotalDiscounted +
            costs.serviceCharge.amount +
            costs.deliveryCharge.amount +
            (input.restaurant.taxInclusive ? 0 : costs.taxes) -
            postTax,
        );
        expect(costs.totalWithoutTaxes).toBe(costs.total - costs.taxes);
        expect(costs.totalWithTip).toBe(costs.total + costs.tip.amount);
        expect(costs.voucher.amount + costs.credits.amount + costs.amountDue).toBe(costs.totalWithTip);
        expect(costs.voucher.amount).toBeLessThanOrEqual(costs.voucher.balance);
        expect(costs.credits.amount).toBeLessThanOrEqual(costs.credits.balance);
        if (costs.subsidyDiscount.type === 'pay_what_you_can') {
          expect(costs.subsidyDiscount.amount + (costs.subsidyDiscount.chosenAmountToBePaid ?? -1)).toBe(
            costs.subsidyDiscount.baseSubsidizedAmount,
          );
        }
        expect(costs.subsidyDiscount.amount).toBeLessThanOrEqual(costs.subsidyDiscount.baseSubsidizedAmount);
      }),
      RUNS,
    );
  }, 60_000);

  it('taxes match a scaled-integer reference (rates have at most 5 decimals)', () => {
    const scaled = (rate: string) => {
      const [whole = '0', fraction = ''] = rate.split('.');
      return BigInt(whole) * 100000n + BigInt(fraction.padEnd(5, '0'));
    };
    fc.assert(
      fc.property(inputArb, (input) => {
        const costs = priceCart({ ...input, restaurant: { ...input.restaurant, taxInclusive: false } });
        const brackets = input.restaurant.province === 'QC' || ['BC', 'SK', 'MB'].includes(input.restaurant.province) ? 2 : 1;
        const charges = BigInt(costs.serviceCharge.amount + costs.deliveryCharge.amount);
        const restaurantRates = [input.restaurant.tax_rate.tax1 ?? '0', input.restaurant.tax_rate.tax2 ?? '0'];
        for (let index = 0; index < brackets; index += 1) {
          let exact = charges * scaled(restaurantRates[index] ?? '0');
          for (const part of costs.lines.flatMap((entry) => entry.parts)) {
            exact += BigInt(part.discounted) * scaled(index === 0 ? part.taxRates.tax1 : part.taxRates.tax2);
          }
          const rounded = (exact * 2n + 100000n) / 200000n;
          expect(BigInt(costs.taxBrackets[index]?.amount ?? -1)).toBe(rounded);
        }
        expect(costs.taxBrackets).toHaveLength(brackets);
      }),
      RUNS,
    );
  }, 60_000);

  it('is deterministic: the same cart, its objects written in another key order, prices the same', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        expect(priceCart(reverseKeys(input))).toEqual(priceCart(input));
        expect(JSON.stringify(priceCart(structuredClone(input)))).toBe(JSON.stringify(priceCart(input)));
      }),
      { numRuns: 500 },
    );
  }, 60_000);

  it('does not change its input', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const before = structuredClone(input);
        priceCart(input);
        expect(input).toEqual(before);
      }),
      { numRuns: 300 },
    );
  });
});
