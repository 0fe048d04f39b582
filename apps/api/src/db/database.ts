/**
 * One Kysely instance over SQLite (better-sqlite3, WAL) or PostgreSQL, chosen by DATABASE_URL.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Driver, Kysely, PostgresDialect, SqliteDialect, sql, type SqliteDatabase, type SqliteStatement } from 'kysely';
import pg from 'pg';
import { activateScopes, currentScope, type DataScope } from './data-scope';
import { preparedStatements } from './prepared-statements';
import type { Database } from '../kernel/schema';

/**
 * The role the application's queries run as on PostgreSQL (made by migration 0023): neither owner nor
 * superuser, so the row-level security policies hold for it.
 */
export const APP_ROLE = 'servery_app';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  close: () => Promise<void>;
  /** How long work waited for a connection, per pool (plugins/metrics.ts reads it at each scrape). */
  poolStats: () => PoolStats[];
}

/**
 * One pool's waits since the process started, and its state now. PostgreSQL: the application's pool
 * and the owner's (once opened); a checkout `queued` when no connection was idle and the pool was
 * full. SQLite: Kysely's one connection, which a transaction holds across its awaits; a query
 * `queued` when another held it. SQLite's own busy waits (busy_timeout, another process writing)
 * are not seen here: one server process holds the file (db/sqlite-lock.ts).
 */
export interface PoolStats {
  pool: 'app' | 'owner';
  /** Connections handed out. */
  acquired: number;
  /** Of those, the ones that had to wait for another to be released. */
  queued: number;
  /** Seconds spent waiting by the queued ones, in all. */
  queuedSeconds: number;
  /** Waiting now. */
  waiting: number;
  /** Open connections now, and the most the pool opens. */
  open: number;
  max: number;
}

/** Counts the waits of one pool: `start` when a connection is asked for (queued or not), its result when handed out. */
function poolWaits(pool: PoolStats['pool'], max: number) {
  const stats: PoolStats = { pool, acquired: 0, queued: 0, queuedSeconds: 0, waiting: 0, open: 0, max };
  return {
    stats,
    start(queued: boolean): () => void {
      if (!queued) return () => void (stats.acquired += 1);
      const started = performance.now();
      stats.waiting += 1;
      return () => {
        stats.waiting -= 1;
        stats.acquired += 1;
        stats.queued += 1;
        stats.queuedSeconds += (performance.now() - started) / 1000;
      };
    },
  };
}

/** Kysely's SQLite driver serialises every query on its one connection; this one counts who waited for it. */
class CountedSqliteDialect extends SqliteDialect {
  constructor(
    config: ConstructorParameters<typeof SqliteDialect>[0],
    private readonly waits: ReturnType<typeof poolWaits>,
  ) {
    super(config);
  }
  override createDriver(): Driver {
    const driver = super.createDriver();
    const waits = this.waits;
    let held = 0;
    const acquire = driver.acquireConnection.bind(driver);
    const release = driver.releaseConnection.bind(driver);
    driver.acquireConnection = async () => {
      const handedOut = waits.start(held > 0);
      held += 1;
      const connection = await acquire();
      handedOut();
      return connection;
    };
    driver.releaseConnection = async (connection) => {
      held -= 1;
      await release(connection);
    };
    return driver;
  }
}

export interface DatabaseOptions {
  /**
   * PostgreSQL: the owner's URL (DATABASE_OWNER_URL), for migrations and the named work across
   * tenants (`asSystem`, data-scope.ts). Unset: `url` serves both, and must then be a role allowed
   * to own the tables and to SET ROLE servery_app (a superuser, as in tests and local runs).
   */
  ownerUrl?: string | undefined;
  /**
   * PostgreSQL: whose rows a query made outside any scope (no request, no `asSystem`) sees. 'nothing'
   * in the server, so that work which forgot to name its scope finds no tenant row; 'owner' only for
   * a test file's own set-up and checks, which play the operator (test/test-database.ts), while the
   * requests they make stay scoped.
   */
  outsideScope?: 'nothing' | 'owner';
}

