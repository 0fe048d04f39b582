import { describe, expect, it } from 'vitest';
import {
  canCloseTab,
  eventInstant,
  checkTab,
  isEventListed,
  planTabSettlement,
  tabInvoiceNumber,
  isEventDay,
  localDaysBetween,
  shiftLocalDays,
  hasEventEnded,
  preOrderState,
  suiteDeliveryTime,
  tabRemaining,
} from './event-suites';

// Edmonton's wall clock in December 2026: UTC-6, since Alberta stays on daylight time from November 2026.
const event = {
  starts_at: '2026-12-12T19:30:00-06:00',
  ends_at: '2026-12-12T22:30:00-06:00',
  pre_order_lock_at: '2026-12-09T23:59:00-06:00',
};

describe('preOrderState', () => {
  it.each([
    ['2026-12-09T23:58:59-06:00', false, 'not_submitted'],
    ['2026-12-09T23:58:59-06:00', true, 'modifiable'],
    ['2026-12-09T23:59:00-06:00', true, 'locked'],
    ['2026-12-09T23:59:00-06:00', false, 'locked'],
    ['2026-12-12T20:00:00-06:00', true, 'locked'],
  ])('at %s, submitted %s: %s', (now, submitted, state) => {
    expect(preOrderState(event, submitted, new Date(now))).toBe(state);
  });
});

describe('hasEventEnded', () => {
  it.each([
    ['2026-12-12T22:29:59-06:00', false],
    ['2026-12-12T22:30:00-06:00', true],
  ])('at %s: %s', (now, ended) => {
    expect(hasEventEnded(event, new Date(now))).toBe(ended);
  });

  it('takes an event without an end to last 3 hours', () => {
    const open = { starts_at: '2026-12-12T19:00:00Z' };
    expect(hasEventEnded(open, new Date('2026-12-12T21:59:00Z'))).toBe(false);
    expect(hasEventEnded(open, new Date('2026-12-12T22:00:00Z'))).toBe(true);
  });
});

describe('suiteDeliveryTime', () => {
  it.each([
    ['before_event', null, '2026-12-13T01:00:00.000Z'],
    ['event_start', null, '2026-12-13T01:30:00.000Z'],
    ['half_time', null, '2026-12-13T03:00:00.000Z'],
    ['custom', '2026-12-12T19:30:00-06:00', '2026-12-13T01:30:00.000Z'],
    ['custom', '2026-12-12T22:30:00-06:00', '2026-12-13T04:30:00.000Z'],
  ] as const)('%s %s delivers at %s', (preference, chosen, at) => {
    const result = suiteDeliveryTime(preference, chosen, event);
    expect(result.ok && result.deliverAt.toISOString()).toBe(at);
  });

  it.each([
    ['custom', '2026-12-12T19:29:00-06:00', 'deliveryTime'],
    ['custom', '2026-12-12T22:31:00-06:00', 'deliveryTime'],
    ['custom', null, 'deliveryTime'],
    ['custom', 'tonight', 'deliveryTime'],
    [null, null, 'deliveryPreference'],
  ] as const)('refuses %s %s (%s)', (preference, chosen, field) => {
    expect(suiteDeliveryTime(preference, chosen, event)).toEqual({ ok: false, error: 'SUITE_DELIVERY_TIME_INVALID', field });
  });
});

describe('checkTab', () => {
  it.each([
    [null, 999_999, 50_000, { ok: true, remaining: null }],
    [50_000, 0, 50_000, { ok: true, remaining: 0 }],
    [50_000, 30_000, 20_001, { ok: false, error: 'TAB_LIMIT_EXCEEDED', remaining: 20_000 }],
    [50_000, 60_000, 1, { ok: false, error: 'TAB_LIMIT_EXCEEDED', remaining: 0 }],
    [50_000, 10_000, 0, { ok: true, remaining: 40_000 }],
  ])('limit %s, spent %s, order %s', (limit, spent, amount, expected) => {
    expect(checkTab(limit, spent, amount)).toEqual(expected);
  });

  it('never shows less than nothing left', () => {
    expect(tabRemaining(100, 250)).toBe(0);
    expect(tabRemaining(null, 250)).toBeNull();
  });
});

