/**
 * Secrets at rest (docs/decisions/0061-secrets-at-rest.md), on the database the suite runs on
 * (SQLite by default, PostgreSQL with DATABASE_URL): the rows, and on SQLite the file itself, hold
 * no gift-card number and no token a person was given, while every one of them still works.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { repoRoot } from '../config';
import { hashPassword, usePasswordCost, OWASP_SCRYPT_LOG_N } from '../lib/password';
import { giftCardDigest, orderAccessToken } from '../lib/secret-digests';
import { hashToken } from '../lib/session-tokens';
import { staffMember } from '../test/staff-member';
import { TEST_SCRYPT_LOG_N } from '../test/password-cost';
import { createTestApp, openHoursClock, type TestApp } from '../test/test-app';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { getOrderForDiner } from '../use-cases/orders/get-order';
import { relayDueMessages } from '../use-cases/platform/relay-deliveries';
import { importTenants } from '../use-cases/platform/import-tenants';
import type { Db } from './database';
import { migrateToLatest } from './migrate';

const bistroText = fs.readFileSync(path.join(repoRoot, 'tenants/maple-bistro.json'), 'utf8');
const bistroFile = { name: 'maple-bistro.json', text: bistroText };
const BISTRO = 101;
/** maple-bistro.json's gift card: $12.35. */
const GIFT_CARD = '6035710000005678';
const EVERY_CARD = (JSON.parse(bistroText) as { gift_cards: Array<{ number: string }> }).gift_cards.map((card) => card.number);
const SOUP = { id: 1101, menu_id: 1010, section_id: 1050 };
const soup = { ...SOUP, orderId: 1, quantity: 2, orderPrice: 1600, orderOptions: [] };
const PASSWORD = 'Secret12!';

/** Every row of every table of the database, as text: what a copy of it (or a backup) would give. */
async function everyRow(database: Db): Promise<string> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const db = database.db as unknown as Kysely<any>;
  const tables =
    database.dialect === 'postgres'
      ? (await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public'`.execute(db)).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)).rows;
  let text = '';
  for (const { name } of tables) {
    const rows = await db.selectFrom(name).selectAll().execute();
    text += `${name}: ${JSON.stringify(rows)}\n`;
  }
  return text;
}

/** The SQLite file and its WAL as bytes (latin1 keeps every byte); '' on PostgreSQL. */
function databaseFiles(database: TestDatabase): string {
  if (!database.url.startsWith('file:')) return '';
  const file = database.url.slice('file:'.length);
  return [file, `${file}-wal`]
    .filter((name) => fs.existsSync(name))
    .map((name) => fs.readFileSync(name).toString('latin1'))
    .join('');
}

async function checkpoint(database: Db): Promise<void> {
  if (database.dialect !== 'postgres') await sql`pragma wal_checkpoint(TRUNCATE)`.execute(database.db);
}

