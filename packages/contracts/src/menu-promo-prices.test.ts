import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildCartLines, linePrice } from '@servery/domain/cart-lines';
import { defaultSelection, unitPrice, validateSelection } from '@servery/domain/item-selection';
import { withPromoPrices } from './menu-promo-prices';
import { TenantFile, type ItemFile, type MenuGroupFile, type OptionValueFile } from './tenant-file';

const bistro = TenantFile.parse(JSON.parse(readFileSync(new URL('../../../tenants/maple-bistro.json', import.meta.url), 'utf8')));
const ZONE = bistro.zone ?? 'America/Toronto';
// Wednesday 14 October 2026, 1 p.m. in Toronto.
const NOW = new Date('2026-10-14T17:00:00Z');

function* itemsOf(groups: readonly MenuGroupFile[]): Generator<{ item: ItemFile; menuId: number; sectionId: number | null }> {
  for (const group of groups)
    for (const menu of group.menus) {
      for (const item of menu.items) yield { item, menuId: menu.id, sectionId: null };
      for (const section of menu.sections) for (const item of section.items) yield { item, menuId: menu.id, sectionId: section.id };
    }
}
const findItem = (groups: readonly MenuGroupFile[], id: number) => [...itemsOf(groups)].find((entry) => entry.item.id === id)!;
function findValue(item: ItemFile, id: number): OptionValueFile {
  const walk = (groups: ItemFile['options']): OptionValueFile | undefined =>
    groups.flatMap((group) => group.values).find((value) => value.id === id) ??
    groups.flatMap((group) => group.values.map((value) => walk(value.options))).find(Boolean);
  return walk(item.options)!;
}

describe('withPromoPrices (pricing.md 1.2)', () => {
  const priced = withPromoPrices(bistro.menu_groups, bistro.promos);

  it('gives Maple Bistro’s promo items and values their price after promos', () => {
    // Classic poutine 12.50 with 20 % off; butter tart 4.50 with 1.00 off.
    expect(findItem(priced, 1100).item).toMatchObject({ price: 1250, adjustedPrice: 1000 });
    expect(findItem(priced, 1120).item).toMatchObject({ price: 450, adjustedPrice: 350 });
    // The burger's avocado topping: 2.00 with 0.50 off.
    expect(findValue(findItem(priced, 1106).item, 1614)).toMatchObject({ price: 200, adjustedPrice: 150 });
  });

  it('leaves an item or value without a promo as it was, and the file’s tree untouched', () => {
    const soup = findItem(priced, 1101).item;
    expect(soup.adjustedPrice).toBeUndefined();
    expect(soup).toEqual(findItem(bistro.menu_groups, 1101).item);
    expect(findItem(bistro.menu_groups, 1100).item.adjustedPrice).toBeUndefined();
  });

  it('ignores a promo id the restaurant does not have, as the cart does', () => {
    const tree = withPromoPrices(
      bistro.menu_groups,
      bistro.promos.filter((promo) => promo.id !== 1901),
    );
    expect(findItem(tree, 1100).item.adjustedPrice).toBeUndefined();
  });

  it('makes every item’s line, at its promo prices, cost exactly what the server charges: no stale price', () => {
    const context = {
      menuGroups: priced,
      promos: bistro.promos,
      restaurantTaxRate: bistro.tax_rate,
      now: NOW,
      zone: ZONE,
      validMember: true,
    };
    const burger = findItem(priced, 1106).item;
    const cases = [...itemsOf(priced)].map((entry) => ({ ...entry, selection: defaultSelection(entry.item, NOW, ZONE) }));
    // The burger with the avocado topping (0.50 off) on top of its defaults.
    const toppings = burger.options.find((group) => group.values.some((value) => value.id === 1614))!;
    const withAvocado = defaultSelection(burger, NOW, ZONE).map((group) =>
      group.id === toppings.id ? { ...group, values: [...group.values, { id: 1614, quantity: 1, options: [] }] } : group,
    );
    if (!withAvocado.some((group) => group.id === toppings.id))
      withAvocado.push({ id: toppings.id, values: [{ id: 1614, quantity: 1, options: [] }] });
    cases.push({ ...findItem(priced, 1106), selection: withAvocado });

    let promoted = 0;
    let checked = 0;
    for (const { item, menuId, sectionId, selection } of cases) {
      const paid = unitPrice(item, selection, NOW, ZONE);
      if (paid === null || item.sold_out || item.unavailable || validateSelection(item, selection, NOW, ZONE).length > 0) continue;
      if (paid !== unitPrice(item, selection, NOW, ZONE, 'regular')) promoted++;
      const built = buildCartLines(
        [{ id: item.id, menu_id: menuId, section_id: sectionId, orderId: 1, quantity: 2, orderPrice: paid * 2, orderOptions: selection }],
        context,
      );
      // Unpublished and scheduled-away items are the cart's to refuse, for that reason: not a price.
      if (built.errors.some((error) => error.error !== 'ITEM_PRICE_CHANGED')) continue;
      expect(built.errors, item.name).toEqual([]);
      expect(linePrice(built.lines[0]!)).toBe(paid * 2);
      checked++;
    }
    // The poutine, the butter tart and the burger with avocado at least.
    expect(promoted).toBeGreaterThanOrEqual(3);
    expect(checked).toBeGreaterThan(20);
  });
});
