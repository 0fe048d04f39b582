// Ports and plain HTTP requests, always against 127.0.0.1.
import http from 'node:http';
import net from 'node:net';

export const HOST = '127.0.0.1';

/** A port free on 127.0.0.1 at the time of asking. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * One request; resolves with { status, headers, body: Buffer } (the body as sent on the wire, not
 * decompressed). Rejects after timeoutMs.
 */
export function request(url, { method = 'GET', headers = {}, body, timeoutMs = 10_000 } = {}) {
  const target = new URL(url);
  if (target.hostname !== HOST) throw new Error(`bench requests stay on ${HOST}, not ${target.hostname}`);
  return new Promise((resolve, reject) => {
    const req = http.request(target, { method, headers, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`${method} ${url}: no answer in ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** Polls url until it answers 200 or the deadline passes; `alive()` false stops early (process died). */
export async function waitFor200(url, { timeoutMs = 60_000, alive = () => true } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`process exited before ${url} answered (${last})`);
    try {
      const res = await request(url, { timeoutMs: 2000 });
      if (res.status === 200) return;
      last = `status ${res.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (${last})`);
}
