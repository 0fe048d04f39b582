/**
 * The queries every request runs (its tenant's version, a promo code's counters) compiled to SQL once
 * per database instead of being built and compiled by Kysely on every call: building and compiling
 * cost as much CPU as running them (docs/decisions/0019-cart-pricing-hot-path.md). The SQL is still
 * Kysely's, for the dialect in use, and SQLite keeps the statement prepared and runs it at once when
 * no transaction is open (database.ts, `directReaderOf`).
 */
import { type Compilable, CompiledQuery } from 'kysely';
import type { Executor } from '../ports/payments';
import { directReaderOf } from './database';

const sqlByDatabase = new WeakMap<object, Map<string, string>>();

/**
 * Runs the query `build()` makes, under `key` (one key per query shape). The first call per database
 * compiles it and checks that `parameters` are exactly its parameters in order, so a later call only
 * swaps the values in.
 */
export async function runCompiled<Row>(
  db: Executor,
  key: string,
  build: () => Compilable<Row>,
  parameters: readonly unknown[],
): Promise<Row[]> {
  let sqls = sqlByDatabase.get(db);
  if (!sqls) {
    sqls = new Map();
    sqlByDatabase.set(db, sqls);
  }
  let sql = sqls.get(key);
  if (sql === undefined) {
    const compiled = build().compile();
    if (compiled.parameters.length !== parameters.length || compiled.parameters.some((value, i) => value !== parameters[i]))
      throw new Error(`compiled query ${key}: its parameters are not the ones given`);
    sql = compiled.sql;
    sqls.set(key, sql);
  }
  const direct = directReaderOf(db)?.(sql, parameters);
  if (direct) return direct as Row[];
  const result = await db.executeQuery<Row>(CompiledQuery.raw(sql, [...parameters]));
  return result.rows;
}
