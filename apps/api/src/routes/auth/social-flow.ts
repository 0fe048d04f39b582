/**
 * The browser's social sign-in (docs/decisions/0117-social-sign-in-code-flow.md): the authorization-
 * code flow with PKCE, run here (use-cases/accounts/social-code-flow.ts).
 *
 * - `GET /api/auth/social/{type}/start?returnTo=&restaurant=`: to the provider.
 * - `GET /api/auth/social/{type}/callback`: the provider's return; the session starts (HttpOnly
 *   cookies) and the browser goes back to the sign-in screen with `socialSignIn=1`, or with
 *   `socialError=<error name>` for the screen to say what went wrong. Never a 5xx page.
 * - `POST /api/auth/social/session`: the sign-in screen takes the session the callback started, as a
 *   login answer (the page keeps its token, as after any login). Only once, right after a callback.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SocialAuthResponse, SocialProviderType } from '@servery/contracts/accounts';
import { ErrorEnvelope } from '@servery/contracts/errors';
import type { Restaurant } from '../../db/restaurants-repository';
import { AppError } from '../../lib/app-error';
import { readCookie } from '../../lib/cookies';
import { tenantOf } from '../../plugins/request-context';
import { cookieName, SESSION_COOKIES, sessionOfToken, setSessionCookies } from '../../plugins/session';
import type { SessionKind } from '../../kernel/schema';
import { accountOfSession } from '../../use-cases/accounts/account-view';
import { DEFAULT_RETURN, finishCodeFlow, FLOW_MINUTES, safeReturnTo, startCodeFlow } from '../../use-cases/accounts/social-code-flow';
import type { SocialSignInConfig } from '../../use-cases/accounts/social-providers';
import { optionalTenant } from './sessions';

/** The browser's half of a flow: without it the return is refused (another browser's link). */
const FLOW_COOKIE = 'socialSignInFlow';
/** Set by a successful callback for the sign-in screen's one hand-over: the session's kind and whether it registered. */
const HANDOVER_COOKIE = 'socialSignInDone';
const HANDOVER_SECONDS = 120;

function cookie(request: FastifyRequest, name: string, value: string, maxAgeSeconds: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  // Lax: sent on the provider's top-level redirect back to the callback, never on a cross-site POST.
  return `${cookieName(request, name)}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

function addCookie(reply: FastifyReply, value: string): void {
  const existing = reply.getHeader('set-cookie');
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
  reply.header('set-cookie', [...list, value]);
}

function withQuery(path: string, name: string, value: string): string {
  const url = new URL(path, 'http://servery.invalid');
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}`;
}

const StartQuery = z.object({
  returnTo: z.string().max(1000).optional().describe('The sign-in screen’s path and query to come back to (this site only)'),
  restaurant: z.string().max(100).optional().describe('The restaurant signed in at (slug or id): a new account’s home'),
});

const CallbackQuery = z.looseObject({
  state: z.string().max(500).optional(),
  code: z.string().max(4096).optional(),
  error: z.string().max(200).optional(),
});

const Redirect = z.null().describe('A redirect (Location)');

