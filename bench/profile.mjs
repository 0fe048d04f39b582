#!/usr/bin/env node
// Where the server's CPU goes under one bench case's load: starts the built server the way the bench
// does (bench/lib/servers.mjs), drives the case's request (the same carts, bodies and concurrency), and
// either profiles it (`node --cpu-prof`, then prints self and total time by function and by package
// for the measured window only) or measures its CPU per request over a few rounds (--rounds N, no
// profiler: the figure decision records compare).
//
//   node bench/profile.mjs set-costs|set-costs-200|orders-item|menu-304|orders [--rounds N] [--seconds S] [--warmup S] [--top N] [--perf]
//   node bench/profile.mjs set-costs-fresh|orders-item-fresh|set-costs-mix …   carts never sent before
//     (issue 27 item 4: a new random 20-line cart per request, bench/lib/fresh-carts.mjs) and the
//     realistic mix (a new cart, then 2-3 tip picks of it); the bodies of each window are made before it.
//
// --cpu-prof samples the main thread's stack on a wall clock: time the thread spends descheduled in a
// system call (the socket write that wakes the load generator, on a busy 2-core machine) shows as that
// call. --perf samples what is on the CPU instead (Linux `perf record`, node --perf-basic-prof for the
// JavaScript names), kernel included: the better view of CPU per request.
//   --script apps/api/dist-other/main.js  profiles another build (at the same depth as apps/api/dist)
//   BENCH_ORDERS_DATABASES=postgres node bench/profile.mjs orders      (default: sqlite)
//   PROFILE_KEEP=/some/dir  keeps the .cpuprofile (open it in Chrome's DevTools)
//   --ab apps/api/dist-base/main.js[,apps/api/dist-other/main.js…] --rounds N   CPU per request of
//     this build and others (copies of other builds, at the same depth as apps/api/dist), measured in
//     turn on the same machine at the same moment: the comparison a busy shared machine still allows
//     (SQLite only).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { checkRandomCarts, HEADERS, loadOrderable, pricedCart, SET_COSTS_PATH } from './lib/carts.mjs';
import { freshCartRequests, poolSize, realisticMixRequests } from './lib/fresh-carts.mjs';
import { cleanupAll } from './lib/cleanup.mjs';
import { createContext, GRAND_BUFFET } from './lib/context.mjs';
import { cpuMeter } from './lib/cpu.mjs';
import { load } from './lib/load.mjs';
import { request } from './lib/net.mjs';
import { startPostgres } from './lib/postgres.mjs';
import { root, startRealServer } from './lib/servers.mjs';
import { placeOverHttp, prepareBodies } from './cases/orders.mjs';
import { todayAtOnePmInToronto } from '../scripts/open-hours.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? Number(argv[at + 1]) : fallback;
};
const which =
  argv.find((a, i) => !a.startsWith('--') && Number.isNaN(Number(a)) && !['--ab', '--script'].includes(argv[i - 1])) ?? 'set-costs';
const rounds = option('rounds', 0);
const seconds = option('seconds', 10);
const top = option('top', 40);
// Seconds of load before any measured window (per build with --ab): never-seen carts warm V8 slowly.
const warmup = option('warmup', 3);
const usePerf = argv.includes('--perf');
const abAt = argv.indexOf('--ab');
const abScripts = abAt >= 0 ? argv[abAt + 1].split(',') : [];
const scriptAt = argv.indexOf('--script');
const script = scriptAt >= 0 ? argv[scriptAt + 1] : undefined;

