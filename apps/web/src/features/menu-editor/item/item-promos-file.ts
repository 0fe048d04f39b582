/**
 * Which item promos an item names, between the tenant file and the item form. The file lists the
 * restaurant's promos once (`promos`: a percentage or dollars off, edited on the settings screen,
 * docs/decisions/0110-discount-codes-and-item-promos-forms.md) and an item names those that apply to
 * it by id (`promos: [2]`); the form has one box per promo, keyed `p{id}` (a key that is a number
 * would make React Hook Form build an array).
 */
import { dollarsToCents } from '@servery/domain/money';

/** A promo as the file writes it (tenant-file.ts Promo). */
export interface FilePromo {
  id: number;
  percent?: string | number;
  amount?: string | number;
}

/** What a promo takes off, for its box's label: a percentage, or cents. */
export type PromoTake = { id: number; percent: string } | { id: number; cents: number };

export type PromoBoxes = Record<string, boolean>;

const boxKey = (id: number) => `p${id}`;
/** The `promos` list of the file (its promos) or of an item (the ids it names); none: empty. */
const promosOf = (entry: object): unknown[] => {
  const list = (entry as { promos?: unknown }).promos;
  return Array.isArray(list) ? list : [];
};

/** The file's promos as their boxes show them, in the file's order; a promo the file's rules would refuse is left out. */
export function filePromos(file: object): PromoTake[] {
  const list = promosOf(file) as FilePromo[];
  return list.flatMap((promo): PromoTake[] => {
    if (!Number.isSafeInteger(promo.id)) return [];
    if (promo.percent !== undefined) return [{ id: promo.id, percent: String(promo.percent) }];
    const cents = promo.amount === undefined ? null : dollarsToCents(promo.amount);
    return cents === null ? [] : [{ id: promo.id, cents }];
  });
}

/** The boxes of the promos an item names, one per promo of the file. */
export function itemPromoBoxes(promos: readonly PromoTake[], item: object): PromoBoxes {
  const named = new Set(promosOf(item));
  return Object.fromEntries(promos.map((promo) => [boxKey(promo.id), named.has(promo.id)]));
}

/**
 * The item naming the promos whose boxes are checked: those it named before keep their places, a
 * promo newly checked follows in the file's order; none checked leaves `promos` out of the file, as an
 * item that never had one. A promo the form has no box for (not in the file) is kept as it was, for
 * the file's own rule to name.
 */
export function applyItemPromos<T extends object>(item: T, promos: readonly PromoTake[], boxes: PromoBoxes): T {
  const shown = new Set(promos.map((promo) => promo.id));
  const before = promosOf(item) as number[];
  const kept = before.filter((id) => !shown.has(id) || boxes[boxKey(id)] === true);
  const added = promos.filter((promo) => boxes[boxKey(promo.id)] === true && !before.includes(promo.id)).map((promo) => promo.id);
  const ids = [...kept, ...added];
  // Unchanged (an empty list the file wrote included): the item as it was.
  if (Array.isArray((item as { promos?: unknown }).promos) && ids.length === before.length && added.length === 0) return item;
  const next = { ...item } as T & { promos?: number[] };
  if (ids.length > 0) next.promos = ids;
  else delete next.promos;
  return next;
}

export { boxKey as promoBoxKey };
