// POST /api/orders/item (check an item against the menu and add it to the cart) requests per second and
// p99 latency with a 19-line cart adding its 20th line, at 32 connections (goal: ≥ 0.5× of a bare
// node:http route that reads and JSON-parses the same request body and answers the server's own
// response bytes from memory, and p99 ≤ 15 ms: the same goals as set-costs, issue "cart pricing hot path").
//
// The cart is set-costs' 20-line cart (bench/lib/carts.mjs: maple-bistro's orderable dine-in items,
// priced by the server): lines 1 to 19 are `itemsInCart`, line 20 without its orderId is `itemToAdd`.
// maple-bistro allows 22 items per cart, so there is no 200-line variant.
//
// Beside it, never-seen carts (issue 27 item 4): every request adds a random line to a random 19-line
// cart that no request sent before (lib/fresh-carts.mjs), goal at most 150 us of server CPU per request
// and p99 under 15 ms at 32 connections.
import { checkRandomCarts, HEADERS, loadOrderable, pricedCart } from '../lib/carts.mjs';
import { freshCartRequests, freshRows, measureCartLoad as measure, warmFillMeasure } from '../lib/fresh-carts.mjs';
import { LOAD_DEFAULTS } from '../lib/load.mjs';
import { request } from '../lib/net.mjs';
import { startBareServer } from '../lib/servers.mjs';

export const order = 41;
export const title = 'Adding to the cart: POST /api/orders/item, 19 lines + 1 (autocannon, 32 connections)';

const PATH = '/api/orders/item';
const LINES = 20;
const GOAL_RATIO = 0.5;
const GOAL_P99_MS = 15;
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
/** Headers that belong to one connection or one response, not to the answer. */
const NOT_COPIED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'x-request-id']);

export async function run(context) {
  const server = await context.server();
  const orderable = await loadOrderable(context, server.url);
  const cart = await pricedCart(context, server.url, orderable, LINES);
  const { orderId: _orderId, ...itemToAdd } = cart.items[LINES - 1];
  const body = JSON.stringify({ itemsInCart: cart.items.slice(0, LINES - 1), itemToAdd, type: 'dine_in' });
  const response = await request(`${server.url}${PATH}`, { method: 'POST', headers: HEADERS, body });
  if (response.status !== 200) throw new Error(`POST ${PATH} answered ${response.status}: ${response.body.toString().slice(0, 400)}`);
  const answer = JSON.parse(response.body.toString('utf8'));
  if (answer.items?.length !== LINES || answer.added !== 1)
    throw new Error(`POST ${PATH} came back with ${answer.items?.length} lines, added ${answer.added} (expected ${LINES}, 1)`);
  context.log(`${PATH}: request ${body.length} bytes, answer 200 ${response.body.length} bytes, ${answer.items.length} lines`);

  const copied = Object.fromEntries(Object.entries(response.headers).filter(([name]) => !NOT_COPIED.has(name)));
  const bare = await startBareServer(
    'bare add-item server',
    { routes: [{ method: 'POST', path: PATH, headers: copied, body: response.body, parseJson: true }] },
    { tmpDir: context.tmpDir },
  );
  try {
    const check = await request(`${bare.url}${PATH}`, { method: 'POST', headers: HEADERS, body });
    if (check.status !== 200 || !check.body.equals(response.body))
      throw new Error(`the bare server answered ${check.status} with ${check.body.length} bytes (expected 200, ${response.body.length})`);
    context.log(`baseline: bare node:http on ${bare.url}, reads and JSON.parses the body, answers the same bytes`);
    const r = await measure(context, 'server', { url: `${server.url}${PATH}`, body, serverPid: server.pid });
    const b = await measure(context, 'bare  ', { url: `${bare.url}${PATH}`, body, serverPid: bare.pid });
    await bare.stop();

    await checkRandomCarts(server.url, orderable);
    const fresh = freshCartRequests(orderable, { kind: 'orders-item', seed: 21 });
    const f = await warmFillMeasure(fresh, (options) => measure(context, 'server never-seen carts', options), {
      url: `${server.url}${PATH}`,
      requests: fresh.requests,
      serverPid: server.pid,
      warmupSeconds: WARMUP_SECONDS,
      durationSeconds: LOAD_DEFAULTS.durationSeconds,
    });
    return [...compareRows(r, b), ...freshRows('/orders/item', f, r, fresh)];
  } finally {
    await bare.stop();
  }
}

function compareRows(r, b) {
  const baselineName = 'bare node:http, same body parsed, same bytes';
  const ratio = b.rps > 0 ? r.rps / b.rps : null;
  const cpuRatio =
    r.serverCpuMicrosPerRequest && b.serverCpuMicrosPerRequest ? b.serverCpuMicrosPerRequest / r.serverCpuMicrosPerRequest : null;
  const clean = !r.errors && !r.timeouts && !r.wrongStatus;
  const busy = r.busyMachine || b.busyMachine ? 'other processes were busy during the measurement' : undefined;
  const caveats = [];
  if (b.generatorSaturated) {
    caveats.push(
      `the baseline was limited by autocannon (${b.cpu.generator}% of a core), not by the bare server (${b.cpu.server}%): the req/s ratio flatters the server${cpuRatio ? `; by server CPU per request it is ${cpuRatio.toFixed(2)}×` : ''}`,
    );
  }
  if (busy) caveats.push(busy);
  return [
    {
      name: `POST /orders/item, ${LINES - 1} + 1 lines`,
      value: r.rps,
      unit: 'req/s',
      baseline: b.rps,
      baselineName,
      ratio,
      goal: `ratio ≥ ${GOAL_RATIO}`,
      met: ratio !== null && ratio >= GOAL_RATIO && clean,
      caveat: caveats.join('; ') || undefined,
    },
    {
      name: '  p99 latency',
      value: r.p99,
      unit: 'ms',
      baseline: b.p99,
      baselineName,
      ratio: b.p99 > 0 ? r.p99 / b.p99 : null,
      goal: `≤ ${GOAL_P99_MS} ms`,
      met: r.p99 <= GOAL_P99_MS && clean,
      caveat: busy,
    },
    {
      name: '  server CPU per request',
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
