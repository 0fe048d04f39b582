// HTTP load with autocannon: a warm-up run, then a measured run, both bounded in time and only against
// 127.0.0.1. Returns requests per second and latency percentiles of the measured run.
import autocannon from 'autocannon';
import { cpuMeter } from './cpu.mjs';
import { HOST } from './net.mjs';

/** 32 connections, 2 s warm-up, 10 s measured; BENCH_WARMUP_SECONDS / BENCH_LOAD_SECONDS override (quick checks). */
export const LOAD_DEFAULTS = {
  connections: 32,
  warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 2),
  durationSeconds: Number(process.env.BENCH_LOAD_SECONDS ?? 10),
};

function once(options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ ...options, timeout: 10 }, (error, result) => (error ? reject(error) : resolve(result)));
    // Belt and braces: autocannon stops itself at `duration`; this stops it if it does not.
    const guard = setTimeout(() => instance.stop(), (options.duration + 15) * 1000);
    instance.on('done', () => clearTimeout(guard));
  });
}

/**
 * The load generator (this process, one core) counts as the limit when it used this share of a core
 * and more CPU than the server: then the rate says more about autocannon than about the server.
 */
export const GENERATOR_SATURATED_PERCENT = 75;
/** Other processes using this share of a core during a measurement make it unreliable (flagged). */
export const OTHERS_BUSY_PERCENT = 20;

/**
 * load({ url, method?, headers?, body?, requests?, connections?, warmupSeconds?, durationSeconds?, expectStatus?, serverPid? })
 * → { rps, p50, p90, p99, max, requests, errors, timeouts, statusClasses: { '2xx': n, ... }, wrongStatus,
 *     bytesPerSecond, connections, durationSeconds }
 * `wrongStatus` counts responses whose status class differs from expectStatus's (default 200).
 * `cpu` = { generator, server }: percent of one core used during the measured run by this process
 * (autocannon) and by the process group `serverPid` (when given); `serverCpuMicrosPerRequest` = the
 * server group's CPU time per answered request.
 */
export async function load({ url, method = 'GET', headers = {}, body, requests, expectStatus = 200, serverPid, ...rest }) {
  const target = new URL(url);
  if (target.hostname !== HOST) throw new Error(`load only against ${HOST}, not ${target.hostname}`);
  const { connections, warmupSeconds, durationSeconds } = { ...LOAD_DEFAULTS, ...rest };
  // `requests` (autocannon's: each with an optional setupRequest) sends another body on each request:
  // the carts no request sent before (set-costs.mjs, orders-item.mjs, memory.mjs).
  const common = { url, method, headers, body, connections, pipelining: 1, ...(requests ? { requests } : {}) };
  if (warmupSeconds > 0) await once({ ...common, duration: warmupSeconds });
  const meter = cpuMeter([serverPid]);
  const result = await once({ ...common, duration: durationSeconds });
  const cpu = meter.stop();
  const statusClasses = { '1xx': result['1xx'], '2xx': result['2xx'], '3xx': result['3xx'], '4xx': result['4xx'], '5xx': result['5xx'] };
  const expectedClass = `${String(expectStatus)[0]}xx`;
  const answered = Object.values(statusClasses).reduce((sum, n) => sum + n, 0);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    statusClasses,
    wrongStatus: answered - statusClasses[expectedClass],
    bytesPerSecond: result.throughput.average,
    connections,
    durationSeconds,
    cpu: { generator: cpu.self, server: serverPid ? cpu.groups[serverPid] : null, others: cpu.others },
    busyMachine: cpu.others !== null && cpu.others >= OTHERS_BUSY_PERCENT,
    // What the server spends per request, whoever was the limit: capacity when the server is the limit.
    serverCpuMicrosPerRequest:
      serverPid && cpu.groupSeconds[serverPid] !== null && result.requests.total > 0
        ? (cpu.groupSeconds[serverPid] / result.requests.total) * 1e6
        : null,
    generatorSaturated:
      cpu.self !== null &&
      cpu.self >= GENERATOR_SATURATED_PERCENT &&
      (!serverPid || cpu.groups[serverPid] === null || cpu.self >= cpu.groups[serverPid]),
  };
}

/** A one-line summary of a load() result, for notes under the table. */
export function describeLoad(label, r) {
  const problems = [];
  if (r.errors) problems.push(`${r.errors} errors`);
  if (r.timeouts) problems.push(`${r.timeouts} timeouts`);
  if (r.busyMachine) problems.push('OTHER PROCESSES WERE BUSY: unreliable');
  if (r.wrongStatus) problems.push(`${r.wrongStatus} unexpected statuses ${JSON.stringify(r.statusClasses)}`);
  const perRequest = r.serverCpuMicrosPerRequest === null ? '' : ` (${Math.round(r.serverCpuMicrosPerRequest)} µs per request)`;
  const cpu = `CPU: server ${r.cpu.server ?? '?'}%${perRequest}, load generator ${r.cpu.generator ?? '?'}%, other processes ${r.cpu.others ?? '?'}% of a core`;
  return `${label}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.requests} requests, ${Math.round(r.bytesPerSecond / 1024)} KiB/s, ${cpu}${problems.length ? ` — ${problems.join(', ')}` : ''}`;
}
