/**
 * The discount codes' use counts beside the codes form (use-cases/staff/discount-code-uses.ts), for
 * owners and managers: the kitchen never sees the codes (decision 0108).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DiscountCodeUsesResponse } from '@servery/contracts/discount-codes-form';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { listDiscountCodeUses } from '../../use-cases/staff/discount-code-uses';
import { staffCaller } from '../staff/staff-caller';

export const staffDiscountCodeUseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/staff/discount-codes/uses',
    {
      schema: {
        tags: ['staff'],
        summary: 'How many orders used each discount code, most used first (owners and managers)',
        response: { 200: DiscountCodeUsesResponse, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const { restaurant, actor } = await staffCaller(request, 'menu');
      void reply.header('cache-control', 'no-store');
      return listDiscountCodeUses(app.database.db, restaurant, actor);
    },
  );
};
