/**
 * A restaurant's team (packages/domain/src/staff-roles.ts). Every call is for the request's
 * restaurant (X-Restaurant-Id) and, except the two invitation-link calls, needs a session of one of
 * its staff; what a role may change is the domain's rule, refused with 403 STAFF_ROLE_NOT_ALLOWED.
 *
 * - GET /api/staff/me: the caller's role here and the areas it opens (403 STAFF_ONLY otherwise).
 * - GET /api/staff/team: members, open invitations and the latest changes (who, what, when).
 * - POST /api/staff/invitations {email, role}: e-mails a single-use link that expires.
 * - DELETE /api/staff/invitations/:id: the link stops working.
 * - POST /api/staff/members/:userId/role {role}; DELETE /api/staff/members/:userId.
 * - POST /api/staff/invitations/look-up {token}: what an invitation link offers (no session).
 * - POST /api/staff/invitations/accept {token, password, firstName?, lastName?}: signs in the
 *   invited e-mail's account (or creates it) and joins the team; answers like a login.
 */
import { STAFF_AREAS, STAFF_ROLES } from '@servery/domain/staff-roles';
import { z } from 'zod';

const IsoDateTime = z.string().describe('ISO-8601 date and time (UTC)');

export const StaffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRoleSchema = z.infer<typeof StaffRoleSchema>;
export const StaffAreaSchema = z.enum(STAFF_AREAS);
export type StaffAreaSchema = z.infer<typeof StaffAreaSchema>;

export const StaffMe = z
  .object({
    restaurant: z.object({
      id: z.number().int(),
      slug: z.string(),
      name: z.string(),
      zone: z.string().describe('IANA time zone of its clock'),
      k12: z.boolean().describe('A school: its console has the production list'),
      kitchen_targets: z
        .object({ warning_minutes: z.number().int(), late_minutes: z.number().int() })
        .describe("The board's ticket timers: minutes after which a ticket is running long, then late"),
      kitchen_stations: z
        .array(z.object({ id: z.string(), name: z.string() }))
        .describe("The kitchen's stations (decision 0107), named in the caller's language; the first takes the sections that name none")
        .optional(),
    }),
    user: z.object({ id: z.number().int(), email: z.string(), name: z.string() }),
    role: StaffRoleSchema,
    areas: z.array(StaffAreaSchema),
  })
  .meta({ id: 'StaffMe' });
export type StaffMe = z.infer<typeof StaffMe>;

export const StaffMember = z.object({
  user_id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: StaffRoleSchema,
  since: IsoDateTime,
});
export type StaffMember = z.infer<typeof StaffMember>;

export const StaffInvitation = z.object({
  id: z.uuid(),
  email: z.string(),
  role: StaffRoleSchema,
  invited_by: z.string().nullable().describe("The inviter's e-mail"),
  created_at: IsoDateTime,
  expires_at: IsoDateTime,
});
export type StaffInvitation = z.infer<typeof StaffInvitation>;

export const STAFF_AUDIT_ACTIONS = [
  'invited',
  'invitation_revoked',
  'joined',
  'role_changed',
  'removed',
  // Availability (contracts/staff-availability.ts): the subject is the item's or section's name.
  'sold_out',
  'back_in_stock',
  // Stock counts: the subject is the count and the item's name ("12 Poutine"), or the name alone when the count is dropped.
  'stock_counted',
  'stock_uncounted',
  'paused',
  'resumed',
  // Webhooks (contracts/staff-webhooks.ts): the subject is the endpoint's URL.
  'webhook_added',
  'webhook_removed',
  // The kitchen printer (contracts/staff-printer.ts): the subject is host:port, or the order's number for a reprint.
  'printer_set',
  'printer_removed',
  'printer_test',
  'ticket_reprinted',
  // A partial refund (contracts/staff.ts): the subject is the order's number; amount and reason with it.
  'refunded_part',
  // A kitchen station's bump or recall (decision 0107): the subject is the order's number and the station's name ("#12 · Bar").
  'station_bumped',
  'station_recalled',
] as const;
export const StaffAuditEntry = z.object({
  id: z.string(),
  at: IsoDateTime,
  actor: z.string().describe('E-mail of who made the change'),
  action: z.enum(STAFF_AUDIT_ACTIONS),
  subject: z.string().describe('Whom or what the change was about (an e-mail)'),
  role: StaffRoleSchema.nullable().describe('The role given, when the change gives one'),
  from_role: StaffRoleSchema.nullable().describe('The role before a change of role'),
  amount: z.number().int().nullable().optional().describe('Cents, of a refund'),
  reason: z.string().nullable().optional().describe('Why, of a refund'),
});
export type StaffAuditEntry = z.infer<typeof StaffAuditEntry>;

export const StaffTeamResponse = z
  .object({
    members: z.array(StaffMember),
    invitations: z.array(StaffInvitation),
    audit: z.array(StaffAuditEntry),
    assignable_roles: z.array(StaffRoleSchema).describe('The roles the caller may hand out'),
  })
  .meta({ id: 'StaffTeamResponse' });
export type StaffTeamResponse = z.infer<typeof StaffTeamResponse>;

export const InviteStaffRequest = z.strictObject({ email: z.string().max(254), role: StaffRoleSchema });
export type InviteStaffRequest = z.infer<typeof InviteStaffRequest>;
export const InviteStaffResponse = z.object({ invitation: StaffInvitation });
export type InviteStaffResponse = z.infer<typeof InviteStaffResponse>;

export const StaffInvitationParams = z.object({ id: z.uuid() });
export type StaffInvitationParams = z.infer<typeof StaffInvitationParams>;
export const StaffMemberParams = z.object({ userId: z.coerce.number().int().positive() });
export type StaffMemberParams = z.infer<typeof StaffMemberParams>;
export const ChangeStaffRoleRequest = z.strictObject({ role: StaffRoleSchema });
export type ChangeStaffRoleRequest = z.infer<typeof ChangeStaffRoleRequest>;
export const ChangeStaffRoleResponse = z.object({ member: StaffMember });
export type ChangeStaffRoleResponse = z.infer<typeof ChangeStaffRoleResponse>;

const InvitationToken = z.string().min(1).max(200);
export const LookUpInvitationRequest = z.strictObject({ token: InvitationToken });
export type LookUpInvitationRequest = z.infer<typeof LookUpInvitationRequest>;
export const LookUpInvitationResponse = z.object({
  email: z.string(),
  role: StaffRoleSchema,
  restaurant_name: z.string(),
  has_account: z.boolean().describe('True: accept with the account’s password; false: with a name and a new password'),
});
export type LookUpInvitationResponse = z.infer<typeof LookUpInvitationResponse>;
export const AcceptInvitationRequest = z.strictObject({
  token: InvitationToken,
  password: z.string().max(200),
  firstName: z.string().max(200).optional(),
  lastName: z.string().max(200).optional(),
});
export type AcceptInvitationRequest = z.infer<typeof AcceptInvitationRequest>;
