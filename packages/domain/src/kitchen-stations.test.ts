import { describe, expect, it } from 'vitest';
import { elsewhere, isLineBumped, isOrderDoneAtStations, linesAt, stationOf, stationProgress, type StationLine } from './kitchen-stations';

const line = (lineId: number, station: string): StationLine => ({ lineId, station });

describe('stationOf', () => {
  it.each([
    { section: 'bar', list: ['kitchen', 'bar'], expected: 'bar', why: 'a listed station' },
    { section: undefined, list: ['kitchen', 'bar'], expected: 'kitchen', why: 'none named: the first station' },
    { section: null, list: ['grill', 'bar'], expected: 'grill', why: 'the first station need not be the kitchen' },
    { section: 'patio', list: ['kitchen', 'bar'], expected: 'kitchen', why: 'a station no longer listed' },
    { section: 'bar', list: [], expected: 'kitchen', why: 'no list at all: the kitchen' },
  ])('$why', ({ section, list, expected }) => {
    expect(stationOf(section, list)).toBe(expected);
  });
});

describe('which lines belong to which station', () => {
  const lines = [line(1, 'kitchen'), line(2, 'bar'), line(3, 'kitchen'), line(4, 'bar'), line(5, 'dessert')];
  it.each([
    {
      station: 'kitchen',
      ids: [1, 3],
      others: [
        { station: 'bar', lines: 2 },
        { station: 'dessert', lines: 1 },
      ],
    },
    {
      station: 'bar',
      ids: [2, 4],
      others: [
        { station: 'kitchen', lines: 2 },
        { station: 'dessert', lines: 1 },
      ],
    },
    {
      station: 'grill',
      ids: [],
      others: [
        { station: 'kitchen', lines: 2 },
        { station: 'bar', lines: 2 },
        { station: 'dessert', lines: 1 },
      ],
    },
  ])('$station', ({ station, ids, others }) => {
    expect(linesAt(lines, station).map((l) => l.lineId)).toEqual(ids);
    expect(elsewhere(lines, station)).toEqual(others);
  });
});

describe('when an order is done at its stations', () => {
  const drinkAndDish = [line(1, 'bar'), line(2, 'kitchen')];
  it.each([
    { why: 'nothing bumped', lines: drinkAndDish, bumps: [], done: false },
    { why: 'the bar only', lines: drinkAndDish, bumps: [line(1, 'bar')], done: false },
    { why: 'both stations', lines: drinkAndDish, bumps: [line(1, 'bar'), line(2, 'kitchen')], done: true },
    {
      why: 'a bump at another station than the line is made at',
      lines: drinkAndDish,
      bumps: [line(1, 'kitchen'), line(2, 'kitchen')],
      done: false,
    },
    { why: 'a bump of a line the order does not have', lines: drinkAndDish, bumps: [line(1, 'bar'), line(9, 'kitchen')], done: false },
    {
      why: 'one station for the whole order',
      lines: [line(1, 'kitchen'), line(2, 'kitchen')],
      bumps: [line(1, 'kitchen'), line(2, 'kitchen')],
      done: true,
    },
    { why: 'one station, one line left', lines: [line(1, 'kitchen'), line(2, 'kitchen')], bumps: [line(2, 'kitchen')], done: false },
    { why: 'no lines: never by bumps', lines: [], bumps: [], done: false },
  ])('$why: $done', ({ lines, bumps, done }) => {
    expect(isOrderDoneAtStations(lines, bumps)).toBe(done);
  });

  it('counts each station’s lines and bumps, in the order the lines name them', () => {
    const lines = [line(1, 'bar'), line(2, 'kitchen'), line(3, 'bar')];
    expect(stationProgress(lines, [line(3, 'bar'), line(2, 'kitchen')])).toEqual([
      { station: 'bar', lines: 2, bumped: 1, done: false },
      { station: 'kitchen', lines: 1, bumped: 1, done: true },
    ]);
    expect(isLineBumped(line(3, 'bar'), [line(3, 'bar')])).toBe(true);
    expect(isLineBumped(line(3, 'bar'), [line(3, 'kitchen')])).toBe(false);
  });
});
