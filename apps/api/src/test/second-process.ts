/**
 * A second server process on a test app's database, as behind a load balancer: what the tests of
 * "every process sees it within a second" talk to (refunds, the board's events, stock counts).
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { repoRoot } from '../config';
import type { TestApp } from './test-app';

/** Another server process on the test app's database, listening on a free port; close it before the app. */
export async function secondProcess(t: TestApp, now: () => Date): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildApp(
    {
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(repoRoot, 'apps/web/dist'),
      TENANTS_DIR: path.join(repoRoot, 'tenants'),
      DEV_ROUTES: false,
      TRUST_PROXY: [],
    },
    t.database,
    { now },
  );
  return { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
}
