/**
 * A standing order's patterns, one per week of the school's rotation cycle (decision 0122): how they
 * are stored in `standing_orders.pattern`, which one a date takes, what each weekday of the cycle
 * offers to choose from, and one weekday's meals checked as the parent edits them.
 *
 * Stored: `{ "weeks": [pattern of week 1, pattern of week 2, ...] }`; a row made before patterns per
 * week holds one pattern (weekdays as keys), which every week of the cycle takes.
 */
import type { StandingMenuItem, StandingPattern, StandingWeekday } from '@servery/contracts/standing-orders';
import { STANDING_WEEKDAYS } from '@servery/contracts/standing-orders';
import type { Locale, MenuGroupFile, OptionGroupFile } from '@servery/contracts/tenant-file';
import type { CartItem } from '@servery/domain/cart';
import { buildCartLines, type MenuGroupData } from '@servery/domain/cart-lines';
import { type Rotation, rotationWeekOf, weekdayOf } from '@servery/domain/school-days';
import { patternWeekOf, placePatternDay } from '@servery/domain/standing-orders';
import type { StandingOrderRow } from '../../db/standing-orders-repository';
import { AppError } from '../../lib/app-error';
import { mealLookup } from '../cart/cart-context';
import type { LoadedPricing } from '../cart/set-costs';
import { decodeEntities } from '../menus/menu-lookup';
import { itemOnMenus } from './standing-menus';

/** The stored patterns: one (every week) or one per rotation week. */
export function patternsOf(row: Pick<StandingOrderRow, 'pattern'>): StandingPattern[] {
  const stored = JSON.parse(row.pattern) as StandingPattern | { weeks: StandingPattern[] };
  return 'weeks' in stored && Array.isArray(stored.weeks) ? stored.weeks : [stored as StandingPattern];
}

export const storedPatterns = (patterns: readonly StandingPattern[]): string => JSON.stringify({ weeks: patterns });

/** How many weeks the school's rotation cycles over (at least one). */
export const cycleOf = (rotation: Rotation): number => Math.max(1, rotation.weeks.length);

/** The patterns as one per week of the cycle: a single pattern is every week's; a cycle grown since gets empty weeks. */
export function patternsPerWeek(patterns: readonly StandingPattern[], cycle: number): StandingPattern[] {
  if (patterns.length === 1) return Array.from({ length: cycle }, () => structuredClone(patterns[0]!));
  return Array.from({ length: cycle }, (_, index) => structuredClone(patterns[index] ?? {}));
}

/** The lines a date takes: its weekday in its rotation week's pattern. */
export function linesOn(patterns: readonly StandingPattern[], rotation: Rotation, date: string): StandingPattern[StandingWeekday] & object {
  const index = patternWeekOf(cycleOf(rotation), rotationWeekOf(rotation, date), patterns.length);
  if (index < 0) return [];
  return patterns[index]?.[weekdayOf(date) as StandingWeekday] ?? [];
}

/** A date's week of the cycle, from 1 (week 1 before the rotation starts). */
export const rotationWeekNumber = (rotation: Rotation, date: string): number => (rotationWeekOf(rotation, date) ?? 0) + 1;

const localName = (entity: { name: string; localization?: Partial<Record<Locale, Record<string, string>>> }, locale: Locale) =>
  decodeEntities(entity.localization?.[locale]?.name ?? entity.name);

/** What each weekday of each week of the cycle offers: the items of that day's menus with their choices. */
export function cycleMenus(menuGroups: readonly MenuGroupData[], rotation: Rotation, locale: Locale) {
  const menus = new Map((menuGroups as unknown as readonly MenuGroupFile[]).flatMap((group) => group.menus.map((menu) => [menu.id, menu])));
  // A value's own groups (nested choices) travel with it: the form offers them once it is chosen.
  const groupsOf = (options: readonly OptionGroupFile[]): StandingMenuItem['groups'] =>
    options.map((group) => ({
      id: group.id,
      name: localName(group, locale),
      required: group.required,
      multiple: group.allow_multiple_selection,
      values: group.values.map((value) => ({
        id: value.id,
        name: localName(value, locale),
        price: value.price,
        groups: groupsOf(value.options ?? []),
      })),
    }));
  return rotation.weeks.flatMap((week, index) =>
    STANDING_WEEKDAYS.flatMap((weekday) => {
      const items: StandingMenuItem[] = [];
      const seen = new Set<number>();
      for (const menuId of week[weekday] ?? []) {
        const menu = menus.get(menuId);
        if (!menu) continue;
        const placed = [
          ...menu.items.map((item) => ({ item, sectionId: null })),
          ...menu.sections.flatMap((section) => section.items.map((item) => ({ item, sectionId: section.id }))),
        ];
        for (const { item, sectionId } of placed) {
          if (seen.has(item.id) || item.unavailable) continue;
          seen.add(item.id);
          items.push({
            id: item.id,
            menuId,
            sectionId,
            name: localName(item, locale),
            price: item.price,
            meal: item.meal_package,
            groups: groupsOf(item.options),
          });
        }
      }
      return items.length > 0 ? [{ week: index + 1, weekday, items }] : [];
    }),
  );
}

/**
 * One weekday's lines of one rotation week as the parent set them: each item on that day's menus in
 * that week (its menu and section as there), within the meals per day counting quantities
 * (STANDING_DAY_TOO_MANY_MEALS, said for a standing day rather than a cart), and priced by the cart's
 * own line pricing: its choices allowed and complete at every level, nested ones inside their value
 * (domain cart-lines.ts `validateSelection`, the checkout's own check). Refused with the stable error
 * of the first fault.
 */
export function checkPatternDay(
  lines: StandingPattern[StandingWeekday] & object,
  menuIds: readonly number[],
  pricing: LoadedPricing,
  maxMeals: number | null,
): NonNullable<StandingPattern[StandingWeekday]> {
  const menuGroups = pricing.context.menuGroups;
  const placed = placePatternDay(lines, (itemId) => itemOnMenus(menuGroups, menuIds, itemId), {
    maxMeals,
    isMeal: mealLookup(menuGroups),
  });
  if (!placed.ok) throw new AppError(placed.refusal === 'MAX_MEALS_PER_CART' ? 'STANDING_DAY_TOO_MANY_MEALS' : 'ITEM_UNAVAILABLE');
  const drafted: CartItem[] = placed.lines.map((line, index) => ({ ...line, orderId: index + 1, orderPrice: 0 }));
  const refused = buildCartLines(drafted, pricing.context).errors.find((error) => error.code !== 428);
  if (refused) throw new AppError(refused.error);
  return placed.lines.map((line) => ({
    id: line.id,
    menu_id: line.menu_id,
    section_id: line.section_id,
    quantity: line.quantity,
    orderOptions: line.orderOptions,
  }));
}
