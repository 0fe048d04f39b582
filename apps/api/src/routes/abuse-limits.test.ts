/**
 * The limits of decision 0015 on sign-ups, card testing and subsidy-code guessing, as an abuser would
 * meet them: 429 TOO_MANY_REQUESTS with the envelope and Retry-After, for that address only. Runs on
 * SQLite and on PostgreSQL like every API test.
 */
import fs from 'node:fs';
import path from 'node:path';
import { LIMITS } from '@servery/domain/rate-limits';
import { TEST_CARDS } from '@servery/domain/test-cards';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../config';
import { createTestApp, openHoursClock, type TestApp } from '../test/test-app';

const bistroFile = { name: 'maple-bistro.json', text: fs.readFileSync(path.join(repoRoot, 'tenants/maple-bistro.json'), 'utf8') };
const schoolFile = { name: 'maple-school.json', text: fs.readFileSync(path.join(repoRoot, 'tenants/maple-school.json'), 'utf8') };
const SOUP = { id: 1101, menu_id: 1010, section_id: 1050, orderId: 1, quantity: 1, orderPrice: 800, orderOptions: [] };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp([bistroFile, schoolFile], { now: openHoursClock() });
});
afterAll(() => t.close());

let counter = 0;
const register = (ip: string, locale = 'en-CA') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/register-user',
    headers: { 'accept-language': locale },
    remoteAddress: ip,
    payload: { firstName: 'Sam', lastName: 'Signup', email: `signup-${(counter += 1)}@example.com`, password: 'Secret12!' },
  });

async function placeWith(cardNumber: string, ip: string) {
  const card = await t.app.inject({
    method: 'POST',
    url: '/api/payment/tokenize',
    headers: { 'x-restaurant-id': 'maple-bistro' },
    remoteAddress: ip,
    payload: { number: cardNumber, expiry: '1230', cvd: '123', postal_code: 'M5A 3C4' },
  });
  expect(card.statusCode, card.body).toBe(200);
  return t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'x-restaurant-id': 'maple-bistro', 'idempotency-key': `abuse-${(counter += 1)}` },
    remoteAddress: ip,
    payload: {
      type: 'dine_in',
      data: {
        config: { tableNum: '3' },
        items: [SOUP],
        costs: {},
        checkout: {
          paymentMethod: 'credit_card',
          contact: { full_name: 'Card Tester', email: 'tester@example.com', phone_number: '416-555-0101' },
          card: { token: card.json().token },
          questions: [{ id: 1920, answers: [0] }],
        },
      },
    },
  });
}

describe('limits on abuse', () => {
  it('refuses sign-ups past the address limit, with Retry-After, and only for that address', async () => {
    const ip = '203.0.113.40';
    for (let index = 0; index < LIMITS.registerAddress.max; index++) expect((await register(ip)).statusCode).toBe(200);
    const refused = await register(ip, 'fr-CA');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'TOO_MANY_REQUESTS' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await register('203.0.113.41')).statusCode).toBe(200);
    // The refused attempt made no account.
    const users = await t.database.db
      .selectFrom('users')
      .select('email')
      .where('email', '=', `signup-${counter - 1}@example.com`)
      .execute();
    expect(users).toHaveLength(0);
  });

  it('stops card testing: after the limit of declined payments an address is refused before any charge, other addresses are not', async () => {
    const ip = '203.0.113.50';
    for (let index = 0; index < LIMITS.declinedPaymentAddress.max; index++) {
      const declined = await placeWith(TEST_CARDS.declined.number, ip);
      expect(declined.json()).toMatchObject({ error: 'CARD_DECLINED' });
    }
    const payments = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst()
        )?.n ?? 0,
      );
    const before = await payments();
    // Even a good card: the address is refused until the window ends.
    const refused = await placeWith(TEST_CARDS.visa.number, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'TOO_MANY_REQUESTS' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await payments()).toBe(before);
    expect((await placeWith(TEST_CARDS.visa.number, '203.0.113.51')).statusCode).toBe(201);
  });

  it('an approved payment counts nothing', async () => {
    const ip = '203.0.113.60';
    for (let index = 0; index < LIMITS.declinedPaymentAddress.max + 2; index++) {
      expect((await placeWith(TEST_CARDS.visa.number, ip)).statusCode).toBe(201);
    }
  });

  it('refuses subsidy-code guesses past the limit, then the right code too', async () => {
    const ip = '203.0.113.70';
    const signedUp = await register(ip);
    const token = signedUp.json().token as string;
    const tryCode = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/add-subsidy-code',
        headers: { 'x-restaurant-id': 'maple-school', authorization: `Bearer ${token}` },
        remoteAddress: ip,
        payload: { code },
      });
    for (let index = 0; index < LIMITS.subsidyCodeAddress.max; index++) {
      expect((await tryCode(`GUESS-${index}`)).json()).toMatchObject({ error: 'SUBSIDY_CODE_NOT_FOUND' });
    }
    const right = await tryCode('LUNCH50-2026');
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ error: 'TOO_MANY_REQUESTS' });
  });

  it('refuses membership-number guesses past the limit, then a real number too, and takes the cookie away', async () => {
    const ip = '203.0.113.80';
    const lookUp = (identifier: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/get-user-membership-promo',
        headers: { 'x-restaurant-id': 'maple-bistro' },
        remoteAddress: ip,
        payload: { identifier },
      });
    expect((await lookUp('MC-100234')).statusCode).toBe(200);
    for (let index = 0; index < LIMITS.memberLookupAddress.max; index++) {
      expect((await lookUp(`MC-9${String(index).padStart(5, '0')}`)).json()).toMatchObject({ error: 'MEMBER_NOT_FOUND' });
    }
    const refused = await lookUp('MC-100234');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['set-cookie']).toContain('maple-bistro-member=;');
    expect(refused.body).not.toContain('MC-100234');
  });

  it('counts every loyalty check, since its answer names enrolled e-mails', async () => {
    const ip = '203.0.113.90';
    const check = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/get-user-enrolled-program-status',
        headers: { 'x-restaurant-id': 'maple-bistro' },
        remoteAddress: ip,
        payload: { email },
      });
    expect((await check('loyal.guest@example.com')).json()).toMatchObject({ userStatus: 'enrolled' });
    for (let index = 1; index < LIMITS.loyaltyLookupAddress.max; index++)
      expect((await check(`who-${index}@example.com`)).statusCode).toBe(200);
    expect((await check('loyal.guest@example.com')).statusCode).toBe(429);
  });
});
