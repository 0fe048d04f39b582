/**
 * The JSON of a cart's costs, byte for byte what `JSON.stringify` makes of them, written by hand for
 * the part that grows with the cart: `lines` and their `parts` (packages/domain/src/pricing.ts
 * `LineCosts`, `PartCosts`), a dozen numbers each. A 20-line cart's lines were two thirds of the time
 * JSON.stringify spent on a set-costs answer; written here they take a little over half of that
 * (docs/decisions/0069-carts-priced-fast-the-first-time.md). The rest of the costs, a few scalars and
 * labels, goes through JSON.stringify. The lines and parts are the object literals `priceCart` and
 * `combineCosts` build (their keys fixed there): a key added there must be added here, and
 * `costs-json.test.ts` fails until it is (it compares both on random carts).
 */
import type { Costs, LineCosts, PartCosts } from '@servery/domain/pricing';

const text = JSON.stringify;

function partJson(part: PartCosts): string {
  return `{"kind":${text(part.kind)},"id":${part.id},"unitPrice":${part.unitPrice},"adjustedPrice":${part.adjustedPrice},"quantity":${part.quantity},"amount":${part.amount},"memberDiscount":${part.memberDiscount},"discount":${part.discount},"subsidyDiscount":${part.subsidyDiscount},"discounted":${part.discounted},"taxRates":{"tax1":${text(part.taxRates.tax1)},"tax2":${text(part.taxRates.tax2)}}}`;
}

function lineJson(line: LineCosts): string {
  let out = `{"orderId":${line.orderId},"quantity":${line.quantity},"subtotal":${line.subtotal},"memberDiscount":${line.memberDiscount},"discount":${line.discount},"subsidyDiscount":${line.subsidyDiscount},"subtotalDiscounted":${line.subtotalDiscounted},"parts":[`;
  for (let index = 0; index < line.parts.length; index += 1) {
    if (index > 0) out += ',';
    out += partJson(line.parts[index]!);
  }
  return `${out}]}`;
}

/** `JSON.stringify(costs)`, with its lines written by hand when they are last and of the usual shape. */
export function costsJson(costs: Costs): string {
  const { lines, ...rest } = costs;
  let last: string | undefined;
  for (const key in costs) last = key;
  if (last !== 'lines') return text(costs);
  const head = text(rest);
  let out = `${head.slice(0, -1)}${head.length > 2 ? ',' : ''}"lines":[`;
  for (let index = 0; index < lines.length; index += 1) {
    if (index > 0) out += ',';
    out += lineJson(lines[index]!);
  }
  return `${out}]}`;
}