describe('isEventDay', () => {
  it.each([
    ['2026-12-11T23:59:00-06:00', false],
    ['2026-12-12T00:00:00-06:00', true],
    ['2026-12-12T22:29:00-06:00', true],
    ['2026-12-12T22:30:00-06:00', false],
  ])('at %s: %s', (now, expected) => {
    expect(isEventDay(event, 'America/Edmonton', new Date(now))).toBe(expected);
  });
});

describe('moving a demo event to the import day', () => {
  it('keeps the time of day across a change of daylight saving time', () => {
    // 19:00 in Toronto on 31 October (EDT) moved to 5 November (EST).
    const days = localDaysBetween('2026-10-31T19:00:00-04:00', new Date('2026-11-05T18:00:00Z'), 'America/Toronto');
    expect(days).toBe(5);
    expect(shiftLocalDays('2026-10-31T19:00:00-04:00', 'America/Toronto', days)).toBe('2026-11-06T00:00:00.000Z');
  });

  it('keeps the time of day across a change of the zone’s rules', () => {
    // 19:00 in Edmonton on 31 October (MDT) moved to 5 November: still UTC-6 under the 2026 rules.
    const days = localDaysBetween('2026-10-31T19:00:00-06:00', new Date('2026-11-05T18:00:00Z'), 'America/Edmonton');
    expect(shiftLocalDays('2026-10-31T19:00:00-06:00', 'America/Edmonton', days)).toBe('2026-11-06T01:00:00.000Z');
  });
});

describe('canCloseTab', () => {
  it.each([
    ['2026-12-11T23:59:00-06:00', false],
    ['2026-12-12T00:00:00-06:00', true],
    ['2026-12-12T22:30:00-06:00', true],
    ['2026-12-20T10:00:00-06:00', true],
  ])('at %s: %s', (now, can) => {
    expect(canCloseTab(event, 'America/Edmonton', new Date(now))).toBe(can);
  });
});

describe('planTabSettlement', () => {
  it.each([
    ['charge', [], { action: 'nothing_due', amount: 0 }],
    ['invoice', [0, 0], { action: 'nothing_due', amount: 0 }],
    [null, [0], { action: 'nothing_due', amount: 0 }],
    [null, [5960, 5960], { action: 'awaiting_preference', amount: 11920 }],
    ['charge', [5960, 0, 4040], { action: 'charge', amount: 10000 }],
    ['invoice', [1], { action: 'invoice', amount: 1 }],
  ] as const)('preference %s, amounts %j: %j', (preference, amounts, plan) => {
    expect(planTabSettlement(preference, amounts)).toEqual(plan);
  });

  it('never lets a negative amount lower what is due', () => {
    expect(planTabSettlement('charge', [-500, 700])).toEqual({ action: 'charge', amount: 700 });
  });
});

describe('the tab invoice and the listing of ended events', () => {
  it('numbers the invoice by its event suite', () => {
    expect(tabInvoiceNumber(3987)).toBe('INV-3987');
  });

  it.each([
    ['2026-12-12T22:30:00-06:00', true],
    ['2026-12-26T22:29:59-06:00', true],
    ['2026-12-26T22:30:00-06:00', false],
  ])('at %s the ended event is listed: %s', (now, listed) => {
    expect(isEventListed(event, new Date(now))).toBe(listed);
  });
});

describe('eventInstant', () => {
  it.each([
    // The venue's wall clock, read with the rules in force on the day: Edmonton is UTC-6 from November 2026.
    ['2026-12-12T19:30', 'America/Edmonton', '2026-12-13T01:30:00.000Z'],
    ['2026-12-09T23:59:00', 'America/Edmonton', '2026-12-10T05:59:00.000Z'],
    ['2026-03-01T19:30:15.5', 'America/Edmonton', '2026-03-02T02:30:15.500Z'],
    ['2026-12-12T19:30', 'America/Toronto', '2026-12-13T00:30:00.000Z'],
    // A time skipped by the spring change moves forward by the gap.
    ['2026-03-08T02:30', 'America/Toronto', '2026-03-08T07:30:00.000Z'],
    // An instant with its offset is kept as written.
    ['2026-12-12T19:30:00-07:00', 'America/Edmonton', '2026-12-12T19:30:00-07:00'],
    ['2026-12-12T19:30:00Z', 'America/Edmonton', '2026-12-12T19:30:00Z'],
  ])('%s in %s is %s', (text, zone, instant) => {
    expect(eventInstant(text, zone)).toBe(instant);
  });
});
