import { describe, expect, it } from 'vitest';
import { buildSuiteManifest, type ManifestPreOrderInput } from './suite-manifest';

// 7:30 p.m. to 10:30 p.m. in Edmonton (UTC-7): before the event is 7:00, half-time 9:00.
const EVENT = { starts_at: '2026-12-13T02:30:00.000Z', ends_at: '2026-12-13T05:30:00.000Z', pre_order_lock_at: '2026-12-10T06:59:00.000Z' };
const BEFORE = '2026-12-13T02:00:00.000Z';
const START = '2026-12-13T02:30:00.000Z';
const HALF = '2026-12-13T04:00:00.000Z';

const SUITE_1 = { id: 3950, name: 'Suite 1 — Centre ice', location: 'Level 2, north side' };
const SUITE_3 = { id: 3952, name: 'Suite 3 — Corner', location: 'Level 2, east end' };
const SUITE_4 = { id: 3953, name: 'Suite 4 — Goal line', location: 'Level 2, south side' };
const SLIDERS = (quantity: number) => ({ itemId: 3101, name: 'Alberta beef slider platter', quantity });
const DESSERT = (quantity: number) => ({ itemId: 3104, name: 'Dessert tray', quantity });
const WINGS = (quantity: number) => ({ itemId: 3102, name: 'Wings', quantity });

function order(fields: Partial<ManifestPreOrderInput>): ManifestPreOrderInput {
  return { suite: SUITE_1, number: 1, deliveryPreference: 'event_start', deliverAt: START, notes: '', lines: [SLIDERS(1)], ...fields };
}

/** A manifest as [preference, at, production "qty name", deliveries "suite: qty name"] rows. */
function shape(preOrders: ManifestPreOrderInput[]) {
  const manifest = buildSuiteManifest(EVENT, preOrders);
  return {
    groups: manifest.groups.map((group) => [
      group.preference,
      group.at,
      group.production.map((line) => `${line.quantity} ${line.name}`),
      group.deliveries.map(
        (delivery) => `${delivery.suite.name}: ${delivery.lines.map((line) => `${line.quantity} ${line.name}`).join(', ')}`,
      ),
    ]),
    totals: manifest.totals.map((line) => `${line.quantity} ${line.name}`),
    quantity: manifest.quantity,
    suites: manifest.suites,
  };
}

