/**
 * GET /api/restaurants/:restaurantId/orders/:id/receipt.pdf: the order's receipt as a PDF download
 * (use-cases/orders/receipt-pdf.ts; decision 0116). The restaurant is in the path, as for the status
 * events: a plain link sends no X-Restaurant-Id header.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { OrderEventsParams, ReceiptPdfQuery } from '@servery/contracts/orders';
import { tenantOf } from '../../plugins/request-context';
import { optionalSessionUserId } from '../../plugins/session';
import { receiptOrderRow, receiptPdf } from '../../use-cases/orders/receipt-pdf';

export const receiptPdfRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/restaurants/:restaurantId/orders/:id/receipt.pdf',
    {
      schema: {
        tags: ['orders'],
        summary: 'The order’s receipt as a PDF, for its signed-in owner or the guest holding its access token',
        params: OrderEventsParams,
        querystring: ReceiptPdfQuery,
        response: { 200: z.string().describe('application/pdf'), 400: ErrorEnvelope, 401: ErrorEnvelope, 404: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const restaurant = await tenantOf(request, request.params.restaurantId);
      const db = app.database.db;
      const { token, lang } = request.query;
      const userId = token ? null : await optionalSessionUserId(request);
      const row = await receiptOrderRow(db, restaurant, request.params.id, { token, userId });
      const pdf = await receiptPdf(db, restaurant, row, lang ?? request.locale, app.now());
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${pdf.fileName}"`)
          .header('cache-control', 'private, no-store')
          // A stream: Fastify sends it as it is, the 200 schema above only documents the body.
          .send(pdf.document as unknown as string)
      );
    },
  );
};
