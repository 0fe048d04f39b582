// Publishing a menu draft (issue 32, item 8): the 300-item Grand Buffet, every price changed, published
// in under a second of server time. bench/lib/menu-publish-in-process.ts times the publish use case
// (the draft taken, the import, the new menu version, the history entry, one transaction) on a fresh
// SQLite file and on a throwaway PostgreSQL; the ceiling beside each is `tenants:import` of the same
// file on the same database in the same process: the import alone, which a publish cannot beat.
// Medians of ROUNDS rounds; goal ≤ 1,000 ms.
import path from 'node:path';
import { startPostgres } from '../lib/postgres.mjs';
import { runTsxJob } from '../lib/tsx-job.mjs';

export const order = 60;
export const title = 'Menu draft publish: the 300-item Grand Buffet, server time of the use case';

const ROUNDS = 7;
const GOAL_MS = 1000;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function publishJob(context, databaseUrl) {
  const job = { databaseUrl, tenantFile: path.join(context.root, 'tenants/grand-buffet.json'), rounds: ROUNDS };
  return runTsxJob('menu-publish-in-process.ts', context.tmpDir, 'menu-publish-in-process', job);
}

function row(name, result) {
  const value = median(result.publishMs);
  const baseline = median(result.importMs);
  return {
    name,
    value,
    unit: 'ms',
    baseline,
    baselineName: 'tenants:import of the same file',
    ratio: value / baseline,
    goal: `≤ ${GOAL_MS.toLocaleString('en-US')} ms`,
    met: value <= GOAL_MS,
  };
}

export async function run(context) {
  const rows = [];
  const sqlite = await publishJob(context, `file:${path.join(context.tmpDir, 'menu-publish.sqlite')}`);
  context.log(`SQLite: ${sqlite.items} items, publishes ${sqlite.publishMs.map((ms) => ms.toFixed(0)).join(', ')} ms`);
  rows.push(row('Publish, SQLite (median)', sqlite));
  try {
    const cluster = await startPostgres();
    try {
      const postgres = await publishJob(context, cluster.url);
      context.log(`PostgreSQL: publishes ${postgres.publishMs.map((ms) => ms.toFixed(0)).join(', ')} ms`);
      rows.push(row('Publish, PostgreSQL (median)', postgres));
    } finally {
      await cluster.stop();
    }
  } catch (error) {
    rows.push({
      name: 'Publish, PostgreSQL (median)',
      value: null,
      unit: 'ms',
      error: error instanceof Error ? error.message : String(error),
    });
  }
  return rows;
}
