/**
 * GET /metrics over real HTTP (docs/decisions/0062-metrics.md): the counters of a placed and a
 * refused order, route labels that are patterns and never URLs, and a 404 for every address that is
 * not allowed, including one that only claims to be (X-Forwarded-For without a trusted proxy).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../config';
import { createTestApp, openHoursClock, type TestApp } from '../test/test-app';
import { addressMatcher, routeLabel } from './metrics';

const bistroFile = { name: 'maple-bistro.json', text: fs.readFileSync(path.join(repoRoot, 'tenants/maple-bistro.json'), 'utf8') };
const SOUP = { id: 1101, menu_id: 1010, section_id: 1050 };
const VISA = '4242424242424242';
const DECLINED = '4000000000000002';

/** An app listening on this machine, and who may scrape it. */
async function listening(options: { metricsAllow?: string[]; trustProxy?: string[] }): Promise<{ t: TestApp; url: string }> {
  const t = await createTestApp([bistroFile], { now: openHoursClock(), ...options });
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, url };
}

let open: { t: TestApp; url: string };
let closed: { t: TestApp; url: string };
let proxied: { t: TestApp; url: string };
beforeAll(async () => {
  open = await listening({ metricsAllow: ['127.0.0.0/8', '::1'] });
  closed = await listening({ metricsAllow: ['10.0.0.0/8'] });
  proxied = await listening({ metricsAllow: ['203.0.113.7'], trustProxy: ['127.0.0.1'] });
});
afterAll(async () => {
  await Promise.all([open?.t.close(), closed?.t.close(), proxied?.t.close()]);
});

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${open.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-restaurant-id': 'maple-bistro', ...headers },
    body: JSON.stringify(body),
  });

async function takeoutOrder(card: string) {
  const soup = { ...SOUP, orderId: 1, quantity: 2, orderPrice: 1600, orderOptions: [] };
  const scheduling = await post('/api/orders/scheduling', { type: 'take-out', items: [soup] });
  expect(scheduling.status).toBe(200);
  const day = ((await scheduling.json()) as { days: Array<{ date: string; slots: Array<{ startTime: string }> }> }).days[0]!;
  const tokenized = await post('/api/payment/tokenize', { number: card, expiry: '1230', cvd: '123', postal_code: 'M5A 3C4' });
  expect(tokenized.status).toBe(200);
  const { token } = (await tokenized.json()) as { token: string };
  return post(
    '/api/orders',
    {
      type: 'take-out',
      data: {
        config: { takeout: true, takeoutType: 'pickup' },
        items: [soup],
        costs: { tip: { type: 'percentage', value: '18' } },
        checkout: {
          paymentMethod: 'credit_card',
          pickup: { delivery: false, scheduled: true, dueByDate: day.date, dueByTime: day.slots[0]!.startTime },
          contact: { full_name: 'Dana Diner', email: 'dana@example.com', phone_number: '416-555-0101' },
          card: { token },
          questions: [{ id: 1920, answers: [1] }],
        },
      },
    },
    { 'idempotency-key': randomUUID() },
  );
}

