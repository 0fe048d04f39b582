/** The demo accounts' rows (use-cases/platform/seed-demo-accounts.ts): users, their students, suite roles and staff places. */
import type { Insertable } from 'kysely';
import type { Executor } from '../kernel/executor';
import type { RestaurantStaffTable, StudentsTable, SuiteRolesTable, UsersTable } from '../kernel/schema';

/** Whether a user has exactly this e-mail (the seed's own addresses, as written). */
export async function demoUserExists(db: Executor, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row !== undefined;
}

export async function insertDemoUser(db: Executor, row: Insertable<UsersTable>): Promise<{ id: number }> {
  return db.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow();
}

export async function insertDemoStudent(db: Executor, row: Insertable<StudentsTable>): Promise<void> {
  await db.insertInto('students').values(row).execute();
}

export async function insertDemoSuiteRole(db: Executor, row: Insertable<SuiteRolesTable>): Promise<void> {
  await db.insertInto('suite_roles').values(row).execute();
}

export async function insertDemoStaff(db: Executor, row: Insertable<RestaurantStaffTable>): Promise<void> {
  await db.insertInto('restaurant_staff').values(row).execute();
}
