// POST /api/orders/set-costs requests per second and p99 latency for a 20-line cart at
// 32 connections (goal: ≥ 0.5× of a bare node:http route that reads and JSON-parses the same request
// body and answers the server's own response bytes from memory, and p99 ≤ 15 ms), and the same for a
// 200-line cart (goal: the cost grows linearly with the lines: the server's CPU per line at 200 lines
// at most 1.5× its CPU per line at 20 lines). A 1-line cart is also measured (server CPU only) so the
// marginal cost of a line can be shown without the fixed cost of a request.
//
// The carts come from the demo tenant maple-bistro (101): the orderable items of its dine-in menus
// (not sold out, not unavailable, no price schedule, not member-only), quantity 1, each required option
// group given its first value and every other line one optional value; the 200-line cart goes round
// the items several times (distinct orderIds, other optional values). WELCOME10 and an 18 % tip apply.
// Prices are the server's: the cart is POSTed once and the fresh items of its 428 answer are used
// (bench/lib/carts.mjs builds the carts; orders-item.mjs uses the same ones).
//
// Those carts are posted again and again, and the kept answers (decisions 0023, 0050) answer them from
// memory. Issue 27 item 4 asks what a cart never sent before costs: the never-seen rows post a new
// random 20-line cart (20 of the orderable items, random valid options and quantities, a random tip)
// on every request, goal at most 150 us of server CPU per request and p99 under 15 ms at 32
// connections; the realistic-mix row (a new cart, then the same cart with 2 or 3 tip picks) is the
// mix on which a cache keyed by request text has to show its gain (lib/fresh-carts.mjs).
import { checkRandomCarts, HEADERS, loadOrderable, pricedCart, SET_COSTS_PATH as PATH } from '../lib/carts.mjs';
import { freshCartRequests, freshRows, measureCartLoad as measure, realisticMixRequests, warmFillMeasure } from '../lib/fresh-carts.mjs';
import { LOAD_DEFAULTS } from '../lib/load.mjs';
import { request } from '../lib/net.mjs';
import { startBareServer } from '../lib/servers.mjs';

export const order = 40;
export const title = 'Cart pricing: POST /api/orders/set-costs, 20 and 200 lines (autocannon, 32 connections)';

const GOAL_RATIO = 0.5;
const GOAL_P99_MS = 15;
/** (CPU per line at 200 lines) ÷ (CPU per line at 20 lines): at most this counts as linear (or better). */
const GOAL_PER_LINE_RATIO = 1.5;
/** A few seconds of warm-up (the server's pricing code is cold at first). */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
/** The 1-line cart only gives the fixed cost of a request: a shorter run is enough. */
const ONE_LINE_SECONDS = Math.min(LOAD_DEFAULTS.durationSeconds, 5);
/** Headers that belong to one connection or one response, not to the answer. */
const NOT_COPIED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'x-request-id']);

