/**
 * A restaurant's kitchen printer (contracts/staff-printer.ts, docs/kitchen-printing.md): owners and
 * managers set it and send a test print; every role on the board sees its tickets and reprints one.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkResponse } from '@servery/contracts/accounts';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { KitchenPrinterResponse, PrinterSettings, QueuedTicketResponse, ReprintParams } from '@servery/contracts/staff-printer';
import {
  kitchenPrinter,
  queueTestPrint,
  removeKitchenPrinter,
  reprintOrderTicket,
  setKitchenPrinter,
} from '../../use-cases/staff/kitchen-printer';
import { staffCaller } from './staff-caller';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };

export const staffKitchenPrinterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/staff/kitchen-printer',
    {
      schema: {
        tags: ['staff'],
        summary: "The restaurant's kitchen printer and its latest tickets",
        response: { 200: KitchenPrinterResponse, ...errors },
      },
    },
    async (request) => {
      const { restaurant, actor } = await staffCaller(request, 'orders');
      return kitchenPrinter(app.database, restaurant, actor);
    },
  );

  app.put(
    '/api/staff/kitchen-printer',
    {
      schema: {
        tags: ['staff'],
        summary: 'Set the kitchen printer: host, port (9100), paper width, on or off, and which order event prints',
        body: PrinterSettings,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      const { restaurant, actor } = await staffCaller(request, 'integrations');
      await setKitchenPrinter(app.database, restaurant, actor, request.body, app.now());
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/staff/kitchen-printer',
    {
      schema: {
        tags: ['staff'],
        summary: 'Remove the kitchen printer; its unprinted tickets fail',
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      const { restaurant, actor } = await staffCaller(request, 'integrations');
      await removeKitchenPrinter(app.database, restaurant, actor, app.now());
      return { ok: true as const };
    },
  );

  app.post(
    '/api/staff/kitchen-printer/test',
    {
      schema: {
        tags: ['staff'],
        summary: 'Queue a test ticket to the kitchen printer',
        response: { 200: QueuedTicketResponse, ...errors },
      },
    },
    async (request) => {
      const { restaurant, actor } = await staffCaller(request, 'integrations');
      return queueTestPrint(app.database, restaurant, actor, app.now());
    },
  );

  app.post(
    '/api/staff/orders/:id/kitchen-ticket',
    {
      schema: {
        tags: ['staff'],
        summary: "Queue a reprint of the order's kitchen ticket",
        params: ReprintParams,
        response: { 200: QueuedTicketResponse, ...errors },
      },
    },
    async (request) => {
      const { restaurant, actor } = await staffCaller(request, 'orders');
      return reprintOrderTicket(app.database, restaurant, actor, request.params.id, app.now());
    },
  );
};
