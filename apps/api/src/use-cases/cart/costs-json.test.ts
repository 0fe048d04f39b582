import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { combineCosts } from '@servery/domain/marketplace';
import { type ChargeValue, priceCart } from '@servery/domain/pricing';
import { pricingInput, pricingItem, pricingLine, pricingOption, pricingRestaurant } from '@servery/domain/testing/pricing-input';
import { costsJson } from './costs-json';

const rateArb = fc.constantFrom('0', '0.05', '0.13', '0.09975', '0.07');
const partArb = fc.record({
  id: fc.integer({ min: 1, max: 10_000 }),
  unitPrice: fc.integer({ min: 0, max: 20_000 }),
  quantity: fc.integer({ min: 1, max: 6 }),
  percent: fc.option(fc.constantFrom('10', '12.5', '100')),
  alcoholic: fc.boolean(),
  rebateEligible: fc.boolean(),
  tax1: rateArb,
  tax2: rateArb,
});
type PartInput = typeof partArb extends fc.Arbitrary<infer T> ? T : never;
const cartArb = fc.record({
  lines: fc.array(fc.record({ item: partArb, options: fc.array(partArb, { maxLength: 3 }) }), { maxLength: 25 }),
  province: fc.constantFrom('ON' as const, 'QC' as const, 'AB' as const),
  service: fc.option(fc.constantFrom<ChargeValue>({ type: 'percentage', value: '18' }, { type: 'dollar', value: '2.50', amount: 250 })),
  tip: fc.option(fc.record({ type: fc.constantFrom('percentage' as const, 'dollar' as const), value: fc.constantFrom('15', '0', '3.75') })),
  promo: fc.option(
    fc.record({ code: fc.constantFrom('WELCOME10', 'A"B\\C'), type: fc.constant('percentage' as const), value: fc.constant('10') }),
  ),
});

describe('costsJson', () => {
  it('writes what JSON.stringify writes, for any cart and for a hub split by vendor', () => {
    fc.assert(
      fc.property(cartArb, (cart) => {
        const part = (make: typeof pricingItem) => (p: PartInput) =>
          make(p.id, p.unitPrice, p.quantity, {
            promos: p.percent ? [{ percent: p.percent }] : [],
            alcoholic: p.alcoholic,
            rebateEligible: p.rebateEligible,
            taxRates: { tax1: p.tax1, tax2: p.tax2 },
          });
        const lines = cart.lines.map((line, index) =>
          pricingLine(index + 1, line.item.quantity, [part(pricingItem)(line.item), ...line.options.map(part(pricingOption))]),
        );
        const costs = priceCart(
          pricingInput(lines, {
            restaurant: pricingRestaurant({
              province: cart.province,
              serviceCharge: cart.service ? { value: cart.service, label: 'Service "fee"' } : null,
            }),
            tip: cart.tip,
            promoCode: cart.promo,
          }),
        );
        expect(costsJson(costs)).toBe(JSON.stringify(costs));
        const half = Math.floor(lines.length / 2);
        const split = combineCosts([priceCart(pricingInput(lines.slice(0, half))), priceCart(pricingInput(lines.slice(half)))]);
        expect(costsJson(split)).toBe(JSON.stringify(split));
      }),
      { numRuns: 300 },
    );
  });

  it('leaves costs whose lines are not last to JSON.stringify', () => {
    const { lines, ...rest } = priceCart(pricingInput([pricingLine(1, 1, [pricingItem(1, 500, 1)])]));
    const reordered = { lines, ...rest };
    expect(costsJson(reordered)).toBe(JSON.stringify(reordered));
  });
});
