/** The sales of a day or a period (contracts/staff-sales.ts): on screen and as CSV, for owners and managers. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { SalesQuery, SalesSummaryResponse } from '@servery/contracts/staff-sales';
import { salesCsv, salesFileName, salesSummary } from '../../use-cases/staff/sales-summary';
import { staffCaller } from './staff-caller';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope };

export const staffSalesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/staff/sales',
    {
      schema: {
        tags: ['staff'],
        summary:
          "A day's or a period's sales: orders, items, subtotal, discounts, charges, taxes, tips, tenders, refunds, by type, hour and day",
        querystring: SalesQuery,
        response: { 200: SalesSummaryResponse, ...errors },
      },
    },
    async (request) => {
      const { restaurant, actor } = await staffCaller(request, 'sales');
      return salesSummary(app.database.db, restaurant, request.query, request.locale, app.now(), actor.vendorId);
    },
  );

  app.get(
    '/api/staff/sales.csv',
    {
      schema: {
        tags: ['staff'],
        summary: "A day's or a period's sales as CSV (section, name, orders, amount in dollars)",
        querystring: SalesQuery,
        response: { 200: z.string().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) => {
      const { restaurant, actor } = await staffCaller(request, 'sales');
      const summary = await salesSummary(app.database.db, restaurant, request.query, request.locale, app.now(), actor.vendorId);
      // A string with its type set is sent as it is (not serialised as JSON).
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${salesFileName(restaurant.slug, summary)}"`)
        .send(salesCsv(summary));
    },
  );
};
