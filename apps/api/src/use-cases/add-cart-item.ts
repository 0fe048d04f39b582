/**
 * POST /orders/item: an item checked against the server's menu (prices, availability, option rules)
 * and added to the cart within the restaurant's item and meal limits (packages/domain/src/cart.ts).
 */
import type { Kysely } from 'kysely';
import type { AddItemRequest } from '@servery/contracts/cart';
import { addToCart, type CartItem } from '@servery/domain/cart';
import { buildCartLines } from '@servery/domain/cart-lines';
import type { Restaurant } from '../db/restaurants-repository';
import type { Database } from '../db/schema';
import { AppError } from '../lib/app-error';
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

export async function addCartItem({ db, restaurant, request, memberCookie, now }: AddCartItemOptions) {
  const member = findMember(restaurant, memberCookie);
  const context = await cartLineContext(db, restaurant, request.type, member, now);
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
