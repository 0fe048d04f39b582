// Publishing a menu draft (issue 32, item 8): the 300-item Grand Buffet, every price changed, published
// in under a second of server time. bench/lib/menu-publish-in-process.ts times the publish use case
// (the draft taken, the import, the new menu version, the history entry, one transaction) on a fresh
// SQLite file and on a throwaway PostgreSQL; the ceiling beside each is `tenants:import` of the same
// file on the same database in the same process: the import alone, which a publish cannot beat.
// Medians of ROUNDS rounds; goal ≤ 1,000 ms.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { onCleanup } from '../lib/cleanup.mjs';
import { startPostgres } from '../lib/postgres.mjs';

export const order = 60;
export const title = 'Menu draft publish: the 300-item Grand Buffet, server time of the use case';

const ROUNDS = 7;
const GOAL_MS = 1000;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function publishJob(context, databaseUrl) {
  const file = path.join(context.tmpDir, `menu-publish-${Date.now()}.json`);
  fs.writeFileSync(file, JSON.stringify({ databaseUrl, tenantFile: path.join(context.root, 'tenants/grand-buffet.json'), rounds: ROUNDS }));
  const child = spawn(path.join(context.root, 'node_modules/.bin/tsx'), [path.join(context.root, 'bench/lib/menu-publish-in-process.ts'), file], {
    cwd: context.root,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (err += chunk));
  const kill = () => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  const forget = onCleanup('menu-publish-in-process', kill, kill);
  return new Promise((resolve, reject) =>
    child.on('exit', async (code) => {
      await forget();
      if (code !== 0) reject(new Error(`menu-publish-in-process exited ${code}: ${err.slice(-800)}`));
      else resolve(JSON.parse(out.trim().split('\n').pop()));
    }),
  );
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
    rows.push({ name: 'Publish, PostgreSQL (median)', value: null, unit: 'ms', error: error instanceof Error ? error.message : String(error) });
  }
  return rows;
}
