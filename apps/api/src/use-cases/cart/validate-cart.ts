/**
 * POST /orders/validate: a whole cart checked before review and checkout: the order admitted as
 * placement admits it (`admitOrder`: a table order not while paused or closed; takeout and catering
 * ahead whenever), every line still on the menu at its price, and the cart rules of its order type (meal limits, catering
 * minimum), the same rules placement applies (packages/domain/src/plan-order.ts `checkCartRules`).
 */
import type { Kysely } from 'kysely';
import type { ValidateCartRequest } from '@servery/contracts/cart';
import type { CartItem } from '@servery/domain/cart';
import { buildCartLines, linesSubtotal } from '@servery/domain/cart-lines';
import { orderTypePolicy } from '@servery/domain/order-type';
import { admitOrder, checkCartRules } from '@servery/domain/plan-order';
import type { Restaurant } from '../../db/restaurants-repository';
import type { Database } from '../../kernel/schema';
import { AppError } from '../../lib/app-error';
import { cartLineContext, mealLookup } from './cart-context';
import { findMember } from './members';
import { staleCartError } from './stale-cart';

export interface ValidateCartOptions {
  db: Kysely<Database>;
  restaurant: Restaurant;
  request: ValidateCartRequest;
  memberCookie: string | undefined;
  now: Date;
}

export async function validateCart({ db, restaurant, request, memberCookie, now }: ValidateCartOptions) {
  const settings = restaurant.settings;
  const refusedNow = admitOrder(request.type, settings, now);
  if (refusedNow) throw new AppError(refusedNow.error);
  const member = findMember(restaurant, memberCookie);
  const context = await cartLineContext(db, restaurant, request.type, member, now);
  const checked = buildCartLines(request.itemsInCart as CartItem[], context);
  if (!checked.ok) throw staleCartError(checked.errors, checked.items);
  const refused = checkCartRules(orderTypePolicy(request.type), settings, {
    items: checked.items,
    subtotal: linesSubtotal(checked.lines),
    isMeal: mealLookup(context.menuGroups),
  });
  if (refused) throw new AppError(refused.error);
  return { ok: true as const, items: checked.items };
}
