/** Social sign-in: the offered providers, login-{google|facebook|apple} and get-google-user-info (docs/decisions/0012-social-sign-in.md). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  GoogleUserInfoRequest,
  GoogleUserInfoResponse,
  SocialAuthResponse,
  SocialLoginRequest,
  SocialProviderType,
  SocialProvidersResponse,
} from '@servery/contracts/accounts';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { AppError } from '../../lib/app-error';
import { setSessionCookies } from '../../plugins/session';
import { accountUser } from '../../use-cases/accounts/account-view';
import { socialSignIn, verifyIdToken, type ProviderConfig, type SocialSignInConfig } from '../../use-cases/accounts/social-sign-in';
import { optionalTenant } from './sessions';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 404: ErrorEnvelope, 422: ErrorEnvelope };

export interface SocialRoutesOptions {
  /** Only the configured providers are offered; none by default. */
  providers?: SocialSignInConfig | undefined;
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
        summary: 'The social sign-in providers the operator configured, with what the browser needs to start one',
        response: { 200: SocialProvidersResponse },
      },
    },
    async () => ({
      providers: SocialProviderType.options.flatMap((type) => {
        const provider = providers[type];
        return provider ? [{ type, clientId: provider.clientId, authorizationEndpoint: provider.authorizationEndpoint }] : [];
      }),
    }),
  );

  // One route per provider rather than a parameter, so each is its own documented call.
  for (const type of SocialProviderType.options) {
    app.post(
      `/api/auth/login-${type}`,
      {
        schema: {
          tags: ['auth'],
          summary: `Sign in with a ${type} ID token; finds, links (verified e-mail) or creates the account`,
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
      const identity = await verifyIdToken(configured('google'), request.body.accessToken, null, app.now());
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
