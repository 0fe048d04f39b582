/** GET /api/health: the database answers a trivial query. */
import { pingDatabase, type Db, type Dialect } from '../../db/database';

/** Throws when the database does not answer; else which database this server runs on. */
export async function checkDatabase(database: Db): Promise<Dialect> {
  await pingDatabase(database);
  return database.dialect;
}
