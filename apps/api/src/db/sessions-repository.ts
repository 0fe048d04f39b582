/** Sessions and password reset links (migration 0005). Tokens arrive already hashed. */
import { randomUUID } from 'node:crypto';
import type { Executor } from '../kernel/executor';
import type { SessionKind } from '../kernel/schema';

export interface ActiveSession {
  id: string;
  userId: number;
  kind: SessionKind;
  expiresAt: string;
  /** A login-as session (use-cases/suites/login-as.ts): who acts and for which event suite; null otherwise. */
  loginAs: LoginAs | null;
}

/** The operator acting in a login-as session, the one event suite it orders for, and the guest it orders for (null: the owner). */
export interface LoginAs {
  operatorUserId: number;
  eventSuiteId: number;
  guestName: string | null;
}

export async function insertSession(
  db: Executor,
  session: {
    tokenHash: string;
    userId: number;
    kind: SessionKind;
    now: Date;
    expiresAt: Date;
    loginAs?: LoginAs | null;
  },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('sessions')
    .values({
      id,
      token_hash: session.tokenHash,
      user_id: session.userId,
      kind: session.kind,
      created_at: session.now.toISOString(),
      expires_at: session.expiresAt.toISOString(),
      revoked_at: null,
      login_as_operator_id: session.loginAs?.operatorUserId ?? null,
      login_as_event_suite_id: session.loginAs?.eventSuiteId ?? null,
      login_as_guest_name: session.loginAs?.guestName ?? null,
    })
    .execute();
  return id;
}

/** The session of this token if it is neither revoked nor expired (of the given kind when one is named). */
export async function findActiveSession(db: Executor, tokenHash: string, now: Date, kind?: SessionKind): Promise<ActiveSession | null> {
  let query = db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'kind', 'expires_at', 'login_as_operator_id', 'login_as_event_suite_id', 'login_as_guest_name'])
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString());
  if (kind) query = query.where('kind', '=', kind);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const loginAs =
    row.login_as_operator_id !== null && row.login_as_event_suite_id !== null
      ? { operatorUserId: row.login_as_operator_id, eventSuiteId: row.login_as_event_suite_id, guestName: row.login_as_guest_name }
      : null;
  return { id: row.id, userId: row.user_id, kind: row.kind, expiresAt: row.expires_at, loginAs };
}

/** Revokes the session of this token; the kind it had, or null when there was none to revoke. */
export async function revokeSessionByHash(db: Executor, tokenHash: string, now: Date): Promise<SessionKind | null> {
  const row = await db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString() })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .returning('kind')
    .executeTakeFirst();
  return row?.kind ?? null;
}

/** Ends every session of a user (a password change or reset), except the one named. */
export async function revokeUserSessions(db: Executor, userId: number, now: Date, exceptId?: string): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptId) query = query.where('id', '!=', exceptId);
  await query.execute();
}

export async function insertPasswordReset(
  db: Executor,
  reset: { tokenHash: string; userId: number; now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({
      token_hash: reset.tokenHash,
      user_id: reset.userId,
      created_at: reset.now.toISOString(),
      expires_at: reset.expiresAt.toISOString(),
      used_at: null,
    })
    .execute();
}

/**
 * Marks an unused, unexpired reset link used and answers its user, in one statement: two requests
 * with the same link cannot both get a user.
 */
export async function consumePasswordReset(db: Executor, tokenHash: string, now: Date): Promise<number | null> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}
