import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { repoRoot } from '../../config';
import { asSource, tenantFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { importTenants } from '../../use-cases/platform/import-tenants';

const here = tenantFixture({ id: 71, slug: 'cards-here' });
const there = tenantFixture({ id: 72, slug: 'cards-there' });
const VISA = '4242424242424242';
const MASTERCARD = '5555 5555 5555 4444';
const AMEX = '378282246310005';
const DECLINED = '4000000000000002';
const PASSWORD = 'Secret12!';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp([asSource(here), asSource(there)]);
});
afterAll(() => t.close());

let people = 0;
interface Call {
  token?: string;
  tenant?: string | null;
}
function call(method: 'POST' | 'PUT', url: string, payload: object, options: Call = {}) {
  const headers: Record<string, string> = {};
  if (options.tenant !== null && options.tenant !== undefined) headers['x-restaurant-id'] = options.tenant;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return t.app.inject({ method, url, headers, payload, remoteAddress: `10.7.0.${people % 250}` });
}

async function register(): Promise<string> {
  people += 1;
  const response = await call(
    'POST',
    '/api/auth/register-user',
    { firstName: 'Card', lastName: 'Holder', email: `holder${people}-${Date.now()}@example.com`, password: PASSWORD },
    { tenant: 'cards-here' },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token as string;
}

const card = (number = VISA, expiry = '12/30', cvd = number.replace(/\D/g, '').startsWith('3') ? '1234' : '123') => ({
  card: { number, expiry, cvd, postal_code: 'K1K 1Y1' },
});

interface Summary {
  paymentCardId: string;
  isDefault: boolean;
  brand: string;
  last4: string;
  expiry: string;
}
async function add(token: string, body: object, tenant: string | null = null): Promise<{ added: Summary; cards: Summary[] }> {
  const response = await call('POST', '/api/auth/payment-method', body, { token, tenant });
  expect(response.statusCode, response.body).toBe(200);
  return { added: response.json().paymentMethod, cards: response.json().user.paymentMethods };
}

async function cardsOf(token: string): Promise<Summary[]> {
  const response = await call('POST', '/api/auth/edit-user', {}, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().user.paymentMethods;
}

describe('saved cards', () => {
  it('adds cards (the first is the default), lists them, sets a default and promotes the newest on deleting it', async () => {
    const token = await register();
    expect(await cardsOf(token)).toEqual([]);

    const first = await add(token, card(VISA));
    expect(first.added).toMatchObject({ isDefault: true, brand: 'VISA', last4: '4242', expiry: '1230' });
    expect(first.added.paymentCardId).toMatch(/^pm_[0-9a-f]{32}$/);

    const second = await add(token, card(MASTERCARD, '0129'));
    expect(second.added).toMatchObject({ isDefault: false, brand: 'MC', last4: '4444', expiry: '0129' });
    const third = await add(token, card(AMEX, '1131'));
    expect(third.cards.map((entry) => [entry.last4, entry.isDefault])).toEqual([
      ['4242', true],
      ['0005', false],
      ['4444', false],
    ]);

    const setDefault = await call('PUT', '/api/auth/payment-method', { paymentCardId: second.added.paymentCardId }, { token });
    expect(setDefault.statusCode, setDefault.body).toBe(200);
    const afterSet: Summary[] = setDefault.json().user.paymentMethods;
    expect(afterSet.filter((entry) => entry.isDefault).map((entry) => entry.last4)).toEqual(['4444']);

    // Deleting the default hands it to the newest remaining card (the Amex).
    const deleted = await call('POST', '/api/auth/delete-payment', { paymentCardId: second.added.paymentCardId }, { token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((deleted.json().user.paymentMethods as Summary[]).map((entry) => [entry.last4, entry.isDefault])).toEqual([
      ['0005', true],
      ['4242', false],
    ]);
    // The processor's reference went with it.
    const references = await t.database.db.selectFrom('sandbox_saved_cards').select('reference').execute();
    const kept = await t.database.db.selectFrom('payment_methods').select('reference').execute();
    expect(kept.every((row) => references.some((entry) => entry.reference === row.reference))).toBe(true);
    expect(references).toHaveLength(kept.length);

    // Deleting a card that is not the default leaves the default alone.
    const again = await call('POST', '/api/auth/delete-payment', { paymentCardId: first.added.paymentCardId }, { token });
    expect((again.json().user.paymentMethods as Summary[]).map((entry) => [entry.last4, entry.isDefault])).toEqual([['0005', true]]);
  });

  it('makes a new card the default when asked', async () => {
    const token = await register();
    await add(token, card(VISA));
    const second = await add(token, { ...card(MASTERCARD), isDefault: true });
    expect(second.cards.filter((entry) => entry.isDefault).map((entry) => entry.last4)).toEqual(['4444']);
  });

  it('saves a card from a token made at a restaurant, usable afterwards everywhere', async () => {
    const token = await register();
    const tokenised = await call(
      'POST',
      '/api/payment/tokenize',
      { number: VISA, expiry: '1230', cvd: '123', postal_code: 'K1K1Y1' },
      { tenant: 'cards-here' },
    );
    expect(tokenised.statusCode).toBe(200);
    const oneTime = tokenised.json().token as string;

    // The token is only good where it was made: naming no restaurant is refused.
    const noTenant = await call('POST', '/api/auth/payment-method', { token: oneTime, savingFromCheckout: true }, { token });
    expect(noTenant.statusCode).toBe(400);
    expect(noTenant.json().error).toBe('RESTAURANT_REQUIRED');
    const elsewhere = await call('POST', '/api/auth/payment-method', { token: oneTime }, { token, tenant: 'cards-there' });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().error).toBe('CARD_TOKEN_INVALID');

    const saved = await add(token, { token: oneTime, savingFromCheckout: true }, 'cards-here');
    expect(saved.added).toMatchObject({ isDefault: true, brand: 'VISA', last4: '4242', expiry: '1230' });
    const row = await t.database.db
      .selectFrom('payment_methods')
      .select(['reference', 'processor'])
      .where('id', '=', saved.added.paymentCardId)
      .executeTakeFirstOrThrow();
    expect(row.processor).toBe('sandbox');
    expect(row.reference).toMatch(/^card_sandbox_[0-9a-f]{32}$/);
  });

  it('names the broken card fields, refuses an unsupported brand and a card the processor declines to keep', async () => {
    const token = await register();
    const broken = await call('POST', '/api/auth/payment-method', card('4242 4242 4242 4241', '13/30', '12'), { token });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().details).toEqual([
      { path: 'body.card.number', message: 'invalidCreditCard' },
      { path: 'body.card.expiry', message: 'invalidExpiryDate' },
      { path: 'body.card.cvd', message: 'minLength' },
    ]);
    const discover = await call('POST', '/api/auth/payment-method', card('6011111111111117'), { token });
    expect(discover.json().error).toBe('CARD_BRAND_UNSUPPORTED');
    const declined = await call('POST', '/api/auth/payment-method', card(DECLINED), { token, tenant: 'cards-here' });
    expect(declined.statusCode).toBe(422);
    expect(declined.json()).toMatchObject({ error: 'PAYMENT_METHOD_SAVE_FAILED', code: 1806 });
    const neither = await call('POST', '/api/auth/payment-method', { savingFromCheckout: false }, { token });
    expect(neither.statusCode).toBe(400);
    const both = await call('POST', '/api/auth/payment-method', { ...card(), token: `tok_sandbox_${'0'.repeat(32)}` }, { token });
    expect(both.statusCode).toBe(400);
    expect(await cardsOf(token)).toEqual([]);
  });

  it('needs a session', async () => {
    const response = await call('POST', '/api/auth/payment-method', card());
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(201);
  });

  it("refuses another user's card ids (404) and leaves them as they were", async () => {
    const owner = await register();
    const intruder = await register();
    const { added } = await add(owner, card(VISA));
    await add(owner, card(MASTERCARD));
    await add(intruder, card(AMEX));

    const setDefault = await call('PUT', '/api/auth/payment-method', { paymentCardId: added.paymentCardId }, { token: intruder });
    expect(setDefault.statusCode).toBe(404);
    expect(setDefault.json().error).toBe('PAYMENT_METHOD_NOT_FOUND');
    const deleted = await call('POST', '/api/auth/delete-payment', { paymentCardId: added.paymentCardId }, { token: intruder });
    expect(deleted.statusCode).toBe(404);
    const unknown = await call('POST', '/api/auth/delete-payment', { paymentCardId: 'pm_nope' }, { token: owner });
    expect(unknown.statusCode).toBe(404);

    expect((await cardsOf(owner)).map((entry) => [entry.last4, entry.isDefault])).toEqual([
      ['4242', true],
      ['4444', false],
    ]);
    expect((await cardsOf(intruder)).map((entry) => entry.last4)).toEqual(['0005']);
  });

  it('keeps one default when two first cards arrive at once', async () => {
    const token = await register();
    const answers = await Promise.all([
      call('POST', '/api/auth/payment-method', card(VISA), { token }),
      call('POST', '/api/auth/payment-method', card(MASTERCARD), { token }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const cards = await cardsOf(token);
    expect(cards).toHaveLength(2);
    expect(cards.filter((entry) => entry.isDefault)).toHaveLength(1);
  });
});

async function allText(database: TestDatabase): Promise<string> {
  const tables =
    database.dialect === 'sqlite'
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(database.db)).rows.map((row) => row.name)
      : (
          await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public'`.execute(
            database.db,
          )
        ).rows.map((row) => row.name);
  const texts: string[] = [];
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(database.db);
    texts.push(JSON.stringify(rows.rows));
  }
  return texts.join('\n');
}

describe('saved card data', () => {
  it('never reaches a table nor a log line, even at trace level', async () => {
    const lines: string[] = [];
    const database = await createTestDatabase();
    try {
      const imported = await importTenants(database.db, [asSource(here)], new Date());
      expect(imported.ok).toBe(true);
      const app = await buildApp(
        { LOG_LEVEL: 'trace', WEB_DIST: path.join(repoRoot, 'apps/web/dist'), TENANTS_DIR: path.join(repoRoot, 'tenants') },
        database,
        { logStream: { write: (line: string) => lines.push(line) } },
      );
      await app.ready();
      const registered = await app.inject({
        method: 'POST',
        url: '/api/auth/register-user',
        payload: { firstName: 'Card', lastName: 'Holder', email: 'trace@example.com', password: PASSWORD },
      });
      const token = registered.json().token as string;
      const headers = { authorization: `Bearer ${token}` };
      const saved = await app.inject({
        method: 'POST',
        url: '/api/auth/payment-method',
        headers,
        payload: { card: { number: '3782-8224-6310-005', expiry: '1230', cvd: '7391', postal_code: 'K1K 1Y1' } },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const refused = await app.inject({
        method: 'POST',
        url: '/api/auth/payment-method',
        headers,
        payload: { card: { number: '378282246310005', expiry: '1230', cvd: '12' } },
      });
      expect(refused.statusCode).toBe(400);
      await app.close();

      expect(lines.length).toBeGreaterThan(0);
      const stored = await allText(database);
      for (const text of [stored, lines.join('\n')]) {
        expect(text).not.toContain('378282246310005');
        expect(text).not.toContain('3782-8224-6310-005');
        expect(text).not.toMatch(/"cvd"/i);
        expect(text).not.toContain('"7391"');
      }
      expect(stored).toContain('0005');
    } finally {
      await database.drop();
    }
  });
});
