/**
 * A parent's standing weekly orders and "repeat this week" (contracts/standing-orders.ts; decisions
 * 0118 and 0122). Signed-in parents only (`asParent`); every row is the parent's own at the request's school.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkResponse } from '@servery/contracts/accounts';
import { ErrorEnvelope } from '@servery/contracts/errors';
import {
  RepeatWeekRequest,
  RepeatWeekResponse,
  SaveStandingDayRequest,
  SaveStandingOrderRequest,
  SkipStandingRequest,
  StandingDayParams,
  StandingOrderResponse,
  StandingOrdersResponse,
  type StandingOrderView,
  StandingStudentParams,
  UpdateStandingOrderRequest,
} from '@servery/contracts/standing-orders';
import { repeatSchoolWeek } from '../../use-cases/school/repeat-week';
import {
  listStandingOrders,
  removeStandingOrder,
  saveStandingDay,
  saveStandingOrder,
  skipStanding,
  updateStanding,
} from '../../use-cases/school/standing-orders';
import { asParent } from './as-parent';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };
const answer = (standingOrder: StandingOrderView) => ({ standingOrder });

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
    async (request) =>
      asParent(request, ({ userId, restaurant }) => listStandingOrders(database, restaurant, userId, request.locale, app.now())),
  );

  app.put(
    '/api/auth/standing-orders/:studentId',
    {
      schema: {
        tags: ['school'],
        summary: 'Save a child’s standing weekly order (its pattern, per rotation week, and the saved card it pays with)',
        params: StandingStudentParams,
        body: SaveStandingOrderRequest,
        response: { 200: StandingOrderResponse, ...errors },
      },
    },
    async (request) =>
      asParent(request, ({ userId, restaurant }) =>
        saveStandingOrder(database, restaurant, userId, request.params.studentId, request.body, request.locale, app.now()).then(answer),
      ),
  );

  app.patch(
    '/api/auth/standing-orders/:studentId',
    {
      schema: {
        tags: ['school'],
        summary: 'Pay a child’s standing order with another of the parent’s own saved cards, or pause or resume it',
        params: StandingStudentParams,
        body: UpdateStandingOrderRequest,
        response: { 200: StandingOrderResponse, ...errors },
      },
    },
    async (request) =>
      asParent(request, ({ userId, restaurant }) =>
        updateStanding(database, restaurant, userId, request.params.studentId, request.body, request.locale, app.now()).then(answer),
      ),
  );

  app.put(
    '/api/auth/standing-orders/:studentId/weeks/:week/days/:weekday',
    {
      schema: {
        tags: ['school'],
        summary:
          'One weekday’s meals of one rotation week of a child’s standing order, changed, added or removed (none: the day is left out), checked against that day’s menus and meal limit',
        params: StandingDayParams,
        body: SaveStandingDayRequest,
        response: { 200: StandingOrderResponse, ...errors },
      },
    },
    async (request) =>
      asParent(request, ({ userId, restaurant }) =>
        saveStandingDay(database, restaurant, userId, request.params, request.body, {
          locale: request.locale,
          now: app.now(),
          address: request.ip,
        }).then(answer),
      ),
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
    async (request) =>
      asParent(request, ({ userId, restaurant }) =>
        skipStanding(database, restaurant, userId, request.params.studentId, request.body, request.locale, app.now()).then(answer),
      ),
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
    async (request) =>
      asParent(request, async ({ userId, restaurant }) => {
        await removeStandingOrder(database, restaurant, userId, request.params.studentId);
        return { ok: true as const };
      }),
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
    async (request) =>
      asParent(request, ({ userId, restaurant }) =>
        repeatSchoolWeek(database.db, restaurant, userId, request.body, { locale: request.locale, now: app.now(), address: request.ip }),
      ),
  );
};