export async function run(context) {
  const server = await context.server();
  const orderable = await loadOrderable(context, server.url);

  const carts = {};
  for (const lines of [1, 20, 200]) carts[lines] = await pricedCart(context, server.url, orderable, lines);

  const rows = [];
  const measured = {};
  for (const lines of [20, 200]) {
    const cart = carts[lines];
    const copied = Object.fromEntries(Object.entries(cart.response.headers).filter(([name]) => !NOT_COPIED.has(name)));
    const bare = await startBareServer(
      `bare set-costs server (${lines} lines)`,
      { routes: [{ method: 'POST', path: PATH, headers: copied, body: cart.response.body, parseJson: true }] },
      { tmpDir: context.tmpDir },
    );
    try {
      const check = await request(`${bare.url}${PATH}`, { method: 'POST', headers: HEADERS, body: cart.body });
      if (check.status !== 200 || !check.body.equals(cart.response.body))
        throw new Error(
          `the bare server answered ${check.status} with ${check.body.length} bytes (expected 200, ${cart.response.body.length})`,
        );
      context.log(`baseline (${lines} lines): bare node:http on ${bare.url}, reads and JSON.parses the body, answers the same bytes`);
      const r = await measure(context, `server ${lines} lines`, { url: `${server.url}${PATH}`, body: cart.body, serverPid: server.pid });
      const b = await measure(context, `bare   ${lines} lines`, { url: `${bare.url}${PATH}`, body: cart.body, serverPid: bare.pid });
      measured[lines] = r;
      rows.push(...compareRows(lines, r, b));
    } finally {
      await bare.stop();
    }
  }

  const one = await measure(context, 'server 1 line', {
    url: `${server.url}${PATH}`,
    body: carts[1].body,
    serverPid: server.pid,
    durationSeconds: ONE_LINE_SECONDS,
  });
  rows.push(...linearityRows(context, measured[20], measured[200], one));

  // Never-seen carts: checked first (a cart the bench prices wrong would measure the 409 path), then
  // made before the window, as many as the warm-up's rate says it needs.
  await checkRandomCarts(server.url, orderable);
  const url = `${server.url}${PATH}`;
  const windows = { warmupSeconds: WARMUP_SECONDS, durationSeconds: LOAD_DEFAULTS.durationSeconds };
  const run = (label) => (options) => measure(context, label, options);
  const fresh = freshCartRequests(orderable, { kind: 'set-costs', seed: 11 });
  const f = await warmFillMeasure(fresh, run('server never-seen 20-line carts'), {
    url,
    requests: fresh.requests,
    serverPid: server.pid,
    ...windows,
  });
  rows.push(...freshRows('set-costs', f, measured[20], fresh));

  const mix = realisticMixRequests(orderable, { seed: 13 });
  const m = await warmFillMeasure(mix, run('server realistic mix'), { url, requests: mix.requests, serverPid: server.pid, ...windows });
  context.log(
    `realistic mix: ${Math.round(mix.repeatShare() * 100)}% of its requests repeated a text of their session (a tip picked back)`,
  );
  rows.push(...mixRows(context, m, f, mix));
  return rows;
}

function mixRows(context, m, f, mix) {
  const baselineName = 'never-seen carts, same run';
  const clean = !m.errors && !m.timeouts && !m.wrongStatus;
  const caveats = [];
  if (!clean) caveats.push(`not every answer was 200: ${JSON.stringify(m.statusClasses)}`);
  if (mix.late() > 0) caveats.push(`${mix.late()} sessions were made during the window (the pool ran dry)`);
  if (m.busyMachine) caveats.push(`other processes used ${m.cpu.others}% of a core during the measurement`);
  const caveat = caveats.join('; ') || undefined;
  return [
    {
      name: `set-costs realistic mix (new cart + 2–3 tip picks, ${Math.round(mix.repeatShare() * 100)}% texts repeated)`,
      value: m.serverCpuMicrosPerRequest,
      unit: 'µs',
      baseline: f.serverCpuMicrosPerRequest,
      baselineName,
      ratio: m.serverCpuMicrosPerRequest && f.serverCpuMicrosPerRequest ? m.serverCpuMicrosPerRequest / f.serverCpuMicrosPerRequest : null,
      goal: null,
      met: null,
      caveat,
    },
    {
      name: '  p99 latency (realistic mix)',
      value: m.p99,
      unit: 'ms',
      baseline: f.p99,
      baselineName,
      ratio: f.p99 ? m.p99 / f.p99 : null,
      goal: null,
      met: null,
    },
  ];
}

