/**
 * Webhooks end to end: an owner adds an endpoint (its key shown once), order events become signed
 * deliveries, a receiver started here fails each event's first attempt and gets each event once
 * afterwards; the delivery log shows it; another restaurant's staff cannot see or touch any of it.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { repoRoot } from '../../config';
import { openDatabase } from '../../db/database';
import { bistroFile, placeBistroDineIn } from '../../test/bistro-dine-in';
import { asSource, tenantFixture } from '../../test/fixtures';
import { clockStartingAt, type Clock } from '../../lib/clock';
import { createTestApp, openHoursClock, type TestApp } from '../../test/test-app';
import { staffMember } from '../../test/staff-member';
import { postWebhook } from '../../ports/webhooks';
import { relayDueWebhooks, type DeliveryLog } from '../../use-cases/platform/relay-deliveries';

const BISTRO = 101;
const OTHER = 86;

interface Hit {
  eventId: string;
  timestamp: string;
  signature: string;
  body: string;
  answered: number;
}

/** The receiver: answers 500 to the first attempt of each event, 200 after; records every hit. */
const receiver = { hits: [] as Hit[], port: 0, failFirst: true, hang: false };
const receiverServer = http.createServer((request, response) => {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => (body += chunk));
  request.on('end', () => {
    if (receiver.hang) return;
    const eventId = String(request.headers['servery-event-id']);
    const seen = receiver.hits.some((hit) => hit.eventId === eventId);
    const answered = receiver.failFirst && !seen ? 500 : 200;
    receiver.hits.push({
      eventId,
      timestamp: String(request.headers['servery-timestamp']),
      signature: String(request.headers['servery-signature']),
      body,
      answered,
    });
    response.writeHead(answered).end();
  });
});

