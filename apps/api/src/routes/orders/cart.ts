/**
 * Cart calls (spec ordering.md section 7). The restaurant comes from X-Restaurant-Id; every price is
 * the server's. Each route parses, calls its use case and maps the answer; a stale cart is answered
 * by use-cases/cart/stale-cart.ts (the catalogue code of its first stale line, fresh items and costs).
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
import { dollarsToCents } from '@servery/domain/money';
import { AppError } from '../../lib/app-error';
import { fastJsonBodies } from '../../lib/json-text';
import { memberCookieName, readCookie } from '../../lib/cookies';
import { sendJsonText } from '../../lib/send-json-text';
import { tenantOf } from '../../plugins/request-context';
import { optionalUserId } from '../../plugins/session';
import { addCartItemAnswer } from '../../use-cases/cart/add-cart-item';
import { setCostsAnswer } from '../../use-cases/cart/set-costs';
import { lookUpDiscountCode, lookUpGiftCard } from '../../use-cases/cart/tender-look-ups';
import { validateCart } from '../../use-cases/cart/validate-cart';

const errors = { 400: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 422: ErrorEnvelope };

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  // Cart bodies are read by the quick JSON path, and screened for control characters by their text (lib/json-text.ts).
  fastJsonBodies(app);

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
    async (request, reply) => {
      const restaurant = await tenantOf(request);
      const memberCookie = readCookie(request.headers.cookie, memberCookieName(restaurant.slug));
      const answer = await addCartItemAnswer({
        db,
        restaurant,
        request: request.body,
        memberCookie,
        now: app.now(),
      });
      // Checked against AddItemResponse and serialised once by the use case.
      return sendJsonText(reply, answer);
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
      const memberCookie = readCookie(request.headers.cookie, memberCookieName(restaurant.slug));
      return validateCart({ db, restaurant, request: request.body, memberCookie, now: app.now() });
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
      const userId = await optionalUserId(request);
      const answer = await setCostsAnswer({
        db,
        restaurant,
        request: request.body,
        memberCookie,
        locale: request.locale,
        now: app.now(),
        userId,
        address: request.ip,
      });
      // Serialised once by the use case: a 200-line cart is priced and sent without a second pass over the schema.
      return sendJsonText(reply, answer);
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
