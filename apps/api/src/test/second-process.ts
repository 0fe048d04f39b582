/**
 * A second server process on a test app's database, as behind a load balancer: what the tests of
 * "every process sees it within a second" talk to (refunds, the board's events, stock counts).
 */
import type { FastifyInstance } from 'fastify';
import { type AppServices, buildApp } from '../app';
import { BARE_APP_CONFIG, type TestApp } from './test-app';

/** Another server process on the test app's database, listening on a free port; close it before the app. */
export async function secondProcess(
  t: TestApp,
  now: () => Date,
  /** What else it runs with (`tabSweepMs: null`: no tab sweep of its own, as the test app). */
  services: Omit<AppServices, 'now'> = {},
): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildApp(BARE_APP_CONFIG, t.database, { ...services, now });
  return { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
}
