/**
 * Social sign-in's records (use-cases/accounts/social-sign-in.ts, social-code-flow.ts): the identities
 * linked to users, the ID tokens already spent (kept until they could no longer be accepted) and the
 * sign-ins under way.
 */
import { PostgresAdapter, type Insertable, type Selectable } from 'kysely';
import type { Executor } from '../kernel/executor';
import type { SocialSignInFlowsTable, UserIdentitiesTable } from '../kernel/schema';

export async function deleteExpiredTokenUses(db: Executor, before: string): Promise<void> {
  await db.deleteFrom('social_token_uses').where('expires_at', '<', before).execute();
}

/** Throws a unique violation when the token was spent already (db/unique-violation.ts). */
export async function insertTokenUse(db: Executor, tokenHash: string, expiresAt: string): Promise<void> {
  await db.insertInto('social_token_uses').values({ token_hash: tokenHash, expires_at: expiresAt }).execute();
}

/** The user an identity (issuer, subject) is linked to, or null. */
export async function findIdentityUser(db: Executor, issuer: string, subject: string): Promise<number | null> {
  const row = await db
    .selectFrom('user_identities')
    .select('user_id')
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row ? row.user_id : null;
}

/**
 * A link made before identities kept their issuer (provider, subject, no issuer): it takes this
 * issuer and its user is answered; null when there is none.
 */
export async function claimLegacyIdentity(db: Executor, provider: string, subject: string, issuer: string): Promise<number | null> {
  const row = await db
    .updateTable('user_identities')
    .set({ issuer })
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .where('issuer', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  return row ? row.user_id : null;
}

export async function insertIdentity(db: Executor, row: Insertable<UserIdentitiesTable>): Promise<void> {
  await db.insertInto('user_identities').values(row).execute();
}

export type SocialSignInFlow = Selectable<SocialSignInFlowsTable>;

export async function insertSignInFlow(db: Executor, row: SocialSignInFlow, expiredBefore: string): Promise<void> {
  await db.deleteFrom('social_sign_in_flows').where('expires_at', '<', expiredBefore).execute();
  await db.insertInto('social_sign_in_flows').values(row).execute();
}

/**
 * Keeps the names a form_post provider posted (Apple's `user` field) on the flow of this state, only
 * while it is unspent (still here), unexpired and this provider's, and only once (the first post's).
 * Whether a row took them.
 */
export async function keepPostedNames(
  db: Executor,
  flow: { stateHash: string; provider: string },
  names: { firstName: string; lastName: string },
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('social_sign_in_flows')
    .set({ posted_first_name: names.firstName, posted_last_name: names.lastName })
    .where('state_hash', '=', flow.stateHash)
    .where('provider', '=', flow.provider)
    .where('expires_at', '>', now)
    .where('posted_first_name', 'is', null)
    .where('posted_last_name', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Takes a flow out (it can be used once): the row, or null when there is none. */
export async function takeSignInFlow(db: Executor, stateHash: string): Promise<SocialSignInFlow | null> {
  const row = await db.deleteFrom('social_sign_in_flows').where('state_hash', '=', stateHash).returningAll().executeTakeFirst();
  return row ?? null;
}

/** The providers (their `type`) linked to a user. */
export async function linkedProvidersOf(db: Executor, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('user_identities').select('provider').where('user_id', '=', userId).execute();
  return [...new Set(rows.map((row) => row.provider))];
}

/** Removes every identity of this provider from the user; how many went. */
export async function deleteUserIdentities(db: Executor, userId: number, provider: string): Promise<number> {
  const rows = await db
    .deleteFrom('user_identities')
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .returning('subject')
    .execute();
  return rows.length;
}

/** Whether this session still signs this user in (not revoked, not expired). */
export async function isSessionActive(db: Executor, sessionId: string, userId: number, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Holds the user's row until the transaction ends (PostgreSQL; SQLite runs one writer at a time), so
 * two disconnects at once cannot each leave the other as the account's last way in.
 */
export async function lockUserForLinks(db: Executor, userId: number): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  }
}
