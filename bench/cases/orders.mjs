// Orders placed per second with 32 concurrent diners, POST /api/orders against the real
// server (node apps/api/dist/main.js, demo tenants) on SQLite and on PostgreSQL (a throwaway cluster),
// goals 1,000/s on SQLite and 500/s on PostgreSQL on the 2-core machine, next to the same placement
// without HTTP (the place-order use case called in one process with the same bodies and concurrency).
// After each run every acknowledged order (2xx) is looked up in the database by its Idempotency-Key
// and id: it must be stored exactly once and charged by exactly one captured payment.
//
// The diners order at maple-bistro (101): takeout pickup at a scheduled slot (the slots offered by
// POST /api/orders/scheduling, spread over the first ones) and dine-in at a table, alternately, with
// two to three lines, an 18 % tip, contact details, the custom question answered, and a sandbox
// test card (4242…). Cards are tokenised before the measured window, one token per diner (a real
// diner tokenises once and may retry with the same token); every order has its own Idempotency-Key.
//
// The server's clock starts at today's 1 p.m. in Toronto (CLOCK_START, decision 0014), and so does
// the use case's without HTTP: a dine-in order needs the restaurant open, whatever the hour the bench
// runs at. CLOCK_START is refused in production, so this server runs with NODE_ENV=benchmark; the
// only difference production makes is the dev outbox route, which the bench does not call.
//
// Durability: SQLite runs in WAL with synchronous=NORMAL (the server's own setting: a commit survives
// a killed process, not a power cut); the PostgreSQL cluster runs with fsync=off and
// synchronous_commit=on, the same class (WAL written to the kernel at commit, never fsynced).
import fs from 'node:fs';
import path from 'node:path';
import { runTsxJob } from '../lib/tsx-job.mjs';
import { cpuMeter } from '../lib/cpu.mjs';
import { LOAD_DEFAULTS, OTHERS_BUSY_PERCENT } from '../lib/load.mjs';
import { metricSeries, metricSum, scrapeMetrics } from '../lib/metrics-scrape.mjs';
import { placeOrders } from '../lib/diners.mjs';
import { request } from '../lib/net.mjs';
import { startPostgres } from '../lib/postgres.mjs';
import { startRealServer } from '../lib/servers.mjs';
import { todayAtOnePmInToronto } from '../../scripts/open-hours.mjs';

export const order = 50;
export const title = 'Order placement: POST /api/orders, 32 diners, SQLite and PostgreSQL, vs the use case without HTTP';

export const RESTAURANT = { id: 101, slug: 'maple-bistro' };
const DINERS = 32;
const GOALS = { sqlite: 1000, postgres: 500 };
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const SECONDS = LOAD_DEFAULTS.durationSeconds;
export const HEADERS = { 'content-type': 'application/json', 'x-restaurant-id': String(RESTAURANT.id) };
const VISA = { number: '4242424242424242', expiry: '1230', cvd: '123', postal_code: 'M5A 3C4' };
const TIP = { tip: { type: 'percentage', value: '18' } };
const CONTACT = { full_name: 'Dana Diner', email: 'dana@example.com', phone_number: '416-555-0101' };
/** The lines (tenants/maple-bistro.json): items without options, orderPrice = the line's total; a 428 answer's prices win. */
const TAKEOUT_LINES = [
  { id: 1101, menu_id: 1010, section_id: 1050, orderId: 1, quantity: 2, orderPrice: 1600, orderOptions: [] },
  { id: 1109, menu_id: 1010, section_id: 1051, orderId: 2, quantity: 1, orderPrice: 2200, orderOptions: [] },
  { id: 1133, menu_id: 1010, section_id: 1058, orderId: 3, quantity: 2, orderPrice: 900, orderOptions: [] },
];
const DINE_IN_LINES = [
  { id: 1108, menu_id: 1010, section_id: 1051, orderId: 1, quantity: 1, orderPrice: 2800, orderOptions: [] },
  { id: 1116, menu_id: 1010, section_id: 1053, orderId: 2, quantity: 1, orderPrice: 600, orderOptions: [] },
];
/** How many of the offered pickup slots the takeout orders are spread over. */
const SLOTS = 24;

export async function run(context) {
  const rows = [];
  // BENCH_ORDERS_DATABASES=postgres (or sqlite) measures one of them only, while developing.
  const kinds = (process.env.BENCH_ORDERS_DATABASES ?? 'sqlite,postgres').split(',').filter((k) => k === 'sqlite' || k === 'postgres');
  for (const kind of kinds) {
    try {
      rows.push(...(await measureDatabase(context, kind)));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      context.log(`${kind}: ERROR ${message}`);
      rows.push({
        name: `POST /api/orders, ${label(kind)}`,
        value: null,
        unit: 'orders/s',
        baseline: null,
        baselineName: null,
        ratio: null,
        goal: `≥ ${GOALS[kind]} orders/s`,
        met: null,
        error: message.split('\n')[0],
      });
    }
  }
  return rows;
}

