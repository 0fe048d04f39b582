import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../options';
import { liveOrderRoutes } from './live-orders';
import { loginAsRoutes } from './login-as';
import { paymentMethodRoutes } from './payment-methods';
import { privacyRoutes } from './privacy';
import { profileRoutes } from './profile';
import { programRoutes } from './programs';
import { sessionRoutes } from './sessions';
import { socialRoutes } from './social';

/** Accounts: sign-in and sessions, the profile, saved cards, privacy, programs, login-as. */
export const authRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, options) => {
  await app.register(programRoutes);
  await app.register(sessionRoutes, { publicUrl: options.publicUrl });
  await app.register(profileRoutes);
  await app.register(liveOrderRoutes);
  await app.register(privacyRoutes);
  await app.register(paymentMethodRoutes);
  await app.register(loginAsRoutes);
  await app.register(socialRoutes, { providers: options.socialProviders, publicUrl: options.publicUrl });
};
