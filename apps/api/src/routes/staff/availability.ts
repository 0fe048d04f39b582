/** Availability during service (contracts/staff-availability.ts): pause, sold-out switches and stock counts, for every staff role. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkResponse } from '@servery/contracts/accounts';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { AvailabilityResponse, SetPauseRequest, SetSoldOutRequest, SetStockRequest } from '@servery/contracts/staff-availability';
import { getAvailability, setPauseByStaff, setSoldOutByStaff, setStockByStaff } from '../../use-cases/staff/staff-availability';
import { staffCaller } from './staff-caller';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope };

export const staffAvailabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/staff/availability',
    {
      schema: {
        tags: ['staff'],
        summary: "Whether ordering is paused, and the menu's sections and items with their sold-out flags",
        response: { 200: AvailabilityResponse, ...errors },
      },
    },
    async (request) => {
      const { restaurant, actor } = await staffCaller(request, 'availability');
      return getAvailability(app.database.db, restaurant, actor, request.locale, app.now());
    },
  );

  app.post(
    '/api/staff/availability/sold-out',
    {
      schema: {
        tags: ['staff'],
        summary: 'Mark an item or a section sold out, or back; menus and carts see it at once',
        body: SetSoldOutRequest,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      const { restaurant, actor } = await staffCaller(request, 'availability');
      await setSoldOutByStaff(app.database, restaurant, actor, request.body, app.now());
      return { ok: true as const };
    },
  );

  app.post(
    '/api/staff/availability/stock',
    {
      schema: {
        tags: ['staff'],
        summary: "Count an item's stock from now on (orders take from it; sold out by itself at zero), or stop counting it",
        body: SetStockRequest,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      const { restaurant, actor } = await staffCaller(request, 'availability');
      await setStockByStaff(app.database, restaurant, actor, request.body, app.now());
      return { ok: true as const };
    },
  );

  app.post(
    '/api/staff/availability/pause',
    {
      schema: {
        tags: ['staff'],
        summary: 'Pause ordering with a message for diners, or resume it',
        body: SetPauseRequest,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      const { restaurant, actor } = await staffCaller(request, 'availability');
      await setPauseByStaff(app.database, restaurant, actor, request.body, app.now());
      return { ok: true as const };
    },
  );
};
