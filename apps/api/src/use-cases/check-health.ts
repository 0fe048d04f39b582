/** GET /api/health: the database answers a trivial query. */
import { sql } from 'kysely';
import type { Db, Dialect } from '../db/database';

/** Throws when the database does not answer; else which database this server runs on. */
export async function checkDatabase(database: Db): Promise<Dialect> {
  await sql`select 1`.execute(database.db);
  return database.dialect;
}
