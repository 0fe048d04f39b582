/**
 * The message relay against real servers started here: an SMTP server (smtp-server) as the relay's
 * sink, and a fake SMS provider on node:http. Each pass runs at the time the test says, so a retry
 * half an hour later needs no sleeping.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RetryPolicy } from '@servery/domain/delivery-retries';
import { buildApp } from '../../app';
import { repoRoot } from '../../config';
import { queueInOutbox } from '../../db/outbox-repository';
import { outboxSms } from '../../ports/sms';
import { httpSmsTransport } from '../../ports/sms-http';
import { smtpTransport } from '../../ports/smtp-relay';
import { staffMember } from '../../test/staff-member';
import { createTestApp, openHoursClock, type TestApp } from '../../test/test-app';
import { relayDueMessages, type DeliveryLog } from './relay-deliveries';
import { bistroFile, placeBistroDineIn } from '../../test/bistro-dine-in';

const BISTRO = 101;
const DINER_EMAIL = 'dana.relay@example.com';

interface Arrived {
  from: string;
  to: string[];
  raw: string;
}

/** The SMTP sink: records what arrives; refuses the next `refuse` messages (451), or every one when `refuseAll`. */
const sink = { arrived: [] as Arrived[], refuse: 0, refuseAll: false, port: 0, connections: 0 };
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onConnect(_session, callback) {
    sink.connections += 1;
    callback();
  },
  onData(stream, session, callback) {
    let raw = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (raw += chunk));
    stream.on('end', () => {
      if (sink.refuseAll || sink.refuse > 0) {
        sink.refuse = Math.max(0, sink.refuse - 1);
        return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
      }
      sink.arrived.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        raw,
      });
      callback();
    });
  },
});

const PROVIDER_TOKEN = 'provider-token-for-tests';
const PROVIDER_KEY = 'provider-signing-key-for-tests';
/** The fake SMS provider: checks the credential and the signature like a real one would. */
const provider = { received: [] as Array<{ headers: http.IncomingHttpHeaders; body: string }>, failNext: 0, hang: false, port: 0 };
const providerServer = http.createServer((request, response) => {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => (body += chunk));
  request.on('end', () => {
    if (provider.hang) return; // Never answers: the relay's timeout must end the attempt.
    if (request.headers.authorization !== `Bearer ${PROVIDER_TOKEN}`) return response.writeHead(401).end();
    const timestamp = String(request.headers['servery-timestamp']);
    const expected = `sha256=${createHmac('sha256', PROVIDER_KEY).update(`${timestamp}.${body}`).digest('hex')}`;
    if (request.headers['servery-signature'] !== expected) return response.writeHead(403).end();
    if (provider.failNext > 0) {
      provider.failNext -= 1;
      return response.writeHead(503).end();
    }
    provider.received.push({ headers: request.headers, body });
    response.writeHead(202, { 'content-type': 'application/json' }).end('{"status":"queued"}');
  });
});

let t: TestApp;
let staffToken = '';
const logLines: string[] = [];
const log: DeliveryLog = {
  info: (details, message) => logLines.push(JSON.stringify({ ...details, message })),
  warn: (details, message) => logLines.push(JSON.stringify({ ...details, message })),
};
const policy: RetryPolicy = { maxAttempts: 3, baseDelaySeconds: 30, maxDelaySeconds: 600 };
const options = { policy, leaseSeconds: 60, batch: 20 };
const email = () => smtpTransport({ url: `smtp://127.0.0.1:${sink.port}`, from: 'Maple Bistro <orders@servery.example>', timeoutMs: 5000 });

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  sink.port = (smtp.server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => providerServer.listen(0, '127.0.0.1', resolve));
  provider.port = (providerServer.address() as AddressInfo).port;
  t = await createTestApp([bistroFile], { now: openHoursClock() });
  staffToken = (await staffMember(t.database.db, { email: 'relay-board@maple-bistro.example.com', restaurantId: BISTRO })).token;
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  providerServer.closeAllConnections();
  await new Promise<void>((resolve) => providerServer.close(() => resolve()));
});
beforeEach(() => {
  Object.assign(sink, { arrived: [], refuse: 0, refuseAll: false, connections: 0 });
  Object.assign(provider, { received: [], failNext: 0, hang: false });
  logLines.length = 0;
});

const placeOrder = () => placeBistroDineIn(t, { tableNum: '7', contact: { email: DINER_EMAIL } });

