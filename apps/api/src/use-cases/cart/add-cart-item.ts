/**
 * POST /orders/item: an item checked against the server's menu (prices, availability, option rules)
 * and added to the cart within the restaurant's item and meal limits (packages/domain/src/cart.ts).
 */
import type { Kysely } from 'kysely';
import { type AddItemRequest, AddItemResponse } from '@servery/contracts/cart';
import { fastParserOf, INVALID } from '@servery/contracts/cart-parsers';
import { addToCart, type CartItem } from '@servery/domain/cart';
import { buildCartLines, type CartLineContext } from '@servery/domain/cart-lines';
import type { Restaurant } from '../../db/restaurants-repository';
import type { Database } from '../../kernel/schema';
import { AppError } from '../../lib/app-error';
import { cartLineContext, mealLookup } from './cart-context';
import { findMember } from './members';
import { staleCartError } from './stale-cart';

export interface AddCartItemOptions {
  db: Kysely<Database>;
  restaurant: Restaurant;
  request: AddItemRequest;
  /** The restaurant's member cookie: member-only items and prices are the member's. */
  memberCookie: string | undefined;
  now: Date;
}

function addToContext(restaurant: Restaurant, request: AddItemRequest, context: CartLineContext): AddItemResponse {
  const toAdd = { ...request.itemToAdd, orderId: request.itemToAdd.orderId ?? 1 } as CartItem;
  const checked = buildCartLines([toAdd], context);
  if (!checked.ok) throw staleCartError(checked.errors, checked.items);
  const { orderId: _ignored, ...itemToAdd } = checked.items[0]!;
  const result = addToCart(request.itemsInCart as CartItem[], itemToAdd, {
    maxItemsPerCart: restaurant.settings.maxItemsPerCart,
    maxMealsPerCart: restaurant.settings.maxMealsPerCart,
    isMeal: mealLookup(context.menuGroups),
  });
  if (!result.ok) throw new AppError(result.error);
  return { items: result.items, orderId: result.orderId, added: result.added, capped: result.capped };
}

// The answer is checked against its schema before it is serialised (and kept), as the route's response
// schema did when Fastify serialised it (lib/schema-compilers.ts): the compiled parser, and zod for
// whatever that parser does not vouch for.
const fastCheck = fastParserOf(AddItemResponse)!;
function checkedAnswer(answer: AddItemResponse): unknown {
  const value = fastCheck(answer);
  if (value !== INVALID) return value;
  const parsed = AddItemResponse.safeParse(answer);
  // The server's own answer out of shape is a bug: a 500, never a client's 400.
  if (!parsed.success) throw new Error(`POST /orders/item answered out of its schema: ${parsed.error.message}`);
  return parsed.data;
}

/**
 * The 200 answer of POST /orders/item as JSON text; a stale item or a full cart is thrown. Every
 * request is checked and priced (docs/decisions/0069-carts-priced-fast-the-first-time.md).
 */
export async function addCartItemAnswer(options: AddCartItemOptions): Promise<string> {
  const { db, restaurant, request, memberCookie, now } = options;
  const context = await cartLineContext(db, restaurant, request.type, findMember(restaurant, memberCookie), now);
  return JSON.stringify(checkedAnswer(addToContext(restaurant, request, context)));
}
