import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALLERGENS,
  DIETS,
  hasActiveFilters,
  matchesFilters,
  normaliseSearchText,
  parseWordList,
  type MenuFilters,
  type SearchableItem,
} from './menu-search';

const item = (fields: Partial<SearchableItem>): SearchableItem => ({
  name: '',
  description: '',
  ingredients: '',
  diets: '',
  allergens: '',
  localization: {},
  ...fields,
});
const filters = (fields: Partial<MenuFilters>): MenuFilters => ({ query: '', diets: [], allergens: [], ...fields });

const chicken = item({
  name: 'Roast Chicken',
  description: 'Half a <b>free-range</b> chicken with jus',
  ingredients: 'chicken, thyme, garlic',
  allergens: 'Dairy',
  localization: { 'fr-CA': { name: 'Poulet rôti', description: 'Demi-poulet de grain avec son jus' } },
});
const brulee = item({
  name: 'Crème Brûlée',
  description: 'Vanilla custard',
  ingredients: 'cream, egg yolk, sugar',
  diets: 'Vegetarian',
  allergens: 'Dairy, Egg',
  localization: { 'fr-CA': { name: 'Crème brûlée', description: 'Crème à la vanille' } },
});
const plainCreme = item({ name: 'Creme Caramel', diets: 'Vegetarian', allergens: 'Dairy,Egg' });
const salad = item({
  name: 'Garden Salad',
  description: 'Greens &amp; seeds',
  ingredients: 'lettuce, sesame',
  diets: 'Vegan, Vegetarian, Pescatarian',
  allergens: 'Sesame',
  localization: { 'fr-CA': { name: 'Salade du jardin', ingredients: 'laitue, sésame, œuf' } },
});
const beer = item({ name: 'Lager', diets: 'Vegan', alcoholic_beverage: true });
const wine = item({ name: 'House Red', allergens: 'Alcohol' });
const menu = { chicken, brulee, plainCreme, salad, beer, wine };
const found = (applied: Partial<MenuFilters>) =>
  Object.entries(menu)
    .filter(([, entry]) => matchesFilters(entry, filters(applied)))
    .map(([key]) => key);

describe('normaliseSearchText', () => {
  it.each([
    ['Crème Brûlée', 'creme brulee'],
    ['  Half a <b>free-range</b>\n chicken  ', 'half a free range chicken'],
    ['<p class="x">Poulet</p><br/>rôti', 'poulet roti'],
    ['Fish &amp; Chips', 'fish chips'],
    ['caf&eacute;', 'caf eacute'], // unknown named entities stay as text
    ['caf&#233; &#x00E9;', 'cafe e'],
    ['&constructor;', 'constructor'],
    ['L’ŒUF', 'l oeuf'],
    ["l'oeuf", 'l oeuf'],
    ['Ça GOÛTE', 'ca goute'],
    ['ÉPINARDS, ñ, ü', 'epinards n u'],
    ['Smørrebrød', 'smorrebrod'],
    ['ﬁlet Ｄ’ÉPAULE 𝓐', 'filet d epaule a'],
    ['İstanbul', 'istanbul'],
    ['100% bœuf', '100 boeuf'],
    ['', ''],
    ['   ', ''],
  ])('%j -> %j', (text, expected) => {
    expect(normaliseSearchText(text)).toBe(expected);
  });

  it('is idempotent and leaves only lower-case letters, digits and single spaces (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const once = normaliseSearchText(text);
        expect(normaliseSearchText(once)).toBe(once);
        expect(once).not.toMatch(/\s{2}|^\s|\s$|<|>|\p{Lu}|\p{M}/u);
      }),
    );
  });
});

describe('parseWordList', () => {
  it.each([
    ['Dairy, Gluten', ['Dairy', 'Gluten']],
    ['Dairy,Gluten', ['Dairy', 'Gluten']],
    [' Dairy ,, Gluten , ', ['Dairy', 'Gluten']],
    ['', []],
    ['  ', []],
    [null, []],
    [undefined, []],
  ])('%j -> %j', (text, expected) => {
    expect(parseWordList(text)).toEqual(expected);
  });
});

