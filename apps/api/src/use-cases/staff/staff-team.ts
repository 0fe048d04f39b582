/**
 * A restaurant's team: who is staff, with which role (packages/domain/src/staff-roles.ts), and how
 * that changes: invitations by e-mail (a single-use link through the mailer port that expires),
 * changes of role, removals. Every change is one transaction with its audit row (who, what, when),
 * so the audit never misses a change nor records one that did not happen.
 */
import { addStaffOf } from '../../db/data-scope';
import type { AccountUser } from '@servery/contracts/accounts';
import type { ErrorName } from '@servery/contracts/errors';
import type { StaffAuditEntry, StaffInvitation, StaffMe, StaffMember, StaffTeamResponse } from '@servery/contracts/staff-team';
import { kitchenStationsOf, type Locale } from '@servery/contracts/tenant-file';
import { displayFullName, normaliseEmail, validateEmail } from '@servery/domain/card';
import {
  assignableRoles,
  canChangeRole,
  canInvite,
  canOpen,
  canRemoveMember,
  invitationExpiry,
  isStaffRole,
  ROLE_AREAS,
  STAFF_INVITATION_DAYS,
  type StaffArea,
  type StaffRole,
  type TeamDecision,
} from '@servery/domain/staff-roles';
import { findUserByEmail, findUserById } from '../../db/accounts-repository';
import { findStaffVendor } from '../../db/marketplace-orders-repository';
import type { Db } from '../../db/database';
import type { Restaurant } from '../../db/restaurants-repository';
import { revokeUserSessions } from '../../db/sessions-repository';
import {
  consumeInvitation,
  deleteMember,
  findOpenInvitation,
  findOpenInvitationByToken,
  findStaffRole,
  insertAudit,
  insertInvitation,
  listAudit,
  listMembers,
  listOpenInvitations,
  revokeInvitation,
  setMemberRole,
  upsertMember,
  type InvitationRecord,
  type MemberRecord,
} from '../../db/staff-repository';
import { AppError } from '../../lib/app-error';
import { hashToken, newSecretToken } from '../../lib/session-tokens';
import type { Mailer } from '../../ports/mailer';
import type { Executor } from '../../kernel/executor';
import { accountUser, checkFields } from '../accounts/account-view';
import { loginNative, registerUser } from '../accounts/authenticate';

/** The latest changes the team screen shows. */
export const AUDIT_SHOWN = 50;

export interface StaffActor {
  userId: number;
  email: string;
  name: string;
  role: StaffRole;
  /** A marketplace hub's vendor whose counter the member works: they see and move its orders only; null for the whole restaurant. */
  vendorId: number | null;
}

/**
 * The caller as staff of this restaurant, allowed into `area`; STAFF_ONLY, or `refusal` for a role
 * that does not open `area` (STAFF_ROLE_NOT_ALLOWED unless the route names its own), otherwise.
 */
export async function requireStaff(
  db: Executor,
  restaurant: Restaurant,
  userId: number,
  area: StaffArea,
  refusal: ErrorName = 'STAFF_ROLE_NOT_ALLOWED',
): Promise<StaffActor> {
  const [role, user, vendorId] = await Promise.all([
    findStaffRole(db, restaurant.id, userId),
    findUserById(db, userId),
    findStaffVendor(db, restaurant.id, userId),
  ]);
  if (!role || !isStaffRole(role) || !user) throw new AppError('STAFF_ONLY');
  if (!canOpen(role, area)) throw new AppError(refusal);
  // A verified member of this restaurant's team: its students open to the rest of the request (db/data-scope.ts).
  addStaffOf(restaurant.id);
  return { userId, email: user.email, name: nameOf(user), role, vendorId };
}

function nameOf(user: { email: string; first_name: string; last_name: string }): string {
  return displayFullName({ first_name: user.first_name, last_name: user.last_name }) ?? user.email;
}

export function staffMe(restaurant: Restaurant, actor: StaffActor, locale: Locale = 'en-CA'): StaffMe {
  return {
    restaurant: {
      id: restaurant.id,
      slug: restaurant.slug,
      // In the person's language, as the diner's pages name the restaurant (the file's localization).
      name: restaurant.settings.localization?.[locale]?.name || restaurant.settings.name,
      zone: restaurant.settings.zone,
      k12: restaurant.settings.k12 === true,
      kitchen_targets: restaurant.settings.kitchen_targets,
      kitchen_stations: kitchenStationsOf(restaurant.settings).map((station) => ({ id: station.id, name: station.name[locale] })),
    },
    user: { id: actor.userId, email: actor.email, name: actor.name },
    role: actor.role,
    areas: [...ROLE_AREAS[actor.role]],
  };
}

const toMember = (row: MemberRecord): StaffMember => ({
  user_id: row.user_id,
  email: row.email,
  name: nameOf(row),
  role: row.role,
  since: row.since,
});

const toInvitation = (row: InvitationRecord): StaffInvitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  invited_by: row.invited_by_email,
  created_at: row.created_at,
  expires_at: row.expires_at,
});

