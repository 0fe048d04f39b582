import { describe, expect, it } from 'vitest';
import { EVERY_DAY, NOW, TORONTO } from '../testing/plan-input';
import { admitUnlessPaused, admitWhileOpen, pausedByAnyPause, pausedByEveryPause } from './admission';

const OPEN = { orders_paused: false, asap_paused: false, hours: EVERY_DAY, holiday_hours: [], zone: TORONTO };
// 02:00 in Toronto: closed (open 11:00-22:00).
const NIGHT = new Date('2026-11-25T07:00:00Z');

describe('pauses', () => {
  // [orders_paused, asap_paused, stopped by every pause only, stopped by any pause]
  it.each([
    [false, false, false, false],
    [true, false, true, true],
    [false, true, false, true],
    [true, true, true, true],
  ] as const)('orders_paused %s, asap_paused %s', (orders, asap, everyPause, anyPause) => {
    const state = { orders_paused: orders, asap_paused: asap };
    expect(pausedByEveryPause(state)).toBe(everyPause);
    expect(pausedByAnyPause(state)).toBe(anyPause);
  });
});

describe('admission', () => {
  it.each([
    ['open', {}, NOW, null, null],
    ['every order paused', { orders_paused: true }, NOW, 'ORDERS_PAUSED', 'ORDERS_PAUSED'],
    ['ASAP paused', { asap_paused: true }, NOW, null, 'ORDERS_PAUSED'],
    ['closed', {}, NIGHT, null, 'RESTAURANT_CLOSED'],
    ['closed and paused', { orders_paused: true }, NIGHT, 'ORDERS_PAUSED', 'ORDERS_PAUSED'],
  ] as const)('%s', (_case, change, now, unlessPaused, whileOpen) => {
    const restaurant = { ...OPEN, ...change };
    expect(admitUnlessPaused(restaurant)?.error ?? null).toBe(unlessPaused);
    expect(admitWhileOpen(restaurant, now)?.error ?? null).toBe(whileOpen);
  });
});
