import type { Kysely } from 'kysely';

/**
 * Social sign-in by the authorization-code flow (docs/decisions/0117-social-sign-in-code-flow.md).
 *
 * - user_identities gains `issuer`: an account is found by (issuer, subject), the pair OpenID Connect
 *   says identifies a person (Core 1.0 section 5.7). Links made before keep a null issuer until their
 *   next sign-in fills it in (use-cases/accounts/social-sign-in.ts).
 * - social_sign_in_flows: a sign-in under way, from the redirect to the provider to its return, found
 *   by the SHA-256 of its `state`: the nonce and PKCE code verifier it sent, the hash of the value of
 *   the browser cookie that must come back with it, where to return and until when. Used once, then
 *   deleted; expired ones are deleted as new ones start. In the database, not in one process's
 *   memory, so the provider's return may reach another server process.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_identities').addColumn('issuer', 'text').execute();
  await db.schema.createIndex('user_identities_issuer_subject').on('user_identities').columns(['issuer', 'subject']).unique().execute();

  await db.schema
    .createTable('social_sign_in_flows')
    .addColumn('state_hash', 'text', (col) => col.primaryKey())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('nonce', 'text', (col) => col.notNull())
    .addColumn('code_verifier', 'text', (col) => col.notNull())
    .addColumn('browser_hash', 'text', (col) => col.notNull())
    .addColumn('return_to', 'text', (col) => col.notNull())
    .addColumn('home_restaurant_id', 'integer')
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('social_sign_in_flows_expiry_idx').on('social_sign_in_flows').columns(['expires_at']).execute();
}
