/**
 * Social sign-in (docs/decisions/0117-social-sign-in-code-flow.md, amending 0012): the offered
 * providers, the authorization-code flow the browser runs (start, callback, the session's hand-over to
 * the page), and the spec's login-{type} and get-google-user-info for a client that holds an ID token.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GoogleUserInfoRequest,
  GoogleUserInfoResponse,
  SocialAuthResponse,
  SocialLinksResponse,
  SocialLoginRequest,
  SocialProviderType,
  SocialProvidersResponse,
} from '@servery/contracts/accounts';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { AppError } from '../../lib/app-error';
import { requireUser, setSessionCookies } from '../../plugins/session';
import { socialLinksOf, unlinkProvider } from '../../use-cases/accounts/social-links';
import { accountUser } from '../../use-cases/accounts/account-view';
import { socialSignIn, verifyIdToken } from '../../use-cases/accounts/social-sign-in';
import { offersCodeFlow, type ProviderConfig, type SocialSignInConfig } from '../../use-cases/accounts/social-providers';
import { optionalTenant } from './sessions';
import { socialFlowRoutes } from './social-flow';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 422: ErrorEnvelope, 502: ErrorEnvelope };

export interface SocialRoutesOptions {
  /** Only the configured providers are offered; none by default. */
  providers?: SocialSignInConfig | undefined;
  /** This site's address: the providers send the browser back to its callback there. */
  publicUrl: string;
}

export const socialRoutes: FastifyPluginAsyncZod<SocialRoutesOptions> = async (app, options) => {
  const database = app.database;
  const providers = options.providers ?? {};
  const configured = (type: SocialProviderType): ProviderConfig => {
    const provider = providers[type];
    if (!provider) throw new AppError('SOCIAL_PROVIDER_UNAVAILABLE');
    return provider;
  };

  app.get(
    '/api/auth/social-providers',
    {
      schema: {
        tags: ['auth'],
        summary: 'The social sign-in providers the browser may start (GET /api/auth/social/{type}/start)',
        response: { 200: SocialProvidersResponse },
      },
    },
    async () => ({
      providers: SocialProviderType.options.flatMap((type) => {
        const provider = providers[type];
        return provider && offersCodeFlow(provider) ? [{ type }] : [];
      }),
    }),
  );

  await app.register(socialFlowRoutes, { providers, publicUrl: options.publicUrl });

  // The profile's providers (decision 0124): which sign in to this account; connecting one starts at
  // POST /api/auth/social/{type}/link (social-flow.ts).
  app.get(
    '/api/auth/social-links',
    {
      schema: {
        tags: ['auth'],
        summary: 'The providers offered here, each connected to the signed-in account or not',
        response: { 200: SocialLinksResponse, 401: ErrorEnvelope, 403: ErrorEnvelope },
      },
    },
    async (request) => {
      const session = await requireUser(request);
      return socialLinksOf(database.db, session.userId, providers);
    },
  );

  app.post(
    '/api/auth/social/:provider/unlink',
    {
      schema: {
        tags: ['auth'],
        summary: 'Disconnect a provider from the signed-in account, unless it is the account’s only way to sign in',
        params: z.object({ provider: SocialProviderType }),
        response: { 200: SocialLinksResponse, 401: ErrorEnvelope, 403: ErrorEnvelope, 409: ErrorEnvelope },
      },
    },
    async (request) => {
      const session = await requireUser(request);
      await unlinkProvider(database, session.userId, request.params.provider);
      return socialLinksOf(database.db, session.userId, providers);
    },
  );

  // One route per provider rather than a parameter, so each is its own documented call.
  for (const type of SocialProviderType.options) {
    app.post(
      `/api/auth/login-${type}`,
      {
        schema: {
          tags: ['auth'],
          summary: `Sign in with a ${type} ID token; finds (issuer and subject) or creates the account, never links by e-mail`,
          body: SocialLoginRequest,
          response: { 200: SocialAuthResponse, ...errors },
        },
      },
      async (request, reply) => {
        const provider = configured(type);
        const now = app.now();
        const restaurant = await optionalTenant(request);
        const signedIn = await socialSignIn(database, provider, request.body, restaurant?.id ?? null, now);
        setSessionCookies(request, reply, signedIn.kind, signedIn.token, signedIn.user.id);
        return {
          token: signedIn.token,
          user: await accountUser(database.db, signedIn.user, restaurant, now),
          registered: signedIn.registered,
        };
      },
    );
  }

  app.post(
    '/api/auth/get-google-user-info',
    {
      schema: {
        tags: ['auth'],
        summary: 'The verified profile in a Google ID token (to pre-fill a form); opens no session and creates nothing',
        body: GoogleUserInfoRequest,
        response: { 200: GoogleUserInfoResponse, ...errors },
      },
    },
    async (request) => {
      const identity = await verifyIdToken(configured('google'), request.body.accessToken, null);
      return {
        profile: {
          provider: 'google' as const,
          subject: identity.subject,
          email: identity.email,
          emailVerified: identity.emailVerified,
          firstName: identity.firstName,
          lastName: identity.lastName,
        },
      };
    },
  );
};
