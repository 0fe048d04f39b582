import type { Kysely } from 'kysely';

/**
 * K-12 school meals (docs/k12-school-meals.md).
 * - students.allergens: the child's allergens, a comma list of the spec's allergen names ('' for none).
 * - orders.checkout_id: the school checkout an order belongs to (one payment, one order per date and
 *   student); a replay of its Idempotency-Key lists every order of it.
 * - orders.school_date, student_id, meal_count: the school day, the parent's student (null for a
 *   guest) and the meal packages in the order, so that the meals per day are counted from the
 *   database under a lock when a checkout is placed, and the production list reads one date.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('students')
    .addColumn('allergens', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('orders').addColumn('checkout_id', 'text').execute();
  await db.schema.alterTable('orders').addColumn('school_date', 'text').execute();
  await db.schema.alterTable('orders').addColumn('student_id', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('meal_count', 'integer').execute();
  await db.schema.createIndex('orders_restaurant_school_date_idx').on('orders').columns(['restaurant_id', 'school_date']).execute();
  await db.schema.createIndex('orders_checkout_idx').on('orders').columns(['restaurant_id', 'checkout_id']).execute();
}
