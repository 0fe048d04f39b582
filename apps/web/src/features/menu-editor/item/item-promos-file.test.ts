import { describe, expect, it } from 'vitest';
import { MenuItemForm } from '@servery/contracts/forms';
import { applyItemValues, itemValues } from '../menu-file';
import { applyItemPromos, filePromos, itemPromoBoxes } from './item-promos-file';

const file = {
  promos: [
    { id: 1, percent: '15' },
    { id: 2, amount: '2.5' },
    { id: 4, amount: 3 },
  ],
};
const promos = filePromos(file);

describe('an item’s promos in the item form', () => {
  it('reads the file’s promos in its order, amounts in cents', () => {
    expect(promos).toEqual([
      { id: 1, percent: '15' },
      { id: 2, cents: 250 },
      { id: 4, cents: 300 },
    ]);
    expect(filePromos({})).toEqual([]);
    expect(filePromos({ promos: 'none' })).toEqual([]);
  });

  it.each([
    [undefined, { p1: false, p2: false, p4: false }],
    [[2], { p1: false, p2: true, p4: false }],
    [[4, 1], { p1: true, p2: false, p4: true }],
  ])('an item naming %j has its boxes %j', (named, boxes) => {
    expect(itemPromoBoxes(promos, named === undefined ? {} : { promos: named })).toEqual(boxes);
  });

  it.each([
    ['checks one more: it follows in the file’s order', [4], { p1: true, p2: false, p4: true }, [4, 1]],
    ['keeps the order it had', [4, 1], { p1: true, p2: false, p4: true }, [4, 1]],
    ['unchecks one', [4, 1], { p1: false, p2: false, p4: true }, [4]],
    ['unchecks all: no list', [2], { p1: false, p2: false, p4: false }, undefined],
    ['keeps an id the file does not list, for the file’s rule to name', [9, 2], { p1: false, p2: false, p4: false }, [9]],
    ['nothing named, nothing checked', undefined, { p1: false, p2: false, p4: false }, undefined],
  ])('%s', (_case, named, boxes, expected) => {
    const item = named === undefined ? { id: 1 } : { id: 1, promos: named };
    const next = applyItemPromos(item, promos, boxes);
    expect(next.promos).toEqual(expected);
    expect('promos' in next).toBe(expected !== undefined);
  });

  it('goes through the whole item form: the boxes are valid values and land back in the file', () => {
    const item = { id: 3, name: 'Poutine', price: '12.50', promos: [2] };
    const values = itemValues(item, promos);
    expect(MenuItemForm.safeParse(values).success).toBe(true);
    const next = applyItemValues(item, { ...values, promos: { ...values.promos, p1: true } }, 1250, promos);
    expect(next.promos).toEqual([2, 1]);
    expect(MenuItemForm.safeParse({ ...values, promos: { 'p-1': true } }).success).toBe(false);
  });
});
