import crypto from 'node:crypto';
// The real Servery server (the build npm start runs: node apps/api/dist/main.js, rebuilt first when a
// source is newer) and the bare baseline server (bare-server.mjs), each in its own process so neither
// shares a CPU core's event loop with the load generator.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiServerCommand, ensureApiBuild } from '../../scripts/lib.mjs';
import { freePort, HOST, waitFor200 } from './net.mjs';
import { startProcess } from './processes.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BARE_SERVER = fileURLToPath(new URL('./bare-server.mjs', import.meta.url));

/**
 * Starts the API with a fresh SQLite database in tmpDir and the demo tenants loaded.
 * Resolves with { url, port, stop(), output() } once GET /api/health answers 200. `nodeArgs` go to
 * node before the script (bench/profile.mjs passes --cpu-prof, which NODE_OPTIONS refuses); `script`
 * runs another build of the server instead of apps/api/dist/main.js (bench/profile.mjs --ab); so does
 * BENCH_API_SCRIPT for every case (an earlier build copied aside, to compare a change in any case).
 */
export async function startRealServer({ tmpDir, env = {}, nodeArgs = [], script = process.env.BENCH_API_SCRIPT, timeoutMs = 90_000 } = {}) {
  // Not process.exit on a failed build: the bench's cleanup still has to stop what it started.
  if (!(await ensureApiBuild({ exitOnFailure: false }))) throw new Error('the API build failed (npm run build --workspace apps/api)');
  const port = await freePort();
  const dbDir = fs.mkdtempSync(path.join(tmpDir, 'api-'));
  const [command, defaultArgs] = apiServerCommand();
  const args = script ? [...defaultArgs.slice(0, -1), path.resolve(script)] : defaultArgs;
  const proc = startProcess('Servery API', command, [...nodeArgs, ...args], {
    cwd: root,
    env: {
      PORT: String(port),
      HOST,
      DATABASE_URL: `file:${path.join(dbDir, 'bench.sqlite')}`,
      LOAD_DEMO_TENANTS: '1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Production refuses to start without its own key (README, "Production"); a fresh one per run.
      EVENT_SUITE_LINK_KEY: crypto.randomBytes(32).toString('hex'),
      DATA_HASH_KEY: crypto.randomBytes(32).toString('hex'),
      ...env,
    },
  });
  const url = `http://${HOST}:${port}`;
  try {
    await waitFor200(`${url}/api/health`, { timeoutMs, alive: proc.alive });
  } catch (error) {
    await proc.stop();
    const output = proc.output();
    throw new Error(`the API did not start: ${error.message}${output ? `\n--- server output ---\n${output}` : ''}`, { cause: error });
  }
  return { url, port, pid: proc.pid, stop: proc.stop, output: proc.output, alive: proc.alive };
}

/**
 * Starts bench/lib/bare-server.mjs: a node:http server that answers fixed responses from memory and
 * serves static folders. `spec` = { routes: [{ method, path, status?, headers, body (Buffer|string),
 * etag?, notModifiedHeaders? (the 304 headers; default: those RFC 9110 repeats), parseJson? }], mounts: [{ prefix, dir, headers?, gzip? }] }. A route reads the whole request
 * body first (and parses it when `parseJson`), so a POST baseline does the same I/O as the server.
 * Bodies are written to files in tmpDir and read once at start. Resolves with { url, port, pid,
 * stop() } once GET /__bare/health answers 200.
 */
export async function startBareServer(label, spec, { tmpDir }) {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(tmpDir, 'bare-'));
  const routes = (spec.routes ?? []).map((route, index) => {
    const bodyFile = path.join(dir, `body-${index}`);
    fs.writeFileSync(bodyFile, route.body ?? '');
    return {
      method: route.method ?? 'GET',
      path: route.path,
      status: route.status ?? 200,
      headers: route.headers ?? {},
      etag: route.etag,
      notModifiedHeaders: route.notModifiedHeaders,
      parseJson: route.parseJson ?? false,
      bodyFile,
    };
  });
  const specFile = path.join(dir, 'spec.json');
  fs.writeFileSync(specFile, JSON.stringify({ port, host: HOST, routes, mounts: spec.mounts ?? [] }));
  const proc = startProcess(label, process.execPath, [BARE_SERVER, specFile], { cwd: root });
  const url = `http://${HOST}:${port}`;
  try {
    await waitFor200(`${url}/__bare/health`, { timeoutMs: 15_000, alive: proc.alive });
  } catch (error) {
    await proc.stop();
    throw new Error(`${label} did not start: ${error.message}\n${proc.output()}`, { cause: error });
  }
  return { url, port, pid: proc.pid, stop: proc.stop, output: proc.output };
}
