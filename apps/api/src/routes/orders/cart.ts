/**
 * Cart calls (spec ordering.md section 7). The restaurant comes from X-Restaurant-Id; every price is
 * the server's. A stale cart is answered with the catalogue code of its first stale line (415, 426,
 * 428, or 400 for broken option rules) and the fresh items and costs.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  AddItemRequest,
  AddItemResponse,
  DiscountInfoRequest,
  DiscountInfoResponse,
  GiftCardRequest,
  GiftCardResponse,
  SetCostsRequest,
  SetCostsResponse,
  ValidateCartRequest,
  ValidateCartResponse,
} from '@servery/contracts/cart';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { addToCart, type CartItem, checkCateringMinimum, checkMealLimits } from '@servery/domain/cart';
import { buildCartLines, type CartLineError, linePrice } from '@servery/domain/cart-lines';
import { dollarsToCents } from '@servery/domain/money';
import { AppError } from '../../lib/app-error';
import { memberCookieName, readCookie } from '../../lib/cookies';
import { sendJsonText } from '../../lib/send-json-text';
import { tenantOf } from '../../plugins/request-context';
import { offeredTokens, requireUser } from '../../plugins/session';
import { cartLineContext, mealLookup } from '../../use-cases/cart-context';
import { findMember } from '../../use-cases/members';
import { setCosts } from '../../use-cases/set-costs';
import { lookUpDiscountCode, lookUpGiftCard } from '../../use-cases/tender-look-ups';

const errors = { 400: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 422: ErrorEnvelope };

function staleCart(lineErrors: CartLineError[], items: CartItem[], costs?: unknown): AppError {
  const first = lineErrors[0]!;
  return new AppError(first.error, undefined, {
    invalid_items: lineErrors.map((error) => ({ orderId: error.orderId, code: error.code, error: error.error })),
    items,
    ...(costs !== undefined && { costs }),
  });
}

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.post(
    '/api/orders/item',
    {
      schema: {
        tags: ['cart'],
        summary: 'Check an item against the menu and add it to the cart',
        body: AddItemRequest,
        response: { 200: AddItemResponse, ...errors },
      },
    },
    async (request) => {
      const restaurant = await tenantOf(request);
      const member = findMember(restaurant, readCookie(request.headers.cookie, memberCookieName(restaurant.slug)));
      const context = await cartLineContext(db, restaurant, request.body.type, member, app.now());
      const toAdd = { ...request.body.itemToAdd, orderId: request.body.itemToAdd.orderId ?? 1 } as CartItem;
      const checked = buildCartLines([toAdd], context);
      if (!checked.ok) throw staleCart(checked.errors, checked.items);
      const fresh = checked.items[0]!;
      const { orderId: _ignored, ...itemToAdd } = fresh;
      const result = addToCart(request.body.itemsInCart as CartItem[], itemToAdd, {
        maxItemsPerCart: restaurant.settings.maxItemsPerCart,
        maxMealsPerCart: restaurant.settings.maxMealsPerCart,
        isMeal: mealLookup(context.menuGroups),
      });
      if (!result.ok) throw new AppError(result.error);
      return { items: result.items, orderId: result.orderId, added: result.added, capped: result.capped };
    },
  );

  app.post(
    '/api/orders/validate',
    {
      schema: {
        tags: ['cart'],
        summary: 'Check a whole cart before review and checkout',
        body: ValidateCartRequest,
        response: { 200: ValidateCartResponse, 419: ErrorEnvelope, ...errors },
      },
    },
    async (request) => {
      const restaurant = await tenantOf(request);
      const settings = restaurant.settings;
      if (settings.orders_paused) throw new AppError('ORDERS_PAUSED');
      const member = findMember(restaurant, readCookie(request.headers.cookie, memberCookieName(restaurant.slug)));
      const context = await cartLineContext(db, restaurant, request.body.type, member, app.now());
      const checked = buildCartLines(request.body.itemsInCart as CartItem[], context);
      if (!checked.ok) throw staleCart(checked.errors, checked.items);
      const meals = checkMealLimits(checked.items, {
        maxMealsPerCart: settings.maxMealsPerCart,
        minMealsPerCart: settings.minMealsPerCart,
        isMeal: mealLookup(context.menuGroups),
      });
      if (!meals.ok) throw new AppError(meals.error);
      if (request.body.type === 'catering' || request.body.type === 'generic_catering') {
        const subtotal = checked.lines.reduce((sum, line) => sum + linePrice(line), 0);
        const minimum = checkCateringMinimum(subtotal, settings.min_catering_amount);
        if (!minimum.ok) throw new AppError(minimum.error);
      }
      return { ok: true as const, items: checked.items };
    },
  );

  app.post(
    '/api/orders/set-costs',
    {
      schema: {
        tags: ['cart'],
        summary: 'Price a cart (pricing.md), every field of costs',
        body: SetCostsRequest,
        response: { 200: SetCostsResponse, 429: ErrorEnvelope, ...errors },
      },
    },
    async (request, reply) => {
      const restaurant = await tenantOf(request);
      const memberCookie = readCookie(request.headers.cookie, memberCookieName(restaurant.slug));
      const userId = offeredTokens(request, 'user').length > 0 ? (await requireUser(request)).userId : null;
      const result = await setCosts(db, restaurant, request.body, memberCookie, request.locale, app.now(), userId, request.ip);
      if (result.errors.length > 0) throw staleCart(result.errors, result.items, result.costs);
      // Serialised once here: a 200-line cart is priced and sent without a second pass over the schema.
      return sendJsonText(reply, JSON.stringify({ costs: result.costs, items: result.items, rejected: result.rejected }));
    },
  );

  app.post(
    '/api/orders/get-discount-info',
    {
      schema: {
        tags: ['cart'],
        summary: 'A promo code: its value, validity dates and uses left (guesses limited per address and restaurant)',
        body: DiscountInfoRequest,
        response: { 200: DiscountInfoResponse, 429: ErrorEnvelope, ...errors },
      },
    },
    async (request) => {
      const restaurant = await tenantOf(request);
      const checked = await lookUpDiscountCode(db, restaurant, request.body.code, request.ip, app.now());
      if (!checked.ok) throw new AppError(checked.error);
      const { code } = checked;
      return {
        code: code.code,
        type: code.type,
        percentageValue: code.type === 'percentage' ? code.value : null,
        amount: code.type === 'dollar' ? dollarsToCents(code.value) : null,
        starts_at: code.starts_at,
        ends_at: code.ends_at,
        remaining_uses: checked.remainingUses,
      };
    },
  );

  app.post(
    '/api/orders/get-gift-card',
    {
      schema: {
        tags: ['cart'],
        summary:
          'A gift card balance; an unknown number and an empty card get the same answer, and guesses are limited per address and restaurant',
        body: GiftCardRequest,
        response: { 200: GiftCardResponse, 429: ErrorEnvelope, ...errors },
      },
    },
    async (request) => {
      const restaurant = await tenantOf(request, request.body.restaurantId === undefined ? undefined : String(request.body.restaurantId));
      const found = await lookUpGiftCard(db, restaurant, request.body.giftCardNumber, request.ip, app.now());
      if (!found.ok) throw new AppError(found.error);
      return { giftCardNumber: `•••• ${found.card.number.slice(-4)}`, balance: found.card.balance };
    },
  );
};
