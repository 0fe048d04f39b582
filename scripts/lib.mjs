// Plain Node helpers for the project's own commands. No dependencies: they run before npm install.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useShippedZoneRules } from './zone-rules.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Every process these helpers start (the server, Vitest, Playwright, the bench) runs on the shipped
// time-zone rules (scripts/zone-rules.mjs).
useShippedZoneRules();

export function log(message) {
  console.log(`\n\x1b[1m▶ ${message}\x1b[0m`);
}

/** Runs a command in the repo, inheriting the terminal; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(`Cannot run ${command}: ${error.message}`);
      resolve(1);
    });
  });
}

export async function runOrExit(command, args, options) {
  const code = await run(command, args, options);
  if (code !== 0) process.exit(code);
}

const STAMP = path.join(root, 'node_modules', '.servery-install-stamp');

function lockHash() {
  const hash = createHash('sha256');
  for (const file of ['package-lock.json', 'package.json']) hash.update(fs.readFileSync(path.join(root, file)));
  return hash.digest('hex');
}

/** Installs dependencies when node_modules is missing or older than the lock file. */
export async function ensureInstall() {
  const wanted = lockHash();
  const have = fs.existsSync(STAMP) ? fs.readFileSync(STAMP, 'utf8') : '';
  if (have === wanted) return;
  log('Installing dependencies (npm ci)');
  await runOrExit('npm', ['ci', '--no-audit', '--no-fund']);
  fs.writeFileSync(STAMP, wanted);
}

export const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/** Newest modification time of these files and of the files under these folders (skipping build output). */
function newestMtime(dirs) {
  let newest = 0;
  const walk = (dir) => {
    if (!fs.existsSync(dir)) return;
    if (!fs.statSync(dir).isDirectory()) {
      newest = Math.max(newest, fs.statSync(dir).mtimeMs);
      return;
    }
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      // Build output is not a source (dist-ssr included: written after dist/index.html, it made every
      // start rebuild the web app).
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'dist-ssr') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, fs.statSync(full).mtimeMs);
    }
  };
  dirs.forEach((dir) => walk(path.join(root, dir)));
  return newest;
}

/** True when every one of `outputs` exists and is newer than every file they are built from (`sources`, as for newestMtime). */
function isFresh(outputs, sources) {
  const newestSource = newestMtime(sources);
  return outputs.every((output) => {
    const file = path.join(root, output);
    return fs.existsSync(file) && fs.statSync(file).mtimeMs > newestSource;
  });
}

/** Builds the web app unless both its builds (browser, server rendering) are newer than every source they are made from. */
export async function ensureWebBuild({ force = false } = {}) {
  const outputs = ['apps/web/dist/index.html', 'apps/web/dist-ssr/entry-server.js'];
  // tenants/: the build writes each tenant's bundled data copy (apps/web/restaurant-fallbacks.ts).
  if (!force && isFresh(outputs, ['apps/web', 'packages', 'package-lock.json', 'tenants'])) return;
  log('Building the web app');
  await runOrExit('npm', ['run', 'build', '--workspace', 'apps/web']);
}

/**
 * Builds the API into JavaScript (apps/api/build.mjs) unless apps/api/dist/main.js is newer than every
 * source it is made from: the API, the workspace packages it compiles in, the lock file (versions of
 * the npm packages it leaves external do not change the bundle, but the bundler's version does).
 * Exits when the build fails, unless `exitOnFailure` is false: then resolves with false.
 */
export async function ensureApiBuild({ force = false, exitOnFailure = true } = {}) {
  const outputs = ['apps/api/dist/main.js', 'apps/api/dist/import-tenants.js'];
  if (!force && isFresh(outputs, ['apps/api', 'packages', 'package-lock.json'])) return true;
  log('Building the API');
  const code = await run('npm', ['run', 'build', '--workspace', 'apps/api']);
  if (code !== 0 && exitOnFailure) process.exit(code);
  return code === 0;
}

/**
 * How to run the built server: plain Node, no TypeScript loader, with stack traces mapped back to the
 * TypeScript sources. npm start, the browser tests' server and the bench all run it this way.
 * → [command, args]
 */
export function apiServerCommand() {
  return [process.execPath, ['--enable-source-maps', ...heapBound(), path.join(root, 'apps/api/dist/main.js')]];
}