async function main() {
  const context = createContext();
  context.setCase(`profile ${which}`);
  const profDir = fs.mkdtempSync(path.join(context.tmpDir, 'prof-'));
  const nodeArgs =
    rounds > 0
      ? []
      : usePerf
        ? ['--perf-basic-prof', '--no-logfile-per-isolate', `--logfile=${path.join(profDir, 'v8.log')}`]
        : ['--cpu-prof', `--cpu-prof-dir=${profDir}`];
  // PROFILE_NODE_ARGS='["--log-deopt","--logfile=/tmp/v8.log"]' adds node flags of one's own.
  nodeArgs.push(...JSON.parse(process.env.PROFILE_NODE_ARGS ?? '[]'));
  const env = {};
  let cluster = null;
  if (which === 'orders') {
    env.NODE_ENV = 'benchmark';
    env.CLOCK_START = todayAtOnePmInToronto().toISOString();
    if ((process.env.BENCH_ORDERS_DATABASES ?? 'sqlite') === 'postgres') {
      cluster = await startPostgres({ settings: { fsync: 'off', synchronous_commit: 'on', full_page_writes: 'off' } });
      env.DATABASE_URL = cluster.url;
    }
  }
  if (abScripts.length) return compareBuilds(context, env);
  const server = await startRealServer({ tmpDir: context.tmpDir, env, nodeArgs, script });
  try {
    const drive = await driver(context, server);
    await drive(warmup);
    const windows = [];
    for (let round = 0; round < Math.max(1, rounds); round += 1) {
      const from = process.hrtime.bigint();
      const meter = cpuMeter([server.pid]);
      const recording = usePerf && rounds === 0 ? perfRecord(server.pid, path.join(profDir, 'perf.data'), seconds - 1) : null;
      const count = await drive(seconds);
      const cpu = meter.stop();
      if (recording) await recording;
      windows.push([Number(from / 1000n), Number(process.hrtime.bigint() / 1000n)]);
      const perRequest = (cpu.groupSeconds[server.pid] / count) * 1e6;
      console.log(
        `${which}${rounds ? ` round ${round + 1}` : ' (profiled)'}: ${count} answers in ${cpu.wall.toFixed(1)} s, server ${perRequest.toFixed(1)} µs CPU per answer (${cpu.groups[server.pid]}% of a core), generator ${cpu.self}%, others ${cpu.others}%, load ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
      );
    }
    await server.stop();
    if (usePerf && rounds === 0) {
      perfReport(path.join(profDir, 'perf.data'));
      if (process.env.PROFILE_KEEP) {
        // perf report reads the JavaScript names from /tmp/perf-<pid>.map: kept there with the data.
        fs.copyFileSync(path.join(profDir, 'perf.data'), path.join(process.env.PROFILE_KEEP, `${which}.perf.data`));
        console.log(`perf report -i ${path.join(process.env.PROFILE_KEEP, `${which}.perf.data`)} (pid ${server.pid})`);
      } else {
        fs.rmSync(`/tmp/perf-${server.pid}.map`, { force: true });
      }
    } else if (rounds === 0) {
      const file = fs.readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
      if (!file) throw new Error('the server wrote no profile');
      const profile = JSON.parse(fs.readFileSync(path.join(profDir, file), 'utf8'));
      if (process.env.PROFILE_KEEP) fs.copyFileSync(path.join(profDir, file), path.join(process.env.PROFILE_KEEP, `${which}.cpuprofile`));
      report(profile, windows[0]);
    }
  } finally {
    await server.stop();
    if (cluster) await cluster.stop();
  }
}

/** --ab: this build and the others, the same case in turn, `rounds` rounds each; CPU per answer of each. */
async function compareBuilds(context, env) {
  const builds = [
    { label: 'this build', script: undefined },
    ...abScripts.map((script) => ({ label: path.relative(root, path.resolve(script)), script })),
  ];
  const results = new Map(builds.map((build) => [build.label, []]));
  try {
    for (const build of builds) {
      build.server = await startRealServer({ tmpDir: context.tmpDir, env, script: build.script });
      build.drive = await driver(context, build.server);
      await build.drive(warmup);
    }
    for (let round = 0; round < Math.max(1, rounds); round += 1) {
      for (const build of round % 2 === 0 ? builds : [...builds].reverse()) {
        const meter = cpuMeter([build.server.pid]);
        const count = await build.drive(seconds);
        const cpu = meter.stop();
        const perRequest = (cpu.groupSeconds[build.server.pid] / count) * 1e6;
        results.get(build.label).push(perRequest);
        console.log(
          `${which} round ${round + 1}, ${build.label}: ${count} answers, ${perRequest.toFixed(1)} µs CPU per answer, others ${cpu.others}%, load ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
        );
      }
    }
    for (const [label, values] of results) {
      const sorted = [...values].sort((a, b) => a - b);
      console.log(
        `${label}: median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} µs (${sorted.map((v) => v.toFixed(1)).join(', ')})`,
      );
    }
  } finally {
    for (const build of builds) await build.server?.stop();
  }
}

