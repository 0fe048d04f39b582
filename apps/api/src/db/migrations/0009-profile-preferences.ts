import type { Kysely } from 'kysely';

/**
 * Profile preferences (spec accounts-and-suites.md section 2, ProfileSettings): the tip the
 * diner wants preselected at checkout (a whole percentage) and a promo code to try on their orders.
 * Both are optional, so existing accounts need no value.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('default_tip_percent', 'integer').execute();
  await db.schema.alterTable('users').addColumn('promo_code', 'text').execute();
}
