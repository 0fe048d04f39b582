/**
 * The one answer to a stale cart (spec ordering.md section 7): the catalogue code of its first stale
 * line (415 sold out, 426 unavailable, 428 price changed, 400 broken option rules), every stale line,
 * and the fresh items (and costs, once priced) the client shows instead.
 */
import type { CartItem } from '@servery/domain/cart';
import type { CartLineError } from '@servery/domain/cart-lines';
import { AppError } from '../../lib/app-error';

export function staleCartError(lineErrors: readonly CartLineError[], items: CartItem[], costs?: unknown): AppError {
  const first = lineErrors[0]!;
  return new AppError(first.error, undefined, {
    invalid_items: lineErrors.map((error) => ({ orderId: error.orderId, code: error.code, error: error.error })),
    items,
    ...(costs !== undefined && { costs }),
  });
}
