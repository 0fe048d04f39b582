// Diners placing orders over HTTP (POST /api/orders), used by the orders and scale-out cases: each
// diner posts one order after another on a keep-alive connection, each with its own Idempotency-Key,
// and every acknowledged order (2xx) is kept as { key, id } for the exactly-once check
// (orders-in-process.ts verify). Diner i talks to urls[i % urls.length] (round robin over processes).
//
// With `threads` > 1 the diners are shared among worker threads: at several thousand orders/s one
// event loop building requests and parsing answers would be the limit before the servers are.
import http from 'node:http';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { HOST } from './net.mjs';

/**
 * placeOrders({ urls, bodies, diners, seconds, prefix, headers, threads? })
 * → { acks: [{ key, id }], failed, errors: { reason: count }, seconds, rate, p50, p99 }
 * Diner i sends bodies[(i + turn × diners) % bodies.length] on its turn-th order, key `${prefix}-${i}-${n}`.
 */
export async function placeOrders({ urls, bodies, diners, seconds, prefix, headers, threads = 1 }) {
  for (const url of urls) if (new URL(url).hostname !== HOST) throw new Error(`bench requests stay on ${HOST}`);
  const payloads = bodies.map((body) => JSON.stringify(body));
  // Workers need a moment to start: everyone begins at the same instant and stops at the same deadline.
  const startAt = Date.now() + (threads > 1 ? 500 : 0);
  const job = { urls, payloads, diners, startAt, deadline: startAt + seconds * 1000, prefix, headers };
  const groups = Array.from({ length: Math.max(1, threads) }, (_, k) =>
    Array.from({ length: diners }, (_, i) => i).filter((i) => i % Math.max(1, threads) === k),
  ).filter((group) => group.length > 0);
  const parts =
    groups.length === 1
      ? [await runDiners({ ...job, indices: groups[0] })]
      : await Promise.all(
          groups.map(
            (indices) =>
              new Promise((resolve, reject) => {
                const worker = new Worker(new URL(import.meta.url), { workerData: { dinersJob: { ...job, indices } } });
                worker.once('message', resolve);
                worker.once('error', reject);
                worker.once('exit', (code) => code !== 0 && reject(new Error(`diners worker exited ${code}`)));
              }),
          ),
        );
  const acks = parts.flatMap((part) => part.acks);
  const latencies = Float64Array.from(parts.flatMap((part) => Array.from(part.latencies))).sort();
  const errors = {};
  for (const part of parts) for (const [reason, n] of Object.entries(part.errors)) errors[reason] = (errors[reason] ?? 0) + n;
  const elapsed = Math.max(...parts.map((part) => part.finishedAt)) - startAt;
  const pct = (p) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] : null);
  return {
    acks,
    failed: parts.reduce((sum, part) => sum + part.failed, 0),
    errors,
    seconds: elapsed / 1000,
    rate: acks.length / (elapsed / 1000),
    p50: pct(50),
    p99: pct(99),
  };
}

async function runDiners({ urls, payloads, diners, startAt, deadline, prefix, headers, indices }) {
  const perUrl = Math.ceil(diners / urls.length);
  const targets = urls.map((url) => ({
    url: new URL(`${url}/api/orders`),
    agent: new http.Agent({ keepAlive: true, maxSockets: perUrl }),
  }));
  const buffers = payloads.map((payload) => Buffer.from(payload));
  const acks = [];
  const latencies = [];
  const errors = new Map();
  let failed = 0;
  let sequence = 0;
  const post = (target, key, payload) =>
    new Promise((resolve) => {
      const req = http.request(
        target.url,
        { method: 'POST', agent: target.agent, headers: { ...headers, 'idempotency-key': key, 'content-length': payload.length } },
        (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
          res.on('error', (error) => resolve({ status: 0, error }));
        },
      );
      req.setTimeout(15_000, () => req.destroy(new Error('timeout')));
      req.on('error', (error) => resolve({ status: 0, error }));
      req.end(payload);
    });
  const diner = async (index) => {
    const target = targets[index % targets.length];
    let turn = 0;
    while (Date.now() < deadline) {
      const payload = buffers[(index + turn * diners) % buffers.length];
      turn += 1;
      const key = `${prefix}-${index}-${(sequence += 1)}`;
      const started = performance.now();
      const res = await post(target, key, payload);
      const elapsed = performance.now() - started;
      if (res.status >= 200 && res.status < 300) {
        latencies.push(elapsed);
        acks.push({ key, id: JSON.parse(res.body.toString('utf8')).order.id });
      } else {
        failed += 1;
        const reason = res.error ? res.error.message : `${res.status} ${safeErrorName(res.body)}`;
        errors.set(reason, (errors.get(reason) ?? 0) + 1);
      }
    }
  };
  if (startAt > Date.now()) await new Promise((resolve) => setTimeout(resolve, startAt - Date.now()));
  await Promise.all(indices.map((index) => diner(index)));
  const finishedAt = Date.now();
  for (const target of targets) target.agent.destroy();
  return { acks, latencies: Float64Array.from(latencies), failed, errors: Object.fromEntries(errors), finishedAt };
}

function safeErrorName(body) {
  try {
    return JSON.parse(body.toString('utf8')).error ?? '';
  } catch {
    return '';
  }
}

if (!isMainThread && workerData?.dinersJob) {
  runDiners(workerData.dinersJob).then((result) => parentPort.postMessage(result));
}
