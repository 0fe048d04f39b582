/** Guessing gift-card numbers and promo codes, as an attacker would (docs/decisions/0015-rate-limits.md). */
import { LIMITS } from '@servery/domain/rate-limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSource, tenantFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

// The fixture's gift card is 6000111122223333 ($25.00) and its promo code SECRET10.
const tenant = tenantFixture({ id: 72, slug: 'guess-place' });
const otherTenant = tenantFixture({ id: 73, slug: 'guess-other' });
const PROXY = '127.0.0.1';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp([asSource(tenant), asSource(otherTenant)], { trustProxy: [PROXY] });
});
afterAll(() => t.close());

let clients = 0;
const newClient = () => `198.51.${Math.floor((clients += 1) / 250) % 250}.${clients % 250}`;
const post = (url: string, payload: object, client: string, tenantSlug = 'guess-place') =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: PROXY,
    headers: { 'x-restaurant-id': tenantSlug, 'x-forwarded-for': client, 'accept-language': 'fr-CA' },
  });
const guessCard = (number: string, client: string, tenantSlug?: string) =>
  post('/api/orders/get-gift-card', { giftCardNumber: number }, client, tenantSlug);
const cardNumber = (index: number) => `600011112222${String(index).padStart(4, '0')}`;

describe('gift-card look-ups', () => {
  it('2,000 concurrent guesses from one address get at most the limit’s answers, and then even a real card waits', async () => {
    const client = newClient();
    const answers = await Promise.all(Array.from({ length: 2000 }, (_, index) => guessCard(cardNumber(index), client)));
    // A look-up answers found (200) or not found (404). Beside a busy run PostgreSQL's pool may also
    // turn some away as unavailable (503, nothing looked up); anything else is a fault.
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => ![200, 404, 429, 503].includes(status))).toEqual([]);
    const answered = statuses.filter((status) => status === 200 || status === 404);
    // 3333 is among the guesses: found or not, no more than the limit were looked up.
    expect(answered.length).toBeLessThanOrEqual(LIMITS.giftCardAddress.max + 1);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(refused.json()).toMatchObject({ code: 429, error: 'TOO_MANY_REQUESTS', message: expect.stringMatching(/réessayer/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await guessCard('6000111122223333', client)).statusCode).toBe(429);
    // Another diner at another address still reads their card.
    expect((await guessCard('6000111122223333', newClient())).json()).toEqual({ giftCardNumber: '•••• 3333', balance: 2500 });
    // 2,000 requests through one process: on PostgreSQL beside a busy test run this can take longer
    // than the suite's 30 s, and how long it takes is not what it checks.
  }, 120_000);

  it('guesses spread over many addresses meet the restaurant’s limit; other restaurants are not held', async () => {
    let answered = 0;
    for (let batch = 0; batch < 5; batch += 1) {
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, index) => guessCard(cardNumber(5000 + batch * 100 + index), newClient())),
      );
      answered += answers.filter((answer) => answer.statusCode !== 429).length;
    }
    expect(answered).toBeLessThanOrEqual(LIMITS.giftCardRestaurant.max);
    expect((await guessCard('6000111122223333', newClient(), 'guess-other')).statusCode).toBe(200);
  });

  it('set-costs with a guessed voucher counts like a look-up', async () => {
    const client = newClient();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LIMITS.giftCardAddress.max + 2; attempt += 1) {
      const answer = await post(
        '/api/orders/set-costs',
        { items: [], type: 'dine_in', costs: { voucher: { code: cardNumber(9000 + attempt) } } },
        client,
        'guess-other',
      );
      statuses.push(answer.statusCode);
    }
    expect(statuses.slice(0, LIMITS.giftCardAddress.max).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(-2)).toEqual([429, 429]);
  });
});

describe('promo-code look-ups', () => {
  it('a found code costs nothing; guesses are limited, and once spent even a real code waits', async () => {
    const client = newClient();
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect((await post('/api/orders/get-discount-info', { code: 'SECRET10' }, client)).statusCode).toBe(200);
    }
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LIMITS.promoCodeAddress.max + 2; attempt += 1) {
      statuses.push((await post('/api/orders/get-discount-info', { code: `GUESS${attempt}` }, client)).statusCode);
    }
    expect(statuses.filter((status) => status === 404)).toHaveLength(LIMITS.promoCodeAddress.max);
    expect(statuses.slice(-2)).toEqual([429, 429]);
    expect((await post('/api/orders/get-discount-info', { code: 'SECRET10' }, client)).statusCode).toBe(429);
  });
});
