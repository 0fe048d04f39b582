import type { Kysely } from 'kysely';

/**
 * Accounts and sessions (spec accounts-and-suites.md sections 3 and 4).
 *
 * - sessions: one row per sign-in. Only the SHA-256 of the token is kept, so a copy of the database
 *   cannot be replayed as a login. `kind` keeps operator tokens apart from user tokens: a token only
 *   works for the kind it was issued as.
 * - password_resets: single-use reset links, stored hashed, expiring after an hour.
 * - login_attempts: failed logins (and lookups) per bucket ("login-email:<hash>", "login-ip:<ip>",
 *   ...), so limits hold across several API processes. The e-mail is hashed: an attempt for an
 *   address that has no account must not leave that address behind.
 * - user_credits: account credit grants per user and restaurant, each with its own expiry; the
 *   balance is what remains of the grants that have not expired. One grant per refunded order.
 * - user_subsidy_codes: the subsidy code a user entered at a restaurant.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').columns(['user_id']).execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('password_resets_user_idx').on('password_resets').columns(['user_id']).execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('bucket', 'text', (col) => col.notNull())
    .addColumn('attempted_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('login_attempts_bucket_idx').on('login_attempts').columns(['bucket', 'attempted_at']).execute();

  await db.schema
    .createTable('user_credits')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('remaining_cents', 'integer', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('order_id', 'text', (col) => col.unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('user_credits_user_idx').on('user_credits').columns(['restaurant_id', 'user_id']).execute();

  await db.schema
    .createTable('user_subsidy_codes')
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('user_subsidy_codes_pk', ['restaurant_id', 'user_id'])
    .execute();

  await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'placed_at']).execute();
}
