import { describe, expect, it } from 'vitest';
import {
  combineCosts,
  hubScheduling,
  withVendorSplit,
  type HubSchedulingPart,
  type MarketVendor,
  ownMenuGroups,
  vendorState,
  splitByVendor,
  type VendorSchedulingPart,
  vendorWhen,
  type VendorWhenRequest,
} from './marketplace';
import type { Costs } from './pricing';
import type { HoursRange } from './opening-hours';
import { slotKey, type SchedulingInput } from './scheduling';

const VANCOUVER = 'America/Vancouver';
// Tuesday 2026-11-24, 12:00 in Vancouver (19:00 UTC: British Columbia stays at UTC-7 from November 2026).
const NOW = new Date('2026-11-24T19:00:00Z');
const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
const hours = (start: string, end: string): HoursRange[] => DAYS.map((day) => ({ day, start_time: start, end_time: end }));

const HUB: VendorWhenRequest['hub'] = {
  zone: VANCOUVER,
  hours: hours('09:00', '19:00'),
  holiday_hours: [],
  maxAdvancedOrderDays: null,
  noTakeoutTimeslot: false,
  orders_paused: false,
};
const REQUEST: VendorWhenRequest = { hub: HUB, config: { takeoutDateRange: null, takeoutSpecificDates: null }, slotStart: null };

const vendor = (id: number, change: Partial<MarketVendor> = {}): MarketVendor => ({ id, orders_paused: false, hours: null, ...change });
const part = (v: MarketVendor | null, prep = 10, capacity: number | null = null): VendorSchedulingPart => ({
  vendor: v,
  menus: [{ estimated_prep_time: prep, ordering_interval: 15, max_orders_per_interval: capacity }],
});

describe('splitByVendor', () => {
  const cases: Array<[string, Array<[line: string, vendor: number | null]>, number[], Array<[number | null, string[]]>]> = [
    [
      'one vendor keeps the cart order',
      [
        ['a', 1],
        ['b', 1],
      ],
      [1, 2],
      [[1, ['a', 'b']]],
    ],
    [
      'vendors follow the hub order, not the cart order',
      [
        ['noodles', 2],
        ['fish', 1],
        ['chowder', 1],
      ],
      [1, 2],
      [
        [1, ['fish', 'chowder']],
        [2, ['noodles']],
      ],
    ],
    [
      "the hub's own items come last",
      [
        ['tote bag', null],
        ['fish', 1],
      ],
      [1],
      [
        [1, ['fish']],
        [null, ['tote bag']],
      ],
    ],
    [
      'a vendor the hub does not list comes after the listed ones',
      [
        ['x', 9],
        ['fish', 1],
      ],
      [1],
      [
        [1, ['fish']],
        [9, ['x']],
      ],
    ],
    ['an empty cart has no parts', [], [1], []],
  ];
  it.each(cases)('%s', (_name, lines, order, expected) => {
    const parts = splitByVendor(lines, ([, vendorId]) => vendorId, order);
    expect(parts.map((p) => [p.vendorId, p.lines.map(([name]) => name)])).toEqual(expected);
  });
});