/** The delivery states of an order's messages as the staff board shows them. */
async function boardMessages(orderId: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/staff/orders',
    headers: { 'x-restaurant-id': 'maple-bistro', authorization: `Bearer ${staffToken}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  const order = (response.json().orders as Array<{ id: string; messages: unknown }>).find((o) => o.id === orderId);
  return order?.messages;
}

const at = (base: Date, seconds: number) => new Date(base.getTime() + seconds * 1000);

describe('the e-mail relay', () => {
  it("sends an order's receipt through the SMTP server, and the board shows it sent", async () => {
    const order = await placeOrder();
    expect(await boardMessages(order.id)).toEqual([{ channel: 'email', status: 'queued' }]);

    const transport = email();
    const result = await relayDueMessages(t.database.db, { email: transport, sms: null }, options, log, new Date());
    transport.close();
    expect(result).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(sink.arrived).toHaveLength(1);
    const mail = sink.arrived[0]!;
    expect(mail.to).toEqual([DINER_EMAIL]);
    expect(mail.from).toBe('orders@servery.example');
    // The receipt itself: its subject (MIME-encoded: "Your order #N at ..."), its order and table.
    expect(mail.raw).toMatch(new RegExp(`^Subject: =\\?UTF-8\\?Q\\?Your_order_=23${order.number}_at_Maple_Bistro`, 'm'));
    expect(mail.raw).toMatch(new RegExp(`^Order #${order.number}\r?$`, 'm'));
    expect(mail.raw).toMatch(/^Table: 7\r?$/m);
    // The outbox row's id is the Message-ID: a copy sent twice reads as one message.
    const row = await t.database.db.selectFrom('outbox').select('id').where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(mail.raw).toContain(`Message-ID: <${row.id}@servery>`);
    expect(await boardMessages(order.id)).toEqual([{ channel: 'email', status: 'sent' }]);

    // Nothing left to send: a second pass sends nothing again.
    const again = email();
    expect(await relayDueMessages(t.database.db, { email: again, sms: null }, options, log, new Date())).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });
    again.close();
    expect(sink.arrived).toHaveLength(1);
    // The log names the message, never its recipient or its words.
    expect(logLines.join('\n')).not.toContain(DINER_EMAIL);
    expect(logLines.join('\n')).not.toContain('Your order');
  });

  it('sends a pass’s receipts over one pooled connection, not one connection each', async () => {
    const orders = [await placeOrder(), await placeOrder(), await placeOrder()];
    const transport = email();
    expect(await relayDueMessages(t.database.db, { email: transport, sms: null }, options, log, new Date())).toEqual({
      sent: 3,
      retrying: 0,
      failed: 0,
    });
    transport.close();
    expect(sink.arrived).toHaveLength(3);
    expect(sink.connections).toBe(1);
    for (const order of orders) expect(await boardMessages(order.id)).toEqual([{ channel: 'email', status: 'sent' }]);
  });

  it('tries again after the server refuses once, not before the backoff, and sends it once', async () => {
    const order = await placeOrder();
    sink.refuse = 1;
    const start = new Date();
    const transport = email();
    expect(await relayDueMessages(t.database.db, { email: transport, sms: null }, options, log, start)).toEqual({
      sent: 0,
      retrying: 1,
      failed: 0,
    });
    expect(await boardMessages(order.id)).toEqual([{ channel: 'email', status: 'retrying' }]);
    const row = await t.database.db.selectFrom('outbox').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 1, last_error: expect.stringContaining('451'), next_attempt_at: at(start, 30).toISOString() });

    // Not due yet ten seconds later.
    expect((await relayDueMessages(t.database.db, { email: transport, sms: null }, options, log, at(start, 10))).retrying).toBe(0);
    expect(sink.arrived).toHaveLength(0);
    expect(await relayDueMessages(t.database.db, { email: transport, sms: null }, options, log, at(start, 31))).toEqual({
      sent: 1,
      retrying: 0,
      failed: 0,
    });
    transport.close();
    expect(sink.arrived).toHaveLength(1);
    expect(sink.arrived[0]!.to).toEqual([DINER_EMAIL]);
    expect(await boardMessages(order.id)).toEqual([{ channel: 'email', status: 'sent' }]);
  });

  it('gives up after the last attempt: a dead letter that no later pass touches', async () => {
    const order = await placeOrder();
    sink.refuseAll = true;
    const start = new Date();
    const transport = email();
    const pass = (seconds: number) => relayDueMessages(t.database.db, { email: transport, sms: null }, options, log, at(start, seconds));
    expect((await pass(0)).retrying).toBe(1);
    expect((await pass(31)).retrying).toBe(1);
    expect((await pass(92)).failed).toBe(1);
    expect(await pass(100_000)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    transport.close();
    expect(sink.arrived).toHaveLength(0);
    expect(await boardMessages(order.id)).toEqual([{ channel: 'email', status: 'failed' }]);
    const row = await t.database.db.selectFrom('outbox').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: 3, sent_at: null });
  });

  it('ends an attempt at a server that never answers within the timeout', async () => {
    // A socket that accepts and says nothing (no SMTP greeting).
    const silent = http.createServer();
    silent.on('connection', () => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    const order = await placeOrder();
    const transport = smtpTransport({ url: `smtp://127.0.0.1:${port}`, from: 'orders@servery.example', timeoutMs: 500 });
    const started = Date.now();
    const result = await relayDueMessages(t.database.db, { email: transport, sms: null }, options, log, new Date());
    transport.close();
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
    expect(result.retrying).toBe(1);
    expect(Date.now() - started).toBeLessThan(4000);
    expect(await boardMessages(order.id)).toEqual([{ channel: 'email', status: 'retrying' }]);
  });
});

