// A throwaway PostgreSQL cluster for a bench case (the same way scripts/test.mjs starts one): initdb
// in a temp dir, pg_ctl start on a free port of 127.0.0.1, stopped (immediate) and removed at cleanup.
// As root the cluster runs as the `postgres` user (initdb refuses root). Nothing is installed here:
// without initdb the case says so and stops.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onCleanup } from './cleanup.mjs';
import { freePort, HOST } from './net.mjs';

function findPgBin() {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const versions = fs.readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const dir = path.join(base, version, 'bin');
    if (fs.existsSync(path.join(dir, 'initdb'))) return dir;
  }
  return null;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Starts a cluster; resolves with { url (postgres://…/postgres), stop() }. `settings` are extra
 * `-c name=value` server options. Durability is the caller's choice through them.
 */
export async function startPostgres({ settings = {} } = {}) {
  const pgBin = findPgBin();
  if (!pgBin) throw new Error('PostgreSQL is not installed (no initdb): install it (Debian: apt-get install postgresql)');
  // Not under the bench's private temp dir: the postgres user must reach it.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-bench-pg-'));
  const asUser = isRoot() ? ['runuser', '-u', 'postgres', '--'] : [];
  if (isRoot()) {
    if (spawnSync('id', ['-u', 'postgres'], { stdio: 'ignore' }).status !== 0) {
      spawnSync('useradd', ['--system', '--no-create-home', 'postgres'], { stdio: 'ignore' });
    }
    fs.chmodSync(dir, 0o777);
    spawnSync('chown', ['-R', 'postgres', dir]);
  }
  const exec = (tool, args) => {
    const command = asUser.length ? asUser[0] : path.join(pgBin, tool);
    const fullArgs = asUser.length ? [...asUser.slice(1), path.join(pgBin, tool), ...args] : args;
    const result = spawnSync(command, fullArgs, { encoding: 'utf8' });
    return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
  };
  const data = path.join(dir, 'data');
  const init = exec('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
  if (!init.ok) throw new Error(`initdb failed: ${init.output.slice(-500)}`);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    `-c listen_addresses=${HOST}`,
    '-c max_connections=200',
    ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`),
  ].join(' ');
  const logFile = path.join(dir, 'server.log');
  const started = exec('pg_ctl', ['-D', data, '-l', logFile, '-o', options, '-w', '-t', '60', 'start']);
  const stopNow = () => {
    exec('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  if (!started.ok) {
    const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-800) : started.output;
    stopNow();
    throw new Error(`PostgreSQL did not start: ${log}`);
  }
  const stop = onCleanup('PostgreSQL cluster', stopNow, stopNow);
  return { url: `postgres://postgres@${HOST}:${port}/postgres`, port, stop };
}