describe('vendorWhen', () => {
  it('gives each vendor its own ready time from its own prep time', () => {
    const result = vendorWhen([part(vendor(1), 10), part(vendor(2), 25)], REQUEST, NOW);
    expect(result).toEqual({
      ok: true,
      times: [
        { vendorId: 1, pickupTime: new Date('2026-11-24T19:10:00Z'), slotStart: null },
        { vendorId: 2, pickupTime: new Date('2026-11-24T19:25:00Z'), slotStart: null },
      ],
    });
  });

  const refusals: Array<[string, VendorSchedulingPart[], VendorWhenRequest, Array<{ vendorId: number | null; error: string }>]> = [
    [
      'a paused vendor refuses only its own part',
      [part(vendor(1)), part(vendor(2, { orders_paused: true }))],
      REQUEST,
      [{ vendorId: 2, error: 'VENDOR_PAUSED' }],
    ],
    [
      'a vendor closed by its own hours refuses ASAP',
      [part(vendor(1)), part(vendor(3, { hours: hours('16:00', '23:00') }))],
      REQUEST,
      [{ vendorId: 3, error: 'VENDOR_CLOSED' }],
    ],
    [
      'every refusing vendor is named',
      [part(vendor(1, { orders_paused: true })), part(vendor(2)), part(vendor(3, { hours: hours('16:00', '23:00') }))],
      REQUEST,
      [
        { vendorId: 1, error: 'VENDOR_PAUSED' },
        { vendorId: 3, error: 'VENDOR_CLOSED' },
      ],
    ],
    [
      'a paused vendor refuses a scheduled time too',
      [part(vendor(2, { orders_paused: true }))],
      { ...REQUEST, slotStart: new Date('2026-11-24T21:00:00Z') },
      [{ vendorId: 2, error: 'VENDOR_PAUSED' }],
    ],
    [
      'a time outside a vendor’s own hours closes that vendor',
      [part(vendor(1)), part(vendor(3, { hours: hours('16:00', '23:00') }))],
      { ...REQUEST, slotStart: new Date('2026-11-24T21:00:00Z') },
      [{ vendorId: 3, error: 'VENDOR_CLOSED' }],
    ],
    [
      'a vendor that cannot be ready before its closing refuses ASAP',
      [part(vendor(4, { hours: hours('09:00', '12:05') }), 10)],
      REQUEST,
      [{ vendorId: 4, error: 'VENDOR_CLOSED' }],
    ],
  ];
  it.each(refusals)('%s', (_name, parts, request, expected) => {
    expect(vendorWhen(parts, request, NOW)).toEqual({ ok: false, refusals: expected });
  });

  it('takes one asked slot for every open vendor', () => {
    const slot = new Date('2026-11-24T21:00:00Z');
    const result = vendorWhen([part(vendor(1)), part(vendor(3, { hours: hours('13:00', '23:00') }))], { ...REQUEST, slotStart: slot }, NOW);
    expect(result).toEqual({
      ok: true,
      times: [
        { vendorId: 1, pickupTime: slot, slotStart: slot },
        { vendorId: 3, pickupTime: slot, slotStart: slot },
      ],
    });
  });

  it("keeps the hub's hours for a vendor without its own and for the hub's own items", () => {
    const closedHub = { ...REQUEST, hub: { ...HUB, hours: hours('06:00', '08:00') } };
    expect(vendorWhen([part(vendor(1)), part(null)], closedHub, NOW)).toEqual({
      ok: false,
      refusals: [
        { vendorId: 1, error: 'VENDOR_CLOSED' },
        { vendorId: null, error: 'VENDOR_CLOSED' },
      ],
    });
  });
});

