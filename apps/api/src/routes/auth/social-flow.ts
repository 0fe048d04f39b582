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
 * - `POST /api/auth/social/{type}/callback`: a provider configured with `responseMode: "form_post"`
 *   (Apple) posts the code and state; they go on to the GET callback by a 303 (decision 0124). Apple's
 *   `user` field (names, first sign-in only) is kept on the flow for a new account's name.
 * - `POST /api/auth/social/{type}/link`: the profile connects a provider to the signed-in account
 *   (the same flow, remembering the account and session); the callback then links instead of signing
 *   in and comes back to the profile with `socialLinked={type}` (decision 0124). Its links are listed
 *   and removed by social-links.ts.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SocialAuthResponse, SocialLinkStartRequest, SocialLinkStartResponse, SocialProviderType } from '@servery/contracts/accounts';
import { ErrorEnvelope } from '@servery/contracts/errors';
import type { Restaurant } from '../../db/restaurants-repository';
import { AppError } from '../../lib/app-error';
import { readCookie } from '../../lib/cookies';
import { tenantOf } from '../../plugins/request-context';
import { cookieName, requireUser, SESSION_COOKIES, sessionOfToken, setSessionCookies } from '../../plugins/session';
import type { SessionKind } from '../../kernel/schema';
import { accountOfSession } from '../../use-cases/accounts/account-view';
import {
  DEFAULT_RETURN,
  finishCodeFlow,
  FLOW_MINUTES,
  keepPostedUser,
  safeReturnTo,
  startCodeFlow,
} from '../../use-cases/accounts/social-code-flow';
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

/** The `restaurant` in the query of a return address, or null. */
function restaurantOfReturn(returnTo: string | undefined): string | null {
  if (!returnTo) return null;
  try {
    return new URL(returnTo, 'http://servery.invalid').searchParams.get('restaurant');
  } catch {
    return null;
  }
}

/** The profile, where a link comes back to. */
const PROFILE = '/profile';
/** A form a provider posts: small (a code, a state, perhaps Apple's `user` JSON). */
const FORM_BODY_LIMIT = 16_384;

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
      if (signedIn === null) {
        // Linked from the profile: the session there goes on; no new one.
        request.log.info({ provider: provider.type }, 'social identity linked');
        reply.header('cache-control', 'no-store');
        return reply.redirect(withQuery(returnTo, 'socialLinked', provider.type), 303);
      }
      setSessionCookies(request, reply, signedIn.kind, signedIn.token, signedIn.user.id);
      addCookie(reply, cookie(request, HANDOVER_COOKIE, `${signedIn.kind}.${signedIn.registered ? 1 : 0}`, HANDOVER_SECONDS));
      reply.header('cache-control', 'no-store');
      return reply.redirect(withQuery(returnTo, 'socialSignIn', '1'), 303);
    },
  );

  // A form_post provider's return. The browser posts it from the provider's site, so the SameSite=Lax
  // flow cookie does not come with it: the code and state go on, unchecked here, to the GET callback by
  // a 303, a top-level GET on which the browser does send the cookie, and all the checks run there.
  // This route reads no cookie; the one thing it changes is Apple's `user` field (the names, first
  // sign-in only), kept on the state's unspent flow of this provider for the GET to name a new account
  // with: never in the redirect's address, which is logged (decision 0124).
  await app.register(async (plain) => {
    const form = plain.withTypeProvider<ZodTypeProvider>();
    form.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    form.post(
      '/api/auth/social/:provider/callback',
      {
        config: { acceptsCrossSiteForm: true },
        bodyLimit: FORM_BODY_LIMIT,
        schema: {
          tags: ['auth'],
          summary:
            'A form_post provider’s return (Apple): the code and state go on to the GET callback, which checks them; the names of Apple’s `user` field are kept for the flow',
          params: z.object({ provider: z.string().max(40) }),
          consumes: ['application/x-www-form-urlencoded'],
          body: CallbackQuery,
          response: { 303: Redirect },
        },
      },
      async (request, reply) => {
        const provider = offered(request.params.provider);
        reply.header('cache-control', 'no-store');
        if (!provider || provider.responseMode !== 'form_post') {
          return toSignIn(reply, DEFAULT_RETURN, new AppError('SOCIAL_PROVIDER_UNAVAILABLE'));
        }
        await keepPostedUser(database, provider, { state: request.body.state, user: request.body.user }, app.now());
        const query = new URLSearchParams();
        for (const name of ['state', 'code', 'error'] as const) {
          const value = request.body[name];
          if (typeof value === 'string') query.set(name, value);
        }
        return reply.redirect(`/api/auth/social/${provider.type}/callback?${query.toString()}`, 303);
      },
    );
  });

  app.post(
    '/api/auth/social/:provider/link',
    {
      schema: {
        tags: ['auth'],
        summary: 'Connect a provider to the signed-in account: where the browser goes to run the code flow (decision 0124)',
        params: z.object({ provider: z.string().max(40) }),
        body: SocialLinkStartRequest,
        response: { 200: SocialLinkStartResponse, 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const session = await requireUser(request);
      const provider = offered(request.params.provider);
      if (!provider) throw new AppError('SOCIAL_PROVIDER_UNAVAILABLE');
      // The profile's own query names the restaurant it was opened for: kept when it exists.
      const askedSlug = restaurantOfReturn(request.body.returnTo);
      const restaurant = askedSlug ? await tenantOf(request, askedSlug).catch(() => null) : null;
      const returnTo = safeReturnTo(request.body.returnTo, restaurant?.slug ?? null, PROFILE);
      const started = await startCodeFlow(
        database,
        provider,
        {
          returnTo,
          restaurantId: null,
          redirectUri: callbackUrl(provider.type),
          link: { userId: session.userId, sessionId: session.sessionId },
        },
        app.now(),
      );
      addCookie(reply, cookie(request, FLOW_COOKIE, started.browserValue, FLOW_MINUTES * 60));
      reply.header('cache-control', 'no-store');
      return { authorizationUrl: started.authorizationUrl };
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
