/**
 * The kitchen stations' calls (contracts/staff.ts `StationBumpParams`; decision 0107): a station bumps
 * its lines of an order, or one of them (`?line=`), or recalls them. Every role of the board (owner, manager, the kitchen's staff
 * role) may; the order is looked up in the request's restaurant only, so another restaurant's order id
 * is 404 like an unknown one.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { StationBumpParams, StationBumpQuery, StationBumpResponse } from '@servery/contracts/staff';
import { bumpStation } from '../../use-cases/staff/bump-station';
import { staffCaller } from './staff-caller';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };

export const staffStationRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const action of ['bump', 'recall'] as const) {
    app.post(
      `/api/staff/orders/:id/stations/:station/${action}`,
      {
        schema: {
          tags: ['staff'],
          summary:
            action === 'bump'
              ? "Mark the station's lines of the order made (or one, `?line=`); the last line's bump moves the order to ready. Idempotent"
              : "Take back the station's bump (or one line's) of an order still in the kitchen. Idempotent",
          params: StationBumpParams,
          querystring: StationBumpQuery,
          response: { 200: StationBumpResponse, ...errors },
        },
      },
      async (request) => {
        const { restaurant, actor } = await staffCaller(request, 'orders');
        const result = await bumpStation(
          app.database,
          restaurant,
          { orderId: request.params.id, station: request.params.station, lineId: request.query.line ?? null, action },
          app.ports,
          app.now(),
          { actor, locale: request.locale },
        );
        request.log.info(
          { orderId: request.params.id, station: request.params.station, line: request.query.line, action, changed: result.changed },
          'station bump',
        );
        return result;
      },
    );
  }
};
