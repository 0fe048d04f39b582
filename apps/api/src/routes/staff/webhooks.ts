/** A restaurant's webhook endpoints and their delivery logs (contracts/staff-webhooks.ts), for owners and managers. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkResponse } from '@servery/contracts/accounts';
import { ErrorEnvelope } from '@servery/contracts/errors';
import {
  CreateWebhookEndpointRequest,
  CreateWebhookEndpointResponse,
  WebhookDeliveriesResponse,
  WebhookEndpointParams,
  WebhookEndpointsResponse,
} from '@servery/contracts/staff-webhooks';
import {
  createWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  removeWebhookEndpoint,
} from '../../use-cases/staff/webhook-endpoints';
import { staffCaller } from './staff-caller';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };

export interface StaffWebhookRoutesOptions {
  /** Refuse http:// endpoints (production). */
  requireHttps: boolean;
}

export const staffWebhookRoutes: FastifyPluginAsyncZod<StaffWebhookRoutesOptions> = async (app, options) => {
  app.get(
    '/api/staff/webhooks',
    {
      schema: {
        tags: ['staff'],
        summary: "The restaurant's webhook endpoints, each with its latest delivery's state",
        response: { 200: WebhookEndpointsResponse, ...errors },
      },
    },
    async (request) => {
      const { restaurant } = await staffCaller(request, 'integrations');
      return listWebhookEndpoints(app.database, restaurant);
    },
  );

  app.post(
    '/api/staff/webhooks',
    {
      schema: {
        tags: ['staff'],
        summary: 'Add a webhook endpoint (https only in production); its signing key is in this answer only',
        body: CreateWebhookEndpointRequest,
        response: { 200: CreateWebhookEndpointResponse, ...errors },
      },
    },
    async (request) => {
      const { restaurant, actor } = await staffCaller(request, 'integrations');
      return createWebhookEndpoint(app.database, restaurant, actor, request.body, app.now(), options.requireHttps);
    },
  );

  app.delete(
    '/api/staff/webhooks/:id',
    {
      schema: {
        tags: ['staff'],
        summary: 'Remove a webhook endpoint and its delivery log',
        params: WebhookEndpointParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      const { restaurant, actor } = await staffCaller(request, 'integrations');
      await removeWebhookEndpoint(app.database, restaurant, actor, request.params.id, app.now());
      return { ok: true as const };
    },
  );

  app.get(
    '/api/staff/webhooks/:id/deliveries',
    {
      schema: {
        tags: ['staff'],
        summary: "An endpoint's latest deliveries, newest first",
        params: WebhookEndpointParams,
        response: { 200: WebhookDeliveriesResponse, ...errors },
      },
    },
    async (request) => {
      const { restaurant } = await staffCaller(request, 'integrations');
      return { deliveries: await listWebhookDeliveries(app.database, restaurant, request.params.id) };
    },
  );
};
