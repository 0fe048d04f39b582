import type { Kysely } from 'kysely';

/**
 * Social sign-in (docs/decisions/0012-social-sign-in.md).
 *
 * - user_identities: which provider account (provider, subject) signs in as which user. The subject
 *   is the provider's stable id for the person; the e-mail is kept only as it was when linked.
 * - social_token_uses: the SHA-256 of every ID token that opened a session, until the token expires,
 *   so a token copied from a browser or a log cannot open a second session.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_identities')
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('user_identities_pk', ['provider', 'subject'])
    .execute();
  await db.schema.createIndex('user_identities_user_idx').on('user_identities').columns(['user_id']).execute();

  await db.schema
    .createTable('social_token_uses')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('social_token_uses_expiry_idx').on('social_token_uses').columns(['expires_at']).execute();
}