describe('matchesFilters', () => {
  it.each([
    ['no filters', {}, ['chicken', 'brulee', 'plainCreme', 'salad', 'beer', 'wine']],
    ['a blank query', { query: '   ' }, ['chicken', 'brulee', 'plainCreme', 'salad', 'beer', 'wine']],
    ['an English name', { query: 'chicken' }, ['chicken']],
    ['a French name finds the English item', { query: 'poulet' }, ['chicken']],
    ['a French accented name without accents', { query: 'poulet roti' }, ['chicken']],
    ['"creme" finds "Crème" and "Creme"', { query: 'creme' }, ['brulee', 'plainCreme']],
    ['"crème" finds "Creme" too', { query: 'crème' }, ['brulee', 'plainCreme']],
    ['"CRÈME BRÛLÉE" in capitals', { query: 'CRÈME BRÛLÉE' }, ['brulee']],
    ['every word must appear', { query: 'creme caramel' }, ['plainCreme']],
    ['words may come from different fields', { query: 'chicken thyme' }, ['chicken']],
    ['words may come from different languages', { query: 'roast poulet' }, ['chicken']],
    ['a part of a word', { query: 'chick' }, ['chicken']],
    ['the description, without its HTML', { query: 'free range' }, ['chicken']],
    ['ingredients', { query: 'yolk' }, ['brulee']],
    ['translated ingredients with a ligature', { query: 'oeuf' }, ['salad']],
    ['a decoded entity', { query: 'greens seeds' }, ['salad']],
    ['no match', { query: 'pizza' }, []],
    ['a word cannot span two fields', { query: 'chickenhalf' }, []],
  ] as Array<[string, Partial<MenuFilters>, string[]]>)('query: %s', (_name, applied, expected) => {
    expect(found(applied)).toEqual(expected);
  });

  it.each([
    ['one diet', { diets: ['Vegetarian'] }, ['brulee', 'plainCreme', 'salad']],
    ['every selected diet', { diets: ['Vegan', 'Vegetarian'] }, ['salad']],
    ['Vegan', { diets: ['Vegan'] }, ['salad', 'beer']],
    ['Pescatarian', { diets: ['Pescatarian'] }, ['salad']],
  ] as Array<[string, Partial<MenuFilters>, string[]]>)('diets: %s', (_name, applied, expected) => {
    expect(found(applied)).toEqual(expected);
  });

  it.each([
    ['avoiding Dairy', { allergens: ['Dairy'] }, ['salad', 'beer', 'wine']],
    ['avoiding Egg', { allergens: ['Egg'] }, ['chicken', 'salad', 'beer', 'wine']],
    ['avoiding Dairy and Sesame', { allergens: ['Dairy', 'Sesame'] }, ['beer', 'wine']],
    ['avoiding Alcohol, by allergen or by alcoholic_beverage', { allergens: ['Alcohol'] }, ['chicken', 'brulee', 'plainCreme', 'salad']],
    ['avoiding Peanuts', { allergens: ['Peanuts'] }, ['chicken', 'brulee', 'plainCreme', 'salad', 'beer', 'wine']],
  ] as Array<[string, Partial<MenuFilters>, string[]]>)('allergens: %s', (_name, applied, expected) => {
    expect(found(applied)).toEqual(expected);
  });

  it('combines the query, diets and allergens', () => {
    expect(found({ query: 'creme', diets: ['Vegetarian'] })).toEqual(['brulee', 'plainCreme']);
    expect(found({ query: 'creme', diets: ['Vegan'] })).toEqual([]);
    expect(found({ query: 'salade', diets: ['Vegan'], allergens: ['Dairy'] })).toEqual(['salad']);
    expect(found({ query: 'salade', diets: ['Vegan'], allergens: ['Sesame'] })).toEqual([]);
  });

  it('does not search the HTML markup itself', () => {
    const spicy = item({ name: 'Wings', description: '<span class="hot">Spicy</span>' });
    expect(matchesFilters(spicy, filters({ query: 'spicy' }))).toBe(true);
    expect(matchesFilters(spicy, filters({ query: 'span' }))).toBe(false);
    expect(matchesFilters(spicy, filters({ query: 'hot' }))).toBe(false);
  });

  it('reads diet and allergen words case-insensitively', () => {
    const lower = item({ name: 'Tofu', diets: 'vegan', allergens: 'soy' });
    expect(matchesFilters(lower, filters({ diets: ['Vegan'] }))).toBe(true);
    expect(matchesFilters(lower, filters({ allergens: ['Soy'] }))).toBe(false);
  });

  it('ignores empty translations', () => {
    const sparse = item({ name: 'Soup', localization: { 'fr-CA': undefined, 'en-CA': { name: 'Soup of the day' } } });
    expect(matchesFilters(sparse, filters({ query: 'day' }))).toBe(true);
  });

  it('finds an item by any word of its name, accented or not (property)', () => {
    const word = fc.constantFrom('crème', 'brûlée', 'poulet', 'rôti', 'épinards', 'œuf', 'Chicken', 'Salad');
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), fc.nat(), fc.boolean(), (words, pick, strip) => {
        const entry = item({ localization: { 'fr-CA': { name: words.join(' ') } } });
        const chosen = words[pick % words.length] ?? '';
        const query = strip ? normaliseSearchText(chosen) : chosen.toUpperCase();
        expect(matchesFilters(entry, filters({ query }))).toBe(true);
      }),
    );
  });

  it('excludes every item that contains a selected allergen (property)', () => {
    const subset = <T>(values: readonly T[]) => fc.subarray([...values]);
    fc.assert(
      fc.property(subset(ALLERGENS), subset(ALLERGENS), subset(DIETS), subset(DIETS), (has, avoided, itemDiets, wanted) => {
        const entry = item({ allergens: has.join(', '), diets: itemDiets.join(',') });
        const expected = !avoided.some((allergen) => has.includes(allergen)) && wanted.every((diet) => itemDiets.includes(diet));
        expect(matchesFilters(entry, filters({ allergens: avoided, diets: wanted }))).toBe(expected);
      }),
    );
  });
});

describe('hasActiveFilters', () => {
  it.each([
    [{}, false],
    [{ query: '   ' }, false],
    [{ query: '<br>' }, false],
    [{ query: 'a' }, true],
    [{ diets: ['Vegan'] }, true],
    [{ allergens: ['Soy'] }, true],
  ] as Array<[Partial<MenuFilters>, boolean]>)('%j -> %s', (applied, expected) => {
    expect(hasActiveFilters(filters(applied))).toBe(expected);
  });
});