function toAudit(row: {
  id: string;
  at: string;
  actor_email: string;
  action: string;
  subject: string;
  detail: string | null;
}): StaffAuditEntry {
  const detail = row.detail ? (JSON.parse(row.detail) as Record<string, string>) : {};
  return {
    id: row.id,
    at: row.at,
    actor: row.actor_email,
    action: row.action as StaffAuditEntry['action'],
    subject: row.subject,
    role: isStaffRole(detail.role) ? detail.role : null,
    from_role: isStaffRole(detail.from) ? detail.from : null,
    ...(row.action === 'refunded_part' && { amount: Number(detail.amount) || 0, reason: detail.reason ?? null }),
  };
}

export async function getTeam(db: Executor, restaurant: Restaurant, actor: StaffActor, now: Date): Promise<StaffTeamResponse> {
  const [members, invitations, audit] = await Promise.all([
    listMembers(db, restaurant.id),
    listOpenInvitations(db, restaurant.id, now),
    listAudit(db, restaurant.id, AUDIT_SHOWN),
  ]);
  return {
    members: members.map(toMember),
    invitations: invitations.map(toInvitation),
    audit: audit.map(toAudit),
    assignable_roles: [...assignableRoles(actor.role)],
  };
}

function refuse(decision: TeamDecision): void {
  if (!decision.ok) throw new AppError(decision.error === 'LAST_OWNER' ? 'STAFF_LAST_OWNER' : 'STAFF_ROLE_NOT_ALLOWED');
}

const ROLE_WORDS: Record<Locale, Record<StaffRole, string>> = {
  'en-CA': { owner: 'an owner', manager: 'a manager', staff: 'staff' },
  'fr-CA': { owner: 'propriétaire', manager: 'gestionnaire', staff: 'membre du personnel' },
};

function invitationEmail(locale: Locale, input: { restaurant: string; inviter: string; role: StaffRole; link: string }) {
  const role = ROLE_WORDS[locale][input.role];
  if (locale === 'fr-CA') {
    return {
      subject: `${input.restaurant} : invitation à rejoindre l’équipe`,
      text: `Bonjour,\n\n${input.inviter} vous invite à rejoindre l’équipe de ${input.restaurant} comme ${role}.\n\nPour accepter, ouvrez ce lien dans les ${STAFF_INVITATION_DAYS} jours :\n${input.link}\n\nLe lien ne sert qu’une fois. Si vous ne vous attendiez pas à cette invitation, ignorez ce courriel.\n`,
    };
  }
  return {
    subject: `${input.restaurant}: join the team`,
    text: `Hello,\n\n${input.inviter} invites you to join the team of ${input.restaurant} as ${role}.\n\nTo accept, open this link within ${STAFF_INVITATION_DAYS} days:\n${input.link}\n\nThe link works once. If you did not expect this invitation, ignore this e-mail.\n`,
  };
}

/** Invites an e-mail to the team: a new link replaces any earlier one that still works for it. */
export async function inviteStaff(
  database: Db,
  mailer: Mailer,
  input: { restaurant: Restaurant; actor: StaffActor; email: string; role: StaffRole; publicUrl: string; locale: Locale },
  now: Date,
): Promise<StaffInvitation> {
  const { restaurant, actor, role } = input;
  refuse(canInvite(actor.role, role));
  const email = normaliseEmail(checkFields({ email: validateEmail(input.email) }).email);
  const token = newSecretToken();
  const link = `${input.publicUrl}/${restaurant.slug}/staff/join?token=${token}`;
  const message = invitationEmail(input.locale, { restaurant: restaurant.settings.name, inviter: actor.name, role, link });
  return database.db.transaction().execute(async (trx) => {
    const existing = await findUserByEmail(trx, email);
    if (existing && (await findStaffRole(trx, restaurant.id, existing.id))) throw new AppError('STAFF_ALREADY_MEMBER');
    for (const open of await listOpenInvitations(trx, restaurant.id, now)) {
      if (open.email === email) await revokeInvitation(trx, restaurant.id, open.id, now);
    }
    const id = await insertInvitation(trx, {
      restaurantId: restaurant.id,
      email,
      role,
      tokenHash: hashToken(token),
      invitedBy: actor.userId,
      now,
      expiresAt: invitationExpiry(now),
    });
    await mailer.send(
      trx,
      { restaurantId: restaurant.id, to: email, subject: message.subject, text: message.text, locale: input.locale, orderId: null },
      now,
    );
    await insertAudit(trx, { restaurantId: restaurant.id, actor, action: 'invited', subject: email, detail: { role } }, now);
    const created = await findOpenInvitation(trx, restaurant.id, id, now);
    if (!created) throw new AppError('INTERNAL');
    return toInvitation(created);
  });
}

/** The link stops working; an invitation of a role the caller cannot give is not theirs to revoke. */
export async function revokeStaffInvitation(database: Db, restaurant: Restaurant, actor: StaffActor, id: string, now: Date): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    const invitation = await findOpenInvitation(trx, restaurant.id, id, now);
    if (!invitation) throw new AppError('STAFF_INVITATION_INVALID');
    refuse(canInvite(actor.role, invitation.role));
    if (!(await revokeInvitation(trx, restaurant.id, id, now))) throw new AppError('STAFF_INVITATION_INVALID');
    await insertAudit(
      trx,
      { restaurantId: restaurant.id, actor, action: 'invitation_revoked', subject: invitation.email, detail: { role: invitation.role } },
      now,
    );
  });
}