describe('hubScheduling', () => {
  const hubInput: SchedulingInput = { restaurant: HUB, menus: [], config: REQUEST.config, booked: new Map() };
  const withBooked = (p: VendorSchedulingPart, booked: Record<string, number> = {}): HubSchedulingPart => ({
    ...p,
    booked: new Map(Object.entries(booked)),
  });
  const at = (local: string) => new Date(`2026-11-24T${local}:00-07:00`);
  const starts = (result: ReturnType<typeof hubScheduling>, date = '2026-11-24') =>
    result.days.find((day) => day.date === date)?.slots.map((slot) => slot.startTime) ?? [];

  it.each<[string, HubSchedulingPart[], { asap: boolean; first: string | undefined; blocked: Array<[number | null, string]> }]>([
    ['one open vendor: its own times', [withBooked(part(vendor(1)))], { asap: true, first: '12:15', blocked: [] }],
    [
      'a vendor opening at 14:00: no ASAP, slots from 14:00 only',
      [withBooked(part(vendor(1))), withBooked(part(vendor(2, { hours: hours('14:00', '19:00') })))],
      { asap: false, first: '14:00', blocked: [] },
    ],
    [
      'the longest lead time of the vendors starts the slots',
      [withBooked(part(vendor(1), 10)), withBooked(part(vendor(2), 40))],
      { asap: true, first: '12:45', blocked: [] },
    ],
    [
      'a paused vendor is named and left out; the others keep their times',
      [withBooked(part(vendor(1))), withBooked(part(vendor(2, { orders_paused: true })))],
      { asap: true, first: '12:15', blocked: [[2, 'VENDOR_PAUSED']] },
    ],
    [
      'a vendor paused for ASAP only keeps its slots and takes ASAP away',
      [withBooked(part(vendor(1))), withBooked(part(vendor(2, { asap_paused: true })))],
      { asap: false, first: '12:15', blocked: [] },
    ],
    [
      'every vendor blocked: no time at all',
      [withBooked(part(vendor(1, { orders_paused: true })))],
      { asap: false, first: undefined, blocked: [[1, 'VENDOR_PAUSED']] },
    ],
  ])('%s', (_name, parts, expected) => {
    const result = hubScheduling(parts, REQUEST, hubInput, NOW);
    expect(result.asap.available).toBe(expected.asap);
    expect(starts(result)[0]).toBe(expected.first);
    expect(result.blocked.map((block) => [block.vendorId, block.error])).toEqual(expected.blocked);
  });

  it('names a vendor with no opening in the window as closed (today only, the vendor opens Mondays)', () => {
    const today = { ...REQUEST, hub: { ...HUB, maxAdvancedOrderDays: 0 } };
    const mondays: HoursRange[] = [{ day: 'monday', start_time: '11:00', end_time: '15:00' }];
    const result = hubScheduling(
      [withBooked(part(vendor(1))), withBooked(part(vendor(2, { hours: mondays })))],
      today,
      { ...hubInput, restaurant: today.hub },
      NOW,
    );
    expect(result.blocked).toEqual([{ vendorId: 2, error: 'VENDOR_CLOSED' }]);
    expect(starts(result)[0]).toBe('12:15');
  });

  it('gives ASAP the slowest vendor’s ready time and lead', () => {
    const result = hubScheduling([withBooked(part(vendor(1), 10)), withBooked(part(vendor(2), 25))], REQUEST, hubInput, NOW);
    expect(result.asap.readyAt?.toISOString()).toBe('2026-11-24T19:25:00.000Z');
    expect(result.asap.prepTime).toEqual({ hours: 0, minutes: 25 });
  });

  it('leaves out a slot full at one vendor, counting each vendor’s own orders, and shows the least room left', () => {
    const full = slotKey(at('13:00'));
    const nearly = slotKey(at('13:15'));
    const result = hubScheduling(
      [withBooked(part(vendor(1), 10, 5), { [full]: 1, [nearly]: 4 }), withBooked(part(vendor(2), 10, 2), { [full]: 2 })],
      REQUEST,
      hubInput,
      NOW,
    );
    const slots = result.days[0]!.slots;
    expect(slots.map((slot) => slot.startTime)).not.toContain('13:00');
    expect(slots.find((slot) => slot.startTime === '13:15')?.remaining).toBe(1);
    expect(slots.find((slot) => slot.startTime === '13:30')?.remaining).toBe(2);
  });

  it('offers only the slot starts every vendor has (30-minute and 15-minute intervals)', () => {
    const halfHours: VendorSchedulingPart = { vendor: vendor(2), menus: [{ estimated_prep_time: 10, ordering_interval: 30 }] };
    const result = hubScheduling([withBooked(part(vendor(1))), withBooked(halfHours)], REQUEST, hubInput, NOW);
    expect(starts(result).slice(0, 3)).toEqual(['12:30', '13:00', '13:30']);
    // Each ends at the earlier of the two vendors' ends.
    expect(result.days[0]!.slots[0]!.endTime).toBe('12:45');
  });

  it('every slot it offers is one each vendor takes when the order is placed (vendorWhen)', () => {
    const parts = [
      withBooked(part(vendor(1), 10, 3), { [slotKey(at('15:00'))]: 3 }),
      withBooked(part(vendor(2, { hours: hours('11:30', '16:00') }), 20, 2)),
    ];
    const result = hubScheduling(parts, REQUEST, hubInput, NOW);
    for (const slot of result.days.flatMap((day) => day.slots)) {
      const placed = vendorWhen(
        parts.map(({ booked: _booked, ...rest }) => rest),
        { ...REQUEST, slotStart: slot.start },
        NOW,
      );
      expect(placed.ok, slot.label).toBe(true);
    }
    expect(starts(result)).not.toContain('15:00');
    expect(starts(result).at(-1)).toBe('15:45');
  });

  it('is the hub’s own answer for an empty cart', () => {
    const result = hubScheduling([], REQUEST, hubInput, NOW);
    expect(result.asap.available).toBe(true);
    expect(result.blocked).toEqual([]);
  });
});

