/** The signed-in person's own data: export it as a file, or delete the account (docs/decisions/0038-account-export-and-erasure.md). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkResponse } from '@servery/contracts/accounts';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { AccountExport, DeleteAccountRequest } from '@servery/contracts/privacy';
import { clearSessionCookies, requireUser } from '../../plugins/session';
import { deleteAccount, exportAccount } from '../../use-cases/accounts/account-privacy';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 409: ErrorEnvelope, 429: ErrorEnvelope };

export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const database = app.database;

  app.get(
    '/api/auth/export-account',
    {
      schema: {
        tags: ['auth'],
        summary: 'Everything kept about the signed-in person, as a JSON file (saved cards as brand, last four and expiry only)',
        response: { 200: AccountExport, ...errors },
      },
    },
    async (request, reply) => {
      const session = await requireUser(request);
      const now = app.now();
      const data = await exportAccount(database, session.userId, now);
      reply.header('content-disposition', `attachment; filename="servery-account-${now.toISOString().slice(0, 10)}.json"`);
      return data;
    },
  );

  app.post(
    '/api/auth/delete-account',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Delete the signed-in account (confirmed by its password, or its e-mail without one); its orders stay with the restaurants without personal fields',
        body: DeleteAccountRequest,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request, reply) => {
      const session = await requireUser(request);
      await deleteAccount(database, app.ports.payments, session.userId, request.body, request.ip, app.now());
      clearSessionCookies(request, reply, ['user']);
      return { ok: true as const };
    },
  );
};
