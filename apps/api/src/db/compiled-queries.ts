/**
 * The queries every request runs (its tenant's version, a promo code's counters) and the statements
 * of an order's transaction, compiled to SQL once per dialect instead of being built and compiled by
 * Kysely on every call: building and compiling cost as much CPU as running them
 * (docs/decisions/0019-cart-pricing-hot-path.md, docs/decisions/0048-per-order-work.md). The SQL is
 * still Kysely's, for the dialect in use, and SQLite keeps the statement prepared and runs a read at
 * once when no transaction is open (database.ts, `directReaderOf`).
 *
 * The SQL is kept per dialect adapter, which a database and each of its transactions share: a
 * transaction's statements are compiled once per process, not once per transaction.
 */
import { type Compilable, CompiledQuery } from 'kysely';
import type { Executor } from '../kernel/executor';
import { directReaderOf } from './database';

const sqlByDialect = new WeakMap<object, Map<string, string>>();

/**
 * The SQL of the query `build()` makes, under `key` (one key per query shape). The first call per
 * dialect compiles it and checks that `parameters` are exactly its parameters in order, so a later
 * call only swaps the values in.
 */
function compiledSql(db: Executor, key: string, build: () => Compilable<unknown>, parameters: readonly unknown[]): string {
  const dialect = db.getExecutor().adapter;
  let sqls = sqlByDialect.get(dialect);
  if (!sqls) {
    sqls = new Map();
    sqlByDialect.set(dialect, sqls);
  }
  let sql = sqls.get(key);
  if (sql === undefined) {
    const compiled = build().compile();
    if (compiled.parameters.length !== parameters.length || compiled.parameters.some((value, i) => value !== parameters[i]))
      throw new Error(`compiled query ${key}: its parameters are not the ones given`);
    sql = compiled.sql;
    sqls.set(key, sql);
  }
  return sql;
}

/** Runs the read `build()` makes (see compiledSql) and answers its rows. */
export async function runCompiled<Row>(
  db: Executor,
  key: string,
  build: () => Compilable<Row>,
  parameters: readonly unknown[],
): Promise<Row[]> {
  const sql = compiledSql(db, key, build, parameters);
  const direct = directReaderOf(db)?.(sql, parameters);
  if (direct) return direct as Row[];
  const result = await db.executeQuery<Row>(CompiledQuery.raw(sql, [...parameters]));
  return result.rows;
}

/**
 * Runs the write `build()` makes (see compiledSql), always through Kysely (inside its transaction, if
 * `db` is one): the rows of its RETURNING clause and how many rows it inserted, updated or deleted.
 */
export async function writeCompiled<Row = never>(
  db: Executor,
  key: string,
  build: () => Compilable<Row>,
  parameters: readonly unknown[],
): Promise<{ rows: Row[]; changed: number }> {
  const sql = compiledSql(db, key, build, parameters);
  const result = await db.executeQuery<Row>(CompiledQuery.raw(sql, [...parameters]));
  return { rows: result.rows, changed: Number(result.numAffectedRows ?? 0n) };
}

/**
 * The columns of a row Kysely inserts or sets (its keys whose value is defined, in order) and their
 * values: a statement's key names its columns, so rows with other columns get their own SQL.
 * → [`table (columns)`, values]
 */
export function rowShape(table: string, row: Readonly<Record<string, unknown>>): [string, unknown[]] {
  const columns: string[] = [];
  const values: unknown[] = [];
  for (const column in row) {
    if (row[column] === undefined) continue;
    columns.push(column);
    values.push(row[column]);
  }
  return [`${table} (${columns.join(',')})`, values];
}
