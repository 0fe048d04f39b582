/**
 * The domain's menu rules declare their own minimal shapes (domain may not import contracts). These
 * checks keep them assignable from the tenant file's types, so the two never drift: a renamed or
 * retyped field fails `tsc`, and the runtime part feeds a parsed file entity to the domain functions.
 */
import { describe, expect, it } from 'vitest';
import {
  defaultSelection,
  unitPrice,
  validateSelection,
  type ItemLike,
  type OptionGroupLike,
  type OptionValueLike,
} from '@servery/domain/item-selection';
import { matchesFilters, type SearchableItem } from '@servery/domain/menu-search';
import { openState, type HolidayHours, type HoursRange } from '@servery/domain/opening-hours';
import { priceAt, type Scheduled } from '@servery/domain/price-schedule';
import { Item, type ItemFile, type OptionGroupFile, type OptionValueFile, type TenantFile } from './tenant-file';

// Each function compiles only if its parameter type is assignable to its return type.
const asItem = (file: ItemFile): ItemLike & SearchableItem & Scheduled => file;
const asGroup = (file: OptionGroupFile): OptionGroupLike => file;
const asValue = (file: OptionValueFile): OptionValueLike & Scheduled => file;
const asHours = (hours: TenantFile['hours']): HoursRange[] => hours;
const asHolidays = (holidays: TenantFile['holiday_hours']): HolidayHours[] => holidays;

describe('tenant file types fit the domain menu types', () => {
  it('compiles the assignability checks', () => {
    expect([asItem, asGroup, asValue, asHours, asHolidays].every((check) => typeof check === 'function')).toBe(true);
  });

  it('runs the domain rules on a parsed item', () => {
    const item = Item.parse({
      id: 1,
      name: 'Roast Chicken',
      price: '18.00',
      diets: '',
      allergens: 'Dairy',
      localization: { 'fr-CA': { name: 'Poulet rôti' } },
      options: [
        {
          id: 10,
          name: 'Side',
          type: 'pricing',
          required: true,
          values: [
            { id: 100, name: 'Fries', price: '0', default_selection: true },
            { id: 101, name: 'Salad', price: '2.50' },
          ],
        },
      ],
    });
    const now = new Date('2026-01-14T17:00:00Z');
    const selection = defaultSelection(asItem(item));
    expect(validateSelection(item, selection, now, 'America/Toronto')).toEqual([]);
    expect(unitPrice(item, selection, now, 'America/Toronto')).toBe(1800);
    expect(priceAt(asValue(item.options[0]!.values[1]!), now, 'America/Toronto')).toEqual({ available: true, price: 250 });
    expect(matchesFilters(item, { query: 'poulet', diets: [], allergens: [] })).toBe(true);
    expect(openState(asHours([]), asHolidays([]), now, 'America/Toronto')).toEqual({ open: true, closesAt: null, lastCallAt: null });
  });
});