export function openDatabase(url: string, options: DatabaseOptions = {}): Db {
  if (url.startsWith('file:')) {
    const file = path.resolve(url.slice('file:'.length));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const statements = withStatementCache(sqlite);
    const waits = poolWaits('app', 1);
    waits.stats.open = 1;
    const db = new Kysely<Database>({ dialect: new CountedSqliteDialect({ database: statements }, waits) });
    directReaders.set(db, (sql, parameters) => {
      // Inside an open transaction (Kysely holds the one connection across awaits), a read must wait
      // for it through Kysely, or it would see that transaction's uncommitted rows.
      if (sqlite.inTransaction) return null;
      const statement = statements.prepare(sql) as SQLite.Statement;
      return statement.reader ? (statement.all(parameters) as unknown[]) : null;
    });
    return { db, dialect: 'sqlite', close: () => db.destroy(), poolStats: () => [waits.stats] };
  }
  activateScopes();
  const poolSettings = {
    // A database that has gone away is noticed in seconds, not minutes: a request waiting for a
    // connection gives up after 3 s and a statement after 10 s (plugins/errors.ts answers 503), and
    // the pool opens fresh connections once the database is back.
    connectionTimeoutMillis: 3_000,
    statement_timeout: 10_000,
    query_timeout: 12_000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
  };
  const pool = new pg.Pool({ connectionString: url, max: 10, ...poolSettings });
  const appWaits = poolWaits('app', 10);
  const ownerWaits = poolWaits('owner', 4);
  // Repeated statements go by name on every connection of both pools (prepared-statements.ts).
  const statements = preparedStatements();
  // Full and nothing idle: pg-pool queues the checkout until a connection is released.
  const checkout = async (from: pg.Pool, waits: ReturnType<typeof poolWaits>) => {
    const handedOut = waits.start(from.idleCount === 0 && from.totalCount >= waits.stats.max);
    let client = await from.connect();
    // A connection whose prepared statements a schema change may have made stale is closed, never handed out again.
    while (!statements.adopt(client)) {
      client.release(true);
      client = await from.connect();
    }
    handedOut();
    return client;
  };
  // An idle connection that the server ends (restart, failover) must not crash the process: the pool
  // drops it and opens a new one on the next query.
  pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  // A connection that a request holds (a transaction between two statements) gets the server's
  // "terminating connection" as an 'error' event on the client itself, which would end the process
  // with nobody listening. The request's next statement fails (a 503) and the pool drops the broken
  // connection when it is released (apps/api/src/test/database-stopped.test.ts). The owner's pool alike.
  const onConnect = (client: pg.PoolClient) => client.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  pool.on('connect', onConnect);
  // The owner's pool is opened on first use: most processes only need it for migrations and the
  // background relays.
  let ownerPool: pg.Pool | null = null;
  const owner = () => {
    if (!ownerPool) {
      ownerPool = new pg.Pool({ connectionString: options.ownerUrl || url, max: 4, ...poolSettings });
      ownerPool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
      ownerPool.on('connect', onConnect);
    }
    return ownerPool;
  };
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: {
        connect: async () => {
          const scope = currentScope();
          if (scope ? scope.system : options.outsideScope === 'owner') return checkout(owner(), ownerWaits);
          const client = await checkout(pool, appWaits);
          try {
            await applyScope(client, scope);
          } catch (error) {
            client.release(true);
            throw error;
          }
          return client;
        },
        end: async () => {
          await Promise.all([pool.end(), ownerPool?.end()]);
        },
      },
    }),
  });
  const poolStats = (): PoolStats[] => [
    { ...appWaits.stats, open: pool.totalCount },
    ...(ownerPool ? [{ ...ownerWaits.stats, open: ownerPool.totalCount }] : []),
  ];
  return { db, dialect: 'postgres', close: () => db.destroy(), poolStats };
}

/** What each application connection was last given: a connection is told again only when its scope changes. */
const appliedScopes = new WeakMap<pg.PoolClient, string>();

/**
 * Gives an application connection the role and the scope of the work that checked it out, as the
 * settings the row-level security policies read (migrations 0023, 0024 and 0026): app.tenant
 * (restaurant ids, comma separated), app.user, app.staff and app.order_token_hashes (the SHA-256 of
 * the order secrets the work holds, comma separated). No scope gives empty settings, under which the
 * policies show no tenant row. One round trip, only when the connection last served another scope.
 */
