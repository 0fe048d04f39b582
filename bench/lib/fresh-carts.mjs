// Requests that send a cart no request sent before (issue 27 item 4), for autocannon (load.mjs's
// `requests`): the repeated-cart rows measure what the kept answers (decisions 0023, 0050) serve from
// memory; these measure what a diner's first look at a cart costs. The bodies of the measured window
// are made before it (a pool sized from the warm-up's rate; the warm-up's bodies are made as they are
// sent), so the load generator's CPU goes to sending, not to building carts; a pool that runs dry is
// topped up on the fly and said so.
import os from 'node:os';
import { describeLoad, load } from './load.mjs';
import { addItemBody, DEFAULT_TIP, HEADERS, randomCarts, randomTip, seededRandom, setCostsBody, TIP_PRESETS } from './carts.mjs';

/** Issue 27 item 4: a cart never sent before, per request, at 32 connections. */
export const GOAL_FRESH_CPU_MICROS = 150;
export const GOAL_FRESH_P99_MS = 15;

/**
 * How many bodies a window of `seconds` needs at `rps` (the warm-up's), with room to spare: the
 * warm-up runs slower than the window (its generator makes each body, on the same cores, and the
 * server is still cold), by up to 2x on a busy 2-core machine, where 1.5x ran dry.
 */
export const poolSize = (rps, seconds) => Math.ceil(Math.max(rps, 200) * seconds * 3) + 1000;

/**
 * autocannon `requests` that post a new cart each time: `kind` 'set-costs' (random cart, random tip)
 * or 'orders-item' (random 19-line cart adding a random 20th line). Until fill(count) the bodies are
 * made as they are sent (the warm-up: its rate sizes the pool); fill makes `count` before the window.
 * → { requests, fill(count), late(), sent() } (late: bodies made during the window after a fill)
 */
export function freshCartRequests(orderable, { kind, seed = 1, lines = 20 }) {
  const carts = randomCarts(orderable, { lines, seed });
  const random = seededRandom(seed + 1);
  const make = kind === 'set-costs' ? () => setCostsBody(carts.next(), randomTip(random)) : () => addItemBody(carts.next());
  const path = kind === 'set-costs' ? '/api/orders/set-costs' : '/api/orders/item';
  let pool = [];
  let at = 0;
  let late = 0;
  const requests = [
    {
      method: 'POST',
      path,
      headers: HEADERS,
      setupRequest: (req) => {
        let body = pool[at];
        if (body === undefined) {
          body = make();
          late += 1;
        } else {
          pool[at] = undefined; // sent: let it go
        }
        at += 1;
        return { ...req, body };
      },
    },
  ];
  return {
    requests,
    fill(count) {
      pool = Array.from({ length: count }, make);
      at = 0;
      late = 0;
    },
    late: () => late,
    sent: () => at,
  };
}

/**
 * The realistic mix of set-costs (the test a text-keyed cache must pass, issue 27 item 4): each
 * connection is a diner who prices a new cart with the preselected tip (18 %), then picks another
 * preset 2 or 3 times (alternately), each pick a preset other than the current one (15 -> 18 is a
 * pick; 18 -> 15 -> 18 sends the first text again). Like freshCartRequests, sessions are made as
 * they are needed until fill(count) makes enough for `count` requests before the window.
 * → { requests, fill(count), repeatShare() (requests whose text was sent before in its session), late(), sent() }
 */
export function realisticMixRequests(orderable, { seed = 3, lines = 20 }) {
  const carts = randomCarts(orderable, { lines, seed });
  const random = seededRandom(seed + 1);
  let repeats = 0;
  let total = 0;
  const session = (picks) => {
    const items = carts.next();
    const tips = [DEFAULT_TIP];
    for (let i = 0; i < picks; i += 1) {
      const others = TIP_PRESETS.filter((tip) => tip !== tips[tips.length - 1]);
      tips.push(others[Math.floor(random() * others.length)]);
    }
    const bodies = tips.map((value) => setCostsBody(items, { type: 'percentage', value }));
    repeats += bodies.length - new Set(bodies).size;
    total += bodies.length;
    return bodies;
  };
  let sessions = { 2: [], 3: [] };
  let taken = { 2: 0, 3: 0 };
  let late = 0;
  let sent = 0;
  const next = (picks) => {
    const bodies = sessions[picks][taken[picks]];
    if (bodies) sessions[picks][taken[picks]] = undefined;
    taken[picks] += 1;
    if (bodies) return bodies;
    late += 1;
    return session(picks);
  };
  // One autocannon connection goes through these 7 requests in turn (its context is reset at the
  // first): a session of a new cart and 2 picks, then one of a new cart and 3 picks.
  const step = (picks, index) => ({
    method: 'POST',
    path: '/api/orders/set-costs',
    headers: HEADERS,
    setupRequest: (req, context) => {
      if (index === 0) context[picks] = next(picks);
      sent += 1;
      return { ...req, body: context[picks][index] };
    },
  });
  const requests = [0, 1, 2].map((i) => step(2, i)).concat([0, 1, 2, 3].map((i) => step(3, i)));
  return {
    requests,
    fill(count) {
      // 7 requests per pair of sessions (3 + 4).
      const pairs = Math.ceil(count / 7);
      sessions = { 2: Array.from({ length: pairs }, () => session(2)), 3: Array.from({ length: pairs }, () => session(3)) };
      taken = { 2: 0, 3: 0 };
      late = 0;
      sent = 0;
    },
    repeatShare: () => (total ? repeats / total : 0),
    late: () => late,
    sent: () => sent,
  };
}

