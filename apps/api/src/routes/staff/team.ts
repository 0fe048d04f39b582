/**
 * A restaurant's team (contracts/staff-team.ts): the caller's role, members, invitations, changes
 * of role and removals, each checked against the domain's role rules in the use case.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuthResponse, OkResponse } from '@servery/contracts/accounts';
import { ErrorEnvelope } from '@servery/contracts/errors';
import {
  AcceptInvitationRequest,
  ChangeStaffRoleRequest,
  ChangeStaffRoleResponse,
  InviteStaffRequest,
  InviteStaffResponse,
  LookUpInvitationRequest,
  LookUpInvitationResponse,
  StaffInvitationParams,
  StaffMe,
  StaffMemberParams,
  StaffTeamResponse,
} from '@servery/contracts/staff-team';
import { tenantOf } from '../../plugins/request-context';
import { setSessionCookies } from '../../plugins/session';
import {
  acceptInvitation,
  changeStaffRole,
  getTeam,
  inviteStaff,
  lookUpInvitation,
  removeStaffMember,
  revokeStaffInvitation,
  staffMe,
} from '../../use-cases/staff/staff-team';
import { staffCaller } from './staff-caller';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 429: ErrorEnvelope };

export interface StaffTeamRoutesOptions {
  /** Where invitation links point (config PUBLIC_URL), never the request's Host. */
  publicUrl: string;
}

export const staffTeamRoutes: FastifyPluginAsyncZod<StaffTeamRoutesOptions> = async (app, options) => {
  app.get(
    '/api/staff/me',
    { schema: { tags: ['staff'], summary: "The caller's role in the restaurant's team", response: { 200: StaffMe, ...errors } } },
    async (request) => {
      const { restaurant, actor } = await staffCaller(request, 'orders');
      return staffMe(restaurant, actor, request.locale);
    },
  );

  app.get(
    '/api/staff/team',
    {
      schema: {
        tags: ['staff'],
        summary: 'The team: members, open invitations and the latest changes (owners and managers)',
        response: { 200: StaffTeamResponse, ...errors },
      },
    },
    async (request) => {
      const { restaurant, actor } = await staffCaller(request, 'team');
      return getTeam(app.database.db, restaurant, actor, app.now());
    },
  );

  app.post(
    '/api/staff/invitations',
    {
      schema: {
        tags: ['staff'],
        summary: 'Invite an e-mail to the team with a role; the link is single use and expires',
        body: InviteStaffRequest,
        response: { 200: InviteStaffResponse, ...errors },
      },
    },
    async (request) => {
      const { restaurant, actor } = await staffCaller(request, 'team');
      const invitation = await inviteStaff(
        app.database,
        app.ports.mailer,
        { restaurant, actor, email: request.body.email, role: request.body.role, publicUrl: options.publicUrl, locale: request.locale },
        app.now(),
      );
      return { invitation };
    },
  );

  app.delete(
    '/api/staff/invitations/:id',
    {
      schema: {
        tags: ['staff'],
        summary: 'Revoke an invitation: its link stops working',
        params: StaffInvitationParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      const { restaurant, actor } = await staffCaller(request, 'team');
      await revokeStaffInvitation(app.database, restaurant, actor, request.params.id, app.now());
      return { ok: true as const };
    },
  );

  app.post(
    '/api/staff/members/:userId/role',
    {
      schema: {
        tags: ['staff'],
        summary: "Change a member's role",
        params: StaffMemberParams,
        body: ChangeStaffRoleRequest,
        response: { 200: ChangeStaffRoleResponse, ...errors },
      },
    },
    async (request) => {
      const { restaurant, actor } = await staffCaller(request, 'team');
      return { member: await changeStaffRole(app.database, restaurant, actor, request.params.userId, request.body.role, app.now()) };
    },
  );

  app.delete(
    '/api/staff/members/:userId',
    {
      schema: {
        tags: ['staff'],
        summary: 'Remove a member from the team (anyone may remove themselves, except the last owner)',
        params: StaffMemberParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      // Leaving needs no team rights: any member may remove themselves.
      const self = await staffCaller(request, 'orders');
      const caller = self.actor.userId === request.params.userId ? self : await staffCaller(request, 'team');
      await removeStaffMember(app.database, caller.restaurant, caller.actor, request.params.userId, app.now());
      return { ok: true as const };
    },
  );

  app.post(
    '/api/staff/invitations/look-up',
    {
      schema: {
        tags: ['staff'],
        summary: 'What an invitation link offers (no session needed)',
        body: LookUpInvitationRequest,
        response: { 200: LookUpInvitationResponse, ...errors },
      },
    },
    async (request) => lookUpInvitation(app.database.db, await tenantOf(request), request.body.token, app.now()),
  );

  app.post(
    '/api/staff/invitations/accept',
    {
      schema: {
        tags: ['staff'],
        summary: "Accept an invitation: sign in to (or create) the invited e-mail's account and join the team",
        body: AcceptInvitationRequest,
        response: { 200: AuthResponse, ...errors },
      },
    },
    async (request, reply) => {
      const restaurant = await tenantOf(request);
      const accepted = await acceptInvitation(app.database, restaurant, { ...request.body, ip: request.ip }, app.now());
      setSessionCookies(request, reply, accepted.kind, accepted.token, accepted.userId);
      return { token: accepted.token, user: accepted.user };
    },
  );
};
