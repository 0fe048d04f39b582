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
  let sum = 0;
  for (const weight of weights) {
    if (!Number.isSafeInteger(weight) || weight < 0) throw new RangeError(`prorate: weights must be whole numbers >= 0, got ${weight}`);
    sum += weight;
  }
  // Above 2^53 the float sum is not exact, and neither product test below can pass then.
  if (total > 0 && total * sum <= Number.MAX_SAFE_INTEGER) return prorateSmall(total, weights, sum);
  let whole = 0n;
  for (const weight of weights) whole += BigInt(weight);
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

/**
 * `prorate` when every product `total x weight` is a safe integer (every cart's amounts in cents):
 * the same shares with plain numbers, each product and remainder exact, so no BigInt per part
 * (docs/decisions/0069-carts-priced-fast-the-first-time.md). `whole` is the sum of the weights.
 */
function prorateSmall(total: number, weights: readonly number[], whole: number): number[] {
  if (total > whole) throw new RangeError(`prorate: total ${total} is above the sum of the weights ${whole}`);
  const shares = new Array<number>(weights.length);
  const remainders = new Array<{ index: number; remainder: number }>(weights.length);
  let given = 0;
  for (let index = 0; index < weights.length; index += 1) {
    const exact = total * weights[index]!;
    // The quotient of two safe integers, floored, corrected by its exact remainder (the division
    // itself rounds).
    let share = Math.floor(exact / whole);
    let remainder = exact - share * whole;
    if (remainder < 0) {
      share -= 1;
      remainder += whole;
    } else if (remainder >= whole) {
      share += 1;
      remainder -= whole;
    }
    shares[index] = share;
    given += share;
    remainders[index] = { index, remainder };
  }
  // Sorting is stable, so among equal remainders the earlier part comes first (as in `prorate`).
  remainders.sort((a, b) => b.remainder - a.remainder);
  let missing = total - given;
  for (const { index } of remainders) {
    if (missing === 0) break;
    shares[index] = shares[index]! + 1;
    missing -= 1;
  }
  return shares;
}
