import { sql, type Kysely } from 'kysely';

/**
 * `users.home_restaurant_id`: the restaurant where the account was made (its sign-up form, its social
 * sign-in, its staff invitation). Accounts are shared by every restaurant of the platform, and an
 * e-mail about the account itself rather than an order (the password reset) is branded as the
 * restaurant its owner knows, not as whichever restaurant they last opened
 * (use-cases/accounts/reset-password.ts). Accounts made before this migration take the restaurant of
 * their first order; one with no order keeps null, and its reset e-mail is branded as the restaurant
 * it was asked from, as before. `on delete set null`: a restaurant removed leaves its accounts.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('home_restaurant_id', 'integer', (column) => column.references('restaurants.id').onDelete('set null'))
    .execute();
  await sql`
    update users set home_restaurant_id = (
      select o.restaurant_id from orders o where o.user_id = users.id order by o.placed_at, o.id limit 1
    )
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('home_restaurant_id').execute();
}
