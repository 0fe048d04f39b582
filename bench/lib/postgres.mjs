// A throwaway PostgreSQL cluster for a bench case, started the way the tests start theirs
// (scripts/lib.mjs startPostgres) and stopped at the bench's cleanup, whether the run ends or is
// interrupted. Nothing is installed here: without PostgreSQL the case says so and stops.
import { startPostgres as startCluster } from '../../scripts/lib.mjs';
import { onCleanup } from './cleanup.mjs';

/**
 * Starts a cluster; resolves with { url (postgres://…/postgres), stop() }. `settings` are extra
 * `-c name=value` server options. Durability is the caller's choice through them.
 */
export async function startPostgres({ settings = {} } = {}) {
  const cluster = await startCluster({ durable: true, quiet: true, settings, install: false });
  if (!cluster) throw new Error('PostgreSQL is not installed or did not start (install it: apt-get install postgresql)');
  const stop = onCleanup('PostgreSQL cluster', cluster.stop, cluster.stopSync);
  return { url: cluster.url, stop };
}
