import type { Kysely } from 'kysely';

/**
 * A restaurant's team (packages/domain/src/staff-roles.ts): restaurant_staff.role becomes owner,
 * manager or staff (the column is text already; rows from 0008 stay 'staff').
 * - staff_invitations: an invitation by e-mail, its link's token stored hashed; single use
 *   (accepted_at), revocable (revoked_at), and expiring (expires_at).
 * - staff_audit: every change to the team (and later to the restaurant's running) with who did it
 *   and when; rows are only ever added.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff_invitations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('invited_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('accepted_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('staff_invitations_restaurant_idx')
    .on('staff_invitations')
    .columns(['restaurant_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('staff_audit')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('actor_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('actor_email', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('detail', 'text')
    .addColumn('at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('staff_audit_restaurant_idx').on('staff_audit').columns(['restaurant_id', 'at']).execute();
}