async function memberOf(database: Db, trx: Executor, restaurant: Restaurant, userId: number) {
  const members = await listMembers(trx, restaurant.id, database.dialect);
  const member = members.find((row) => row.user_id === userId);
  if (!member) throw new AppError('STAFF_MEMBER_NOT_FOUND');
  return { member, owners: members.filter((row) => row.role === 'owner').length };
}

export async function changeStaffRole(
  database: Db,
  restaurant: Restaurant,
  actor: StaffActor,
  userId: number,
  role: StaffRole,
  now: Date,
): Promise<StaffMember> {
  return database.db.transaction().execute(async (trx) => {
    const { member, owners } = await memberOf(database, trx, restaurant, userId);
    if (member.role === role) return toMember(member);
    refuse(canChangeRole({ actor: actor.role, from: member.role, to: role, owners }));
    if (!(await setMemberRole(trx, restaurant.id, userId, role))) throw new AppError('STAFF_MEMBER_NOT_FOUND');
    // A change of privilege ends the person's sessions (issue 29 item 1; OWASP: a new session at every
    // privilege change): they sign in again under the new role, and their open streams end.
    await revokeUserSessions(trx, userId, now);
    await insertAudit(
      trx,
      { restaurantId: restaurant.id, actor, action: 'role_changed', subject: member.email, detail: { role, from: member.role } },
      now,
    );
    return toMember({ ...member, role });
  });
}

/** Removes a member (or the caller, leaving); their next staff call is STAFF_ONLY, since every call checks the team. */
export async function removeStaffMember(database: Db, restaurant: Restaurant, actor: StaffActor, userId: number, now: Date): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    const { member, owners } = await memberOf(database, trx, restaurant, userId);
    refuse(canRemoveMember({ actor: actor.role, member: member.role, self: userId === actor.userId, owners }));
    if (!(await deleteMember(trx, restaurant.id, userId))) throw new AppError('STAFF_MEMBER_NOT_FOUND');
    // A removed member is signed out everywhere at once; one leaving the team keeps the session they
    // are leaving from (what they lose is the team's areas, which every call checks).
    if (userId !== actor.userId) await revokeUserSessions(trx, userId, now);
    await insertAudit(
      trx,
      { restaurantId: restaurant.id, actor, action: 'removed', subject: member.email, detail: { from: member.role } },
      now,
    );
  });
}

export async function lookUpInvitation(db: Executor, restaurant: Restaurant, token: string, now: Date) {
  const invitation = await findOpenInvitationByToken(db, restaurant.id, hashToken(token), now);
  if (!invitation) throw new AppError('STAFF_INVITATION_INVALID');
  return {
    email: invitation.email,
    role: invitation.role,
    restaurant_name: restaurant.settings.name,
    has_account: (await findUserByEmail(db, invitation.email)) !== null,
  };
}

/**
 * Accepts an invitation: the invited e-mail's account signs in with its password (the sign-in
 * limits apply), or is created with a name and a new password; then the invitation is used, once,
 * and the account joins the team. A member already on the team keeps the role they have.
 */
export async function acceptInvitation(
  database: Db,
  restaurant: Restaurant,
  input: { token: string; password: string; firstName?: string | undefined; lastName?: string | undefined; ip: string },
  now: Date,
): Promise<{ token: string; kind: 'user' | 'operator'; userId: number; user: AccountUser }> {
  const db = database.db;
  const invitation = await findOpenInvitationByToken(db, restaurant.id, hashToken(input.token), now);
  if (!invitation) throw new AppError('STAFF_INVITATION_INVALID');
  const existing = await findUserByEmail(db, invitation.email);
  // Outside the transaction: a wrong password's counted attempt must not roll back with it.
  const signedIn = existing
    ? await loginNative(db, { email: invitation.email, password: input.password, ip: input.ip }, now)
    : await registerUser(
        db,
        { email: invitation.email, password: input.password, firstName: input.firstName ?? '', lastName: input.lastName ?? '' },
        input.ip,
        restaurant.id,
        now,
      );
  const user = signedIn.user;
  await db.transaction().execute(async (trx) => {
    if (!(await consumeInvitation(trx, invitation.id, user.id, now))) throw new AppError('STAFF_INVITATION_INVALID');
    if (!(await findStaffRole(trx, restaurant.id, user.id))) await upsertMember(trx, restaurant.id, user.id, invitation.role, now);
    await insertAudit(
      trx,
      {
        restaurantId: restaurant.id,
        actor: { userId: user.id, email: user.email },
        action: 'joined',
        subject: user.email,
        detail: { role: invitation.role },
      },
      now,
    );
  });
  return { token: signedIn.token, kind: signedIn.kind, userId: user.id, user: await accountUser(db, user, restaurant, now) };
}
