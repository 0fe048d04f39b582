// The menu API: requests per second (goal ≥ 0.8× of a bare node:http server answering the
// same bytes from memory), measured with autocannon: 32 connections, 2 s warm-up, 10 s measured.
// Also the 304 path (If-None-Match with the server's ETag) when the server sends an ETag.
import os from 'node:os';
import zlib from 'node:zlib';
import { menuItems } from '../lib/context.mjs';
import { describeLoad, load } from '../lib/load.mjs';
import { request } from '../lib/net.mjs';
import { startBareServer } from '../lib/servers.mjs';

export const order = 30;
export const title = 'Menu API requests per second (autocannon, 32 connections)';

const GOAL_RATIO = 0.8;
/** Headers that belong to one connection or one response, not to the resource. */
const NOT_COPIED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'x-request-id']);

export async function run(context) {
  const { id } = context.tenant;
  const path = `/api/restaurants/${id}/menus?type=dine_in`;
  const headers = { 'accept-encoding': 'gzip, br', 'x-restaurant-id': String(id) };
  const server = await context.server();

  const first = await request(`${server.url}${path}`, { headers });
  if (first.status !== 200) throw new Error(`GET ${path} answered ${first.status}: ${first.body.toString().slice(0, 200)}`);
  const encoding = first.headers['content-encoding'];
  const items = menuItems(JSON.parse(decode(first.body, encoding).toString('utf8'))).length;
  const etag = first.headers.etag;
  context.log(
    `server: 200, ${first.body.length} bytes${encoding ? ` ${encoding}` : ' uncompressed'}, ${items} items, ETag ${etag ?? 'none'}, cache-control ${first.headers['cache-control'] ?? 'none'}`,
  );
  if (items < 300) context.note(`the menu has ${items} items, not the 300 of grand-buffet`);

  // The baseline answers the server's own bytes; when the server did not compress, gzip -9 them once.
  const copied = Object.fromEntries(Object.entries(first.headers).filter(([name]) => !NOT_COPIED.has(name)));
  let body = first.body;
  if (!encoding || encoding === 'identity') {
    body = zlib.gzipSync(first.body, { level: 9 });
    copied['content-encoding'] = 'gzip';
    copied.vary ??= 'accept-encoding';
    context.note(
      `the server sent the menu uncompressed (${first.body.length} bytes) though the client accepts gzip, br; the baseline sends it gzip -9 (${body.length} bytes)`,
    );
  }
  // The server's own 304, asked once: the baseline answers a 304 with the same headers, so both send
  // the same bytes (the security headers included), as the 200s do.
  const conditional = etag ? { ...headers, 'if-none-match': etag } : null;
  const probe = conditional ? await request(`${server.url}${path}`, { headers: conditional }) : null;
  const notModifiedHeaders =
    probe?.status === 304 ? Object.fromEntries(Object.entries(probe.headers).filter(([name]) => !NOT_COPIED.has(name))) : undefined;
  const bare = await startBareServer(
    'bare menu server',
    { routes: [{ method: 'GET', path, headers: copied, etag, body, notModifiedHeaders }] },
    { tmpDir: context.tmpDir },
  );
  const rows = [];
  try {
    const check = await request(`${bare.url}${path}`, { headers });
    if (check.status !== 200 || check.body.length !== body.length)
      throw new Error(`the bare server answered ${check.status} with ${check.body.length} bytes`);
    context.log(`baseline: bare node:http on ${bare.url}, ${body.length} bytes ${copied['content-encoding']}, same headers`);

    rows.push(
      ...(await compare(context, '200', {
        real: `${server.url}${path}`,
        bare: `${bare.url}${path}`,
        realPid: server.pid,
        barePid: bare.pid,
        headers,
        expectStatus: 200,
      })),
    );

    if (!etag || !conditional || !probe) {
      context.note('the server sends no ETag: the 304 path is not measured');
      rows.push({
        name: 'GET menus 304 (If-None-Match)',
        value: null,
        unit: 'req/s',
        baseline: null,
        baselineName: 'no ETag from the server',
        ratio: null,
        goal: `ratio ≥ ${GOAL_RATIO}`,
        met: null,
      });
    } else {
      if (probe.status !== 304) {
        context.note(`the server sent ETag ${etag} but answered ${probe.status} to If-None-Match with it`);
        rows.push({
          name: 'GET menus 304 (If-None-Match)',
          value: null,
          unit: 'req/s',
          baseline: null,
          baselineName: null,
          ratio: null,
          goal: `ratio ≥ ${GOAL_RATIO}`,
          met: false,
          error: `If-None-Match: ${etag} answered ${probe.status}, not 304`,
        });
      } else {
        rows.push(
          ...(await compare(context, '304', {
            real: `${server.url}${path}`,
            bare: `${bare.url}${path}`,
            realPid: server.pid,
            barePid: bare.pid,
            headers: conditional,
            expectStatus: 304,
          })),
        );
      }
    }
  } finally {
    await bare.stop();
  }
  return rows;
}