async function applyScope(client: pg.PoolClient, scope: DataScope | undefined): Promise<void> {
  const tenants = scope ? scope.tenants.join(',') : '';
  const user = scope?.userId != null ? String(scope.userId) : '';
  const staff = scope ? scope.staffOf.join(',') : '';
  const tokens = scope ? scope.orderTokenHashes.join(',') : '';
  const key = `${tenants}|${user}|${staff}|${tokens}`;
  const applied = appliedScopes.get(client);
  if (applied === key) return;
  if (applied === undefined) await client.query(`set role ${APP_ROLE}`);
  await client.query(
    "select set_config('app.tenant', $1, false), set_config('app.user', $2, false), set_config('app.staff', $3, false), set_config('app.order_token_hashes', $4, false)",
    [tenants, user, staff, tokens],
  );
  appliedScopes.set(client, key);
}

type DirectReader = (sql: string, parameters: readonly unknown[]) => unknown[] | null;
const directReaders = new WeakMap<object, DirectReader>();

/**
 * On SQLite, a read that can run at once on the one connection, synchronously: Kysely's driver runs
 * every query through a connection mutex and several promises, which cost more than the read itself
 * (docs/decisions/0019-cart-pricing-hot-path.md). Answers null when the read must go through Kysely
 * (a transaction is open, or the statement writes); undefined for PostgreSQL and for a transaction's
 * executor.
 */
export function directReaderOf(db: object): DirectReader | undefined {
  return directReaders.get(db);
}

/**
 * Kysely prepares every query anew, and preparing was an eighth of an order's CPU time. The product
 * runs a small set of statements over and over, so the most recently used ones stay prepared
 * (SQLite re-prepares a cached statement by itself after a schema change). Nothing here streams
 * rows, so a statement is never busy when it is handed out again.
 */
function withStatementCache(sqlite: SQLite.Database, size = 500): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  // A full disk or a failed write (SQLITE_FULL, SQLITE_IOERR) may roll the transaction back by itself
  // (sqlite.org/lang_transaction.html, "Response To Errors Within A Transaction"); Kysely's rollback
  // after it would then fail with "no transaction is active" and hide the error that says why, which
  // is a 503 (isDatabaseUnavailable), behind a 500. So a rollback with nothing open does nothing.
  const rollback = sqlite.prepare('rollback');
  const rollbackIfOpen: SqliteStatement = {
    reader: false,
    all: () => [],
    iterate: () => [][Symbol.iterator](),
    run: () => (sqlite.inTransaction ? rollback.run() : { changes: 0, lastInsertRowid: 0 }),
  };
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      if (sql === 'rollback') return rollbackIfOpen;
      const cached = cache.get(sql);
      if (cached) {
        // Most recently used last: the first key is the one to drop.
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > size) cache.delete(cache.keys().next().value!);
      return statement;
    },
  };
}

/**
 * Whether an error says the database cannot be reached or answer now (it stopped, restarts, refuses,
 * or a statement ran out of time), rather than that a query was wrong: such a request is answered
 * 503 and may be tried again. PostgreSQL classes 08 (connection), 57P (shutdown, cannot connect now)
 * and 57014 (statement timeout); pg's own connection errors; SQLite's busy and locked, a full disk
 * and a failed write.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = String((error as { code?: unknown }).code ?? '');
  if (/^08/.test(code) || /^57P0[1-3]$/.test(code) || code === '57014') return true;
  if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'SQLITE_BUSY', 'SQLITE_LOCKED'].includes(code))
    return true;
  // SQLite's file cannot take the write: the disk is full (SQLITE_FULL) or the write failed
  // (SQLITE_IOERR_WRITE, _FSYNC, ...). The transaction rolled back; the order was not stored and is
  // not acknowledged (test/sqlite-write-faults.test.ts).
  if (/^SQLITE_(FULL|IOERR)/.test(code)) return true;
  const message = String((error as { message?: unknown }).message ?? '');
  // A connection the server ended is "not queryable" when a transaction rolls back on it.
  return /Connection terminated|timeout exceeded when trying to connect|Query read timeout|connect ECONNREFUSED|is not queryable/.test(
    message,
  );
}

/** One round trip to the database (use-cases/platform/check-health.ts): throws when it does not answer. */
export async function pingDatabase(database: Db): Promise<void> {
  await sql`select 1`.execute(database.db);
}
