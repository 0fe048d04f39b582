import path from 'node:path';
import type { ActiveEventsResponse } from '@servery/contracts/suites';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';
import { readTenantSources } from '../../load-tenant-files';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../use-cases/platform/seed-demo-accounts';

// The demo arena and its demo operator (operator@example.com operates northside-arena only).
const START = new Date('2026-11-24T18:00:00Z');

let t: TestApp;
beforeAll(async () => {
  const sources = await readTenantSources([
    path.join(repoRoot, 'tenants/northside-arena.json'),
    path.join(repoRoot, 'tenants/maple-bistro.json'),
  ]);
  t = await createTestApp(sources, { now: () => START });
  await seedDemoAccounts(t.database.db, START);
});
afterAll(() => t.close());

let address = 0;
function call(
  method: 'POST' | 'PUT' | 'GET',
  url: string,
  payload?: object,
  options: { token?: string; tenant?: string; locale?: string } = {},
) {
  address += 1;
  const headers: Record<string, string> = { 'x-restaurant-id': options.tenant ?? 'northside-arena' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.locale) headers['accept-language'] = options.locale;
  return t.app.inject({
    method,
    url,
    headers,
    ...(payload && { payload }),
    remoteAddress: `10.8.${Math.floor(address / 250)}.${address % 250}`,
  });
}

async function login(email: string): Promise<{ token: string; user: { suiteOperator: boolean; operatorVenues?: string[] } }> {
  const response = await call('POST', '/api/auth/login-native', { email, password: DEMO_PASSWORD });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const settings = (token: string, event: number, suite: number, body: object, tenant?: string) =>
  call('PUT', `/api/catering/events/${event}/event-suites/${suite}/update-event-day-settings`, body, { token, ...(tenant && { tenant }) });

describe('operator calls', () => {
  it("lists the venue's active events with each suite's owner, state and tab, for its operator only", async () => {
    const operator = await login('operator@example.com');
    expect(operator.user).toMatchObject({ suiteOperator: true, operatorVenues: ['northside-arena'] });
    const response = await call('GET', '/api/catering/events/get-active-events', undefined, { token: operator.token });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as ActiveEventsResponse;
    expect(body.events.map((entry) => entry.event.id)).toEqual([3973, 3970, 3971, 3972]);
    const concert = body.events[2]!;
    expect(concert.suites.map((suite) => [suite.eventSuiteId, suite.owner?.email ?? null, suite.state, suite.tab.limit])).toEqual([
      [3982, 'owner@example.com', 'not_submitted', 50000],
      [3983, 'corporate.events@example.com', 'not_submitted', 100000],
      [3984, 'owner@example.com', 'not_submitted', 40000],
    ]);
    expect(concert.suites[0]?.owner?.name).toBe('Olivia Owner');

    // Not an operator: a diner's or owner's session is not an operator session at all.
    const owner = await login('owner@example.com');
    expect((await call('GET', '/api/catering/events/get-active-events', undefined, { token: owner.token })).statusCode).toBe(401);
    expect((await call('GET', '/api/catering/events/get-active-events')).json().code).toBe(201);
    // An operator of this venue is not one of another venue.
    const elsewhere = await call('GET', '/api/catering/events/get-active-events', undefined, {
      token: operator.token,
      tenant: 'maple-bistro',
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toMatchObject({ error: 'NOT_A_SUITE_OPERATOR', message: 'User is not a suite operator.' });
    const french = await call('GET', '/api/catering/events/get-active-events', undefined, {
      token: operator.token,
      tenant: 'maple-bistro',
      locale: 'fr-CA',
    });
    expect(french.json().message).toBe('L’utilisateur n’est pas un opérateur de loge.');
  });

  it('sets the payment preference once, changes and removes the tab limit, and audits who did it', async () => {
    const { token } = await login('operator@example.com');
    // Suite 1 at the concert has no preference yet.
    const charge = await settings(token, 3971, 3950, { event_day_payment_preference: 'charge' });
    expect(charge.statusCode, charge.body).toBe(200);
    expect(charge.json().eventSuite.tab).toMatchObject({ event_day_payment_preference: 'charge', preference_submitted: true });
    expect((await settings(token, 3971, 3950, { event_day_payment_preference: 'charge' })).statusCode).toBe(200);
    const again = await settings(token, 3971, 3950, { event_day_payment_preference: 'invoice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('PAYMENT_PREFERENCE_LOCKED');

    const limit = await settings(token, 3971, 3950, { tab_limit: 25000 });
    expect(limit.json().eventSuite.tab).toMatchObject({ limit: 25000, remaining: 25000, event_day_payment_preference: 'charge' });
    const removed = await settings(token, 3971, 3950, { tab_limit: null });
    expect(removed.json().eventSuite.tab).toMatchObject({ limit: null, remaining: null });

    const audit = await t.database.db.selectFrom('suite_audit').selectAll().where('event_suite_id', '=', 3982).execute();
    expect(audit.length).toBe(4);
    expect(new Set(audit.map((row) => row.action))).toEqual(new Set(['event_day_settings']));

    expect((await settings(token, 3971, 3951, { tab_limit: 100 })).statusCode).toBe(404);
    expect((await settings(token, 3971, 3950, {})).statusCode).toBe(400);
    expect((await settings(token, 3971, 3950, { tab_limit: -1 })).statusCode).toBe(400);
    const owner = await login('owner@example.com');
    expect((await settings(owner.token, 3971, 3950, { tab_limit: 100 })).statusCode).toBe(401);
    expect((await settings(token, 3971, 3950, { tab_limit: 100 }, 'maple-bistro')).statusCode).toBe(403);
  });
});