const label = (kind) => (kind === 'sqlite' ? 'SQLite' : 'PostgreSQL');

async function measureDatabase(context, kind) {
  const dir = fs.mkdtempSync(path.join(context.tmpDir, `orders-${kind}-`));
  let databaseUrl;
  let cluster = null;
  if (kind === 'sqlite') {
    databaseUrl = `file:${path.join(dir, 'orders.sqlite')}`;
  } else {
    context.log('starting a throwaway PostgreSQL cluster (fsync=off, synchronous_commit=on)');
    cluster = await startPostgres({ settings: { fsync: 'off', synchronous_commit: 'on', full_page_writes: 'off' } });
    databaseUrl = cluster.url;
  }
  try {
    context.log(`${label(kind)}: starting the API with the demo tenants`);
    const clockStart = todayAtOnePmInToronto();
    const clockStartedAt = Date.now();
    const serverNow = () => clockStart.getTime() + (Date.now() - clockStartedAt);
    const server = await startRealServer({
      tmpDir: context.tmpDir,
      // /metrics is scraped during the measured run, as an operator's Prometheus would (decision 0062).
      env: { DATABASE_URL: databaseUrl, NODE_ENV: 'benchmark', CLOCK_START: clockStart.toISOString(), METRICS_ALLOW: '127.0.0.1' },
    });
    let bodies;
    let http1;
    try {
      bodies = await prepareBodies(context, server.url, serverNow);
      context.log(`${label(kind)}: warm-up ${WARMUP_SECONDS} s, then ${SECONDS} s of ${DINERS} diners over HTTP…`);
      await placeOverHttp(server.url, bodies, WARMUP_SECONDS, 'http-warm');
      const meter = cpuMeter([server.pid]);
      const scraper = await scrapeMetrics(server.url);
      http1 = await placeOverHttp(server.url, bodies, SECONDS, 'http');
      const cpu = meter.stop();
      context.log(describeMetrics(`${label(kind)} /metrics`, await scraper.stop(), http1.acks.length));
      http1.cpu = { server: cpu.groups[server.pid], generator: cpu.self, others: cpu.others };
      http1.serverCpuMicrosPerOrder =
        cpu.groupSeconds[server.pid] !== null && http1.acks.length > 0 ? (cpu.groupSeconds[server.pid] / http1.acks.length) * 1e6 : null;
    } finally {
      await server.stop();
    }
    const httpAcks = path.join(dir, 'http-acks.json');
    fs.writeFileSync(httpAcks, JSON.stringify(http1.acks));
    context.log(describe(`${label(kind)} HTTP`, http1));

    // The same bodies (same tokens, same slots) through the use case, the server stopped.
    context.log(`${label(kind)}: the use case without HTTP, ${DINERS} concurrent callers in one process…`);
    const inProcessAcks = path.join(dir, 'in-process-acks.json');
    const direct = await tsxJob(context, dir, {
      mode: 'place',
      databaseUrl,
      restaurantSlug: RESTAURANT.slug,
      bodies,
      concurrency: DINERS,
      warmupSeconds: WARMUP_SECONDS,
      durationSeconds: SECONDS,
      keyPrefix: 'direct',
      acksFile: inProcessAcks,
      clockStart: clockStart.toISOString(),
      clockStartedAt,
    });
    context.log(
      `${label(kind)} in-process: ${Math.round(direct.rate)} orders/s, p50 ${fmtMs(direct.p50)}, p99 ${fmtMs(direct.p99)}, ${direct.placed} placed, ${direct.failed} failed${direct.failed ? ` ${JSON.stringify(direct.errors)}` : ''}, CPU ${direct.cpuPercent}% of a core`,
    );

    const check = await tsxJob(context, dir, {
      mode: 'verify',
      databaseUrl,
      restaurantSlug: RESTAURANT.slug,
      acks: [
        { label: 'http', file: httpAcks, prefix: 'http' },
        { label: 'direct', file: inProcessAcks, prefix: 'direct' },
      ],
    });
    const exact = (v) => v.storedOnce === v.acknowledged && v.missing + v.duplicated + v.otherId + v.notChargedOnce === 0;
    for (const [who, v] of Object.entries(check)) {
      const line = `${label(kind)} ${who}: ${v.acknowledged} acknowledged, ${v.storedOnce} stored exactly once with the same id, ${v.missing} missing, ${v.duplicated} duplicated, ${v.otherId} with another id, ${v.notChargedOnce} not charged exactly once; ${v.storedNotAcknowledged} stored but not acknowledged`;
      context.log(line);
      context.note(line);
    }
    if (http1.failed) context.note(`${label(kind)} HTTP: ${http1.failed} requests not acknowledged: ${JSON.stringify(http1.errors)}`);
    if (direct.failed) context.note(`${label(kind)} in-process: ${direct.failed} calls failed: ${JSON.stringify(direct.errors)}`);

    const busy = http1.cpu.others !== null && http1.cpu.others >= OTHERS_BUSY_PERCENT;
    const caveat = busy ? `other processes used ${http1.cpu.others}% of a core during the measurement` : undefined;
    const onceOk = exact(check.http) && exact(check.direct);
    const baselineName = `use case in-process, ${DINERS} concurrent, no HTTP`;
    return [
      {
        name: `POST /api/orders, ${label(kind)} (${DINERS} diners)`,
        value: http1.rate,
        unit: 'orders/s',
        baseline: direct.rate,
        baselineName,
        ratio: direct.rate > 0 ? http1.rate / direct.rate : null,
        goal: `≥ ${GOALS[kind]} orders/s`,
        met: http1.rate >= GOALS[kind] && onceOk && http1.failed === 0,
        caveat,
      },
      {
        name: `  p50 latency (${label(kind)})`,
        value: http1.p50,
        unit: 'ms',
        baseline: direct.p50,
        baselineName,
        ratio: direct.p50 ? http1.p50 / direct.p50 : null,
        goal: null,
        met: null,
      },
      {
        name: `  p99 latency (${label(kind)})`,
        value: http1.p99,
        unit: 'ms',
        baseline: direct.p99,
        baselineName,
        ratio: direct.p99 ? http1.p99 / direct.p99 : null,
        goal: null,
        met: null,
      },
      {
        name: `  server CPU per order (${label(kind)})`,
        value: http1.serverCpuMicrosPerOrder,
        unit: 'µs',
        baseline: null,
        baselineName: null,
        ratio: null,
        goal: null,
        met: null,
      },
      {
        name: `  acknowledged orders stored exactly once (${label(kind)})`,
        value: check.http.storedOnce + check.direct.storedOnce,
        unit: 'orders',
        baseline: check.http.acknowledged + check.direct.acknowledged,
        baselineName: 'acknowledged (HTTP 2xx + in-process)',
        ratio: null,
        goal: 'all, charged once',
        met: onceOk,
      },
    ];
  } finally {
    if (cluster) await cluster.stop();
  }
}

