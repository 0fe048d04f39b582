/**
 * Past receipts grouped by the checkout that paid for them (the profile's receipts screen): a school
 * checkout (one order per day and child) or a marketplace hub's (one order per vendor) is one payment
 * and reads as one receipt with its orders under it; any other order is a group of its own.
 *
 * Exported API:
 * - `groupByCheckout(receipts)`: [{ checkoutId, receipts, total }] in the order each group first
 *   appears (the list is newest first), its receipts in the order they were numbered (the
 *   checkout's own order: its days and children, or the hub's vendors; the orders of one checkout
 *   share their placing time, so the list cannot tell), `total` the sum of theirs.
 */

export interface CheckoutGroup<Receipt> {
  /** null: a lone order (no checkout of several). */
  checkoutId: string | null;
  receipts: Receipt[];
  /** Cents: what the checkout's orders cost together. */
  total: number;
}

export function groupByCheckout<Receipt extends { checkoutId: string | null; number: number | null; total: number }>(
  receipts: readonly Receipt[],
): Array<CheckoutGroup<Receipt>> {
  const groups: Array<CheckoutGroup<Receipt>> = [];
  const byCheckout = new Map<string, CheckoutGroup<Receipt>>();
  for (const receipt of receipts) {
    const existing = receipt.checkoutId === null ? undefined : byCheckout.get(receipt.checkoutId);
    if (existing) {
      existing.receipts.push(receipt);
      existing.total += receipt.total;
      continue;
    }
    const group = { checkoutId: receipt.checkoutId, receipts: [receipt], total: receipt.total };
    groups.push(group);
    if (receipt.checkoutId !== null) byCheckout.set(receipt.checkoutId, group);
  }
  const numbered = (receipt: Receipt) => receipt.number ?? Number.MAX_SAFE_INTEGER;
  for (const group of groups) group.receipts.sort((a, b) => numbered(a) - numbered(b));
  return groups;
}
