/** Sign-in, registration, session restore, logout and password reset (spec accounts-and-suites.md section 7). */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuthResponse,
  ForgotPasswordRequest,
  LoginNativeRequest,
  LogoutRequest,
  OkResponse,
  RegisterUserRequest,
  ResetPasswordRequest,
  UserExistRequest,
  UserExistResponse,
  UserInfoRequest,
} from '@servery/contracts/accounts';
import { ErrorEnvelope } from '@servery/contracts/errors';
import type { Restaurant } from '../../db/restaurants-repository';
import { AppError } from '../../lib/app-error';
import { TENANT_HEADER, tenantOf } from '../../plugins/request-context';
import { clearSessionCookies, offeredTokens, sessionOfToken, setSessionCookies } from '../../plugins/session';
import { accountOfSession, accountUser } from '../../use-cases/accounts/account-view';
import { loginNative, logout, registerUser, userExists } from '../../use-cases/accounts/authenticate';
import { forgotPassword, resetPassword } from '../../use-cases/accounts/reset-password';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 429: ErrorEnvelope };

/** Students, credits and subsidy codes are per restaurant; without the header they are left empty. */
export function optionalTenant(request: FastifyRequest): Promise<Restaurant | null> {
  return request.headers[TENANT_HEADER] === undefined ? Promise.resolve(null) : tenantOf(request);
}

export interface SessionRoutesOptions {
  /** Where reset links point (config PUBLIC_URL), never the request's Host. */
  publicUrl: string;
}

export const sessionRoutes: FastifyPluginAsyncZod<SessionRoutesOptions> = async (app, options) => {
  const database = app.database;

  app.post(
    '/api/auth/login-native',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password; a suite operator gets an operator session',
        body: LoginNativeRequest,
        response: { 200: AuthResponse, ...errors },
      },
    },
    async (request, reply) => {
      const now = app.now();
      const restaurant = await optionalTenant(request);
      const signedIn = await loginNative(database.db, { ...request.body, ip: request.ip }, now);
      setSessionCookies(request, reply, signedIn.kind, signedIn.token, signedIn.user.id);
      return { token: signedIn.token, user: await accountUser(database.db, signedIn.user, restaurant, now) };
    },
  );

  app.post(
    '/api/auth/register-user',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account and sign in (registerAtCheckout: from the checkout contact form)',
        body: RegisterUserRequest,
        response: { 200: AuthResponse, ...errors },
      },
    },
    async (request, reply) => {
      const now = app.now();
      const restaurant = await optionalTenant(request);
      const signedIn = await registerUser(database.db, request.body, request.ip, restaurant?.id ?? null, now);
      setSessionCookies(request, reply, signedIn.kind, signedIn.token, signedIn.user.id);
      return { token: signedIn.token, user: await accountUser(database.db, signedIn.user, restaurant, now) };
    },
  );

  app.post(
    '/api/auth/user-exist',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether an account uses this e-mail (rate-limited per address)',
        body: UserExistRequest,
        response: { 200: UserExistResponse, ...errors },
      },
    },
    async (request) => ({ exists: await userExists(database.db, request.body.email, request.ip, app.now()) }),
  );

  app.post(
    '/api/auth/get-salata-user-info',
    {
      schema: {
        tags: ['auth'],
        summary: 'Restore a session: the user of this token (user or operator); code 201 when it is not valid',
        body: UserInfoRequest,
        response: { 200: AuthResponse, ...errors },
      },
    },
    async (request) => {
      const now = app.now();
      const restaurant = await optionalTenant(request);
      const session = await sessionOfToken(request, request.body.token);
      if (!session || session.userId !== request.body.userId) throw new AppError('SESSION_EXPIRED');
      const user = await accountOfSession(database.db, session, restaurant, now);
      request.user = session;
      return { token: request.body.token, user };
    },
  );

  app.post(
    '/api/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End a session (user or operator): the body’s accessToken, else the request’s own token',
        body: LogoutRequest.optional(),
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request, reply) => {
      const now = app.now();
      const tokens = request.body?.accessToken
        ? [request.body.accessToken]
        : [...offeredTokens(request, 'user'), ...offeredTokens(request, 'operator')];
      const ended = new Set<'user' | 'operator'>();
      for (const token of tokens) {
        const kind = await logout(database.db, token, now);
        if (kind) ended.add(kind);
      }
      // Logging out twice is not an error: the session is gone either way.
      clearSessionCookies(request, reply, ended.size > 0 ? [...ended] : ['user']);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'E-mail a single-use reset link valid one hour; the same answer whether or not the account exists',
        body: ForgotPasswordRequest,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      const restaurant = await tenantOf(request);
      // The link goes to the configured public address: a Host header is the sender's to forge.
      const origin = options.publicUrl;
      await forgotPassword(
        database,
        app.ports.mailer,
        { email: request.body.email, ip: request.ip, restaurant, origin, locale: request.locale },
        app.now(),
      );
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link’s token; ends every session of the account',
        body: ResetPasswordRequest,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await resetPassword(database, { ...request.body, ip: request.ip }, app.now());
      return { ok: true as const };
    },
  );
};