/**
 * The diners' bodies: takeout at the first SLOTS offered slots and dine-in at tables 1–12,
 * alternately, each diner with its own token. Prices are the server's (a 428 answer's fresh items
 * replace the guessed ones). One probe order checks a body is accepted before any measurement.
 */
export async function prepareBodies(context, baseUrl, serverNow) {
  const post = (url, body, headers = {}) =>
    request(`${baseUrl}${url}`, { method: 'POST', headers: { ...HEADERS, ...headers }, body: JSON.stringify(body) });
  const json = (res) => JSON.parse(res.body.toString('utf8'));

  const priced = async (type, lines) => {
    const res = await post('/api/orders/set-costs', { items: lines, costs: TIP, type });
    if (res.status === 200) return lines;
    const answer = json(res);
    if (res.status === 409 && Array.isArray(answer.items) && (answer.invalid_items ?? []).every((e) => e.code === 428)) return answer.items;
    throw new Error(`set-costs (${type}) answered ${res.status}: ${res.body.toString().slice(0, 300)}`);
  };
  const takeoutItems = await priced('take-out', TAKEOUT_LINES);
  const dineInItems = await priced('dine_in', DINE_IN_LINES);

  const scheduling = await post('/api/orders/scheduling', { type: 'take-out', items: takeoutItems });
  if (scheduling.status !== 200) throw new Error(`scheduling answered ${scheduling.status}: ${scheduling.body.toString().slice(0, 300)}`);
  const offered = json(scheduling).days.flatMap((day) =>
    day.slots.map((slot) => ({ date: day.date, time: slot.startTime, start: Date.parse(slot.start) })),
  );
  // Not the next hour's slots: one could reach its last call during the run and refuse orders.
  const later = offered.filter((slot) => slot.start > serverNow() + 60 * 60_000);
  const slots = (later.length > 0 ? later : offered).slice(0, SLOTS);
  if (slots.length === 0) throw new Error('maple-bistro offers no takeout slot');

  const tokens = [];
  for (let i = 0; i < DINERS; i += 1) {
    const res = await post('/api/payment/tokenize', VISA);
    if (res.status !== 200) throw new Error(`tokenize answered ${res.status}: ${res.body.toString().slice(0, 300)}`);
    tokens.push(json(res).token);
  }

  const bodies = [];
  for (let i = 0; i < Math.max(DINERS, SLOTS * 2); i += 1) {
    const token = tokens[i % DINERS];
    const questions = [{ id: 1920, answers: [i % 2] }];
    if (i % 2 === 0) {
      const slot = slots[(i / 2) % slots.length];
      bodies.push({
        type: 'take-out',
        data: {
          config: { takeout: true, takeoutType: 'pickup' },
          items: takeoutItems,
          costs: TIP,
          checkout: {
            paymentMethod: 'credit_card',
            pickup: { delivery: false, scheduled: true, dueByDate: slot.date, dueByTime: slot.time },
            contact: CONTACT,
            card: { token },
            questions,
          },
        },
      });
    } else {
      bodies.push({
        type: 'dine_in',
        data: {
          config: { tableNum: String(1 + (i % 12)) },
          items: dineInItems,
          costs: TIP,
          checkout: { paymentMethod: 'credit_card', contact: CONTACT, card: { token }, questions },
        },
      });
    }
  }
  for (const body of bodies.slice(0, 2)) {
    const probe = await post('/api/orders', body, { 'idempotency-key': `probe-${body.type}-${Date.now()}` });
    if (probe.status !== 201)
      throw new Error(`a probe ${body.type} order answered ${probe.status}: ${probe.body.toString().slice(0, 400)}`);
  }
  context.log(
    `${bodies.length} bodies: takeout over ${slots.length} slots from ${slots[0].date} ${slots[0].time}, dine-in at 12 tables; ${DINERS} tokens; probe orders 201`,
  );
  return bodies;
}

