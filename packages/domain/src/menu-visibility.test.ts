import { describe, expect, it } from 'vitest';
import { isMenuForOrderType } from './menu-visibility';
import { ORDER_TYPES, type OrderType } from './order-type';

const menu = (flags: Partial<Parameters<typeof isMenuForOrderType>[0]>) => ({
  dine_in: false,
  on_demand: false,
  scheduled: false,
  member_only: false,
  ...flags,
});
const visibleTo = (flags: Parameters<typeof menu>[0]): OrderType[] => ORDER_TYPES.filter((type) => isMenuForOrderType(menu(flags), type));

describe('isMenuForOrderType', () => {
  it('shows a plain menu to every order type', () => {
    expect(visibleTo({})).toEqual([...ORDER_TYPES]);
  });
  it('shows a dine-in-only menu only at a table', () => {
    expect(visibleTo({ dine_in: true })).toEqual(['dine_in']);
  });
  it('keeps scheduled menus away from tables', () => {
    expect(visibleTo({ scheduled: true })).toEqual(['take-out', 'school', 'catering', 'generic_catering']);
  });
  it('keeps on-demand menus away from orders placed ahead', () => {
    expect(visibleTo({ on_demand: true })).toEqual(['dine_in', 'take-out']);
  });
  it('shows a menu both on demand and scheduled to everyone', () => {
    expect(visibleTo({ on_demand: true, scheduled: true })).toEqual([...ORDER_TYPES]);
  });
});