describe('the SMS provider adapter', () => {
  const sms = (timeoutMs = 5000) =>
    httpSmsTransport({
      url: `http://127.0.0.1:${provider.port}/messages`,
      from: '+15145550000',
      token: PROVIDER_TOKEN,
      signingSecret: PROVIDER_KEY,
      timeoutMs,
    });

  async function queueText(text: string) {
    await outboxSms(queueInOutbox).send(
      t.database.db,
      { restaurantId: BISTRO, to: '+14165550101', text, locale: 'en-CA', orderId: null },
      new Date(),
    );
  }

  it('posts a signed, authenticated text to the provider, and retries after it fails once', async () => {
    await queueText('Maple Bistro: order 12 is ready.');
    provider.failNext = 1;
    const start = new Date();
    const transport = sms();
    expect((await relayDueMessages(t.database.db, { email: null, sms: transport }, options, log, start)).retrying).toBe(1);
    expect(provider.received).toHaveLength(0);
    expect((await relayDueMessages(t.database.db, { email: null, sms: transport }, options, log, at(start, 31))).sent).toBe(1);
    expect(provider.received).toHaveLength(1);
    const sent = provider.received[0]!;
    expect(JSON.parse(sent.body)).toMatchObject({ from: '+15145550000', to: '+14165550101', text: 'Maple Bistro: order 12 is ready.' });
    expect(sent.headers['idempotency-key']).toBe(JSON.parse(sent.body).id);
    expect(logLines.join('\n')).not.toContain('+14165550101');
    expect(logLines.join('\n')).not.toContain(PROVIDER_TOKEN);
  });

  it('ends an attempt at a provider that never answers within the timeout', async () => {
    await queueText('Maple Bistro: order 13 is ready.');
    provider.hang = true;
    const started = Date.now();
    const result = await relayDueMessages(t.database.db, { email: null, sms: sms(300) }, options, log, new Date());
    expect(result.retrying).toBe(1);
    expect(Date.now() - started).toBeLessThan(3000);
    const row = await t.database.db
      .selectFrom('outbox')
      .select(['status', 'last_error'])
      .where('body', '=', 'Maple Bistro: order 13 is ready.')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'retrying', last_error: 'TIMEOUT' });
  });

  it('leaves texts in the outbox when no provider is configured', async () => {
    await queueText('Maple Bistro: order 14 is ready.');
    const transport = email();
    await relayDueMessages(t.database.db, { email: transport, sms: null }, options, log, new Date());
    transport.close();
    const row = await t.database.db
      .selectFrom('outbox')
      .select(['status', 'attempts'])
      .where('body', '=', 'Maple Bistro: order 14 is ready.')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'queued', attempts: 0 });
  });
});

describe("the server's delivery workers", () => {
  it('relay while the server runs and stop when it closes', async () => {
    const server = await buildApp(
      {
        LOG_LEVEL: 'silent',
        WEB_DIST: path.join(repoRoot, 'apps/web/dist'),
        TENANTS_DIR: path.join(repoRoot, 'tenants'),
        DELIVERY_WORKERS: true,
        DELIVERY_POLL_MS: 50,
        SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
        SMTP_FROM: 'orders@servery.example',
      },
      t.database,
    );
    await server.ready();
    const order = await placeOrder();
    for (let waited = 0; sink.arrived.length === 0 && waited < 5000; waited += 25) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(sink.arrived.map((mail) => mail.to)).toEqual([[DINER_EMAIL]]);
    // The relay records the send once the SMTP server has answered, a moment after the mail arrived.
    let messages = await boardMessages(order.id);
    for (let waited = 0; JSON.stringify(messages).includes('"queued"') && waited < 5000; waited += 25) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      messages = await boardMessages(order.id);
    }
    expect(messages).toEqual([{ channel: 'email', status: 'sent' }]);

    await server.close();
    const after = await placeOrder();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.arrived).toHaveLength(1);
    expect(await boardMessages(after.id)).toEqual([{ channel: 'email', status: 'queued' }]);
  });
});