type VerifyServery = (secret: string, headers: Record<string, string>, rawBody: string) => boolean;
/** The README's verification snippet, taken from the README as a receiver would copy it. */
let verifyServery: VerifyServery;
async function loadReadmeSnippet(): Promise<VerifyServery> {
  const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const snippet = /```js\n(import \{ createHmac[\s\S]*?export function verifyServery[\s\S]*?)```/.exec(readme)?.[1];
  if (!snippet) throw new Error('README has no verifyServery snippet');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-readme-'));
  try {
    const file = path.join(dir, 'verify.mjs');
    fs.writeFileSync(file, snippet);
    return ((await import(pathToFileURL(file).href)) as { verifyServery: VerifyServery }).verifyServery;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
const verify = (secret: string, timestamp: string, body: string, signature: string) =>
  verifyServery(secret, { 'servery-timestamp': timestamp, 'servery-signature': signature }, body);

/**
 * 1 p.m. in Toronto (the bistro takes orders), the latest one that has passed: the relay and the
 * README's verifier run on the real clock, so an event stamped ahead of it (today's 1 p.m., before
 * noon) would be neither due nor within the verifier's tolerance.
 */
function pastOpenHourClock(): Clock {
  const today = openHoursClock();
  const start = today();
  return start.getTime() <= Date.now() ? today : clockStartingAt(new Date(start.getTime() - 24 * 3_600_000));
}

let t: TestApp;
const tokens = { owner: '', manager: '', staff: '', otherOwner: '' };
const log: DeliveryLog = { info: () => undefined, warn: () => undefined };
// The receiver listens on this machine: the tests allow it (a deployment refuses it by default).
const options = {
  policy: { maxAttempts: 4, baseDelaySeconds: 30, maxDelaySeconds: 600 },
  leaseSeconds: 60,
  batch: 50,
  timeoutMs: 2000,
  privateTargets: 'allow' as const,
};

const member = async (email: string, restaurantId: number, role: 'owner' | 'manager' | 'staff') =>
  (await staffMember(t.database.db, { email, restaurantId, role })).token;

beforeAll(async () => {
  verifyServery = await loadReadmeSnippet();
  await new Promise<void>((resolve) => receiverServer.listen(0, '127.0.0.1', resolve));
  receiver.port = (receiverServer.address() as AddressInfo).port;
  t = await createTestApp([bistroFile, asSource(tenantFixture({ id: OTHER, slug: 'webhooks-other' }))], { now: pastOpenHourClock() });
  tokens.owner = await member('owner@maple-bistro.example.com', BISTRO, 'owner');
  tokens.manager = await member('manager@maple-bistro.example.com', BISTRO, 'manager');
  tokens.staff = await member('cook@maple-bistro.example.com', BISTRO, 'staff');
  tokens.otherOwner = await member('owner@webhooks-other.example.com', OTHER, 'owner');
});
afterAll(async () => {
  await t.close();
  receiverServer.closeAllConnections();
  await new Promise<void>((resolve) => receiverServer.close(() => resolve()));
});
beforeEach(() => Object.assign(receiver, { hits: [], failFirst: true, hang: false }));

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, restaurant = 'maple-bistro', payload?: object) =>
  t.app.inject({ method, url, headers: { 'x-restaurant-id': restaurant, authorization: `Bearer ${token}` }, ...(payload && { payload }) });

const placeOrder = async () => (await placeBistroDineIn(t, { contact: { email: 'dana.hooks@example.com' } })).id;

const move = async (orderId: string, status: string) => {
  const response = await call('POST', `/api/staff/orders/${orderId}/status`, tokens.owner, 'maple-bistro', {
    status,
    ...(['cancelled', 'refunded'].includes(status) && { reason: 'Test' }),
  });
  expect(response.statusCode, response.body).toBe(200);
};

const at = (base: Date, seconds: number) => new Date(base.getTime() + seconds * 1000);

describe("a restaurant's webhook endpoints", () => {
  let endpointId = '';
  let secret = '';

  it('an owner adds one and sees its key once; a manager may too; the kitchen staff may not', async () => {
    const created = await call('POST', '/api/staff/webhooks', tokens.owner, 'maple-bistro', {
      url: `http://127.0.0.1:${receiver.port}/hooks`,
      description: 'Kitchen display',
    });
    expect(created.statusCode, created.body).toBe(200);
    endpointId = created.json().endpoint.id;
    secret = created.json().secret;
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);

    const listed = await call('GET', '/api/staff/webhooks', tokens.manager);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().endpoints).toEqual([
      expect.objectContaining({
        id: endpointId,
        url: `http://127.0.0.1:${receiver.port}/hooks`,
        description: 'Kitchen display',
        last_delivery: null,
      }),
    ]);
    expect(listed.body).not.toContain(secret);

    expect((await call('GET', '/api/staff/webhooks', tokens.staff)).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/staff/webhooks', tokens.staff, 'maple-bistro', { url: 'https://pos.example.com/hooks' })).statusCode,
    ).toBe(403);
    const bad = await call('POST', '/api/staff/webhooks', tokens.owner, 'maple-bistro', { url: 'ftp://pos.example.com/hooks' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('VALIDATION_FAILED');
  });

  it('a production server takes https endpoints only', async () => {
    const production = await buildApp(
      {
        LOG_LEVEL: 'silent',
        WEB_DIST: path.join(repoRoot, 'apps/web/dist'),
        TENANTS_DIR: path.join(repoRoot, 'tenants'),
        NODE_ENV: 'production',
      },
      t.database,
    );
    try {
      const post = (url: string) =>
        production.inject({
          method: 'POST',
          url: '/api/staff/webhooks',
          headers: { 'x-restaurant-id': 'webhooks-other', authorization: `Bearer ${tokens.otherOwner}` },
          payload: { url },
        });
      const plain = await post('http://pos.example.com/hooks');
      expect(plain.statusCode).toBe(400);
      expect(plain.json().error).toBe('VALIDATION_FAILED');
      const secure = await post('https://pos.example.com/hooks');
      expect(secure.statusCode, secure.body).toBe(200);
      expect(
        (await call('DELETE', `/api/staff/webhooks/${secure.json().endpoint.id}`, tokens.otherOwner, 'webhooks-other')).statusCode,
      ).toBe(200);
    } finally {
      await production.close();
    }
  });

  it('another restaurant cannot see, read the log of, or remove them', async () => {
    const listed = await call('GET', '/api/staff/webhooks', tokens.otherOwner, 'webhooks-other');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().endpoints).toEqual([]);
    const log = await call('GET', `/api/staff/webhooks/${endpointId}/deliveries`, tokens.otherOwner, 'webhooks-other');
    expect(log.statusCode).toBe(404);
    expect(log.json().error).toBe('WEBHOOK_ENDPOINT_NOT_FOUND');
    expect((await call('DELETE', `/api/staff/webhooks/${endpointId}`, tokens.otherOwner, 'webhooks-other')).statusCode).toBe(404);
    // Its owner naming the bistro is not on the bistro's team.
    expect((await call('GET', '/api/staff/webhooks', tokens.otherOwner, 'maple-bistro')).statusCode).toBe(403);
    expect((await call('GET', '/api/staff/webhooks', tokens.owner)).json().endpoints).toHaveLength(1);
  });

  it('gets each event once, signed, even when the receiver fails the first attempt', async () => {
    const orderId = await placeOrder();
    await move(orderId, 'accepted');
    await move(orderId, 'preparing');
    await move(orderId, 'ready');
    await move(orderId, 'completed');
    await move(orderId, 'refunded');

    const start = new Date();
    expect(await relayDueWebhooks(t.database.db, options, log, start)).toEqual({ sent: 0, retrying: 5, failed: 0 });
    // Not due again before the backoff ends.
    expect(await relayDueWebhooks(t.database.db, options, log, at(start, 20))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await relayDueWebhooks(t.database.db, options, log, at(start, 31))).toEqual({ sent: 5, retrying: 0, failed: 0 });
    expect(await relayDueWebhooks(t.database.db, options, log, at(start, 100_000))).toEqual({ sent: 0, retrying: 0, failed: 0 });

    const accepted = receiver.hits.filter((hit) => hit.answered === 200);
    const events = accepted.map(
      (hit) =>
        JSON.parse(hit.body) as { id: string; type: string; data: { order_id: string; order_type: string; pos_order_type: string | null } },
    );
    // "preparing" is a kitchen detail: not sent.
    expect(events.map((event) => event.type)).toEqual([
      'order.placed',
      'order.accepted',
      'order.ready',
      'order.completed',
      'order.refunded',
    ]);
    expect(new Set(events.map((event) => event.id)).size).toBe(5);
    // The bistro's point of sale files its online dine-in orders under its own type (tenant file `integration`).
    expect(events.map((event) => [event.data.order_type, event.data.pos_order_type])).toEqual(
      events.map(() => ['dine_in', 'Dine In - Online']),
    );
    for (const [index, hit] of accepted.entries()) {
      expect(verify(secret, hit.timestamp, hit.body, hit.signature)).toBe(true);
      expect(hit.eventId).toBe(events[index]!.id);
      expect(events[index]!.data.order_id).toBe(orderId);
      // The retry carries the same event id and body as the failed first attempt.
      expect(receiver.hits.filter((other) => other.eventId === hit.eventId).map((other) => other.body)).toEqual([hit.body, hit.body]);
      expect(Number(hit.timestamp)).toBe(Math.floor(at(start, 31).getTime() / 1000));
    }
    // A signature from another key, or over another body, does not verify.
    const first = accepted[0]!;
    expect(verify('whsec_not-the-key', first.timestamp, first.body, first.signature)).toBe(false);
    expect(verify(secret, first.timestamp, first.body.replace('order.placed', 'order.cancelled'), first.signature)).toBe(false);

    const deliveries = await call('GET', `/api/staff/webhooks/${endpointId}/deliveries`, tokens.manager);
    expect(deliveries.statusCode, deliveries.body).toBe(200);
    expect(deliveries.json().deliveries).toHaveLength(5);
    for (const delivery of deliveries.json().deliveries)
      expect(delivery).toMatchObject({ status: 'sent', attempts: 2, last_status_code: 200, order_id: orderId, next_attempt_at: null });
    expect((await call('GET', '/api/staff/webhooks', tokens.owner)).json().endpoints[0].last_delivery).toBe('sent');
  });

  it('two server processes relaying at once send each event once', async () => {
    receiver.failFirst = false;
    const orderId = await placeOrder();
    await move(orderId, 'cancelled');
    // A second process: its own connection (pool) to the same database.
    const other = openDatabase(t.database.url);
    try {
      const now = new Date();
      const [a, b] = await Promise.all([relayDueWebhooks(t.database.db, options, log, now), relayDueWebhooks(other.db, options, log, now)]);
      expect(a.sent + b.sent).toBe(2);
    } finally {
      await other.close();
    }
    expect(receiver.hits.map((hit) => JSON.parse(hit.body).type)).toEqual(['order.placed', 'order.cancelled']);
  });

  it('ends an attempt at a receiver that never answers, and gives up after the last attempt', async () => {
    receiver.hang = true;
    await placeOrder();
    const start = new Date();
    const quick = { ...options, timeoutMs: 300, policy: { ...options.policy, maxAttempts: 2 } };
    const started = Date.now();
    expect(await relayDueWebhooks(t.database.db, quick, log, start)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await relayDueWebhooks(t.database.db, quick, log, at(start, 31))).toEqual({ sent: 0, retrying: 0, failed: 1 });
    const latest = (await call('GET', `/api/staff/webhooks/${endpointId}/deliveries`, tokens.owner)).json().deliveries[0];
    expect(latest).toMatchObject({ event_type: 'placed', status: 'failed', attempts: 2, last_error: 'TIMEOUT', last_status_code: null });
  });

  it('by default calls nothing on this machine or its network, named by its address or by a name that resolves there', async () => {
    await placeOrder();
    const refusing = { ...options, privateTargets: 'refuse' as const };
    expect(await relayDueWebhooks(t.database.db, refusing, log, new Date())).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(receiver.hits).toEqual([]);
    const latest = (await call('GET', `/api/staff/webhooks/${endpointId}/deliveries`, tokens.owner)).json().deliveries[0];
    expect(latest).toMatchObject({ event_type: 'placed', status: 'retrying', last_error: 'PRIVATE_ADDRESS' });

    // A name is checked on every address it resolves to, when the connection is made.
    receiver.failFirst = false;
    const delivery = { url: `http://localhost:${receiver.port}/hooks`, secret: 'whsec_test', eventId: randomUUID(), body: '{}' };
    await expect(postWebhook(delivery, new Date(), refusing)).rejects.toMatchObject({ reason: 'PRIVATE_ADDRESS' });
    expect(receiver.hits).toEqual([]);
    await expect(postWebhook({ ...delivery, url: `http://[::1]:${receiver.port}/hooks` }, new Date(), refusing)).rejects.toMatchObject({
      reason: 'PRIVATE_ADDRESS',
    });
    expect(await postWebhook(delivery, new Date(), options)).toBe(200);
    expect(receiver.hits).toHaveLength(1);
  });

  it('an owner removes one, with its log; later events are not queued for it', async () => {
    expect((await call('DELETE', `/api/staff/webhooks/${endpointId}`, tokens.owner)).statusCode).toBe(200);
    expect((await call('GET', '/api/staff/webhooks', tokens.owner)).json().endpoints).toEqual([]);
    expect((await call('GET', `/api/staff/webhooks/${endpointId}/deliveries`, tokens.owner)).statusCode).toBe(404);
    await placeOrder();
    const queued = await t.database.db.selectFrom('webhook_deliveries').select('id').execute();
    expect(queued).toEqual([]);
  });

  it('are in the team’s audit: who added and removed which endpoint, when; a refused removal records nothing', async () => {
    const url = `http://127.0.0.1:${receiver.port}/audited`;
    const created = await call('POST', '/api/staff/webhooks', tokens.manager, 'maple-bistro', { url });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().endpoint.id as string;
    expect((await call('DELETE', `/api/staff/webhooks/${id}`, tokens.otherOwner, 'webhooks-other')).statusCode).toBe(404);
    expect((await call('DELETE', `/api/staff/webhooks/${id}`, tokens.owner)).statusCode).toBe(200);

    const team = await call('GET', '/api/staff/team', tokens.owner);
    expect(team.statusCode, team.body).toBe(200);
    const audit = (team.json().audit as Array<{ action: string; actor: string; subject: string; at: string }>).filter(
      (entry) => entry.subject === url,
    );
    expect(audit.map(({ action, actor }) => ({ action, actor }))).toEqual([
      { action: 'webhook_removed', actor: 'owner@maple-bistro.example.com' },
      { action: 'webhook_added', actor: 'manager@maple-bistro.example.com' },
    ]);
    expect(audit.every((entry) => !Number.isNaN(Date.parse(entry.at)))).toBe(true);
    // The other restaurant's refused attempt left nothing in either audit.
    const theirs = await call('GET', '/api/staff/team', tokens.otherOwner, 'webhooks-other');
    expect(theirs.json().audit.filter((entry: { subject: string }) => entry.subject === url)).toEqual([]);
  });
});
