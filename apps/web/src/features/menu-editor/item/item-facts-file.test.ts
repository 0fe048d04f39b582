import { describe, expect, it } from 'vitest';
import { MenuItemForm } from '@servery/contracts/forms';
import { applyItemValues, dollarsText, fieldsOfProblems, itemPath, itemValues, parseDollars } from '../menu-file';
import { applyItemFacts, itemFactValues, percentToRate, rateToPercent } from './item-facts-file';

describe('tax rates between the file (fractions) and the form (percentages)', () => {
  it.each([
    ['0.13', '13'],
    ['0.09975', '9.975'],
    ['0.05', '5'],
    ['0.07', '7'],
    ['0.135', '13.5'],
    ['1', '100'],
    ['0', '0'],
    ['0.00001', '0.001'],
  ])('reads %s as %s and writes it back exactly', (rate, percent) => {
    expect(rateToPercent(rate)).toBe(percent);
    expect(percentToRate(percent)).toBe(rate);
  });

  it('takes a French decimal comma and a JSON number, and refuses what is not a decimal', () => {
    expect(percentToRate('9,975')).toBe('0.09975');
    expect(rateToPercent(0.13)).toBe('13');
    expect(percentToRate('13%')).toBeNull();
    expect(rateToPercent('-0.1')).toBeNull();
  });
});

describe('an item’s diets, allergens and tax rates in the form', () => {
  const poutine = { id: 1, name: 'Poutine', price: '9', allergens: 'Dairy, Gluten,Soy', diets: 'Vegetarian', tax_rate: { tax1: '0.05' } };

  it('checks one box per word of the file and shows each rate as a percentage', () => {
    const values = itemFactValues(poutine);
    expect(
      Object.entries(values.allergens)
        .filter(([, on]) => on)
        .map(([word]) => word),
    ).toEqual(['Dairy', 'Gluten', 'Soy']);
    expect(values.diets).toEqual({ Pescatarian: false, Vegan: false, Vegetarian: true });
    expect([values.tax1, values.tax2]).toEqual(['5', '']);
    expect(itemFactValues({ tax_rate: { tax1: null, tax2: '0.09975' } })).toMatchObject({ tax1: '', tax2: '9.975' });
  });

  it.each([
    {
      case: 'boxes written in the file’s word order, rates as fractions',
      change: { allergens: { Sesame: true, Peanuts: true }, diets: { Vegan: true }, tax1: '13', tax2: '' },
      file: { allergens: 'Peanuts,Sesame', diets: 'Vegan', tax_rate: { tax1: '0.13' } },
    },
    { case: 'nothing checked and no rate: the fields left out', change: {}, file: {} },
    { case: 'a French comma', change: { tax2: '9,975' }, file: { tax_rate: { tax2: '0.09975' } } },
  ])('$case', ({ change, file }) => {
    const empty = itemFactValues({});
    const values = {
      ...empty,
      ...change,
      allergens: { ...empty.allergens, ...(change.allergens ?? {}) },
      diets: { ...empty.diets, ...(change.diets ?? {}) },
    };
    expect(applyItemFacts({ ...poutine }, values)).toEqual({ id: 1, name: 'Poutine', price: '9', ...file });
  });

  it('round-trips a file item through the whole item form unchanged in these fields', () => {
    const values = itemValues(poutine);
    expect(MenuItemForm.safeParse(values).success).toBe(true);
    const back = applyItemValues(poutine, values, 900);
    // Untouched, the list is written back exactly as the file wrote it, its space included.
    expect(back).toMatchObject({ allergens: 'Dairy, Gluten,Soy', diets: 'Vegetarian', tax_rate: { tax1: '0.05' } });
  });

  it.each([
    ['', true],
    ['13', true],
    ['9,975', true],
    ['100', true],
    ['100.5', false],
    ['-5', false],
    ['0.123456', false],
    ['abc', false],
  ])('the form takes the tax %j: %s', (tax1, valid) => {
    expect(MenuItemForm.safeParse({ ...itemValues(poutine), tax1 }).success).toBe(valid);
  });

  it('puts the server’s refusal of a diet list or a tax rate on its field', () => {
    const open = itemPath({ group: 0, menu: 0, section: 1 }, 2);
    const { fields } = fieldsOfProblems(
      [
        { path: `${open}.allergens`, message: 'must be a comma-separated list' },
        { path: `${open}.tax_rate.tax2`, message: 'a tax rate is a fraction' },
      ],
      open,
    );
    expect(fields.map(([field]) => field)).toEqual(['allergens', 'tax2']);
  });
});

