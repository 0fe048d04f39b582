// The server's resident memory under carts it never saw before (issue 27 item 5): every cache the
// server keeps (kept answers, kept bodies, parsed dates…) must be bounded, so after 10 minutes of
// never-seen carts its VmRSS (/proc/PID/status) stays under 300 MB.
//
// 32 connections alternate POST /api/orders/set-costs (a random 20-line cart and tip) and POST
// /api/orders/item (a random 19-line cart adding a random line), each a cart no request sent before
// (lib/fresh-carts.mjs; made as they are sent: ten minutes of carts would not fit in memory, and the
// generator's CPU does not matter here). The RSS is printed about a dozen times along the run, so a
// trend shows even in the short default run.
//
//   npm run bench -- memory            60 s (BENCH_MEMORY_SECONDS=N for another length)
//   npm run bench -- memory --long     the goal's 10 minutes
//
// The server is the run's shared one (context.server()): in a full run it has already priced the
// set-costs and /orders/item cases' carts, never-seen ones included, which is the point.
import fs from 'node:fs';
import {
  addItemBody,
  HEADERS,
  loadOrderable,
  randomCarts,
  randomTip,
  seededRandom,
  setCostsBody,
  checkRandomCarts,
} from '../lib/carts.mjs';
import { load } from '../lib/load.mjs';

export const order = 45;
export const title = 'Memory: server RSS under never-seen carts (set-costs and /orders/item, 32 connections)';

const GOAL_MB = 300;
const GOAL_SECONDS = 600;

export async function run(context) {
  const long = context.args.includes('--long');
  const seconds = long ? GOAL_SECONDS : Number(process.env.BENCH_MEMORY_SECONDS ?? 60);
  const server = await context.server();
  const orderable = await loadOrderable(context, server.url);
  await checkRandomCarts(server.url, orderable);

  const carts = randomCarts(orderable, { lines: 20, seed: 31 });
  const random = seededRandom(32);
  const requests = [
    {
      method: 'POST',
      path: '/api/orders/set-costs',
      headers: HEADERS,
      setupRequest: (req) => ({ ...req, body: setCostsBody(carts.next(), randomTip(random)) }),
    },
    { method: 'POST', path: '/api/orders/item', headers: HEADERS, setupRequest: (req) => ({ ...req, body: addItemBody(carts.next()) }) },
  ];

  const before = memoryOf(server.pid);
  if (!before) throw new Error(`cannot read /proc/${server.pid}/status`);
  context.log(
    `${seconds} s of never-seen carts${long ? '' : ` (shorter than the goal's ${GOAL_SECONDS / 60} minutes; --long runs them)`}; RSS at the start ${mb(before.rss)} MB`,
  );
  const trend = [{ at: 0, ...before }];
  const started = Date.now();
  const every = Math.max(5, Math.round(seconds / 12)) * 1000;
  const timer = setInterval(() => {
    const now = memoryOf(server.pid);
    if (!now) return;
    const at = (Date.now() - started) / 1000;
    trend.push({ at, ...now });
    context.log(`  ${at.toFixed(0).padStart(4)} s: RSS ${mb(now.rss)} MB (peak ${mb(now.hwm)} MB)`);
  }, every);
  let result;
  try {
    result = await load({
      url: `${server.url}/api/orders/set-costs`,
      method: 'POST',
      requests,
      serverPid: server.pid,
      warmupSeconds: 0,
      durationSeconds: seconds,
    });
  } finally {
    clearInterval(timer);
  }
  const after = memoryOf(server.pid);
  trend.push({ at: (Date.now() - started) / 1000, ...after });
  context.log(
    `${result.requests} never-seen carts (${Math.round(result.rps)} req/s, ${JSON.stringify(result.statusClasses)}), server CPU ${Math.round(result.serverCpuMicrosPerRequest ?? 0)} µs per request; RSS ${mb(before.rss)} -> ${mb(after.rss)} MB, peak ${mb(after.hwm)} MB`,
  );
  context.note(`RSS trend (s: MB): ${trend.map((t) => `${t.at.toFixed(0)}: ${mb(t.rss)}`).join(', ')}`);

  // The growth over the second half of the run, when warm-up allocations are behind: a bounded cache
  // levels off, an unbounded one keeps growing.
  const half = trend.filter((t) => t.at >= trend.at(-1).at / 2);
  const growth = half.length >= 2 ? (mb(half.at(-1).rss - half[0].rss) / (half.at(-1).at - half[0].at)) * 60 : null;
  const clean = !result.errors && !result.timeouts && !result.wrongStatus;
  const caveats = [];
  if (!long && seconds < GOAL_SECONDS)
    caveats.push(`a ${seconds} s run, shorter than the goal's ${GOAL_SECONDS / 60} minutes: not judged (npm run bench -- memory --long)`);
  if (!clean)
    caveats.push(`not every answer was 200: ${JSON.stringify(result.statusClasses)}, ${result.errors} errors, ${result.timeouts} timeouts`);
  return [
    {
      name: `server RSS after ${seconds} s of never-seen carts`,
      value: mb(after.rss),
      unit: 'MB',
      baseline: mb(before.rss),
      baselineName: 'at the start of the run',
      ratio: after.rss / before.rss,
      goal: `< ${GOAL_MB} MB after ${GOAL_SECONDS / 60} min`,
      met: seconds >= GOAL_SECONDS ? mb(after.rss) < GOAL_MB && clean : null,
      caveat: caveats.join('; ') || undefined,
    },
    {
      name: '  RSS growth over the second half of the run',
      value: growth,
      unit: 'MB/min',
      baseline: null,
      baselineName: `${result.requests} carts, ${Math.round(result.rps)} req/s; peak RSS ${mb(after.hwm)} MB`,
      ratio: null,
      goal: null,
      met: null,
    },
  ];
}

/** VmRSS and VmHWM (the peak) of a process, in bytes; null once it is gone. */
function memoryOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return null;
  }
}

/** Decimal megabytes (10^6 bytes), as the goal says MB: the stricter reading of 300 MB. */
const mb = (bytes) => Math.round((bytes / 1e6) * 10) / 10;
