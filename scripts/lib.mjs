// Plain Node helpers for the project's own commands. No dependencies: they run before npm install.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, fs.statSync(full).mtimeMs);
    }
  };
  dirs.forEach((dir) => walk(path.join(root, dir)));
  return newest;
}

/** Builds the web app unless its build is newer than every source it is made from. */
export async function ensureWebBuild({ force = false } = {}) {
  const index = path.join(root, 'apps/web/dist/index.html');
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  if (!force && built > newestMtime(['apps/web', 'packages', 'package-lock.json'])) return;
  log('Building the web app');
  await runOrExit('npm', ['run', 'build', '--workspace', 'apps/web']);
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
