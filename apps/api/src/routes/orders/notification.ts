import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { NotificationRequest, NotificationResponse } from '@servery/contracts/orders';
import { tenantOf } from '../../plugins/request-context';
import { optionalSessionUserId } from '../../plugins/session';
import { requestOrderNotification } from '../../use-cases/orders/order-notifications';

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/orders/notification',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Text this phone when the order is ready: the order id or number with its access token (or a staff session), a phone of 12 characters (416-555-0101); limited per address, restaurant and order',
        body: NotificationRequest,
        response: { 200: NotificationResponse, 400: ErrorEnvelope, 401: ErrorEnvelope, 404: ErrorEnvelope, 429: ErrorEnvelope },
      },
    },
    async (request) => {
      const { config, checkout } = request.body.data;
      const restaurant = await tenantOf(request, config.restaurantId === undefined ? undefined : String(config.restaurantId));
      const result = await requestOrderNotification(
        app.database,
        restaurant,
        {
          checkNum: config.checkNum,
          phone: checkout.contact.phone_number,
          accessToken: config.accessToken,
          callerUserId: await optionalSessionUserId(request),
          address: request.ip,
        },
        request.locale,
        app.ports.sms,
        app.now(),
      );
      return { ok: true as const, ...result };
    },
  );
};
