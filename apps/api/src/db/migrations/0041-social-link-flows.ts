import type { Kysely } from 'kysely';

/**
 * Linking a provider to a signed-in account (docs/decisions/0124-social-link-and-form-post.md): a flow
 * started from the profile remembers the account it links for and the session that started it. The
 * return links the provider's (issuer, subject) to that account only while that session is still
 * signed in; a flow without them is a sign-in, as before.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('social_sign_in_flows').addColumn('link_user_id', 'integer').execute();
  await db.schema.alterTable('social_sign_in_flows').addColumn('link_session_id', 'text').execute();
}
