/** Loyalty and membership lookups (spec ordering.md section 7, accounts-and-suites.md section 7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LoyaltyStatusRequest, LoyaltyStatusResponse, MembershipRequest, MembershipResponse } from '@servery/contracts/cart';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { memberCookieName } from '../../lib/cookies';
import { tenantOf } from '../../plugins/request-context';
import { lookUpMember, loyaltyStatus, type Member } from '../../use-cases/cart/members';

const MEMBER_COOKIE_DAYS = 30;

export const programRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/auth/get-user-enrolled-program-status',
    {
      schema: {
        tags: ['programs'],
        summary: 'Whether an e-mail is enrolled in the loyalty program',
        body: LoyaltyStatusRequest,
        response: { 200: LoyaltyStatusResponse, 404: ErrorEnvelope, 429: ErrorEnvelope },
      },
    },
    async (request) => {
      const restaurant = await tenantOf(
        request,
        request.body.app8RestaurantId === undefined ? undefined : String(request.body.app8RestaurantId),
      );
      return loyaltyStatus(app.database.db, restaurant, request.body.email, request.ip, app.now());
    },
  );

  app.post(
    '/api/auth/get-user-membership-promo',
    {
      schema: {
        tags: ['programs'],
        summary: 'Look a member up; a failed lookup removes the member cookie',
        body: MembershipRequest,
        response: { 200: MembershipResponse, 404: ErrorEnvelope, 429: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const restaurant = await tenantOf(
        request,
        request.body.app8RestaurantId === undefined ? undefined : String(request.body.app8RestaurantId),
      );
      const cookie = memberCookieName(restaurant.slug);
      let member: Member;
      try {
        member = await lookUpMember(app.database.db, restaurant, request.body.identifier, request.ip, app.now());
      } catch (error) {
        // A failed lookup (or one refused by the limit) removes the cookie (spec ordering.md section 7).
        reply.header('set-cookie', `${cookie}=; Path=/; Max-Age=0; SameSite=Lax`);
        throw error;
      }
      reply.header(
        'set-cookie',
        `${cookie}=${encodeURIComponent(member.identifier)}; Path=/; Max-Age=${MEMBER_COOKIE_DAYS * 86400}; SameSite=Lax`,
      );
      const discount = restaurant.settings.membership_program?.discount ?? null;
      return {
        id: member.identifier,
        identifier: member.identifier,
        provider: member.provider ?? null,
        firstName: member.firstName,
        lastName: member.lastName,
        email: member.email ?? null,
        phone: member.phone ?? null,
        promos: member.promos,
        promosApplied: discount !== null,
        discount,
      };
    },
  );
};
