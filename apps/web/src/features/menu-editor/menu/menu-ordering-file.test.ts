import { describe, expect, it } from 'vitest';
import { MenuOrderingForm } from '@servery/contracts/forms';
import type { EditorFile, FileMenu } from '../menu-file';
import { applyOrdering, orderingFieldOf, orderingValues, orderMenu } from './menu-ordering-file';

const brunch: FileMenu = {
  id: 1012,
  name: 'Weekend brunch',
  scheduled: true,
  last_call_time: 30,
  required_notice: 30,
  ordering_interval: 15,
  max_orders_per_interval: 3,
};

describe('a menu’s ordering between the file and its form', () => {
  it('reads the ways as boxes and the timings as text, empty for none', () => {
    expect(orderingValues(brunch)).toEqual({
      ways: { on_demand: false, scheduled: true, dine_in: false, member_only: false },
      last_call_time: '30',
      required_notice: '30',
      ordering_interval: '15',
      max_orders_per_interval: '3',
    });
    expect(orderingValues({ id: 1, name: 'Bar', dine_in: true, last_call_time: null })).toMatchObject({
      ways: { dine_in: true },
      last_call_time: '',
    });
  });

  it.each([
    { case: 'an untouched form changes nothing', menu: brunch, change: {}, expected: brunch },
    {
      case: 'a way checked and a timing emptied',
      menu: brunch,
      change: { ways: { member_only: true }, max_orders_per_interval: '' },
      expected: { ...brunch, member_only: true, max_orders_per_interval: null },
    },
    {
      case: 'a way the file had, unchecked, is written false; one it never had stays out',
      menu: { id: 2, name: 'Bar', dine_in: true },
      change: { ways: { dine_in: false, on_demand: true }, ordering_interval: ' 20 ' },
      expected: { id: 2, name: 'Bar', dine_in: false, on_demand: true, ordering_interval: 20 },
    },
  ])('$case', ({ menu, change, expected }) => {
    const values = orderingValues(menu);
    const next = { ...values, ...change, ways: { ...values.ways, ...(change.ways ?? {}) } };
    expect(applyOrdering(menu, next)).toEqual(expected);
  });

  it('puts the menu in its place in the file and leaves the file it was given as it was', () => {
    const file: EditorFile = { menu_groups: [{ id: 1, name: 'Main', menus: [{ id: 9, name: 'Lunch' }, brunch] }] };
    const values = { ...orderingValues(brunch), ordering_interval: '10' };
    const next = orderMenu(file, 0, 1, values);
    expect(next.menu_groups![0]!.menus![1]!.ordering_interval).toBe(10);
    expect(next.menu_groups![0]!.menus![0]).toBe(file.menu_groups![0]!.menus![0]);
    expect(brunch.ordering_interval).toBe(15);
  });

  it.each([
    ['ordering_interval', '0', false],
    ['ordering_interval', '1', true],
    ['required_notice', '0', true],
    ['required_notice', '-5', false],
    ['last_call_time', '12.5', false],
    ['max_orders_per_interval', '10000', false],
    ['max_orders_per_interval', '', true],
  ])('the form takes %s %j: %s', (field, typed, valid) => {
    expect(MenuOrderingForm.safeParse({ ...orderingValues(brunch), [field]: typed }).success).toBe(valid);
  });

  it('names the field a refusal lands on', () => {
    expect(['.ordering_interval', '.dine_in', '.sections[0].name'].map(orderingFieldOf)).toEqual([
      'ordering_interval',
      'ways.dine_in',
      undefined,
    ]);
  });
});
