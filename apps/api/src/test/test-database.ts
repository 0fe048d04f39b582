/**
 * A throwaway database per test file: a temporary SQLite file by default, or a fresh database on
 * the PostgreSQL server named by DATABASE_URL (the test script starts a throwaway cluster).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Db } from '../db/database';
import { migrateToLatest, migrateUpTo } from '../db/migrate';

export interface TestDatabase extends Db {
  url: string;
  drop: () => Promise<void>;
}

/** `upTo`: migrated up to and including that migration only (a test of a later migration's conversion). */
export async function createTestDatabase(options: { upTo?: Parameters<typeof migrateUpTo>[1] } = {}): Promise<TestDatabase> {
  const migrate = (database: Db) => (options.upTo ? migrateUpTo(database.db, options.upTo) : migrateToLatest(database.db));
  const serverUrl = process.env.DATABASE_URL;
  const name = `servery_test_${randomBytes(6).toString('hex')}`;
  if (serverUrl && /^postgres(ql)?:\/\//.test(serverUrl)) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    // The test file's own set-up and checks play the operator; the app's requests stay scoped (db/data-scope.ts).
    const database = openDatabase(url.toString(), { outsideScope: 'owner' });
    await migrate(database);
    return {
      ...database,
      url: url.toString(),
      drop: async () => {
        await database.close();
        const cleaner = new pg.Client({ connectionString: serverUrl });
        await cleaner.connect();
        // Closed connections can take a moment to leave the server; wait for them rather than kill them.
        for (let attempt = 0; ; attempt += 1) {
          try {
            await cleaner.query(`drop database if exists ${name}`);
            break;
          } catch (error) {
            if (attempt >= 50) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
        await cleaner.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-test-'));
  const url = `file:${path.join(dir, `${name}.sqlite`)}`;
  const database = openDatabase(url);
  await migrate(database);
  return {
    ...database,
    url,
    drop: async () => {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
