/** POST /api/auth/login-as (spec accounts-and-suites.md section 7; use-cases/suites/login-as.ts). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuthResponse } from '@servery/contracts/accounts';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { LoginAsRequest } from '@servery/contracts/suites';
import { AppError } from '../../lib/app-error';
import { tenantOf } from '../../plugins/request-context';
import { findOfferedSession, sessionOfToken, setSessionCookies } from '../../plugins/session';
import { accountOfSession } from '../../use-cases/accounts/account-view';
import { loginAs } from '../../use-cases/suites/login-as';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 429: ErrorEnvelope };

export const loginAsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/auth/login-as',
    {
      schema: {
        tags: ['auth', 'suites'],
        summary:
          "An operator of the venue opens a session to order on event day for an event suite's owner, or for a guest of the suite by name (audited, rate-limited)",
        body: LoginAsRequest,
        response: { 200: AuthResponse, ...errors },
      },
    },
    async (request, reply) => {
      const now = app.now();
      const restaurant = await tenantOf(request);
      // The operator's own session: the body's token (the spec's payload), else the request's. A valid
      // session that is not an operator's (a diner signed in) is "not an operator" (spec section 8),
      // not an expired session: code 201 would log that diner out.
      const offered = request.body.token
        ? await sessionOfToken(request, request.body.token, 'operator')
        : await findOfferedSession(request, 'operator');
      const userSession = offered
        ? null
        : request.body.token
          ? await sessionOfToken(request, request.body.token, 'user')
          : await findOfferedSession(request, 'user');
      if (userSession) throw new AppError('NOT_A_SUITE_OPERATOR');
      const operator = offered && !offered.loginAs ? offered : null;
      if (!operator) throw new AppError('SESSION_EXPIRED');
      const opened = await loginAs(
        app.database,
        restaurant,
        app.eventSuiteSealer,
        {
          operatorUserId: operator.userId,
          eventSuite: request.body.eventSuiteId,
          suiteOperatorEmail: request.body.suiteOperatorEmail,
          ownerEmail: request.body.ownerEmail,
          guestName: request.body.guestName,
          address: request.ip,
        },
        now,
      );
      request.log.info(
        { operatorUserId: operator.userId, eventSuiteId: opened.eventSuiteId, forGuest: opened.guestName !== null },
        'login-as opened',
      );
      setSessionCookies(request, reply, 'user', opened.token, opened.userId);
      const loginAsSession = {
        userId: opened.userId,
        loginAs: { operatorUserId: operator.userId, eventSuiteId: opened.eventSuiteId, guestName: opened.guestName },
      };
      return { token: opened.token, user: await accountOfSession(app.database.db, loginAsSession, restaurant, now) };
    },
  );
};
