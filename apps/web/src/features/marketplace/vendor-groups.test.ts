import { describe, expect, it } from 'vitest';
import { isMarketplace, vendorGroups } from './vendor-groups';

const HUB = {
  marketplaceHub: true,
  name: 'Market Hall',
  display_name: 'Market Hall — Granville Island',
  vendors: [
    {
      id: 1,
      name: 'Tidewater Fish & Chips',
      slug: 'tidewater',
      description: '',
      orders_paused: false,
      asap_paused: false,
      orders_paused_message: {},
      hours: null,
      localization: {},
    },
    {
      id: 2,
      name: 'Kits Noodle House',
      slug: 'kits',
      description: '',
      orders_paused: false,
      asap_paused: false,
      orders_paused_message: {},
      hours: null,
      localization: { 'fr-CA': { name: 'Maison des nouilles Kits' } },
    },
  ],
};
const GROUPS = [
  { vendor_id: 1, menus: [{ id: 10 }] },
  { vendor_id: 2, menus: [{ id: 20 }, { id: 21 }] },
  { menus: [{ id: 30 }] },
] as unknown as Parameters<typeof vendorGroups>[1];

describe('vendorGroups', () => {
  const cases: Array<[string, number[], 'en-CA' | 'fr-CA', Array<[number | null, string, number[]]>]> = [
    ['one vendor', [10, 10], 'en-CA', [[1, 'Tidewater Fish & Chips', [0, 1]]]],
    [
      'vendors in the hub’s order, whatever the cart’s',
      [21, 10, 20],
      'en-CA',
      [
        [1, 'Tidewater Fish & Chips', [1]],
        [2, 'Kits Noodle House', [0, 2]],
      ],
    ],
    ['a vendor’s French name', [20], 'fr-CA', [[2, 'Maison des nouilles Kits', [0]]]],
    [
      'the hub’s own items last, under the hub’s name',
      [30, 10],
      'en-CA',
      [
        [1, 'Tidewater Fish & Chips', [1]],
        [null, 'Market Hall — Granville Island', [0]],
      ],
    ],
  ];
  it.each(cases)('%s', (_name, menus, locale, expected) => {
    const lines = menus.map((menu_id, index) => ({ menu_id, index }));
    expect(
      vendorGroups(lines, GROUPS, HUB, locale).map((group) => [group.vendorId, group.name, group.lines.map((line) => line.index)]),
    ).toEqual(expected);
  });

  it('is a marketplace only for a hub with vendors', () => {
    expect(isMarketplace(HUB)).toBe(true);
    expect(isMarketplace({ ...HUB, vendors: [] })).toBe(false);
    expect(isMarketplace({ ...HUB, marketplaceHub: false })).toBe(false);
  });
});
