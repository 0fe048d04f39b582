/** A restaurant's team (migrations 0008 and 0015): members, invitations and the audit of changes. */
import { randomUUID } from 'node:crypto';
import type { StaffRole } from '@servery/domain/staff-roles';
import type { Executor } from '../kernel/executor';
import type { Dialect } from './database';

export interface MemberRecord {
  user_id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: StaffRole;
  since: string;
}

export interface InvitationRecord {
  id: string;
  restaurant_id: number;
  email: string;
  role: StaffRole;
  invited_by_email: string | null;
  created_at: string;
  expires_at: string;
}

export async function findStaffRole(db: Executor, restaurantId: number, userId: number): Promise<StaffRole | null> {
  const row = await db
    .selectFrom('restaurant_staff')
    .select('role')
    .where('restaurant_id', '=', restaurantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role ?? null;
}

/**
 * The team, oldest member first. With `lock` (inside a transaction on PostgreSQL) the rows stay
 * locked until it ends, so two owners removing each other at once cannot leave the restaurant with
 * none: the second waits, then counts again. SQLite runs one writing transaction at a time anyway.
 */
export async function listMembers(db: Executor, restaurantId: number, lock: Dialect | null = null): Promise<MemberRecord[]> {
  let query = db
    .selectFrom('restaurant_staff')
    .innerJoin('users', 'users.id', 'restaurant_staff.user_id')
    .select([
      'restaurant_staff.user_id',
      'users.email',
      'users.first_name',
      'users.last_name',
      'restaurant_staff.role',
      'restaurant_staff.created_at as since',
    ])
    .where('restaurant_staff.restaurant_id', '=', restaurantId)
    .orderBy('restaurant_staff.created_at')
    .orderBy('restaurant_staff.user_id');
  if (lock === 'postgres') query = query.forUpdate();
  return query.execute();
}

export async function setMemberRole(db: Executor, restaurantId: number, userId: number, role: StaffRole): Promise<boolean> {
  const result = await db
    .updateTable('restaurant_staff')
    .set({ role })
    .where('restaurant_id', '=', restaurantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteMember(db: Executor, restaurantId: number, userId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('restaurant_staff')
    .where('restaurant_id', '=', restaurantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Adds the user to the team, or gives an existing member the role. */
export async function upsertMember(db: Executor, restaurantId: number, userId: number, role: StaffRole, now: Date): Promise<void> {
  await db
    .insertInto('restaurant_staff')
    .values({ restaurant_id: restaurantId, user_id: userId, role, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['restaurant_id', 'user_id']).doUpdateSet({ role }))
    .execute();
}

export async function insertInvitation(
  db: Executor,
  invitation: { restaurantId: number; email: string; role: StaffRole; tokenHash: string; invitedBy: number; now: Date; expiresAt: Date },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('staff_invitations')
    .values({
      id,
      restaurant_id: invitation.restaurantId,
      email: invitation.email,
      role: invitation.role,
      token_hash: invitation.tokenHash,
      invited_by: invitation.invitedBy,
      created_at: invitation.now.toISOString(),
      expires_at: invitation.expiresAt.toISOString(),
      accepted_at: null,
      accepted_by: null,
      revoked_at: null,
    })
    .execute();
  return id;
}

const openInvitations = (db: Executor, now: Date) =>
  db
    .selectFrom('staff_invitations')
    .leftJoin('users', 'users.id', 'staff_invitations.invited_by')
    .select([
      'staff_invitations.id',
      'staff_invitations.restaurant_id',
      'staff_invitations.email',
      'staff_invitations.role',
      'users.email as invited_by_email',
      'staff_invitations.created_at',
      'staff_invitations.expires_at',
    ])
    .where('staff_invitations.accepted_at', 'is', null)
    .where('staff_invitations.revoked_at', 'is', null)
    .where('staff_invitations.expires_at', '>', now.toISOString());

/** Invitations that still work, newest first. */
export async function listOpenInvitations(db: Executor, restaurantId: number, now: Date): Promise<InvitationRecord[]> {
  return openInvitations(db, now)
    .where('staff_invitations.restaurant_id', '=', restaurantId)
    .orderBy('staff_invitations.created_at', 'desc')
    .execute();
}

export async function findOpenInvitation(db: Executor, restaurantId: number, id: string, now: Date): Promise<InvitationRecord | null> {
  const row = await openInvitations(db, now)
    .where('staff_invitations.restaurant_id', '=', restaurantId)
    .where('staff_invitations.id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

export async function findOpenInvitationByToken(
  db: Executor,
  restaurantId: number,
  tokenHash: string,
  now: Date,
): Promise<InvitationRecord | null> {
  const row = await openInvitations(db, now)
    .where('staff_invitations.restaurant_id', '=', restaurantId)
    .where('staff_invitations.token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row ?? null;
}

export async function revokeInvitation(db: Executor, restaurantId: number, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('staff_invitations')
    .set({ revoked_at: now.toISOString() })
    .where('restaurant_id', '=', restaurantId)
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Uses the invitation once: true for the one caller that turned it from open to accepted. */
export async function consumeInvitation(db: Executor, id: string, userId: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('staff_invitations')
    .set({ accepted_at: now.toISOString(), accepted_by: userId })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface AuditInput {
  restaurantId: number;
  actor: { userId: number; email: string };
  action: string;
  subject: string;
  detail: Record<string, string> | null;
}

export async function insertAudit(db: Executor, entry: AuditInput, now: Date): Promise<void> {
  await db
    .insertInto('staff_audit')
    .values({
      id: randomUUID(),
      restaurant_id: entry.restaurantId,
      actor_user_id: entry.actor.userId,
      actor_email: entry.actor.email,
      action: entry.action,
      subject: entry.subject,
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
      at: now.toISOString(),
    })
    .execute();
}

export async function listAudit(db: Executor, restaurantId: number, limit: number) {
  return db
    .selectFrom('staff_audit')
    .select(['id', 'at', 'actor_email', 'action', 'subject', 'detail'])
    .where('restaurant_id', '=', restaurantId)
    .orderBy('at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}