describe('buildSuiteManifest', () => {
  it.each<[string, ManifestPreOrderInput[], ReturnType<typeof shape>]>([
    ['no pre-orders: nothing to make or carry', [], { groups: [], totals: [], quantity: 0, suites: 0 }],
    [
      'one pre-order at the start',
      [order({ lines: [SLIDERS(2)] })],
      {
        groups: [['event_start', START, ['2 Alberta beef slider platter'], ['Suite 1 — Centre ice: 2 Alberta beef slider platter']]],
        totals: ['2 Alberta beef slider platter'],
        quantity: 2,
        suites: 1,
      },
    ],
    [
      'two suites at the same time: the kitchen makes their sum; each suite gets its own; suites by name',
      [order({ suite: SUITE_4, number: 7, lines: [SLIDERS(1), DESSERT(1)] }), order({ suite: SUITE_1, number: 5, lines: [SLIDERS(3)] })],
      {
        groups: [
          [
            'event_start',
            START,
            ['4 Alberta beef slider platter', '1 Dessert tray'],
            ['Suite 1 — Centre ice: 3 Alberta beef slider platter', 'Suite 4 — Goal line: 1 Alberta beef slider platter, 1 Dessert tray'],
          ],
        ],
        totals: ['4 Alberta beef slider platter', '1 Dessert tray'],
        quantity: 5,
        suites: 2,
      },
    ],
    [
      'groups in time order: before the event, start, half-time, then a chosen time after it',
      [
        order({ suite: SUITE_3, deliveryPreference: 'custom', deliverAt: '2026-12-13T04:30:00.000Z', lines: [WINGS(2)] }),
        order({ suite: SUITE_4, deliveryPreference: 'half_time', deliverAt: HALF, lines: [DESSERT(2)] }),
        order({ suite: SUITE_1, deliveryPreference: 'before_event', deliverAt: BEFORE, lines: [SLIDERS(1)] }),
      ],
      {
        groups: [
          ['before_event', BEFORE, ['1 Alberta beef slider platter'], ['Suite 1 — Centre ice: 1 Alberta beef slider platter']],
          ['half_time', HALF, ['2 Dessert tray'], ['Suite 4 — Goal line: 2 Dessert tray']],
          ['custom', '2026-12-13T04:30:00.000Z', ['2 Wings'], ['Suite 3 — Corner: 2 Wings']],
        ],
        totals: ['1 Alberta beef slider platter', '2 Dessert tray', '2 Wings'],
        quantity: 5,
        suites: 3,
      },
    ],
    [
      'a chosen time equal to half-time stays its own group, after half-time',
      [
        order({ suite: SUITE_3, deliveryPreference: 'custom', deliverAt: HALF, lines: [WINGS(1)] }),
        order({ suite: SUITE_4, deliveryPreference: 'half_time', deliverAt: HALF, lines: [WINGS(1)] }),
      ],
      {
        groups: [
          ['half_time', HALF, ['1 Wings'], ['Suite 4 — Goal line: 1 Wings']],
          ['custom', HALF, ['1 Wings'], ['Suite 3 — Corner: 1 Wings']],
        ],
        totals: ['2 Wings'],
        quantity: 2,
        suites: 2,
      },
    ],
    [
      'two chosen times are two groups',
      [
        order({ suite: SUITE_3, deliveryPreference: 'custom', deliverAt: '2026-12-13T03:15:00.000Z', lines: [WINGS(1)] }),
        order({ suite: SUITE_4, deliveryPreference: 'custom', deliverAt: '2026-12-13T03:45:00.000Z', lines: [WINGS(1)] }),
      ],
      {
        groups: [
          ['custom', '2026-12-13T03:15:00.000Z', ['1 Wings'], ['Suite 3 — Corner: 1 Wings']],
          ['custom', '2026-12-13T03:45:00.000Z', ['1 Wings'], ['Suite 4 — Goal line: 1 Wings']],
        ],
        totals: ['2 Wings'],
        quantity: 2,
        suites: 2,
      },
    ],
    [
      'a named preference follows the event as it is now, not an instant kept from before it moved',
      [order({ deliveryPreference: 'half_time', deliverAt: '2026-12-12T04:00:00.000Z', lines: [WINGS(1)] })],
      { groups: [['half_time', HALF, ['1 Wings'], ['Suite 1 — Centre ice: 1 Wings']]], totals: ['1 Wings'], quantity: 1, suites: 1 },
    ],
    [
      'no preference: a chosen time at its instant; neither: at the start',
      [
        order({ suite: SUITE_3, deliveryPreference: null, deliverAt: '2026-12-13T03:00:00.000Z', lines: [WINGS(1)] }),
        order({ suite: SUITE_4, deliveryPreference: null, deliverAt: null, lines: [DESSERT(1)] }),
      ],
      {
        groups: [
          ['custom', START, ['1 Dessert tray'], ['Suite 4 — Goal line: 1 Dessert tray']],
          ['custom', '2026-12-13T03:00:00.000Z', ['1 Wings'], ['Suite 3 — Corner: 1 Wings']],
        ],
        totals: ['1 Dessert tray', '1 Wings'],
        quantity: 2,
        suites: 2,
      },
    ],
    [
      'lines of one item in one pre-order are added up; empty lines and empty pre-orders are left out',
      [order({ lines: [SLIDERS(1), DESSERT(0), SLIDERS(2)] }), order({ suite: SUITE_4, lines: [DESSERT(0)] })],
      {
        groups: [['event_start', START, ['3 Alberta beef slider platter'], ['Suite 1 — Centre ice: 3 Alberta beef slider platter']]],
        totals: ['3 Alberta beef slider platter'],
        quantity: 3,
        suites: 1,
      },
    ],
    [
      'one suite in two groups counts once among the suites',
      [
        order({ number: 1, deliveryPreference: 'before_event', deliverAt: BEFORE, lines: [SLIDERS(1)] }),
        order({ number: 2, deliveryPreference: 'half_time', deliverAt: HALF, lines: [SLIDERS(1)] }),
      ],
      {
        groups: [
          ['before_event', BEFORE, ['1 Alberta beef slider platter'], ['Suite 1 — Centre ice: 1 Alberta beef slider platter']],
          ['half_time', HALF, ['1 Alberta beef slider platter'], ['Suite 1 — Centre ice: 1 Alberta beef slider platter']],
        ],
        totals: ['2 Alberta beef slider platter'],
        quantity: 2,
        suites: 1,
      },
    ],
  ])('%s', (_name, preOrders, expected) => {
    expect(shape(preOrders)).toEqual(expected);
  });

  it('an event without an end is taken to last three hours for half-time', () => {
    const manifest = buildSuiteManifest({ ...EVENT, ends_at: null }, [order({ deliveryPreference: 'half_time', deliverAt: null })]);
    expect(manifest.groups[0]?.at).toBe('2026-12-13T04:00:00.000Z');
  });

  it('keeps each suite’s notes and order number for the runners', () => {
    const manifest = buildSuiteManifest(EVENT, [order({ number: 42, notes: 'Gluten-free buns for two' })]);
    expect(manifest.groups[0]?.deliveries[0]).toMatchObject({ orderNumber: 42, notes: 'Gluten-free buns for two', quantity: 1 });
  });
});
