import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { SchoolCalendarQuery, SchoolCalendarResponse } from '@servery/contracts/school';
import { getSchoolCalendar } from '../../use-cases/school/get-school-calendar';
import { asParent } from './as-parent';

export const schoolCalendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/school-calendar',
    {
      schema: {
        tags: ['school'],
        summary:
          'A signed-in parent’s month calendar for one of their children (student_id, else the first): every date between start_date and end_date (at most 62) with its state, when ordering for it closes or opens, and the meals already ordered that day',
        querystring: SchoolCalendarQuery,
        response: { 200: SchoolCalendarResponse, 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope },
      },
    },
    async (request) =>
      asParent(request, ({ userId, restaurant }) =>
        getSchoolCalendar(app.database.db, restaurant, request.query, { userId, locale: request.locale, now: app.now() }),
      ),
  );
};