/**
 * The old generation's bound (docs/decisions/0071-bounded-server-heap.md): without one V8 lets it grow
 * towards its default (4 GB on this kind of machine) before collecting it in full, and the server's
 * resident memory climbed 75 MB a minute under never-seen carts with a steady live heap. An operator's
 * own --max-old-space-size in NODE_OPTIONS wins.
 */
export const SERVER_HEAP_MB = 256;
function heapBound() {
  return /--max-old-space-size/.test(process.env.NODE_OPTIONS ?? '') ? [] : [`--max-old-space-size=${SERVER_HEAP_MB}`];
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export function which(command) {
  const result = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

/**
 * Debian's Chromium headless shell (package chromium-headless-shell), the browser the journeys run in where it is
 * installed; scripts/test.mjs installs it (docs/decisions/0126-headless-shell-for-browser-tests.md).
 */
export const CHROMIUM_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

let aptUpdated = false;
/** Installs Debian packages when we are root; returns false when we cannot. */
export async function aptInstall(packages) {
  if (!isRoot() || !which('apt-get')) return false;
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    log('apt-get update');
    if ((await run('apt-get', ['update', '-q'], { env })) !== 0) return false;
    aptUpdated = true;
  }
  log(`apt-get install ${packages.join(' ')}`);
  return (await run('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...packages], { env })) === 0;
}

function findPgBin() {
  const onPath = which('initdb');
  if (onPath && which('pg_ctl')) return path.dirname(onPath);
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const versions = fs.readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const dir = path.join(base, version, 'bin');
    if (fs.existsSync(path.join(dir, 'initdb'))) return dir;
  }
  return null;
}

/**
 * A throwaway PostgreSQL cluster on a free port, run as the postgres user when we are root (initdb
 * refuses root). `durable` keeps PostgreSQL's crash safety (fsync, synchronous commit) for a test
 * that stops the database under load; the test suite's own cluster trades it for speed. `pause`
 * stops the server as an operator would (fast shutdown: sessions ended, data kept) and `resume`
 * starts it again on the same port; `stop` ends it and deletes its files (`stopSync` the same, for an
 * exit handler). `settings` are more `-c name=value` server options; `install` lets it apt-get
 * PostgreSQL when it is missing. Resolves to null when PostgreSQL cannot be started (the reason is
 * printed).
 */
export async function startPostgres({ durable = false, quiet = false, settings = {}, install = true } = {}) {
  let pgBin = findPgBin();
  if (!pgBin && install && (await aptInstall(['postgresql']))) pgBin = findPgBin();
  if (!pgBin) {
    console.error('PostgreSQL is not installed. Install it (Debian: sudo apt-get install postgresql) and run npm test again.');
    return null;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-pg-'));
  // initdb refuses to run as root: run the cluster as the postgres user (made by Debian's package).
  let asUser = [];
  if (isRoot()) {
    if ((await run('id', ['-u', 'postgres'], { stdio: 'ignore' })) !== 0)
      await run('useradd', ['--system', '--no-create-home', 'postgres']);
    fs.chmodSync(dir, 0o777);
    await run('chown', ['-R', 'postgres', dir]);
    asUser = ['runuser', '-u', 'postgres', '--'];
  }
  const stdio = quiet ? 'ignore' : 'inherit';
  const exec = (tool, args) =>
    asUser.length
      ? run(asUser[0], [...asUser.slice(1), path.join(pgBin, tool), ...args], { stdio })
      : run(path.join(pgBin, tool), args, { stdio });
  const data = path.join(dir, 'data');
  if ((await exec('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync'])) !== 0) return null;
  const port = await freePort();
  const fast = durable ? {} : { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' };
  const options = [`-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`]
    .concat(Object.entries({ ...fast, ...settings }).map(([name, value]) => `-c ${name}=${value}`))
    .join(' ');
  const start = () => exec('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-o', options, '-w', '-t', '60', 'start']);
  if ((await start()) !== 0) {
    console.error(
      fs.existsSync(path.join(dir, 'server.log')) ? fs.readFileSync(path.join(dir, 'server.log'), 'utf8') : 'PostgreSQL did not start',
    );
    return null;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pause: async () => (await exec('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])) === 0,
    resume: async () => (await start()) === 0,
    stop: async () => {
      await exec('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      fs.rmSync(dir, { recursive: true, force: true });
    },
    stopSync: () => {
      const [command, ...args] = [...asUser, path.join(pgBin, 'pg_ctl'), '-D', data, '-m', 'immediate', '-w', 'stop'];
      spawnSync(command, args, { stdio: 'ignore' });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
