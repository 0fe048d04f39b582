/**
 * Catering by head count (issue 30 item 3; docs/decisions/0116-catering-head-count-and-pdf-receipt.md).
 * A catering tenant marks items `per_person` in its tenant file (a boxed lunch, a buffet): in a
 * catering cart with a head count, each per-person line is one per guest, its quantity the head count.
 *
 * The rule is the same on both sides: the cart rescales its per-person lines when the diner changes
 * the number of guests, and the server derives the quantity from the order's head count before it
 * prices the order, whatever quantity the client sent (spec pricing.md section 6: never trusted).
 * A line's price is linear in its quantity (pricing.md 1.3: every part is multiplied by it), so the
 * client's `orderPrice` is scaled with it and still compares equal to the server's when it was right.
 */

/** The most guests a catering order says it feeds: a stadium's worth is not a catering order. */
export const MAX_HEAD_COUNT = 5000;

export interface ScalableLine {
  id: number;
  quantity: number;
  orderPrice: number;
}

/**
 * The lines with each per-person line's quantity set to the head count and its price scaled in
 * proportion; other lines as they are. No head count (null): the lines as they are.
 */
export function scaleToHeadCount<T extends ScalableLine>(
  items: readonly T[],
  headCount: number | null,
  isPerPerson: (itemId: number) => boolean,
): T[] {
  if (headCount === null) return [...items];
  return items.map((line) => {
    if (!isPerPerson(line.id) || line.quantity === headCount) return line;
    const unit = line.quantity > 0 ? line.orderPrice / line.quantity : 0;
    return { ...line, quantity: headCount, orderPrice: Math.round(unit * headCount) };
  });
}

export type HeadCountCheck<T> =
  { ok: true; items: T[]; headCount: number | null } | { ok: false; error: 'HEAD_COUNT_REQUIRED' | 'HEAD_COUNT_INVALID' };

/**
 * The server's rule for a placed order: a catering order with per-person lines needs a head count (a
 * whole number from 1 to MAX_HEAD_COUNT) and gets its per-person quantities from it; an order
 * without per-person lines keeps no head count unless it gave one (a buffet priced per platter may
 * still say how many it feeds). Other order types ignore it (null).
 */
export function applyHeadCount<T extends ScalableLine>(
  items: readonly T[],
  headCount: number | null | undefined,
  { catering, isPerPerson }: { catering: boolean; isPerPerson: (itemId: number) => boolean },
): HeadCountCheck<T> {
  if (!catering) return { ok: true, items: [...items], headCount: null };
  const count = headCount ?? null;
  if (count !== null && (!Number.isInteger(count) || count < 1 || count > MAX_HEAD_COUNT))
    return { ok: false, error: 'HEAD_COUNT_INVALID' };
  const perPerson = items.some((line) => isPerPerson(line.id));
  if (perPerson && count === null) return { ok: false, error: 'HEAD_COUNT_REQUIRED' };
  return { ok: true, items: scaleToHeadCount(items, count, isPerPerson), headCount: count };
}