/** DINERS loops, each posting one order after another (keep-alive), for `seconds` (lib/diners.mjs). */
export function placeOverHttp(baseUrl, bodies, seconds, prefix) {
  return placeOrders({ urls: [baseUrl], bodies, diners: DINERS, seconds, prefix, headers: HEADERS });
}

/** Runs bench/lib/orders-in-process.ts under tsx with `job`; resolves with its JSON answer. */
export function tsxJob(context, dir, job) {
  return runTsxJob('orders-in-process.ts', dir, `orders-in-process (${job.mode})`, job);
}

const fmtMs = (n) => (n === null || n === undefined ? '?' : `${n.toFixed(1)} ms`);

/** What the scrapes of the measured run say, and whether the orders they counted are the acknowledged ones. */
function describeMetrics(name, scraped, acknowledged) {
  if (scraped.count < 2) return `${name}: ${scraped.count} scrapes, ${scraped.failures} failed (is METRICS_ALLOW set?)`;
  const delta = (metric) => (metricSum(scraped.last, metric) ?? 0) - (metricSum(scraped.first, metric) ?? 0);
  const placed = delta('servery_orders_placed_total');
  const refused = metricSeries(scraped.last, 'servery_orders_refused_total');
  const queued = delta('servery_db_pool_queued_total');
  const queuedSeconds = delta('servery_db_pool_queued_seconds_total');
  return (
    `${name}: ${scraped.count} scrapes (slowest ${fmtMs(scraped.slowestMs)}, ${scraped.failures} failed); ` +
    `${placed} orders placed by the server's count in the window, ${acknowledged} acknowledged to the diners, ` +
    `refused so far ${JSON.stringify(refused)}, failed ${delta('servery_orders_failed_total')}; ` +
    `pool: ${queued} waits, ${fmtMs(queued > 0 ? (queuedSeconds / queued) * 1000 : 0)} each on average; ` +
    `live events lag ${metricSum(scraped.last, 'servery_live_events_lag_seconds')} s; outbox depth ${metricSum(scraped.last, 'servery_outbox_depth')}`
  );
}

function describe(name, r) {
  const cpu = r.cpu
    ? `, CPU: server ${r.cpu.server ?? '?'}%${r.serverCpuMicrosPerOrder ? ` (${Math.round(r.serverCpuMicrosPerOrder)} µs per order)` : ''}, diners ${r.cpu.generator ?? '?'}%, other processes ${r.cpu.others ?? '?'}% of a core`
    : '';
  const failures = r.failed ? `, ${r.failed} not acknowledged ${JSON.stringify(r.errors)}` : '';
  return `${name}: ${Math.round(r.rate)} orders/s, p50 ${fmtMs(r.p50)}, p99 ${fmtMs(r.p99)}, ${r.acks.length} acknowledged${failures}${cpu}`;
}
