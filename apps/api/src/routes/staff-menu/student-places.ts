/**
 * The students' places beside the Delivery form (use-cases/staff/student-places.ts), for owners and
 * managers, who change the schools' lists: counts by school, grade, classroom and teacher.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { StudentPlacesResponse } from '@servery/contracts/settings-delivery-form';
import { listStudentPlaces } from '../../use-cases/staff/student-places';
import { staffCaller } from '../staff/staff-caller';

export const staffStudentPlaceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/staff/students/places',
    {
      schema: {
        tags: ['staff'],
        summary: 'How many saved students are at each school, grade, classroom and teacher (owners and managers)',
        response: { 200: StudentPlacesResponse, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const { restaurant, actor } = await staffCaller(request, 'menu');
      void reply.header('cache-control', 'no-store');
      return listStudentPlaces(app.database.db, restaurant, actor);
    },
  );
};