describe('vendorState', () => {
  const hub = { zone: VANCOUVER, hours: hours('09:00', '19:00'), holiday_hours: [] };
  const evening = hours('17:00', '22:00');
  it.each<[string, Partial<MarketVendor>, boolean, string, boolean, string | null]>([
    ['open under the hub’s hours', {}, true, 'open', true, null],
    ['paused: takes nothing, even ordering ahead', { orders_paused: true }, true, 'paused', false, null],
    ['ASAP paused, the hub orders ahead: takes items for later', { asap_paused: true }, true, 'asap-paused', true, null],
    ['ASAP paused, no ordering ahead: takes nothing', { asap_paused: true }, false, 'asap-paused', false, null],
    [
      'closed until 17:00, the hub orders ahead: takes items for then',
      { hours: evening },
      true,
      'closed',
      true,
      '2026-11-25T00:00:00.000Z',
    ],
    ['closed until 17:00, no ordering ahead: takes nothing', { hours: evening }, false, 'closed', false, '2026-11-25T00:00:00.000Z'],
  ])('%s', (_name, change, ordersAhead, kind, takes, nextOpening) => {
    const result = vendorState({ vendor: { ...vendor(1), ...change }, hub, ordersAhead }, NOW);
    expect(result.state.kind).toBe(kind);
    expect(result.takes).toBe(takes);
    if (result.state.kind === 'closed') expect(result.state.nextOpening?.toISOString()).toBe(nextOpening);
  });
});

describe('ownMenuGroups', () => {
  const groups = [{ id: 1, vendor_id: 7 }, { id: 2, vendor_id: 8 }, { id: 3 }];
  it.each<[number | null, number[]]>([
    [7, [1]],
    [8, [2]],
    [9, []],
    [null, [1, 2, 3]],
  ])('vendor %s sees groups %j', (vendorId, ids) => {
    expect(ownMenuGroups(groups, vendorId).map((group) => group.id)).toEqual(ids);
  });
});

