import type { FastifyInstance } from 'fastify';
import { localDateTime, zonedInstant } from '@servery/domain/price-schedule';
import { type AppServices, buildApp } from '../app';
import { clockStartingAt, type Clock } from '../lib/clock';
import { repoRoot } from '../config';
import { importTenants, type TenantSource } from '../use-cases/platform/import-tenants';
import { createTestDatabase, type TestDatabase } from './test-database';
import path from 'node:path';

/** The settings of a server a test builds itself on its own database: quiet, no developer routes, no proxy. */
export const BARE_APP_CONFIG = {
  LOG_LEVEL: 'silent',
  WEB_DIST: path.join(repoRoot, 'apps/web/dist'),
  TENANTS_DIR: path.join(repoRoot, 'tenants'),
  DEV_ROUTES: false,
  TRUST_PROXY: [] as string[],
} as const;

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close: () => Promise<void>;
}

/**
 * A clock that starts today at 1 p.m. in Toronto and runs on: the demo restaurants are open then,
 * whatever the hour the tests run at (a dine-in order needs an open restaurant).
 */
export function openHoursClock(): Clock {
  const today = localDateTime(new Date(), 'America/Toronto');
  return clockStartingAt(zonedInstant('America/Toronto', today.year, today.month, today.day, 13, 0));
}

/** The real app on a throwaway database, with the given tenants imported; `now` is its clock (the system's by default). */
export async function createTestApp(
  tenants: TenantSource[] = [],
  options: {
    now?: Clock;
    /**
     * When the tenants are imported (what is placed from the import day, and when content without
     * published_at is published): by default no later than `now` nor the real time. A test whose
     * clock starts after the real time and reads its events from the import day names the day, or it
     * would depend on the hour it runs at.
     */
    importedAt?: Date;
    devRoutes?: boolean;
    trustProxy?: string[];
    /** Who may read /metrics (config METRICS_ALLOW); nobody by default. */
    metricsAllow?: string[];
    /** Where log lines go, at info level (a test reads them); none by default. */
    logLines?: string[];
    /** Outside services replaced for this test (a processor that does not answer). */
    ports?: AppServices['ports'];
    /** The built web app it serves; the repository's build (which may not exist yet) by default. */
    webDist?: string;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  if (tenants.length > 0) {
    // Imported no later than the app's clock says it is: content without published_at is published
    // at import, and a clock set earlier than the real time (openHoursClock in the afternoon) must
    // still see it published.
    const importedAt = options.importedAt ?? new Date(Math.min(Date.now(), options.now ? options.now().getTime() : Date.now()));
    const result = await importTenants(database.db, tenants, importedAt);
    if (!result.ok) throw new Error(result.errors.join('\n'));
  }
  const app = await buildApp(
    {
      LOG_LEVEL: options.logLines ? 'info' : 'silent',
      WEB_DIST: options.webDist ?? path.join(repoRoot, 'apps/web/dist'),
      TENANTS_DIR: path.join(repoRoot, 'tenants'),
      // The tests read the outbox as a developer would; the route's own tests turn it off.
      DEV_ROUTES: options.devRoutes ?? true,
      TRUST_PROXY: options.trustProxy ?? [],
      METRICS_ALLOW: options.metricsAllow ?? [],
    },
    database,
    {
      // A test closes tabs by calling the sweep itself (use-cases/suites/suite-tabs.ts), at the instant it chooses.
      tabSweepMs: null,
      ...(options.now && { now: options.now }),
      ...(options.ports && { ports: options.ports }),
      ...(options.logLines && { logStream: { write: (line: string) => void options.logLines!.push(line) } }),
    },
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
