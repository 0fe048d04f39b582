/**
 * A suite's activity and its tab's live balance (contracts/suites.ts; use-cases/suites/suite-activity.ts),
 * for the suite's owner, the venue's operator and a login-as session of that suite:
 * - POST /api/catering/event-suites/get-activity: who ordered what for whom and when, and the tab.
 * - POST /api/catering/event-suites/get-tab: the tab alone (what is left), for the cart before checkout.
 * - GET /api/restaurants/:restaurantId/suite-tabs/events: server-sent `tab` events, one each time a
 *   tab the caller may see changes (an order by anyone, a cancellation, the limit, the closing, the
 *   settlement), from every server process: the order-event hub (ports/order-events.ts) carries them.
 *   Signed in by the session cookies (an EventSource sends no Authorization header); the restaurant
 *   in the path (nor X-Restaurant-Id). Every heartbeat checks the caller again; a signed-out caller's
 *   stream ends.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import {
  SuiteActivityRequest,
  SuiteActivityResponse,
  SuiteTabEventsParams,
  SuiteTabRequest,
  SuiteTabResponse,
} from '@servery/contracts/suites';
import type { Restaurant } from '../../db/restaurants-repository';
import { openEventStream, streamKeeper } from '../../lib/event-stream';
import { tenantOf } from '../../plugins/request-context';
import { findOfferedSession } from '../../plugins/session';
import { getSuiteActivity, getSuiteTab, type SuiteViewer, suiteViewer, tabEventFor } from '../../use-cases/suites/suite-activity';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 429: ErrorEnvelope };

/** How often a quiet stream sends a comment line and checks that its caller is still signed in. */
export const TAB_EVENTS_HEARTBEAT_MS = 15_000;

async function viewerOf(request: FastifyRequest, restaurant: Restaurant): Promise<SuiteViewer> {
  const [operator, user] = await Promise.all([findOfferedSession(request, 'operator'), findOfferedSession(request, 'user')]);
  return suiteViewer(request.server.database.db, restaurant, { operator, user });
}

export const suiteTabRoutes: FastifyPluginAsyncZod = async (app) => {
  const hold = streamKeeper(app);

  app.post(
    '/api/catering/event-suites/get-activity',
    {
      schema: {
        tags: ['suites'],
        summary:
          "One event suite's activity (orders with who placed them for whom, login-as, tab changes, closing, settlement) and its tab",
        body: SuiteActivityRequest,
        response: { 200: SuiteActivityResponse, ...errors },
      },
    },
    async (request) => {
      const restaurant = await tenantOf(request);
      const viewer = await viewerOf(request, restaurant);
      return getSuiteActivity(
        app.database,
        restaurant,
        app.eventSuiteSealer,
        { viewer, ref: request.body, locale: request.locale },
        app.now(),
      );
    },
  );

  app.post(
    '/api/catering/event-suites/get-tab',
    {
      schema: {
        tags: ['suites'],
        summary:
          "One event suite's tab as it is now (limit, spent, what is left), for its owner, the venue's operator or its login-as session",
        body: SuiteTabRequest,
        response: { 200: SuiteTabResponse, ...errors },
      },
    },
    async (request) => {
      const restaurant = await tenantOf(request);
      const viewer = await viewerOf(request, restaurant);
      return getSuiteTab(app.database.db, restaurant, app.eventSuiteSealer, { viewer, ref: request.body }, app.now());
    },
  );

  app.get(
    '/api/restaurants/:restaurantId/suite-tabs/events',
    {
      schema: {
        tags: ['suites'],
        summary:
          'Server-sent `tab` events (data SuiteTabEvent) each time a suite tab the caller may see changes, from every server process',
        params: SuiteTabEventsParams,
        response: errors,
      },
    },
    async (request, reply) => {
      const restaurant = await tenantOf(request, request.params.restaurantId);
      const viewer = await viewerOf(request, restaurant);
      const stream = openEventStream(reply);
      const subscription = app.orderEvents.subscribeTabs(restaurant.id, (event) => {
        tabEventFor(app.database.db, restaurant, viewer, event.eventSuiteId, app.now()).then(
          (tab) => tab && stream.send('tab', tab),
          (error: unknown) => request.log.error({ err: error }, 'suite tab event failed'),
        );
      });
      hold(stream, { heartbeatMs: TAB_EVENTS_HEARTBEAT_MS, stillAllowed: () => viewerOf(request, restaurant), subscription });
      await subscription.ready;
      stream.send('ready', {});
    },
  );
};
