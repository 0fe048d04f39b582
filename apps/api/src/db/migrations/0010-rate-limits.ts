import type { Kysely } from 'kysely';

/**
 * Rate limits shared by every server process (docs/decisions/0015-rate-limits.md):
 * - rate_limits: one counter per bucket ("sign-in-pair:<account>:<address>", "gift-card-address:<address>",
 *   ...) and fixed window. A hit is reserved by one upsert that only increments below the limit, so
 *   concurrent requests can never take more than the limit between them.
 * - sign_in_addresses: the addresses (hashed) each account signed in from, so the account's owner is
 *   not slowed by the ceiling that an attack on the account raises.
 * login_attempts, the counted-after-the-check log this replaces, is dropped.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('bucket', 'text', (col) => col.notNull())
    .addColumn('window_start', 'text', (col) => col.notNull())
    .addColumn('hits', 'integer', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('rate_limits_pk', ['bucket', 'window_start'])
    .execute();
  await db.schema.createIndex('rate_limits_expires_idx').on('rate_limits').columns(['expires_at']).execute();
  await db.schema
    .createTable('sign_in_addresses')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('address_hash', 'text', (col) => col.notNull())
    .addColumn('last_seen_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('sign_in_addresses_pk', ['user_id', 'address_hash'])
    .execute();
  await db.schema.dropTable('login_attempts').execute();
}