export const socialFlowRoutes: FastifyPluginAsyncZod<{ providers: SocialSignInConfig; publicUrl: string }> = async (app, options) => {
  const database = app.database;
  const callbackUrl = (type: SocialProviderType) => `${options.publicUrl}/api/auth/social/${type}/callback`;
  const offered = (type: string) => {
    const parsed = SocialProviderType.safeParse(type);
    return parsed.success ? (options.providers[parsed.data] ?? null) : null;
  };
  const toSignIn = (reply: FastifyReply, path: string, error: AppError) => {
    reply.header('cache-control', 'no-store');
    return reply.redirect(withQuery(path, 'socialError', error.errorName), 303);
  };

  app.get(
    '/api/auth/social/:provider/start',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start signing in with a provider: to its authorization endpoint (code flow with PKCE)',
        params: z.object({ provider: z.string().max(40) }),
        querystring: StartQuery,
        response: { 303: Redirect },
      },
    },
    async (request, reply) => {
      const provider = offered(request.params.provider);
      let restaurant: Restaurant | null = null;
      if (request.query.restaurant) restaurant = await tenantOf(request, request.query.restaurant).catch(() => null);
      const returnTo = safeReturnTo(request.query.returnTo, restaurant?.slug ?? null);
      if (!provider) return toSignIn(reply, returnTo, new AppError('SOCIAL_PROVIDER_UNAVAILABLE'));
      let started;
      try {
        started = await startCodeFlow(
          database,
          provider,
          { returnTo, restaurantId: restaurant?.id ?? null, redirectUri: callbackUrl(provider.type) },
          app.now(),
        );
      } catch (error) {
        if (error instanceof AppError) return toSignIn(reply, returnTo, error);
        throw error;
      }
      addCookie(reply, cookie(request, FLOW_COOKIE, started.browserValue, FLOW_MINUTES * 60));
      reply.header('cache-control', 'no-store');
      return reply.redirect(started.authorizationUrl, 303);
    },
  );

  app.get(
    '/api/auth/social/:provider/callback',
    {
      schema: {
        tags: ['auth'],
        summary: 'The provider’s return: checks the flow, exchanges the code, verifies the ID token, starts the session',
        params: z.object({ provider: z.string().max(40) }),
        querystring: CallbackQuery,
        response: { 303: Redirect },
      },
    },
    async (request, reply) => {
      const provider = offered(request.params.provider);
      if (!provider) return toSignIn(reply, DEFAULT_RETURN, new AppError('SOCIAL_PROVIDER_UNAVAILABLE'));
      const { state, code, error } = request.query;
      const browserValue = readCookie(request.headers.cookie, cookieName(request, FLOW_COOKIE));
      addCookie(reply, cookie(request, FLOW_COOKIE, '', 0));
      const { returnTo, outcome } = await finishCodeFlow(
        database,
        provider,
        { state, code, error, browserValue, redirectUri: callbackUrl(provider.type) },
        () => app.now(),
      );
      if (!outcome.ok) {
        request.log.info({ provider: provider.type, error: outcome.error.errorName }, 'social sign-in refused');
        return toSignIn(reply, returnTo, outcome.error);
      }
      const { signedIn } = outcome;
      setSessionCookies(request, reply, signedIn.kind, signedIn.token, signedIn.user.id);
      addCookie(reply, cookie(request, HANDOVER_COOKIE, `${signedIn.kind}.${signedIn.registered ? 1 : 0}`, HANDOVER_SECONDS));
      reply.header('cache-control', 'no-store');
      return reply.redirect(withQuery(returnTo, 'socialSignIn', '1'), 303);
    },
  );

  app.post(
    '/api/auth/social/session',
    {
      schema: {
        tags: ['auth'],
        summary: 'The session a social sign-in just started, as a login answer, once (the sign-in screen)',
        response: { 200: SocialAuthResponse, 400: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const handover = readCookie(request.headers.cookie, cookieName(request, HANDOVER_COOKIE));
      addCookie(reply, cookie(request, HANDOVER_COOKIE, '', 0));
      const [kind, registered] = (handover ?? '').split('.') as [SessionKind | '', string | undefined];
      if (kind !== 'user' && kind !== 'operator') throw new AppError('SOCIAL_SIGN_IN_EXPIRED');
      // The cookie's session only: a bearer token cannot be turned into another.
      const token = readCookie(request.headers.cookie, cookieName(request, SESSION_COOKIES[kind].token));
      const session = token ? await sessionOfToken(request, token, kind) : null;
      if (!token || !session) throw new AppError('SOCIAL_SIGN_IN_EXPIRED');
      const restaurant = await optionalTenant(request);
      return { token, user: await accountOfSession(database.db, session, restaurant, app.now()), registered: registered === '1' };
    },
  );
};
