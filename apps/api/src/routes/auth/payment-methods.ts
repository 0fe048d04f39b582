/**
 * The signed-in user's saved cards (spec accounts-and-suites.md section 7: POST and PUT
 * /auth/payment-method, POST /auth/delete-payment; docs/decisions/0011-saved-cards.md).
 *
 * Adding takes either typed card fields or a one-time token from /payment/tokenize. Typed fields are
 * checked like /payment/tokenize checks them (use-cases/accounts/card-entry.ts), handed to the processor port and dropped:
 * nothing here stores or logs a body. Every answer is the user with their cards, so the web can
 * refresh its session user in one step.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddPaymentMethodRequest,
  DeletePaymentMethodRequest,
  PaymentMethodResponse,
  UpdatePaymentMethodRequest,
} from '@servery/contracts/accounts';
import { ErrorEnvelope } from '@servery/contracts/errors';
import type { Restaurant } from '../../db/restaurants-repository';
import { AppError } from '../../lib/app-error';
import { tenantOf } from '../../plugins/request-context';
import { requireUser } from '../../plugins/session';
import type { SaveCardSource } from '../../ports/payments';
import { accountOfUser } from '../../use-cases/accounts/account-view';
import { checkedCardEntry } from '../../use-cases/accounts/card-entry';
import {
  addPaymentMethod,
  deletePaymentMethod,
  setDefaultPaymentMethod,
  toPaymentMethodSummary,
} from '../../use-cases/accounts/payment-methods';
import { optionalTenant } from './sessions';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 422: ErrorEnvelope };

export const paymentMethodRoutes: FastifyPluginAsyncZod = async (app) => {
  const database = app.database;

  async function answer(userId: number, restaurant: Restaurant | null, now: Date) {
    return accountOfUser(database.db, userId, restaurant, now);
  }

  app.post(
    '/api/auth/payment-method',
    {
      schema: {
        tags: ['auth'],
        summary: 'Save a card for the user (typed fields, or a token from /payment/tokenize with X-Restaurant-Id)',
        body: AddPaymentMethodRequest,
        response: { 200: PaymentMethodResponse, ...errors },
      },
    },
    async (request) => {
      const session = await requireUser(request);
      const now = app.now();
      const { card, token, isDefault } = request.body;
      let restaurant: Restaurant | null;
      let source: SaveCardSource;
      if (token !== undefined) {
        // A token is only good at the restaurant it was made for: that one must be named.
        restaurant = await tenantOf(request);
        source = { kind: 'token', restaurantId: restaurant.id, token };
      } else if (card !== undefined) {
        restaurant = await optionalTenant(request);
        source = {
          kind: 'card',
          card: checkedCardEntry(card, now, { postalCodeRequired: restaurant?.settings.avs ?? false, at: 'body.card' }),
        };
      } else {
        throw new AppError('VALIDATION_FAILED', [{ path: 'body.card', message: 'required' }]);
      }
      const row = await addPaymentMethod(database, app.ports.payments, session.userId, source, isDefault ?? false, now);
      return { user: await answer(session.userId, restaurant, now), paymentMethod: toPaymentMethodSummary(row) };
    },
  );

  app.put(
    '/api/auth/payment-method',
    {
      schema: {
        tags: ['auth'],
        summary: 'Make one of the user’s cards the default (another user’s is not found)',
        body: UpdatePaymentMethodRequest,
        response: { 200: PaymentMethodResponse, ...errors },
      },
    },
    async (request) => {
      const session = await requireUser(request);
      const now = app.now();
      const restaurant = await optionalTenant(request);
      await setDefaultPaymentMethod(database, session.userId, request.body.paymentCardId);
      return { user: await answer(session.userId, restaurant, now) };
    },
  );

  app.post(
    '/api/auth/delete-payment',
    {
      schema: {
        tags: ['auth'],
        summary: 'Delete one of the user’s cards; a deleted default hands over to the newest card (another user’s is not found)',
        body: DeletePaymentMethodRequest,
        response: { 200: PaymentMethodResponse, ...errors },
      },
    },
    async (request) => {
      const session = await requireUser(request);
      const now = app.now();
      const restaurant = await optionalTenant(request);
      await deletePaymentMethod(database, app.ports.payments, session.userId, request.body.paymentCardId);
      return { user: await answer(session.userId, restaurant, now) };
    },
  );
};