async function scrape(url = open.url, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(`${url}/metrics`, { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

/** The value of one series (name and exact labels), 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('GET /metrics', () => {
  it('counts a placed order and a refused one by policy and reason, and times the route by its pattern', async () => {
    // The order counters are the process's (ports/metrics.ts): compare before and after.
    const before = await scrape();
    expect((await takeoutOrder(VISA)).status).toBe(201);
    const declined = await takeoutOrder(DECLINED);
    expect(declined.status).toBe(402);
    expect(((await declined.json()) as { error: string }).error).toBe('CARD_DECLINED');
    const after = await scrape();

    const placed = 'servery_orders_placed_total{type="takeout"}';
    const refused = 'servery_orders_refused_total{type="takeout",reason="CARD_DECLINED"}';
    expect(sample(after, placed) - sample(before, placed)).toBe(1);
    expect(sample(after, refused) - sample(before, refused)).toBe(1);
    expect(sample(after, 'servery_http_request_duration_seconds_count{route="/api/orders",method="POST",status_class="2xx"}')).toBe(1);
    expect(sample(after, 'servery_http_request_duration_seconds_count{route="/api/orders",method="POST",status_class="4xx"}')).toBe(1);
    // The receipt waits in the outbox: nothing relays e-mail in the tests.
    expect(sample(after, 'servery_outbox_depth{queue="email"}')).toBeGreaterThanOrEqual(1);
    expect(after).toContain('servery_outbox_depth{queue="webhook"} 0');
    // The pool, the live events and the runtime are there, whatever their values.
    expect(after).toMatch(/^servery_db_pool_acquired_total\{database="(sqlite|postgres)",pool="app"\} \d+/m);
    expect(after).toMatch(/^servery_db_pool_queued_seconds_total\{database="(sqlite|postgres)",pool="app"\} [\d.e-]+/m);
    expect(after).toMatch(/^servery_live_events_poll_age_seconds \d/m);
    expect(after).toMatch(/^servery_live_events_lag_seconds \d/m);
    expect(after).toMatch(/^process_cpu_seconds_total \d/m);
    expect(after).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(after).toMatch(/^process_resident_memory_bytes \d/m);
  });

  it('labels a URL with ids by its route pattern, never by the URL', async () => {
    const id = randomUUID();
    const number = 987654321;
    // Refused (no order token) or not found: a 4xx either way.
    expect((await fetch(`${open.url}/api/orders/${id}`, { headers: { 'x-restaurant-id': 'maple-bistro' } })).status).toBeGreaterThanOrEqual(
      400,
    );
    expect((await fetch(`${open.url}/api/no-such-thing/${number}`)).status).toBe(404);
    const text = await scrape();
    expect(text).not.toContain(id);
    expect(text).not.toContain(String(number));
    expect(text).toMatch(/servery_http_request_duration_seconds_count\{route="\/api\/orders\/:id",method="GET",status_class="4xx"\} 1/);
    expect(text).toMatch(/servery_http_request_duration_seconds_count\{route="\(not found\)",method="GET",status_class="4xx"\} \d+/);
    // Every route label is a declared pattern or one of the two fixed names.
    for (const [, route] of text.matchAll(/route="([^"]*)"/g)) expect(route).toMatch(/^(\/[\w\-/:.*]*|\(not found\)|\(static file\))$/);
    expect(routeLabel('/assets/index-4f3a9c.js')).toBe('(static file)');
    expect(routeLabel('/api/orders/:id')).toBe('/api/orders/:id');
  });

  it('is a 404 like any unknown path for an address that is not allowed', async () => {
    const unknown = await fetch(`${closed.url}/api/no-such-thing`);
    const response = await fetch(`${closed.url}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(await unknown.json());
    // A forwarded address is believed only from a trusted proxy: here none is, so the header changes nothing.
    const forged = await fetch(`${closed.url}/metrics`, { headers: { 'x-forwarded-for': '10.1.2.3' } });
    expect(forged.status).toBe(404);
    expect(await forged.text()).not.toContain('servery_');
  });

  it('behind a trusted proxy, goes by the forwarded client address', async () => {
    // The proxy (this machine) forwards for the allowed address: served.
    await scrape(proxied.url, { 'x-forwarded-for': '203.0.113.7' });
    // The proxy itself, and any other client it forwards for: not found.
    expect((await fetch(`${proxied.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${proxied.url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.8' } })).status).toBe(404);
  });

  it('is off, a 404 for everyone, when no address is allowed', async () => {
    const off = await createTestApp([]);
    try {
      const url = await off.app.listen({ port: 0, host: '127.0.0.1' });
      const response = await fetch(`${url}/metrics`);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: string }).error).toBe('NOT_FOUND');
    } finally {
      await off.close();
    }
  });
});

describe('addressMatcher', () => {
  it('matches addresses and ranges, IPv4 seen as IPv6 included', () => {
    const allowed = addressMatcher(['10.0.0.0/8', '192.0.2.1', '2001:db8::/32']);
    expect(allowed('10.200.3.4')).toBe(true);
    expect(allowed('::ffff:10.200.3.4')).toBe(true);
    expect(allowed('192.0.2.1')).toBe(true);
    expect(allowed('192.0.2.2')).toBe(false);
    expect(allowed('2001:db8:1::5')).toBe(true);
    expect(allowed('2001:db9::5')).toBe(false);
    expect(allowed('not an address')).toBe(false);
    expect(addressMatcher([])('127.0.0.1')).toBe(false);
  });
});
