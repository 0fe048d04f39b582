/**
 * A parent's standing weekly orders and "repeat this week" (contracts/standing-orders.ts; decision
 * 0118). Signed-in parents only; every row is the parent's own at the request's school.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkResponse } from '@servery/contracts/accounts';
import { ErrorEnvelope } from '@servery/contracts/errors';
import {
  RepeatWeekRequest,
  RepeatWeekResponse,
  SaveStandingOrderRequest,
  SkipStandingRequest,
  StandingOrderResponse,
  StandingOrdersResponse,
  StandingStudentParams,
} from '@servery/contracts/standing-orders';
import { tenantOf } from '../../plugins/request-context';
import { requireUser } from '../../plugins/session';
import { repeatSchoolWeek } from '../../use-cases/school/repeat-week';
import { listStandingOrders, removeStandingOrder, saveStandingOrder, skipStanding } from '../../use-cases/school/standing-orders';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };

export const standingOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const database = app.database;

  app.get(
    '/api/auth/standing-orders',
    {
      schema: {
        tags: ['school'],
        summary: 'The parent’s standing weekly orders at this school, with their coming days and what happened to past ones',
        response: { 200: StandingOrdersResponse, ...errors },
      },
    },
    async (request) => {
      const session = await requireUser(request);
      const restaurant = await tenantOf(request);
      return listStandingOrders(database, restaurant, session.userId, request.locale, app.now());
    },
  );

  app.put(
    '/api/auth/standing-orders/:studentId',
    {
      schema: {
        tags: ['school'],
        summary: 'Save a child’s standing weekly order (its pattern and the saved card it pays with)',
        params: StandingStudentParams,
        body: SaveStandingOrderRequest,
        response: { 200: StandingOrderResponse, ...errors },
      },
    },
    async (request) => {
      const session = await requireUser(request);
      const restaurant = await tenantOf(request);
      const standingOrder = await saveStandingOrder(
        database,
        restaurant,
        session.userId,
        request.params.studentId,
        request.body,
        request.locale,
        app.now(),
      );
      return { standingOrder };
    },
  );

  app.post(
    '/api/auth/standing-orders/:studentId/skip',
    {
      schema: {
        tags: ['school'],
        summary: 'Skip (or unskip) one day or one week of a child’s standing order',
        params: StandingStudentParams,
        body: SkipStandingRequest,
        response: { 200: StandingOrderResponse, ...errors },
      },
    },
    async (request) => {
      const session = await requireUser(request);
      const restaurant = await tenantOf(request);
      const standingOrder = await skipStanding(
        database,
        restaurant,
        session.userId,
        request.params.studentId,
        request.body,
        request.locale,
        app.now(),
      );
      return { standingOrder };
    },
  );

  app.delete(
    '/api/auth/standing-orders/:studentId',
    {
      schema: {
        tags: ['school'],
        summary: 'Delete a child’s standing order (what it placed stays placed)',
        params: StandingStudentParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      const session = await requireUser(request);
      const restaurant = await tenantOf(request);
      await removeStandingOrder(database, restaurant, session.userId, request.params.studentId);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/school/repeat-week',
    {
      schema: {
        tags: ['school'],
        summary: 'A week ordered for a child, as day carts of the next open week (same meals where still offered; left-out ones named)',
        body: RepeatWeekRequest,
        response: { 200: RepeatWeekResponse, ...errors },
      },
    },
    async (request) => {
      const session = await requireUser(request);
      const restaurant = await tenantOf(request);
      return repeatSchoolWeek(database.db, restaurant, session.userId, request.body, {
        locale: request.locale,
        now: app.now(),
        address: request.ip,
      });
    },
  );
};