describe('secrets at rest', () => {
  let t: TestApp;
  let keys = 0;
  let addresses = 0;
  const newIp = () => `10.61.${Math.floor((addresses += 1) / 250)}.${addresses % 250}`;
  const call = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url,
      headers: { 'x-restaurant-id': 'maple-bistro', ...headers },
      remoteAddress: newIp(),
      ...(payload && { payload }),
    });

  /** What the person was given, to look for in the database afterwards. */
  const given = { orderToken: '', session: '', reset: '', invitation: '' };

  beforeAll(async () => {
    t = await createTestApp([bistroFile], { now: openHoursClock() });
  });
  afterAll(() => t.close());

  it('keeps a gift card as its keyed digest and last four, and it still answers and pays', async () => {
    const stored = await t.database.db.selectFrom('gift_cards').selectAll().where('restaurant_id', '=', BISTRO).execute();
    expect(stored).toContainEqual(
      expect.objectContaining({ number_hash: giftCardDigest(BISTRO, GIFT_CARD), last_four: '5678', balance_cents: 1235 }),
    );
    // Migration 0036's columns say where a card came from and for whom; none holds its number (an
    // issued card's number is derived from issue_id under the server's key, decision 0112).
    for (const card of stored)
      expect(Object.keys(card).sort()).toEqual([
        'balance_cents',
        'issue_id',
        'issue_key',
        'issued_at',
        'issued_by',
        'issued_cents',
        'last_four',
        'note',
        'number_hash',
        'recipient',
        'restaurant_id',
        'source',
        'updated_at',
      ]);

    const balance = await call('POST', '/api/orders/get-gift-card', { giftCardNumber: GIFT_CARD });
    expect(balance.statusCode, balance.body).toBe(200);
    expect(balance.json()).toEqual({ giftCardNumber: '•••• 5678', balance: 1235 });

    const slots = await call('POST', '/api/orders/scheduling', { type: 'take-out', items: [soup] });
    const day = slots.json().days[0];
    const card = await call('POST', '/api/payment/tokenize', {
      number: '4242424242424242',
      expiry: '1230',
      cvd: '123',
      postal_code: 'M5A 3C4',
    });
    const body = {
      type: 'take-out',
      data: {
        config: { takeout: true, takeoutType: 'pickup' },
        items: [soup],
        costs: { voucher: { code: GIFT_CARD } },
        checkout: {
          paymentMethod: 'credit_card',
          pickup: { delivery: false, scheduled: true, dueByDate: day.date, dueByTime: day.slots[0].startTime },
          contact: { full_name: 'Dana Diner', email: 'dana.secrets@example.com', phone_number: '416-555-0101' },
          card: { token: card.json().token },
          questions: [{ id: 1920, answers: [1] }],
        },
      },
    };
    const key = `secrets-${(keys += 1)}`;
    const placed = await call('POST', '/api/orders', body, { 'idempotency-key': key });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json();
    // What the diner sees of the card: its last four and what it paid, as the cart showed it.
    expect(order.order.costs.voucher).toEqual({ code: '•••• 5678', balance: 1235, amount: 1235 });
    expect(order.order.costs.amountDue).toBe(order.order.costs.totalWithTip - 1235);
    const spent = await t.database.db
      .selectFrom('gift_cards')
      .select('balance_cents')
      .where('number_hash', '=', giftCardDigest(BISTRO, GIFT_CARD))
      .executeTakeFirst();
    expect(spent?.balance_cents).toBe(0);
    expect((await call('POST', '/api/orders/get-gift-card', { giftCardNumber: GIFT_CARD })).json().error).toBe('GIFT_CARD_NOT_FOUND');

    // The order's secret: kept as its SHA-256, still opens the order, and a replay answers with it again.
    given.orderToken = order.access_token;
    expect(given.orderToken).toBe(orderAccessToken(order.order.id));
    const row = await t.database.db
      .selectFrom('orders')
      .select(['access_token_hash', 'data'])
      .where('id', '=', order.order.id)
      .executeTakeFirstOrThrow();
    expect(row.access_token_hash).toBe(hashToken(given.orderToken));
    expect(row.data).not.toContain(GIFT_CARD);
    const shown = await call('GET', `/api/orders/${order.order.id}?token=${given.orderToken}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().order.costs.voucher.code).toBe('•••• 5678');
    expect((await call('GET', `/api/orders/${order.order.id}?token=${given.orderToken}x`)).statusCode).toBe(404);
    const replay = await call('POST', '/api/orders', body, { 'idempotency-key': key });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ replayed: true, access_token: given.orderToken, order: { costs: order.order.costs } });
  });

  it('keeps reset and invitation links and sessions as SHA-256 only, and each link still works once', async () => {
    const email = `reset-${Date.now()}@example.com`;
    const registered = await call('POST', '/api/auth/register-user', { firstName: 'Ada', lastName: 'Lovelace', email, password: PASSWORD });
    expect(registered.statusCode, registered.body).toBe(200);
    given.session = registered.json().token;

    expect((await call('POST', '/api/auth/forgot-password', { email })).statusCode).toBe(200);
    const resetMail = await t.database.db.selectFrom('outbox').select('body').where('recipient', '=', email).executeTakeFirstOrThrow();
    given.reset = /reset-password\?token=([\w-]+)/.exec(resetMail.body)![1]!;
    const resets = await t.database.db.selectFrom('password_resets').select('token_hash').execute();
    expect(resets.map((reset) => reset.token_hash)).toContain(hashToken(given.reset));
    const reset = await call('POST', '/api/auth/reset-password', { token: given.reset, password: 'NewSecret9$' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await call('POST', '/api/auth/reset-password', { token: given.reset, password: 'Other99!x' })).statusCode).toBe(400);

    const owner = await staffMember(t.database.db, { email: `owner-${Date.now()}@maple.example.com`, restaurantId: BISTRO, role: 'owner' });
    const invitee = `invitee-${Date.now()}@example.com`;
    const invited = await call(
      'POST',
      '/api/staff/invitations',
      { email: invitee, role: 'staff' },
      { authorization: `Bearer ${owner.token}` },
    );
    expect(invited.statusCode, invited.body).toBe(200);
    const inviteMail = await t.database.db.selectFrom('outbox').select('body').where('recipient', '=', invitee).executeTakeFirstOrThrow();
    given.invitation = /staff\/join\?token=([\w-]+)/.exec(inviteMail.body)![1]!;
    const invitation = await t.database.db
      .selectFrom('staff_invitations')
      .select('token_hash')
      .where('email', '=', invitee)
      .executeTakeFirstOrThrow();
    expect(invitation.token_hash).toBe(hashToken(given.invitation));
    const joined = await call('POST', '/api/staff/invitations/accept', {
      token: given.invitation,
      password: PASSWORD,
      firstName: 'Ina',
      lastName: 'Vitee',
    });
    expect(joined.statusCode, joined.body).toBe(200);
    expect((await call('GET', '/api/staff/me', undefined, { authorization: `Bearer ${joined.json().token}` })).json().role).toBe('staff');

    const sessions = await t.database.db.selectFrom('sessions').select('token_hash').execute();
    expect(sessions.map((session) => session.token_hash)).toContain(hashToken(given.session));
  });

  it('leaves no given secret in any row nor, on SQLite, in the file; a sent link leaves the outbox too', async () => {
    const never = [...EVERY_CARD, given.session];
    for (const secret of [...never, given.orderToken]) expect(secret.length).toBeGreaterThan(10);
    let rows = await everyRow(t.database);
    for (const secret of never) expect(rows).not.toContain(secret);
    // Queued e-mails are the mail itself (the developer's outbox is a mailbox) until they are sent:
    // a reset link, an invitation, and the receipt's link to the order's status (its access token).
    const linked = [given.reset, given.invitation, given.orderToken];
    const queued = rows.split('\n').filter((line) => linked.some((secret) => line.includes(secret)));
    expect(queued.map((line) => line.slice(0, line.indexOf(':')))).toEqual(['outbox']);

    const sent: string[] = [];
    const transport = { name: 'test', send: async (message: { text: string }) => void sent.push(message.text), close: () => undefined };
    const quiet = { info: () => undefined, warn: () => undefined };
    const policy = { maxAttempts: 3, baseDelaySeconds: 30, maxDelaySeconds: 600 };
    const result = await relayDueMessages(
      t.database.db,
      { email: transport, sms: null },
      { policy, leaseSeconds: 60, batch: 100 },
      quiet,
      new Date(),
    );
    expect(result.sent).toBeGreaterThanOrEqual(2);
    expect(sent.some((text) => text.includes(given.reset))).toBe(true);
    expect(sent.some((text) => text.includes(given.invitation))).toBe(true);
    expect(sent.some((text) => text.includes(given.orderToken))).toBe(true);
    rows = await everyRow(t.database);
    for (const secret of [...never, ...linked]) expect(rows).not.toContain(secret);
    expect(rows).toContain('reset-password?token=(sent)');

    await checkpoint(t.database);
    const files = databaseFiles(t.database);
    if (t.database.dialect !== 'postgres') expect(files.length).toBeGreaterThan(0);
    for (const secret of never) expect(files).not.toContain(secret);
  });
});

describe('migration 0026 on rows written before it', () => {
  let database: TestDatabase;
  const legacyToken = randomBytes(24).toString('base64url');
  const orderId = '0b0e8a52-7c1e-4f57-9f0e-2a1d5e0c0026';

  beforeAll(async () => {
    // What a database upgraded from 0025 holds: a plain card number, a plain order secret, and the
    // number in the order's costs.
    database = await createTestDatabase({ upTo: '0025-live-changes' });
    const withoutCards = JSON.stringify({ ...JSON.parse(bistroText), gift_cards: [] });
    const imported = await importTenants(database.db, [{ name: 'maple-bistro.json', text: withoutCards }], new Date());
    expect(imported.ok).toBe(true);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const old = database.db as unknown as Kysely<any>;
    const now = new Date().toISOString();
    // Before 0026 the settings kept the tenant file's cards too.
    const { settings } = await old.selectFrom('restaurants').select('settings').where('id', '=', BISTRO).executeTakeFirstOrThrow();
    const cards = [{ number: GIFT_CARD, balance: 1000 }];
    await old
      .updateTable('restaurants')
      .set({ settings: JSON.stringify({ ...JSON.parse(settings as string), gift_cards: cards }) })
      .where('id', '=', BISTRO)
      .execute();
    await old.insertInto('gift_cards').values({ restaurant_id: BISTRO, number: GIFT_CARD, balance_cents: 1000, updated_at: now }).execute();
    const costs = {
      ...{ subtotal: 1600, subtotalDiscounted: 1600, total: 1808, totalWithTip: 1808, amountDue: 808 },
      voucher: { code: GIFT_CARD, balance: 1000, amount: 1000 },
    };
    await old
      .insertInto('orders')
      .values({
        id: orderId,
        restaurant_id: BISTRO,
        user_id: null,
        status: 'placed',
        order_type: 'take-out',
        total_cents: 1808,
        data: JSON.stringify({ items: [], costs, payment: { method: null } }),
        placed_at: now,
        updated_at: now,
        number: 1,
        pickup_slot: null,
        pickup_time: null,
        idempotency_key: null,
        request_hash: null,
        access_token: legacyToken,
        locale: 'en-CA',
      })
      .execute();
    await checkpoint(database);
    expect(databaseFiles(database).includes(GIFT_CARD) || database.dialect === 'postgres').toBe(true);
    await migrateToLatest(database.db);
  });
  afterAll(() => database?.drop());

  it('converts them: the card keeps its balance and the old secret still opens its order', async () => {
    const cards = await database.db.selectFrom('gift_cards').selectAll().execute();
    expect(cards).toEqual([
      expect.objectContaining({
        restaurant_id: BISTRO,
        number_hash: giftCardDigest(BISTRO, GIFT_CARD),
        last_four: '5678',
        balance_cents: 1000,
      }),
    ]);
    const order = await database.db
      .selectFrom('orders')
      .select(['access_token_hash', 'data'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order.access_token_hash).toBe(hashToken(legacyToken));
    expect(JSON.parse(order.data).costs.voucher).toEqual({ code: '•••• 5678', balance: 1000, amount: 1000 });

    const app = await buildApp(
      { LOG_LEVEL: 'silent', WEB_DIST: path.join(repoRoot, 'apps/web/dist'), TENANTS_DIR: path.join(repoRoot, 'tenants') },
      database,
      { tabSweepMs: null },
    );
    try {
      const headers = { 'x-restaurant-id': 'maple-bistro' };
      const balance = await app.inject({
        method: 'POST',
        url: '/api/orders/get-gift-card',
        headers,
        payload: { giftCardNumber: GIFT_CARD },
      });
      expect(balance.json()).toEqual({ giftCardNumber: '•••• 5678', balance: 1000 });
      // The order's data here is a stub (no lines to name): its secret is what is tried, through the
      // same check as GET /api/orders/:id, which answers 404 for a wrong one.
      const restaurant = { id: BISTRO } as Parameters<typeof getOrderForDiner>[1];
      await expect(getOrderForDiner(database.db, restaurant, orderId, legacyToken)).resolves.toMatchObject({ id: orderId });
      await expect(getOrderForDiner(database.db, restaurant, orderId, `${legacyToken}x`)).rejects.toMatchObject({
        errorName: 'ORDER_NOT_FOUND',
      });
    } finally {
      await app.close();
    }

    const rows = await everyRow(database);
    for (const secret of [GIFT_CARD, legacyToken]) expect(rows).not.toContain(secret);
    await checkpoint(database);
    // VACUUM rewrote the file: the old values are not in its freed pages or the WAL either.
    for (const secret of [GIFT_CARD, legacyToken]) expect(databaseFiles(database)).not.toContain(secret);
  });
});

describe('password hashing at sign-in', () => {
  it('hashes new passwords at OWASP’s scrypt cost and replaces a weaker stored hash at the next sign-in', async () => {
    const t = await createTestApp([bistroFile]);
    try {
      usePasswordCost(15);
      const old = await hashPassword(PASSWORD);
      usePasswordCost(OWASP_SCRYPT_LOG_N);
      expect(old.startsWith('scrypt$32768$8$1$')).toBe(true);
      const email = `rehash-${Date.now()}@example.com`;
      const { id } = await staffMember(t.database.db, { email, restaurantId: BISTRO, passwordHash: old });
      const stored = () => t.database.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow();

      const login = (password: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login-native',
          headers: { 'x-restaurant-id': 'maple-bistro' },
          payload: { email, password },
        });
      expect((await login('wrong-password-1A')).statusCode).toBe(401);
      expect((await stored()).password_hash).toBe(old);
      const signedIn = await login(PASSWORD);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const rehashed = (await stored()).password_hash;
      expect(rehashed.startsWith(`scrypt$${2 ** 17}$8$1$`)).toBe(true);
      expect((await login(PASSWORD)).statusCode).toBe(200);
      expect((await stored()).password_hash).toBe(rehashed);
    } finally {
      usePasswordCost(TEST_SCRYPT_LOG_N);
      await t.close();
    }
  });
});