/** → drive(seconds) → answers counted: the case's request under its load. */
async function driver(context, server) {
  const autocannonFor = (url, options) => async (s) => {
    const r = await load({ url, ...options, warmupSeconds: 0, durationSeconds: s });
    if (r.errors || r.wrongStatus) throw new Error(`errors ${r.errors}, wrong status ${r.wrongStatus}`);
    return r.requests;
  };
  if (which === 'set-costs' || which === 'set-costs-200' || which === 'set-costs-1') {
    const lines = which === 'set-costs' ? 20 : which === 'set-costs-1' ? 1 : 200;
    const orderable = await loadOrderable(context, server.url);
    const cart = await pricedCart(context, server.url, orderable, lines);
    return autocannonFor(`${server.url}${SET_COSTS_PATH}`, { method: 'POST', headers: HEADERS, body: cart.body });
  }
  if (which === 'set-costs-fresh' || which === 'orders-item-fresh' || which === 'set-costs-mix') {
    const orderable = await loadOrderable(context, server.url);
    await checkRandomCarts(server.url, orderable);
    const source =
      which === 'set-costs-mix'
        ? realisticMixRequests(orderable, { seed: 13 })
        : freshCartRequests(orderable, { kind: which === 'set-costs-fresh' ? 'set-costs' : 'orders-item', seed: 11 });
    const path = which === 'orders-item-fresh' ? '/api/orders/item' : SET_COSTS_PATH;
    // The first run (the warm-up) makes its bodies as it sends them; every later one gets a pool made
    // before it, sized from the last run's rate, so the generator's CPU goes to sending.
    let rps = 0;
    return async (s) => {
      if (rps > 0) source.fill(poolSize(rps, s));
      const r = await load({
        url: `${server.url}${path}`,
        method: 'POST',
        headers: HEADERS,
        requests: source.requests,
        warmupSeconds: 0,
        durationSeconds: s,
      });
      if (r.errors || r.wrongStatus) throw new Error(`errors ${r.errors}, wrong status ${r.wrongStatus}`);
      if (rps > 0 && source.late() > 0) console.log(`  ${source.late()} bodies made during the window (the pool ran dry)`);
      rps = r.rps;
      return r.requests;
    };
  }
  if (which === 'orders-item') {
    const orderable = await loadOrderable(context, server.url);
    const cart = await pricedCart(context, server.url, orderable, 20);
    const { orderId: _orderId, ...itemToAdd } = cart.items[19];
    const body = JSON.stringify({ itemsInCart: cart.items.slice(0, 19), itemToAdd, type: 'dine_in' });
    return autocannonFor(`${server.url}/api/orders/item`, { method: 'POST', headers: HEADERS, body });
  }
  if (which === 'menu-304') {
    const url = `${server.url}/api/restaurants/${GRAND_BUFFET.id}/menus?type=dine_in`;
    const headers = { 'accept-encoding': 'gzip, br', 'x-restaurant-id': String(GRAND_BUFFET.id) };
    const first = await request(url, { headers });
    return autocannonFor(url, { headers: { ...headers, 'if-none-match': first.headers.etag }, expectStatus: 304 });
  }
  if (which === 'orders') {
    const clockStart = todayAtOnePmInToronto();
    const startedAt = Date.now();
    const bodies = await prepareBodies(context, server.url, () => clockStart.getTime() + (Date.now() - startedAt));
    let turn = 0;
    return async (s) => {
      const r = await placeOverHttp(server.url, bodies, s, `profile-${(turn += 1)}`);
      if (r.failed) console.log(`  ${r.failed} not acknowledged: ${JSON.stringify(r.errors)}`);
      return r.acks.length;
    };
  }
  throw new Error(`unknown case ${which}`);
}