describe('saving the item form without a change gives the file’s item back', () => {
  // Maple Bistro's Caesar salad as tenants/maple-bistro.json writes it (its option groups are not the form's).
  const caesar = {
    id: 1102,
    name: 'Caesar salad',
    description: 'Crisp romaine, garlic croutons, shaved Parmesan and a classic anchovy dressing.',
    ingredients: 'Romaine, croutons (wheat), Parmesan, egg yolk, anchovies, garlic, lemon',
    image: '/tenant-images/maple-bistro/salad.svg',
    calories: 520,
    price: '14.00',
    allergens: 'Dairy,Egg,Fish,Gluten',
    order: 3,
    localization: {
      'fr-CA': {
        name: 'Salade César',
        description: 'Romaine croquante, croûtons à l’ail, copeaux de parmesan et vinaigrette classique aux anchois.',
        ingredients: 'Romaine, croûtons (blé), parmesan, jaune d’œuf, anchois, ail, citron',
      },
    },
    options: [
      {
        id: 1501,
        name: 'Add protein',
        allow_multiple_selection: true,
        limit: 3,
        values: [{ id: 1604, name: 'Grilled chicken', price: '5.00' }],
      },
    ],
  };
  const promos = [{ id: 7, percent: '10' }];
  const sparse = { id: 5, name: 'Tea', price: 2.5, promos: [], tax_rate: { tax1: 0.05, tax2: null }, diets: '', featured_item: false };

  it.each([
    ['en-CA', caesar],
    ['fr-CA', caesar],
    ['en-CA', sparse],
    ['fr-CA', sparse],
  ] as const)('in %s, %o', (locale, item) => {
    const values = itemValues(item, promos, locale);
    expect(MenuItemForm.safeParse(values).success).toBe(true);
    const cents = parseDollars(values.price)!;
    const back = applyItemValues(item, values, cents, promos);
    expect(back).toEqual(item);
    // The same text, key for key and in the same order.
    expect(JSON.stringify(back)).toBe(JSON.stringify(item));
  });

  it('a new price changes the price only: the allergens keep their order, no empty diets is added', () => {
    const values = { ...itemValues(caesar), price: '14.25' };
    const back = applyItemValues(caesar, values, parseDollars(values.price)!);
    expect(JSON.stringify(back)).toBe(JSON.stringify({ ...caesar, price: '14.25' }));
    expect(back).not.toHaveProperty('diets');
  });

  it('a box changed keeps the other words where the file has them; a new one follows', () => {
    const values = itemValues(caesar);
    const change = (allergens: Partial<typeof values.allergens>) =>
      applyItemValues(caesar, { ...values, allergens: { ...values.allergens, ...allergens } }, 1400).allergens;
    expect(change({ Egg: false })).toBe('Dairy,Fish,Gluten');
    expect(change({ Soy: true, Peanuts: true })).toBe('Dairy,Egg,Fish,Gluten,Peanuts,Soy');
    // A word the form has no box for stays.
    const odd = { ...caesar, allergens: 'Shellfish,Dairy' };
    expect(applyItemValues(odd, { ...itemValues(odd), allergens: { ...itemValues(odd).allergens, Dairy: false } }, 1400).allergens).toBe(
      'Shellfish',
    );
  });

  it('shows the price in the console’s language, the stored amount exact in cents', () => {
    expect(itemValues(caesar, [], 'fr-CA').price).toBe('14,00');
    expect(itemValues({ ...caesar, price: '14.25' }, [], 'fr-CA').price).toBe('14,25');
    expect(itemValues({ ...caesar, price: '14.25' }, [], 'en-CA').price).toBe('14.25');
    expect(dollarsText(0.1, 'fr-CA')).toBe('0,10');
    const typed = { ...itemValues(caesar, [], 'fr-CA'), price: '15,05' };
    expect(applyItemValues(caesar, typed, parseDollars(typed.price)!).price).toBe('15.05');
  });
});
