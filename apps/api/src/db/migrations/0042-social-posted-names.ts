import type { Kysely } from 'kysely';

/**
 * Apple's `user` form field (docs/decisions/0124-social-link-and-form-post.md): Apple posts the
 * person's first and last name with its form_post answer, on the first sign-in only, and its ID token
 * carries no name. The POST callback keeps them on the flow row of the state posted (unspent,
 * unexpired, that provider's), and the GET callback gives them to the account it creates, if it
 * creates one. They go with the row: taken (deleted) at the return, or deleted with the expired flows.
 * The table holds no tenant's rows (a flow is the person's, before any account), so no row-level policy.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('social_sign_in_flows').addColumn('posted_first_name', 'text').execute();
  await db.schema.alterTable('social_sign_in_flows').addColumn('posted_last_name', 'text').execute();
}