/** perf record of the server's process for `seconds`, from now. → Promise, resolved when written */
function perfRecord(pid, file, seconds) {
  return new Promise((resolve, reject) => {
    const child = spawn('perf', ['record', '-F', '1999', '-g', '-p', String(pid), '-o', file, '--', 'sleep', String(seconds)], {
      stdio: 'ignore',
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`perf record exited ${code}`))));
    child.on('error', reject);
  });
}

/** Where the on-CPU samples went: by library, by function (self), and JavaScript frames with their callees. */
function perfReport(file) {
  const report = (...args) =>
    execFileSync('perf', ['report', '-i', file, '--stdio', '-g', 'none', ...args], { encoding: 'utf8', maxBuffer: 64 << 20 })
      .split('\n')
      .filter((line) => /^\s+\d/.test(line))
      .map((line) => line.replace(`file://${root}/`, '').replace(`${root}/`, ''));
  console.log('\non-CPU samples by library');
  console.log(report('--no-children', '--sort', 'dso').slice(0, 8).join('\n'));
  console.log('\nself, by function');
  console.log(report('--no-children', '--sort', 'sym').slice(0, top).join('\n'));
  console.log('\nwith callees (children), JavaScript frames');
  console.log(
    report('--children', '--sort', 'sym')
      .filter((line) => line.includes('JS:'))
      .slice(0, top)
      .join('\n'),
  );
}

/** Self and total time by function and by package, for the samples inside `window` ([from, to] in µs). */
function report(profile, [from, to]) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const where = (cf) => {
    const url = cf.url.replace(`file://${root}/`, '');
    const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
    if (pkg) return pkg[1];
    if (url.startsWith('node:')) return 'node';
    if (!url) return cf.functionName.startsWith('(') ? cf.functionName : 'native';
    return url;
  };
  const key = (cf) => `${cf.functionName || '(anonymous)'} ${where(cf)}:${cf.lineNumber + 1}`;
  const self = new Map();
  const total = new Map();
  const packages = new Map();
  let t = profile.startTime;
  let counted = 0;
  let idle = 0;
  for (let i = 0; i < profile.samples.length; i += 1) {
    t += profile.timeDeltas[i];
    if (t < from || t > to) continue;
    const node = byId.get(profile.samples[i]);
    if (node.callFrame.functionName === '(idle)') {
      idle += 1;
      continue;
    }
    counted += 1;
    const k = key(node.callFrame);
    self.set(k, (self.get(k) ?? 0) + 1);
    const p = where(node.callFrame);
    packages.set(p, (packages.get(p) ?? 0) + 1);
    const seen = new Set();
    for (let id = node.id; id !== undefined; id = parent.get(id)) {
      const kk = key(byId.get(id).callFrame);
      if (seen.has(kk)) continue;
      seen.add(kk);
      total.set(kk, (total.get(kk) ?? 0) + 1);
    }
  }
  const pct = (n) => `${((n / counted) * 100).toFixed(1).padStart(5)} %`;
  const list = (title, map, n) => {
    console.log(`\n${title}`);
    for (const [k, v] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`${pct(v)}  ${k}`);
  };
  console.log(`\n${counted} busy samples in the measured window (${idle} idle)`);
  list('self time by package or file', packages, 30);
  list('self time by function', self, top);
  list('total time by function', total, top);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => cleanupAll());
