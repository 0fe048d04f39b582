/**
 * Guessing at accounts, as an attacker would (docs/decisions/0015-rate-limits.md). Runs on SQLite and
 * on PostgreSQL like every API test.
 */
import { LIMITS } from '@servery/domain/rate-limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockStartingAt } from '../../lib/clock';
import { passwordChecksSoFar } from '../../lib/password';
import { asSource, tenantFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

const tenant = tenantFixture({ id: 71, slug: 'limits-place' });
const PASSWORD = 'Secret12!';
const PROXY = '127.0.0.1';

let direct: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  direct = await createTestApp([asSource(tenant)]);
  // Behind a load balancer at 127.0.0.1: its X-Forwarded-For names the client. Its clock starts on a
  // whole hour, so the one-minute slow window cannot turn over in the middle of a test.
  proxied = await createTestApp([asSource(tenant)], { trustProxy: [PROXY], now: clockStartingAt(new Date('2026-11-24T15:00:00.000Z')) });
});
afterAll(async () => {
  await direct.close();
  await proxied.close();
});

let counter = 0;
const unique = () => `${Date.now()}-${(counter += 1)}`;
/** Client addresses as a proxy reports them, each new. */
const newClient = () => `198.51.${Math.floor((counter += 1) / 250) % 250}.${counter % 250}`;

function signIn(t: TestApp, email: string, password: string, from: { ip?: string; forwardedFor?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login-native',
    headers: { 'x-restaurant-id': 'limits-place', ...(from.forwardedFor && { 'x-forwarded-for': from.forwardedFor }) },
    remoteAddress: from.ip ?? PROXY,
    payload: { email, password },
  });
}

async function register(t: TestApp, from: { ip?: string; forwardedFor?: string } = {}): Promise<string> {
  const email = `victim-${unique()}@example.com`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register-user',
    headers: { 'x-restaurant-id': 'limits-place', ...(from.forwardedFor && { 'x-forwarded-for': from.forwardedFor }) },
    remoteAddress: from.ip ?? PROXY,
    payload: { firstName: 'Vic', lastName: 'Tim', email, password: PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(200);
  return email;
}

describe('sign-in limits', () => {
  it('50 concurrent guesses at one account from one address make at most the limit’s password checks', async () => {
    const email = await register(direct, { ip: '203.0.113.7' });
    const before = passwordChecksSoFar();
    const guesses = Array.from({ length: 50 }, (_, index) => (index === 49 ? PASSWORD : `Guess${index}!aA`));
    const answers = await Promise.all(guesses.map((password) => signIn(direct, email, password, { ip: '203.0.113.66' })));
    const checks = passwordChecksSoFar() - before;
    expect(checks).toBeLessThanOrEqual(LIMITS.signInPair.max);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused.length).toBeGreaterThanOrEqual(50 - LIMITS.signInPair.max);
    expect(refused[0]!.json()).toMatchObject({ code: 429, error: 'TOO_MANY_REQUESTS' });
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    // The right password, sent last, was refused unchecked: no session was made for the guesser.
    expect(answers[49]!.statusCode).toBe(429);
  });

  it('a rotated X-Forwarded-For is not believed without a configured proxy: the guesser stays limited', async () => {
    const email = await register(direct, { ip: '203.0.113.8' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const answer = await direct.app.inject({
        method: 'POST',
        url: '/api/auth/login-native',
        headers: { 'x-restaurant-id': 'limits-place', 'x-forwarded-for': newClient() },
        remoteAddress: '203.0.113.99',
        payload: { email, password: 'Wrong123!' },
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(LIMITS.signInPair.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - LIMITS.signInPair.max);
  });

  it('behind a configured proxy, guesses from many addresses meet the account ceiling and are slowed, while the owner signs in', async () => {
    const home = newClient();
    const email = await register(proxied, { forwardedFor: home });
    // The owner has signed in from home before: a familiar address.
    expect((await signIn(proxied, email, PASSWORD, { forwardedFor: home })).statusCode).toBe(200);

    const before = passwordChecksSoFar();
    const attack = await Promise.all(
      Array.from({ length: LIMITS.signInAccount.max + 20 }, () => signIn(proxied, email, 'Wrong123!', { forwardedFor: newClient() })),
    );
    const checks = passwordChecksSoFar() - before;
    // The ceiling, and then one check a minute shared by every unfamiliar address.
    expect(checks).toBeLessThanOrEqual(LIMITS.signInAccount.max + LIMITS.signInSlow.max);
    expect(attack.filter((answer) => answer.statusCode === 429).length).toBeGreaterThanOrEqual(20 - LIMITS.signInSlow.max);

    // The owner from home is not held by the attack.
    const owner = await signIn(proxied, email, PASSWORD, { forwardedFor: home });
    expect(owner.statusCode, owner.body).toBe(200);

    // From a new address the owner is slowed like the attacker; a password reset always gets them in.
    const cafe = newClient();
    await signIn(proxied, email, PASSWORD, { forwardedFor: newClient() }); // spends this minute's slow check
    expect((await signIn(proxied, email, PASSWORD, { forwardedFor: cafe })).statusCode).toBe(429);
    const forgot = await proxied.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { 'x-restaurant-id': 'limits-place', 'x-forwarded-for': cafe },
      remoteAddress: PROXY,
      payload: { email },
    });
    expect(forgot.statusCode, forgot.body).toBe(200);
    const mail = await proxied.database.db
      .selectFrom('outbox')
      .select('body')
      .where('recipient', '=', email)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const token = /token=([\w-]+)/.exec(mail.body)![1]!;
    const reset = await proxied.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { 'x-restaurant-id': 'limits-place', 'x-forwarded-for': cafe },
      remoteAddress: PROXY,
      payload: { token, password: 'NewSecret34!' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await signIn(proxied, email, 'NewSecret34!', { forwardedFor: cafe })).statusCode).toBe(200);
    // Dozens of deliberately slow password checks: a loaded 2-core CI machine took over 30 s.
  }, 90_000);

  it('one address trying many accounts is stopped by the per-address limit', async () => {
    const address = '203.0.113.120';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LIMITS.signInAddress.max + 3; attempt += 1) {
      statuses.push((await signIn(direct, `nobody-${unique()}@example.com`, 'Wrong123!', { ip: address })).statusCode);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(LIMITS.signInAddress.max);
    expect(statuses.slice(-3)).toEqual([429, 429, 429]);
    // Dozens of deliberately slow password checks: a loaded 2-core CI machine took over 30 s.
  }, 90_000);
});
