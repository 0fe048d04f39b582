/**
 * Social sign-in's records (use-cases/accounts/social-sign-in.ts): the identities linked to users and the ID
 * tokens already spent, kept until they could no longer be accepted.
 */
import type { Insertable } from 'kysely';
import type { Executor } from '../kernel/executor';
import type { UserIdentitiesTable } from '../kernel/schema';

export async function deleteExpiredTokenUses(db: Executor, before: string): Promise<void> {
  await db.deleteFrom('social_token_uses').where('expires_at', '<', before).execute();
}

/** Throws a unique violation when the token was spent already (db/unique-violation.ts). */
export async function insertTokenUse(db: Executor, tokenHash: string, expiresAt: string): Promise<void> {
  await db.insertInto('social_token_uses').values({ token_hash: tokenHash, expires_at: expiresAt }).execute();
}

/** The user an identity of a provider is linked to, or null. */
export async function findIdentityUser(db: Executor, provider: string, subject: string): Promise<number | null> {
  const row = await db
    .selectFrom('user_identities')
    .select('user_id')
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row ? row.user_id : null;
}

export async function insertIdentity(db: Executor, row: Insertable<UserIdentitiesTable>): Promise<void> {
  await db.insertInto('user_identities').values(row).execute();
}
