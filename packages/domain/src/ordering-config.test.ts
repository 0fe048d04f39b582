import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_ORDERING_CONFIG,
  isPreOrdering,
  orderTypeOf,
  parseOrderingConfig,
  takeoutTypeOf,
  type OrderingConfig,
} from './ordering-config';
import { ORDER_TYPES } from './order-type';

const restaurant = { k12: false };
const school = { k12: true };
const parse = (query: string, place = restaurant) => parseOrderingConfig(new URLSearchParams(query), place);
const configOf = (query: string, place = restaurant) => parse(query, place).config;
const config = (fields: Partial<OrderingConfig>): OrderingConfig => ({ ...EMPTY_ORDERING_CONFIG, ...fields });

describe('parseOrderingConfig', () => {
  it('reads every parameter', () => {
    const result = parse(
      'tableNum=12&genericTableLocation=Lane&takeout=true&takeoutType=delivery&catering=1&genericCatering&viewOnly=false' +
        '&menuList=12,15&takeoutDateRange=2026-12-01,2026-12-05&takeoutSpecificDates=2026-12-03,2026-12-01' +
        '&selectedWeek=2026-09-07&anotherRoundId=abc-123&eventSuite=981&eventDayOrdering=1&suiteOperator=true',
    );
    expect(result).toEqual({
      ok: true,
      config: {
        tableNum: '12',
        genericTableLocation: 'Lane',
        takeout: true,
        takeoutType: 'delivery',
        catering: true,
        genericCatering: true,
        viewOnly: false,
        menuList: [12, 15],
        takeoutDateRange: { start: '2026-12-01', end: '2026-12-05' },
        takeoutSpecificDates: ['2026-12-01', '2026-12-03'],
        selectedWeek: '2026-09-07',
        anotherRoundId: 'abc-123',
        eventSuite: '981',
        eventDayOrdering: true,
        suiteOperator: true,
      },
    });
  });

  it('gives the empty config for an empty query, with NO_FLAGS_PROVIDED', () => {
    expect(parse('')).toEqual({ ok: false, error: 'NO_FLAGS_PROVIDED', config: EMPTY_ORDERING_CONFIG });
  });

  it.each([
    ['takeout', 'takeout=true', true],
    ['catering (a pre-order)', 'catering=true', true],
    ['generic catering', 'genericCatering=true', true],
    ['a table number', 'tableNum=7', true],
    ['an another-round id', 'anotherRoundId=r42', true],
    ['an event suite (a pre-order)', 'eventSuite=981', true],
    ['viewOnly alone (browsing)', 'viewOnly=true', true],
    ['nothing', '', false],
    ['takeout=false', 'takeout=false', false],
    ['only a takeout type', 'takeoutType=delivery', false],
    ['only a generic table location', 'genericTableLocation=Lane', false],
    ['only a menu list', 'menuList=12', false],
    ['an invalid table number', 'tableNum=1234567', false],
    ['event-day flags without a suite', 'eventDayOrdering=true&suiteOperator=true', false],
  ])('%s -> ok %s', (_name, query, ok) => {
    expect(parse(query).ok).toBe(ok);
  });

  it('needs no flag at a K-12 restaurant', () => {
    expect(parse('', school)).toEqual({ ok: true, config: EMPTY_ORDERING_CONFIG });
  });

  it.each([
    ['true', true],
    ['TRUE', true],
    [' true ', true],
    ['1', true],
    ['', true],
    ['false', false],
    ['0', false],
    ['yes', false],
    ['2', false],
  ])('reads the boolean %j as %s', (text, expected) => {
    expect(configOf(`takeout=${encodeURIComponent(text)}`).takeout).toBe(expected);
    expect(configOf(`viewOnly=${encodeURIComponent(text)}`).viewOnly).toBe(expected);
  });

  it('reads a parameter present without "=" as true', () => {
    expect(configOf('takeout').takeout).toBe(true);
  });

  it('uses the first of repeated parameters', () => {
    expect(configOf('takeout=false&takeout=true').takeout).toBe(false);
  });

  it.each([
    ['12', '12'],
    [' A-12 ', 'A-12'],
    ['abcdef', 'abcdef'],
    ['1234567', null],
    ['', null],
    ['12 B', null],
    ['12/3', null],
    ['<b>', null],
    ['é1', null],
  ])('tableNum %j -> %j', (text, expected) => {
    expect(configOf(`tableNum=${encodeURIComponent(text)}`).tableNum).toBe(expected);
  });

  it.each([
    ['Lane', 'Lane'],
    ['  Patio  ', 'Patio'],
    ['', null],
    ['   ', null],
    ['a'.repeat(61), null],
    ['Lane\u0000', null],
  ])('genericTableLocation %j -> %j', (text, expected) => {
    expect(configOf(`genericTableLocation=${encodeURIComponent(text)}`).genericTableLocation).toBe(expected);
  });

  it.each([
    ['pickup', 'pickup'],
    ['delivery', 'delivery'],
    ['Delivery', 'delivery'],
    ['drone', null],
    ['', null],
  ])('takeoutType %j -> %j', (text, expected) => {
    expect(configOf(`takeoutType=${encodeURIComponent(text)}`).takeoutType).toBe(expected);
  });

  it.each([
    ['12,15', [12, 15]],
    [' 12 , 15 ', [12, 15]],
    ['12,abc,15', [12, 15]],
    ['12,,15,', [12, 15]],
    ['15,12,15', [15, 12]],
    ['0,-3,1.5,1e3,0x10', null],
    ['99999999999999999999', null],
    ['', null],
  ])('menuList %j -> %j', (text, expected) => {
    expect(configOf(`menuList=${encodeURIComponent(text)}`).menuList).toEqual(expected);
  });

  it.each([
    ['2026-12-01,2026-12-05', { start: '2026-12-01', end: '2026-12-05' }],
    [' 2026-12-01 , 2026-12-05 ', { start: '2026-12-01', end: '2026-12-05' }],
    ['2026-12-01,2026-12-01', { start: '2026-12-01', end: '2026-12-01' }],
    ['2026-12-05,2026-12-01', null], // backwards
    ['2026-12-01', null],
    ['2026-12-01,2026-12-05,2026-12-09', null],
    ['2026-02-30,2026-03-05', null],
    ['2026-12-1,2026-12-05', null],
    ['01/12/2026,05/12/2026', null],
  ])('takeoutDateRange %j -> %j', (text, expected) => {
    expect(configOf(`takeoutDateRange=${encodeURIComponent(text)}`).takeoutDateRange).toEqual(expected);
  });

  it.each([
    ['2026-12-03,2026-12-01', ['2026-12-01', '2026-12-03']],
    ['2026-12-03,nope,2026-12-03,2026-13-01', ['2026-12-03']],
    ['2028-02-29', ['2028-02-29']],
    ['2027-02-29', null],
    ['', null],
  ])('takeoutSpecificDates %j -> %j', (text, expected) => {
    expect(configOf(`takeoutSpecificDates=${encodeURIComponent(text)}`).takeoutSpecificDates).toEqual(expected);
  });

  it.each([
    ['2026-09-07', '2026-09-07'],
    ['2026-09-09', '2026-09-09'],
    ['2026-9-7', null],
    ['next week', null],
  ])('selectedWeek %j -> %j', (text, expected) => {
    expect(configOf(`selectedWeek=${encodeURIComponent(text)}`).selectedWeek).toBe(expected);
  });

  it.each([
    ['abc-123_X', 'abc-123_X'],
    ['../../admin', null],
    ['a b', null],
    ['x'.repeat(65), null],
  ])('anotherRoundId %j -> %j', (text, expected) => {
    expect(configOf(`anotherRoundId=${encodeURIComponent(text)}`).anotherRoundId).toBe(expected);
  });

  it.each([
    ['981', '981'],
    ['U2FsdGVkX1+abc/def==', 'U2FsdGVkX1+abc/def=='],
    ['a b', null],
    ['', null],
    ['x'.repeat(513), null],
  ])('eventSuite %j -> %j', (text, expected) => {
    expect(configOf(`eventSuite=${encodeURIComponent(text)}`).eventSuite).toBe(expected);
  });

  it('never throws, whatever the query (property)', () => {
    const keys = fc.constantFrom(...(Object.keys(EMPTY_ORDERING_CONFIG) as Array<keyof OrderingConfig>));
    fc.assert(
      fc.property(fc.array(fc.tuple(keys, fc.string())), fc.boolean(), (pairs, k12) => {
        const query = new URLSearchParams(pairs);
        const result = parseOrderingConfig(query, { k12 });
        expect(ORDER_TYPES).toContain(orderTypeOf(result.config, { k12 }));
        if (result.config.menuList) expect(result.config.menuList.every((id) => Number.isSafeInteger(id) && id > 0)).toBe(true);
      }),
    );
  });
});