async function compare(context, label, { real, bare, realPid, barePid, headers, expectStatus }) {
  context.log(`load ${label}: the server…`);
  const r = await load({ url: real, headers, expectStatus, serverPid: realPid });
  context.log(describeLoad(`  server ${label}`, r));
  context.log(`load ${label}: the bare baseline…`);
  const b = await load({ url: bare, headers, expectStatus, serverPid: barePid });
  context.log(describeLoad(`  bare   ${label}`, b));
  for (const [who, result] of [
    ['server', r],
    ['bare', b],
  ]) {
    if (result.errors || result.timeouts || result.wrongStatus || result.busyMachine) context.note(describeLoad(`${who} ${label}`, result));
    if (result.generatorSaturated) {
      context.note(
        `${label}, ${who}: the load generator used ${result.cpu.generator}% of a core (server ${result.cpu.server ?? '?'}%): ${Math.round(result.rps)} req/s is partly autocannon's own limit on this ${os.cpus().length}-core machine, so the req/s ratio understates the gap; the server-CPU-per-request row does not depend on it`,
      );
    }
  }
  const ratio = b.rps > 0 ? r.rps / b.rps : null;
  const cpuRatio =
    r.serverCpuMicrosPerRequest && b.serverCpuMicrosPerRequest ? b.serverCpuMicrosPerRequest / r.serverCpuMicrosPerRequest : null;
  const caveats = [];
  if (b.generatorSaturated) {
    caveats.push(
      `the baseline was limited by autocannon (${b.cpu.generator}% of a core), not by the bare server (${b.cpu.server}%): the req/s ratio flatters the server${cpuRatio ? `; by server CPU per request it is ${cpuRatio.toFixed(2)}×` : ''}`,
    );
  }
  if (r.busyMachine || b.busyMachine) caveats.push('other processes were busy during the measurement');
  const name = label === '200' ? 'GET menus 200 (gzip, br)' : 'GET menus 304 (If-None-Match)';
  const baselineName = `bare node:http, same ${label === '200' ? 'bytes' : '304'}`;
  return [
    {
      name,
      value: r.rps,
      unit: 'req/s',
      baseline: b.rps,
      baselineName,
      ratio,
      goal: `ratio ≥ ${GOAL_RATIO}`,
      met: ratio !== null && ratio >= GOAL_RATIO && !r.errors && !r.wrongStatus,
      caveat: caveats.join('; ') || undefined,
    },
    {
      name: `  p99 latency (${label})`,
      value: r.p99,
      unit: 'ms',
      baseline: b.p99,
      baselineName,
      ratio: b.p99 > 0 ? r.p99 / b.p99 : null,
      goal: null,
      met: null,
    },
    // Independent of which side was the limit: the server's CPU per request (bare ÷ server ≈ the rps
    // ratio the server would reach if it alone were the limit).
    {
      name: `  server CPU per request (${label})`,
      value: r.serverCpuMicrosPerRequest,
      unit: 'µs',
      baseline: b.serverCpuMicrosPerRequest,
      baselineName,
      ratio: r.serverCpuMicrosPerRequest && b.serverCpuMicrosPerRequest ? r.serverCpuMicrosPerRequest / b.serverCpuMicrosPerRequest : null,
      goal: null,
      met: null,
    },
  ];
}

function decode(body, encoding) {
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  if (encoding === 'deflate') return zlib.inflateSync(body);
  return body;
}
