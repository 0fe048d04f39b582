import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { repoRoot } from '../config';
import { importTenants, type TenantSource } from '../use-cases/import-tenants';
import { createTestDatabase, type TestDatabase } from './test-database';
import path from 'node:path';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close: () => Promise<void>;
}

/** The real app on a throwaway database, with the given tenants imported. */
export async function createTestApp(tenants: TenantSource[] = []): Promise<TestApp> {
  const database = await createTestDatabase();
  if (tenants.length > 0) {
    const result = await importTenants(database.db, tenants, new Date());
    if (!result.ok) throw new Error(result.errors.join('\n'));
  }
  const app = await buildApp(
    { LOG_LEVEL: 'silent', WEB_DIST: path.join(repoRoot, 'apps/web/dist'), TENANTS_DIR: path.join(repoRoot, 'tenants') },
    database,
  );
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
