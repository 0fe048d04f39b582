import { describe, expect, it } from 'vitest';
import { applyHeadCount, MAX_HEAD_COUNT, scaleToHeadCount } from './head-count';

// Item 1 is a boxed lunch sold per person at $21.50; item 2 a platter sold by the unit at $65.
const perPerson = (id: number) => id === 1;
const box = (quantity: number) => ({ id: 1, quantity, orderPrice: 2150 * quantity });
const platter = (quantity: number) => ({ id: 2, quantity, orderPrice: 6500 * quantity });

describe('scaleToHeadCount', () => {
  it.each<[string, Array<{ id: number; quantity: number; orderPrice: number }>, number | null, Array<[number, number]>]>([
    [
      'no head count leaves every line',
      [box(3), platter(2)],
      null,
      [
        [3, 6450],
        [2, 13000],
      ],
    ],
    [
      '12 guests: the box follows, the platter stays',
      [box(1), platter(2)],
      12,
      [
        [12, 25800],
        [2, 13000],
      ],
    ],
    ['fewer guests scale down', [box(20)], 8, [[8, 17200]]],
    ['the same count changes nothing', [box(12)], 12, [[12, 25800]]],
    [
      'two per-person lines (two choices of box) both feed every guest',
      [box(1), box(5)],
      4,
      [
        [4, 8600],
        [4, 8600],
      ],
    ],
    // A line with options: $21.50 + $2.25 of extras a box, 3 boxes, rescaled to 10.
    ['a line with options keeps its unit price', [{ id: 1, quantity: 3, orderPrice: 7125 }], 10, [[10, 23750]]],
  ])('%s', (_name, items, headCount, expected) => {
    expect(scaleToHeadCount(items, headCount, perPerson).map((line) => [line.quantity, line.orderPrice])).toEqual(expected);
  });
});

describe('applyHeadCount', () => {
  const catering = { catering: true, isPerPerson: perPerson };
  it.each<[string, Parameters<typeof applyHeadCount>[1], boolean, string]>([
    ['per-person lines and a head count', 12, true, 'ok'],
    ['per-person lines without a head count', null, true, 'HEAD_COUNT_REQUIRED'],
    ['per-person lines, head count left out', undefined, true, 'HEAD_COUNT_REQUIRED'],
    ['zero guests', 0, true, 'HEAD_COUNT_INVALID'],
    ['a fraction of a guest', 2.5, true, 'HEAD_COUNT_INVALID'],
    ['more than the most', MAX_HEAD_COUNT + 1, true, 'HEAD_COUNT_INVALID'],
    ['no per-person line, no head count', null, false, 'ok'],
  ])('%s', (_name, headCount, withBox, expected) => {
    const result = applyHeadCount(withBox ? [box(1), platter(1)] : [platter(1)], headCount, catering);
    expect(result.ok ? 'ok' : result.error).toBe(expected);
  });

  it('a forged quantity on a per-person line is replaced by the head count', () => {
    const result = applyHeadCount([{ id: 1, quantity: 1, orderPrice: 2150 }], 12, catering);
    expect(result).toEqual({ ok: true, items: [{ id: 1, quantity: 12, orderPrice: 25800 }], headCount: 12 });
  });

  it('a head count says nothing outside catering', () => {
    const result = applyHeadCount([box(2)], 12, { catering: false, isPerPerson: perPerson });
    expect(result).toEqual({ ok: true, items: [box(2)], headCount: null });
  });
});
