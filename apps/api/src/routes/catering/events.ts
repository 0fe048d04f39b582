/**
 * The suite calls (spec accounts-and-suites.md section 7; contracts/suites.ts; use-cases/suites/event-suites.ts).
 * The restaurant comes from X-Restaurant-Id. get-minimal-info is public (public facts only, limited
 * per address); the owner's calls need the owner's own session (a login-as session is refused:
 * plugins/session.ts); the operator's calls an operator session.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import {
  ActiveEventsResponse,
  AuthEventInfoRequest,
  AuthEventInfoResponse,
  CloseTabResponse,
  EventDaySettingsParams,
  EventDaySettingsRequest,
  EventDaySettingsResponse,
  MinimalEventInfo,
  MinimalEventInfoRequest,
  OwnerVenuesResponse,
  PreOrderChangeRequest,
  PreOrderChangeResponse,
  SuiteManifestParams,
  SuiteManifestResponse,
  UpcomingEventsRequest,
  UpcomingEventsResponse,
} from '@servery/contracts/suites';
import { tenantOf } from '../../plugins/request-context';
import { requireSession, requireUser } from '../../plugins/session';
import { getAuthEventInfo, getMinimalEventInfo, getOwnerVenues, getUpcomingEvents } from '../../use-cases/suites/event-suites';
import { closeTabByOperator, getActiveEvents, updateEventDaySettings } from '../../use-cases/suites/operator-events';
import { getSuiteManifest, suiteManifestCsv } from '../../use-cases/suites/suite-manifest';
import { changePreOrderByOperator } from '../../use-cases/suites/pre-order-change';
import { placementErrors, placementRequest } from '../orders/placement-request';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 429: ErrorEnvelope };

export const suiteEventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/catering/events/get-minimal-info',
    {
      schema: {
        tags: ['suites'],
        summary: 'The public facts of an event suite (event, suite, lock time) from its id or sealed link value',
        body: MinimalEventInfoRequest,
        response: { 200: MinimalEventInfo, ...errors },
      },
    },
    async (request) => {
      const restaurant = await tenantOf(request);
      return getMinimalEventInfo(app.database, restaurant, app.eventSuiteSealer, request.body, request.ip, app.now());
    },
  );

  app.post(
    '/api/catering/events/auth-get-event-info',
    {
      schema: {
        tags: ['suites'],
        summary: 'One event suite of the signed-in owner: event, suite, tab, orders and the pre-order to change',
        body: AuthEventInfoRequest,
        response: { 200: AuthEventInfoResponse, ...errors },
      },
    },
    async (request) => {
      const restaurant = await tenantOf(request);
      const session = await requireUser(request);
      return getAuthEventInfo(
        app.database,
        restaurant,
        app.eventSuiteSealer,
        { userId: session.userId, ref: request.body, locale: request.locale },
        app.now(),
      );
    },
  );

  app.post(
    '/api/catering/suite-owners/get-upcoming-events',
    {
      schema: {
        tags: ['suites'],
        summary: "The signed-in owner's event suites whose event has not ended, with pre-order state, orders and tab",
        body: UpcomingEventsRequest.optional(),
        response: { 200: UpcomingEventsResponse, ...errors },
      },
    },
    async (request) => {
      const restaurant = await tenantOf(request);
      const session = await requireUser(request);
      return getUpcomingEvents(
        app.database,
        restaurant,
        app.eventSuiteSealer,
        { userId: session.userId, email: request.body?.email, locale: request.locale },
        app.now(),
      );
    },
  );

  app.post(
    '/api/catering/suite-owners/get-venues',
    {
      schema: {
        tags: ['suites'],
        summary: 'The venues where the signed-in account owns an event suite of an upcoming (or just ended) event; no restaurant header',
        response: { 200: OwnerVenuesResponse, ...errors },
      },
    },
    async (request) => {
      // Across venues by design: the account's own suites, wherever they are (its e-mail names it the owner).
      const session = await requireUser(request);
      return getOwnerVenues(app.database, { userId: session.userId }, app.now());
    },
  );

  app.get(
    '/api/catering/events/get-active-events',
    {
      schema: {
        tags: ['suites'],
        summary: "The venue's events that have not ended, with each suite's owner, pre-order state, orders and tab (its operators only)",
        response: { 200: ActiveEventsResponse, ...errors },
      },
    },
    async (request) => {
      const restaurant = await tenantOf(request);
      const session = await requireSession(request, 'operator');
      return getActiveEvents(app.database, restaurant, { operatorUserId: session.userId, locale: request.locale }, app.now());
    },
  );

  app.put(
    '/api/catering/events/:event/event-suites/:suite/update-event-day-settings',
    {
      schema: {
        tags: ['suites'],
        summary:
          "A suite's event-day payment preference (fixed once submitted) and tab limit (changed or removed), by the venue's operator",
        params: EventDaySettingsParams,
        body: EventDaySettingsRequest,
        response: { 200: EventDaySettingsResponse, 409: ErrorEnvelope, ...errors },
      },
    },
    async (request) => {
      const restaurant = await tenantOf(request);
      const session = await requireSession(request, 'operator');
      const eventSuite = await updateEventDaySettings(
        app.database,
        restaurant,
        app.ports,
        {
          operatorUserId: session.userId,
          eventId: request.params.event,
          suiteId: request.params.suite,
          body: request.body,
          locale: request.locale,
        },
        app.now(),
      );
      return { eventSuite };
    },
  );

  app.post(
    '/api/catering/events/:event/event-suites/:suite/close-tab',
    {
      schema: {
        tags: ['suites'],
        summary:
          "Close a suite's tab now (from event day on) and settle it by its payment preference: charge the owner's saved card or issue the invoice; on a closed tab whose charge failed, settle it again",
        params: EventDaySettingsParams,
        response: { 200: CloseTabResponse, 409: ErrorEnvelope, ...errors },
      },
    },
    async (request) => {
      const restaurant = await tenantOf(request);
      const session = await requireSession(request, 'operator');
      const eventSuite = await closeTabByOperator(
        app.database,
        restaurant,
        app.ports,
        { operatorUserId: session.userId, eventId: request.params.event, suiteId: request.params.suite, locale: request.locale },
        app.now(),
      );
      request.log.info(
        { eventSuiteId: eventSuite.eventSuiteId, settlement: eventSuite.tab.settlement?.status ?? null },
        'suite tab closed',
      );
      return { eventSuite };
    },
  );

  app.get(
    '/api/catering/events/:event/manifest',
    {
      schema: {
        tags: ['suites'],
        summary:
          "One event's production and delivery manifest across its suites: the live pre-orders by delivery time, each time's totals per item and each suite's lines (the venue's operators)",
        params: SuiteManifestParams,
        response: { 200: SuiteManifestResponse, ...errors },
      },
    },
    async (request) => {
      const restaurant = await tenantOf(request);
      const session = await requireSession(request, 'operator');
      return getSuiteManifest(
        app.database,
        restaurant,
        { operatorUserId: session.userId, eventId: request.params.event, locale: request.locale },
        app.now(),
      );
    },
  );

  app.get(
    '/api/catering/events/:event/manifest.csv',
    {
      schema: {
        tags: ['suites'],
        summary:
          "One event's production and delivery manifest as CSV (section, delivery, time, suite, location, order, item, quantity, notes), headers and file name in the caller's language",
        params: SuiteManifestParams,
        response: { 200: z.string().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) => {
      const restaurant = await tenantOf(request);
      const session = await requireSession(request, 'operator');
      const manifest = await getSuiteManifest(
        app.database,
        restaurant,
        { operatorUserId: session.userId, eventId: request.params.event, locale: request.locale },
        app.now(),
      );
      // A string with its type set is sent as it is (not serialised as JSON).
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${manifest.fileName}"`)
        .send(suiteManifestCsv(manifest, request.locale));
    },
  );

  app.post(
    '/api/catering/events/:event/event-suites/:suite/change-pre-order',
    {
      schema: {
        tags: ['suites'],
        summary:
          "The venue's operator changes a suite's pre-order (new quantities for its lines), before or after the lock, with a reason kept in the suite's activity; idempotent by Idempotency-Key",
        params: EventDaySettingsParams,
        body: PreOrderChangeRequest,
        response: { 200: PreOrderChangeResponse, ...placementErrors },
      },
    },
    async (request) => {
      const session = await requireSession(request, 'operator');
      const placement = await placementRequest(request);
      const answer = await changePreOrderByOperator({ ...placement, userId: null }, app.eventSuiteSealer, {
        operatorUserId: session.userId,
        eventId: request.params.event,
        suiteId: request.params.suite,
        body: request.body,
        locale: request.locale,
      });
      request.log.info(
        { eventSuiteId: answer.eventSuite.eventSuiteId, orderNumber: answer.orderNumber },
        'suite pre-order changed by the operator',
      );
      return answer;
    },
  );
};