describe('combineCosts', () => {
  const part = (subtotal: number, gst: number, pst: number, tip: number, voucher = 0): Costs => ({
    subtotal,
    subtotalDiscounted: subtotal,
    taxBrackets: [
      { key: 'GST', label: { 'en-CA': 'GST', 'fr-CA': 'TPS' }, rate: '0.05', amount: gst },
      ...(pst > 0 ? [{ key: 'PST' as const, label: { 'en-CA': 'PST', 'fr-CA': 'TVP' }, rate: '0.07', amount: pst }] : []),
    ],
    taxes: gst + pst,
    taxInfo: { province: 'BC', taxInclusive: false, rebateApplied: false },
    tip: { percentageValue: '15', amount: tip, type: 'percentage' },
    serviceCharge: { percentageValue: null, amount: 0, type: null, label: { 'en-CA': 'Service fee', 'fr-CA': 'Frais de service' } },
    deliveryCharge: { percentageValue: null, amount: 0, type: null },
    voucher: { code: voucher > 0 ? 'GIFT' : null, balance: voucher > 0 ? 5000 : 0, amount: voucher },
    discount: { percentageValue: null, amount: 0, type: null, code: null },
    credits: { id: null, balance: 0, amount: 0 },
    memberDiscount: { preTax: false, amount: 0 },
    subsidyDiscount: { type: null, chosenAmountToBePaid: null, code: null, amount: 0, baseSubsidizedAmount: 0 },
    total: subtotal + gst + pst,
    totalWithoutTaxes: subtotal,
    totalWithTip: subtotal + gst + pst + tip,
    amountDue: subtotal + gst + pst + tip - voucher,
    paymentNotRequired: false,
    lines: [
      {
        orderId: subtotal,
        quantity: 1,
        subtotal,
        memberDiscount: 0,
        discount: 0,
        subsidyDiscount: 0,
        subtotalDiscounted: subtotal,
        parts: [],
      },
    ],
  });

  const cases: Array<[string, Costs[], Partial<Record<'subtotal' | 'taxes' | 'tip' | 'amountDue' | 'voucher', number>>, string[]]> = [
    ['one part is itself', [part(850, 43, 0, 128)], { subtotal: 850, taxes: 43, tip: 128, amountDue: 1021 }, ['GST 43']],
    [
      'each order’s rounded tax and tip add up, cent for cent',
      [part(850, 43, 0, 128), part(550, 28, 0, 83)],
      { subtotal: 1400, taxes: 71, tip: 211, amountDue: 1682 },
      ['GST 71'],
    ],
    [
      'a bracket only one vendor charges is kept',
      [part(850, 43, 0, 128), part(900, 45, 63, 0)],
      { taxes: 151, amountDue: 1021 + 1008 },
      ['GST 88', 'PST 63'],
    ],
    [
      'the gift card spent over two vendors',
      [part(1000, 50, 0, 0, 1050), part(1000, 50, 0, 0, 950)],
      { voucher: 2000, amountDue: 100 },
      ['GST 100'],
    ],
  ];
  it.each(cases)('%s', (_name, parts, expected, brackets) => {
    const combined = combineCosts(parts as [Costs, ...Costs[]]);
    const amounts = {
      subtotal: combined.subtotal,
      taxes: combined.taxes,
      tip: combined.tip.amount,
      amountDue: combined.amountDue,
      voucher: combined.voucher.amount,
    };
    expect(amounts).toMatchObject(expected);
    expect(combined.taxBrackets.map((bracket) => `${bracket.key} ${bracket.amount}`)).toEqual(brackets);
    expect(combined.lines).toHaveLength(parts.length);
    expect(combined.totalWithTip).toBe(combined.total + combined.tip.amount);
  });

  // market-hall's $22.00 + $17.50 + $15.50 (issue 30 defect 6): 5 % GST and a 15 % tip rounded per vendor.
  const salmon = part(2200, 110, 0, 330);
  const ramen = part(1750, 88, 0, 263);
  const bowl = part(1550, 78, 0, 233);
  const parts = [
    { vendorId: 6940, costs: salmon },
    { vendorId: 6941, costs: ramen },
    { vendorId: 6942, costs: bowl },
  ];
  const combined = combineCosts([salmon, ramen, bowl]);

  it('says which sums rounding per vendor moved from the cart priced as one order, and leaves the amounts as they are', () => {
    const split = withVendorSplit(combined, parts, part(5500, 275, 0, 825));
    expect({ ...split, vendorSplit: undefined }).toEqual({ ...combined, vendorSplit: undefined });
    expect(split.vendorSplit?.rounding).toEqual([
      { key: 'GST', whole: 275, split: 276 },
      { key: 'tip', whole: 825, split: 826 },
    ]);
    expect(split.vendorSplit?.vendors.map((share) => [share.vendorId, share.subtotalDiscounted, share.tip, share.totalWithTip])).toEqual([
      [6940, 2200, 330, 2640],
      [6941, 1750, 263, 2101],
      [6942, 1550, 233, 1861],
    ]);
    // The shares add up to the combined total, cent for cent.
    expect(split.vendorSplit?.vendors.reduce((sum, share) => sum + share.totalWithTip, 0)).toBe(split.totalWithTip);
  });

  it('moves nothing where each vendor’s rounding matches the whole, and splits no one-vendor cart', () => {
    const even = withVendorSplit(combined, parts, part(5500, 276, 0, 826));
    expect(even.vendorSplit?.rounding).toEqual([]);
    expect(withVendorSplit(salmon, parts.slice(0, 1), salmon).vendorSplit).toBeUndefined();
  });

  it('leaves a $0.00 tax bracket out of a vendor’s share', () => {
    const zeroPst: Costs = {
      ...salmon,
      taxBrackets: [...salmon.taxBrackets, { key: 'PST', label: { 'en-CA': 'PST', 'fr-CA': 'TVP' }, rate: '0.07', amount: 0 }],
    };
    const split = withVendorSplit(
      combineCosts([zeroPst, ramen]),
      [
        { vendorId: 1, costs: zeroPst },
        { vendorId: 2, costs: ramen },
      ],
      combineCosts([zeroPst, ramen]),
    );
    expect(split.vendorSplit?.vendors[0]?.taxBrackets).toEqual([{ key: 'GST', amount: 110 }]);
  });
});
