/**
 * Named prepared statements on PostgreSQL (docs/decisions/0087-named-prepared-statements.md).
 *
 * Kysely sends every query as an unnamed statement, so PostgreSQL parses, analyses and plans it again
 * each time: on the order bench that was 1,202 of 2,733 µs of the database's CPU per order. The product
 * runs a few hundred statement texts over and over, so a text seen twice is given a name; `pg` then
 * parses it once per connection and PostgreSQL keeps its plan (a generic one after five runs, when
 * it costs no more than the custom ones). SQLite has its own statement cache (database.ts).
 */
import type pg from 'pg';

/** Only a single data statement is named: never a transaction command, a `set`, DDL or several statements. */
const NAMEABLE = /^\s*(?:select|insert|update|delete|with)\b[^;]*$/i;

export interface NamerOptions {
  /** How many texts get a name, at most: each is prepared on every connection that runs it. */
  capacity?: number;
  /** How often a text must be seen before it is named (one-off texts, such as imports, stay unnamed). */
  sightings?: number;
}

/** Text → statement name, the same name for the same text on every connection; undefined to send it unnamed. */
export type StatementNamer = (text: string) => string | undefined;

/**
 * The hot set is found by use: a text is named on its `sightings`-th run, until `capacity` texts are
 * named; later texts stay unnamed, so neither the process nor a PostgreSQL backend grows without
 * bound (an `in (…)` list of every length is a text of its own). The counts of texts not yet named
 * are forgotten when they pile up, which only delays naming.
 */
export function statementNamer({ capacity = 400, sightings = 2 }: NamerOptions = {}): StatementNamer {
  const names = new Map<string, string>();
  const seen = new Map<string, number>();
  return (text) => {
    const name = names.get(text);
    if (name !== undefined) return name;
    if (names.size >= capacity || !NAMEABLE.test(text)) return undefined;
    const count = (seen.get(text) ?? 0) + 1;
    if (count < sightings) {
      if (seen.size >= capacity * 10) seen.clear();
      seen.set(text, count);
      return undefined;
    }
    seen.delete(text);
    const fresh = `servery_${names.size + 1}`;
    names.set(text, fresh);
    return fresh;
  };
}

/**
 * PostgreSQL refuses to run a prepared statement whose result columns changed under it (a migration
 * added a column to a table read with `select *`): SQLSTATE 0A000, "cached plan must not change
 * result type".
 */
export function isStalePreparedStatement(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error as { code?: unknown }).code === '0A000' &&
    /cached plan must not change result type/.test(error.message)
  );
}

/** A schema change: every statement prepared before it may describe the wrong columns. */
const SCHEMA_CHANGE = /^\s*(?:create|alter|drop)\b/i;

type Query = (...args: unknown[]) => unknown;

export interface PreparedStatements {
  /**
   * At each checkout: false when the connection's prepared statements may be stale and it must be
   * closed rather than handed out; otherwise the connection sends repeated texts by name from now on.
   */
  adopt(client: pg.PoolClient): boolean;
}

/**
 * The statements of one database's pools. A schema change run through them (a migration, a test's
 * `upTo` migration) or a stale-statement error from the server (a migration run by another process
 * during a deploy) starts a new generation: each connection of an earlier one is closed at its next
 * checkout, so after a migration every process fails at most the statements already under way.
 */
export function preparedStatements(options: NamerOptions = {}): PreparedStatements {
  const nameOf = statementNamer(options);
  let generation = 0;
  const adopted = new WeakMap<pg.PoolClient, number>();
  const send =
    (query: Query): Query =>
    (...args) => {
      const [text, values] = args;
      if (typeof text === 'string' && SCHEMA_CHANGE.test(text)) {
        const changed = query(...args);
        // pg answers with a promise here (no callback): the schema has changed once it settles, whatever the outcome.
        if (changed instanceof Promise) void changed.then(newGeneration, newGeneration);
        return changed;
      }
      const name = args.length === 2 && typeof text === 'string' && Array.isArray(values) ? nameOf(text) : undefined;
      if (name === undefined) return query(...args);
      return (query({ name, text, values }) as Promise<unknown>).catch((error: unknown) => {
        if (isStalePreparedStatement(error)) newGeneration();
        throw error;
      });
    };
  const newGeneration = () => {
    generation += 1;
  };
  return {
    adopt(client) {
      const since = adopted.get(client);
      if (since !== undefined) return since === generation;
      adopted.set(client, generation);
      client.query = send(client.query.bind(client) as Query) as typeof client.query;
      return true;
    },
  };
}
