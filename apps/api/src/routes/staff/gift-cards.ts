/**
 * Gift cards from the staff console (contracts/staff-gift-cards.ts), for owners and managers (staff
 * area `gift_cards`; the kitchen's role gets 403). Live money: written straight to the cards' table,
 * never through the menu draft (docs/decisions/0112-gift-cards-issued-from-the-console.md). The whole
 * number of a card is in the issue's answer only; nothing here logs it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import {
  GiftCardBalanceRequest,
  GiftCardBalanceResponse,
  IssueGiftCardRequest,
  IssueGiftCardResponse,
  StaffGiftCardsResponse,
} from '@servery/contracts/staff-gift-cards';
import { GIFT_CARD_MAX_CENTS } from '@servery/domain/gift-cards';
import { idempotencyKeyOf } from '../../lib/idempotency-key';
import { issueGiftCard, listStaffGiftCards, lookUpStaffGiftCard } from '../../use-cases/staff/gift-cards';
import { staffCaller } from './staff-caller';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 429: ErrorEnvelope };

export const staffGiftCardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/staff/gift-cards',
    {
      schema: {
        tags: ['staff'],
        summary: "The restaurant's gift cards, newest first: last four, amount issued, balance, when and by whom",
        response: { 200: StaffGiftCardsResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { restaurant, actor } = await staffCaller(request, 'gift_cards');
      void reply.header('cache-control', 'no-store');
      return { cards: await listStaffGiftCards(app.database.db, restaurant, actor), max_amount: GIFT_CARD_MAX_CENTS };
    },
  );

  app.post(
    '/api/staff/gift-cards',
    {
      schema: {
        tags: ['staff'],
        summary: 'Issue a gift card (owners and managers): its whole number is in this answer only; idempotent by Idempotency-Key',
        body: IssueGiftCardRequest,
        response: { 200: IssueGiftCardResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { restaurant, actor } = await staffCaller(request, 'gift_cards');
      const key = idempotencyKeyOf(request);
      const answer = await issueGiftCard(app.database.db, restaurant, actor, request.body, key, app.now());
      void reply.header('cache-control', 'no-store');
      request.log.info({ card: answer.card.number, amount: answer.card.issued_amount, replayed: answer.replayed }, 'gift card issued');
      return answer;
    },
  );

  app.post(
    '/api/staff/gift-cards/balance',
    {
      schema: {
        tags: ['staff'],
        summary: "One gift card's balance by its whole number (a customer at the counter); guesses are limited as the cart's are",
        body: GiftCardBalanceRequest,
        response: { 200: GiftCardBalanceResponse, ...errors },
      },
    },
    async (request) => {
      const { restaurant, actor } = await staffCaller(request, 'gift_cards');
      return { card: await lookUpStaffGiftCard(app.database.db, restaurant, actor, request.body.number, request.ip, app.now()) };
    },
  );
};