function compareRows(lines, r, b) {
  const baselineName = 'bare node:http, same body parsed, same bytes';
  const ratio = b.rps > 0 ? r.rps / b.rps : null;
  const cpuRatio =
    r.serverCpuMicrosPerRequest && b.serverCpuMicrosPerRequest ? b.serverCpuMicrosPerRequest / r.serverCpuMicrosPerRequest : null;
  const clean = !r.errors && !r.timeouts && !r.wrongStatus;
  const caveats = [];
  if (b.generatorSaturated) {
    caveats.push(
      `the baseline was limited by autocannon (${b.cpu.generator}% of a core), not by the bare server (${b.cpu.server}%): the req/s ratio flatters the server${cpuRatio ? `; by server CPU per request it is ${cpuRatio.toFixed(2)}×` : ''}`,
    );
  }
  if (r.busyMachine || b.busyMachine) caveats.push('other processes were busy during the measurement');
  const caveat = caveats.join('; ') || undefined;
  const goals = lines === 20;
  return [
    {
      name: `POST set-costs, ${lines} lines`,
      value: r.rps,
      unit: 'req/s',
      baseline: b.rps,
      baselineName,
      ratio,
      goal: goals ? `ratio ≥ ${GOAL_RATIO}` : null,
      met: goals ? ratio !== null && ratio >= GOAL_RATIO && clean : null,
      caveat,
    },
    {
      name: `  p99 latency (${lines} lines)`,
      value: r.p99,
      unit: 'ms',
      baseline: b.p99,
      baselineName,
      ratio: b.p99 > 0 ? r.p99 / b.p99 : null,
      goal: goals ? `≤ ${GOAL_P99_MS} ms` : null,
      met: goals ? r.p99 <= GOAL_P99_MS && clean : null,
      caveat: goals && (r.busyMachine || b.busyMachine) ? 'other processes were busy during the measurement' : undefined,
    },
    {
      name: `  server CPU per request (${lines} lines)`,
      value: r.serverCpuMicrosPerRequest,
      unit: 'µs',
      baseline: b.serverCpuMicrosPerRequest,
      baselineName,
      ratio: cpuRatio ? 1 / cpuRatio : null,
      goal: null,
      met: null,
    },
  ];
}

/**
 * Linear growth, by the server's CPU per request (which does not depend on which side was the limit):
 * the goal row compares the CPU per line at 200 lines with that at 20 lines; the marginal row compares
 * the cost of each added line from 20 to 200 with that from 1 to 20, the fixed cost of a request left out.
 */
function linearityRows(context, r20, r200, r1) {
  const cpu1 = r1.serverCpuMicrosPerRequest;
  const cpu20 = r20?.serverCpuMicrosPerRequest;
  const cpu200 = r200?.serverCpuMicrosPerRequest;
  const perLine20 = cpu20 ? cpu20 / 20 : null;
  const perLine200 = cpu200 ? cpu200 / 200 : null;
  const perLineRatio = perLine20 && perLine200 ? perLine200 / perLine20 : null;
  const marginalLow = cpu1 && cpu20 ? (cpu20 - cpu1) / 19 : null;
  const marginalHigh = cpu20 && cpu200 ? (cpu200 - cpu20) / 180 : null;
  const marginalRatio = marginalLow > 0 && marginalHigh !== null ? marginalHigh / marginalLow : null;
  context.log(
    `server CPU per request: 1 line ${fmt(cpu1)} µs, 20 lines ${fmt(cpu20)} µs, 200 lines ${fmt(cpu200)} µs; per added line ${fmt(marginalLow)} µs (1→20), ${fmt(marginalHigh)} µs (20→200)`,
  );
  const busy = [r1, r20, r200].some((r) => r?.busyMachine) ? 'other processes were busy during a measurement' : undefined;
  return [
    {
      name: 'server CPU per line, 200 vs 20 lines',
      value: perLine200,
      unit: 'µs',
      baseline: perLine20,
      baselineName: '20-line cart',
      ratio: perLineRatio,
      goal: `ratio ≤ ${GOAL_PER_LINE_RATIO} (linear)`,
      met: perLineRatio === null ? null : perLineRatio <= GOAL_PER_LINE_RATIO,
      caveat: busy,
    },
    {
      name: '  CPU per added line, 20→200 vs 1→20',
      value: marginalHigh,
      unit: 'µs',
      baseline: marginalLow,
      baselineName: `1→20 lines; 1-line cart ${fmt(cpu1)} µs`,
      ratio: marginalRatio,
      goal: null,
      met: null,
    },
  ];
}

const fmt = (n) => (n === null || n === undefined ? '?' : String(Math.round(n)));