/**
 * The never-seen rows of a cart call (also used by orders-item.mjs): req/s, server CPU per request and
 * p99 against the goals of issue 27 item 4, next to the same call's repeated-cart figures.
 */
export function freshRows(call, f, repeated, pool) {
  const baselineName = 'the repeated cart, same run';
  const clean = !f.errors && !f.timeouts && !f.wrongStatus;
  const caveats = [];
  if (!clean) caveats.push(`not every answer was 200: ${JSON.stringify(f.statusClasses)}, ${f.errors} errors, ${f.timeouts} timeouts`);
  if (pool.late() > 0) caveats.push(`${pool.late()} of ${pool.sent()} carts were made during the window (the pool ran dry)`);
  if (f.busyMachine) caveats.push(`other processes used ${f.cpu.others}% of a core during the measurement`);
  const caveat = caveats.join('; ') || undefined;
  const cpu = f.serverCpuMicrosPerRequest;
  const repeatedCpu = repeated?.serverCpuMicrosPerRequest ?? null;
  return [
    {
      name: `POST ${call}, never-seen 20-line carts`,
      value: f.rps,
      unit: 'req/s',
      baseline: repeated?.rps ?? null,
      baselineName,
      ratio: repeated?.rps ? f.rps / repeated.rps : null,
      goal: null,
      met: null,
    },
    {
      name: `  server CPU per request (never-seen)`,
      value: cpu,
      unit: 'µs',
      baseline: repeatedCpu,
      baselineName,
      ratio: cpu && repeatedCpu ? cpu / repeatedCpu : null,
      goal: `≤ ${GOAL_FRESH_CPU_MICROS} µs`,
      met: cpu === null ? null : cpu <= GOAL_FRESH_CPU_MICROS && clean,
      caveat,
    },
    {
      name: `  p99 latency (never-seen)`,
      value: f.p99,
      unit: 'ms',
      baseline: repeated?.p99 ?? null,
      baselineName,
      ratio: repeated?.p99 ? f.p99 / repeated.p99 : null,
      goal: `< ${GOAL_FRESH_P99_MS} ms`,
      met: f.p99 < GOAL_FRESH_P99_MS && clean,
      caveat,
    },
  ];
}

/**
 * The warm-up (bodies made as sent), then a pool sized from its rate, then the measured window.
 * `measure(options)` is the case's own (load() with its logging); → the measured window's result.
 */
export async function warmFillMeasure(source, measure, { warmupSeconds, durationSeconds, ...options }) {
  const warm = await measure({ ...options, warmupSeconds: 0, durationSeconds: warmupSeconds, quiet: true });
  source.fill(poolSize(warm.rps, durationSeconds));
  return measure({ ...options, warmupSeconds: 0, durationSeconds });
}

/**
 * One autocannon run of cart POSTs (set-costs or /orders/item) against `url`, logged; a warm-up's
 * figures are logged but not noted. Shared by bench/cases/set-costs.mjs and orders-item.mjs.
 */
export async function measureCartLoad(
  context,
  label,
  { url, body, requests, serverPid, warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 3), durationSeconds, quiet = false },
) {
  context.log(`load: ${label}${quiet ? ' (warm-up)' : ''}…`);
  const result = await load({
    url,
    method: 'POST',
    headers: HEADERS,
    body,
    requests,
    serverPid,
    warmupSeconds,
    ...(durationSeconds ? { durationSeconds } : {}),
  });
  context.log(describeLoad(`  ${label}${quiet ? ' (warm-up, bodies made as sent)' : ''}`, result));
  // A warm-up's figures are not reported: only the measured window's go under the table.
  if (quiet) return result;
  if (result.errors || result.timeouts || result.wrongStatus || result.busyMachine) context.note(describeLoad(label, result));
  if (result.generatorSaturated) {
    context.note(
      `${label}: the load generator used ${result.cpu.generator}% of a core (server ${result.cpu.server ?? '?'}%): ${Math.round(result.rps)} req/s is partly autocannon's own limit on this ${os.cpus().length}-core machine; the server-CPU-per-request rows do not depend on it`,
    );
  }
  return result;
}
