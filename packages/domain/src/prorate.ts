/**
 * Largest-remainder prorating (spec pricing.md section 2): a reduction spread over the parts it applies
 * to, in proportion to what is left of each.
 *
 * Exported API:
 * - `prorate(total: number, weights: readonly number[]): number[]`: the share of `total` for each
 *   weight. Every part gets the floor of its exact share (total x weight / sum of weights); the cents
 *   still missing go one each to the parts with the largest fractional remainders, ties to the earlier
 *   part. The shares add up to `total` exactly, none is below 0 and none is above its weight.
 *   `total` must be a whole number between 0 and the sum of the weights, each weight a whole number of
 *   at least 0 (a RangeError otherwise: callers cap a reduction at what it applies to first).
 *
 * Products are BigInt, so large carts cannot lose a cent to float precision.
 */

export function prorate(total: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`prorate: total must be a whole number >= 0, got ${total}`);
  let whole = 0n;
  for (const weight of weights) {
    if (!Number.isSafeInteger(weight) || weight < 0) throw new RangeError(`prorate: weights must be whole numbers >= 0, got ${weight}`);
    whole += BigInt(weight);
  }
  const amount = BigInt(total);
  if (amount > whole) throw new RangeError(`prorate: total ${total} is above the sum of the weights ${whole}`);
  if (amount === 0n) return weights.map(() => 0);

  const shares: bigint[] = [];
  const remainders: Array<{ index: number; remainder: bigint }> = [];
  let given = 0n;
  weights.forEach((weight, index) => {
    const exact = amount * BigInt(weight);
    const share = exact / whole;
    shares.push(share);
    given += share;
    remainders.push({ index, remainder: exact % whole });
  });
  // Sorting is stable, so among equal remainders the earlier part comes first.
  remainders.sort((a, b) => (a.remainder === b.remainder ? 0 : a.remainder > b.remainder ? -1 : 1));
  let missing = Number(amount - given);
  for (const { index } of remainders) {
    if (missing === 0) break;
    shares[index] = (shares[index] ?? 0n) + 1n;
    missing -= 1;
  }
  return shares.map((share) => Number(share));
}