describe('isPreOrdering', () => {
  it.each([
    [{}, false],
    [{ eventSuite: '981' }, true],
    [{ eventSuite: '981', eventDayOrdering: true }, false],
    [{ catering: true }, false],
  ] as Array<[Partial<OrderingConfig>, boolean]>)('%j -> %s', (fields, expected) => {
    expect(isPreOrdering(config(fields))).toBe(expected);
  });
});

describe('orderTypeOf', () => {
  it.each([
    ['a table', { tableNum: '12' }, restaurant, 'dine_in'],
    ['viewOnly browsing', { viewOnly: true }, restaurant, 'dine_in'],
    ['another round', { anotherRoundId: 'r1' }, restaurant, 'dine_in'],
    ['event-day suite ordering', { eventSuite: '981', eventDayOrdering: true }, restaurant, 'dine_in'],
    ['takeout', { takeout: true }, restaurant, 'take-out'],
    ['delivery', { takeout: true, takeoutType: 'delivery' }, restaurant, 'take-out'],
    ['K-12', {}, school, 'school'],
    ['K-12 over takeout', { takeout: true }, school, 'school'],
    ['generic catering over K-12', { genericCatering: true }, school, 'generic_catering'],
    ['generic catering over takeout', { genericCatering: true, takeout: true }, restaurant, 'generic_catering'],
    ['catering', { catering: true }, restaurant, 'catering'],
    ['catering over generic catering', { catering: true, genericCatering: true }, restaurant, 'catering'],
    ['a suite pre-order', { eventSuite: '981' }, restaurant, 'catering'],
    ['a suite pre-order over everything', { eventSuite: '981', genericCatering: true, takeout: true }, school, 'catering'],
  ] as Array<[string, Partial<OrderingConfig>, { k12: boolean }, string]>)('%s -> %s', (_name, fields, place, expected) => {
    expect(orderTypeOf(config(fields), place)).toBe(expected);
  });
});

describe('takeoutTypeOf', () => {
  it.each([
    [{ takeout: true }, 'pickup'],
    [{ takeout: true, takeoutType: 'pickup' }, 'pickup'],
    [{ takeout: true, takeoutType: 'delivery' }, 'delivery'],
    [{ takeoutType: 'delivery' }, null],
    [{}, null],
  ] as Array<[Partial<OrderingConfig>, string | null]>)('%j -> %s', (fields, expected) => {
    expect(takeoutTypeOf(config(fields))).toBe(expected);
  });
});
