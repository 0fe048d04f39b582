/**
 * Gift cards from the staff console (issue 32 item 2; docs/decisions/0112-gift-cards-issued-from-the-console.md):
 * a manager issues a card (its number once, kept only as a digest), lists the cards, looks one up at
 * the counter; a diner spends it at checkout and the list shows what is left; another restaurant's
 * staff see none of it; the kitchen's role is refused; bad amounts are refused in the caller's
 * language; a retried issue answers the same card; the tenant file's export and import neither
 * bring back nor reset a balance. Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passesLuhn } from '@servery/domain/gift-cards';
import { asSystem } from '../../db/data-scope';
import { bistroFile, placeBistroDineIn, TWO_SOUPS } from '../../test/bistro-dine-in';
import { asSource, tenantFixture } from '../../test/fixtures';
import { createTestApp, openHoursClock, type TestApp } from '../../test/test-app';
import { staffMember } from '../../test/staff-member';

const BISTRO = 101;
const OTHER = 88;

let t: TestApp;
/** What the server logged (info level): a card's whole number must never be among it. */
const logLines: string[] = [];
const tokens = { owner: '', manager: '', kitchen: '', otherOwner: '' };
let keys = 0;
const newKey = () => `gift-card-test-${Date.now()}-${(keys += 1)}`;

const call = (
  method: 'GET' | 'POST',
  url: string,
  token: string,
  payload?: object,
  headers: Record<string, string> = {},
  slug = 'maple-bistro',
) =>
  t.app.inject({
    method,
    url,
    headers: { 'x-restaurant-id': slug, authorization: `Bearer ${token}`, ...headers },
    ...(payload && { payload }),
  });

const issue = (token: string, body: object, key = newKey(), headers: Record<string, string> = {}, slug = 'maple-bistro') =>
  call('POST', '/api/staff/gift-cards', token, body, { 'idempotency-key': key, ...headers }, slug);

const list = async (token = tokens.manager) => {
  const response = await call('GET', '/api/staff/gift-cards', token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().cards as Array<{ last_four: string; balance: number; issued_amount: number | null; issued_by: string | null }>;
};

beforeAll(async () => {
  t = await createTestApp([bistroFile, asSource(tenantFixture({ id: OTHER, slug: 'gift-other' }))], { now: openHoursClock(), logLines });
  const member = async (email: string, restaurantId: number, role: 'owner' | 'manager' | 'staff', firstName = 'Kai') =>
    (await staffMember(t.database.db, { email, restaurantId, role, firstName, lastName: 'Member' })).token;
  tokens.owner = await member('owner@maple-bistro.example.com', BISTRO, 'owner', 'Olive');
  tokens.manager = await member('manager@maple-bistro.example.com', BISTRO, 'manager', 'Manon');
  tokens.kitchen = await member('cook@maple-bistro.example.com', BISTRO, 'staff');
  tokens.otherOwner = await member('owner@gift-other.example.com', OTHER, 'owner');
});
afterAll(() => t.close());

describe('staff gift cards', () => {
  it('issues a card whose whole number is answered once and stored only as a digest', async () => {
    const response = await issue(tokens.manager, { amount: 2500, recipient: '  Zoé Tremblay ', note: 'Birthday' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer.full_number).toMatch(/^7\d{15}$/);
    expect(passesLuhn(answer.full_number)).toBe(true);
    expect(answer.card).toMatchObject({
      number: `•••• ${answer.full_number.slice(-4)}`,
      last_four: answer.full_number.slice(-4),
      issued_amount: 2500,
      balance: 2500,
      source: 'staff',
      issued_by: 'Manon Member',
      recipient: 'Zoé Tremblay',
      note: 'Birthday',
    });
    expect(answer.replayed).toBe(false);
    expect(response.headers['cache-control']).toBe('no-store');

    // The database holds no copy of the number, in any column of any row.
    const rows = await asSystem('test', () => t.database.db.selectFrom('gift_cards').selectAll().execute());
    expect(JSON.stringify(rows)).not.toContain(answer.full_number);
    expect(JSON.stringify(rows)).not.toContain(answer.full_number.slice(0, 12));

    // Logged by its last four only.
    const logged = logLines.join('\n');
    expect(logged).toContain('gift card issued');
    expect(logged).toContain(`•••• ${answer.full_number.slice(-4)}`);
    expect(logged).not.toContain(answer.full_number);

    const cards = await list();
    expect(cards[0]).toMatchObject({
      last_four: answer.full_number.slice(-4),
      balance: 2500,
      issued_amount: 2500,
      issued_by: 'Manon Member',
    });
    // The bistro's file cards are listed too, with no issuer.
    expect(cards.some((card) => card.issued_by === null)).toBe(true);
  });

  it('answers a retried issue with the same card and number, and refuses the key for another card', async () => {
    const key = newKey();
    const first = await issue(tokens.owner, { amount: 1000 }, key);
    const again = await issue(tokens.owner, { amount: 1000 }, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ full_number: first.json().full_number, replayed: true });
    expect((await list()).filter((card) => card.last_four === first.json().card.last_four)).toHaveLength(1);

    const other = await issue(tokens.owner, { amount: 1500 }, key, { 'accept-language': 'fr-CA' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ error: 'GIFT_CARD_KEY_REUSED', message: expect.stringContaining('carte-cadeau') });

    const keyless = await call('POST', '/api/staff/gift-cards', tokens.owner, { amount: 1000 });
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json().error).toBe('IDEMPOTENCY_KEY_REQUIRED');
  });

  it.each([0, -100, 100_001, 12.5, 10_000_000])('refuses an amount of %s cents in the caller’s language', async (amount) => {
    const refused = await issue(tokens.manager, { amount }, newKey(), { 'accept-language': 'fr-CA' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: 400, error: 'GIFT_CARD_AMOUNT_INVALID', message: 'Entrez un montant de 0,01 $ à 1 000,00 $.' });
    const english = await issue(tokens.manager, { amount }, newKey());
    expect(english.json().message).toBe('Enter an amount from $0.01 to $1,000.00.');
  });

  it('refuses an amount that is not a number, and a card of the largest amount is issued', async () => {
    expect((await issue(tokens.manager, { amount: '25' })).statusCode).toBe(400);
    expect((await issue(tokens.manager, { amount: 100_000 })).statusCode).toBe(200);
  });

  it('refuses the kitchen’s role, and no one who is not on the team', async () => {
    for (const response of [
      await issue(tokens.kitchen, { amount: 2500 }),
      await call('GET', '/api/staff/gift-cards', tokens.kitchen),
      await call('POST', '/api/staff/gift-cards/balance', tokens.kitchen, { number: '6000111122223333' }),
    ]) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().error).toBe('STAFF_ROLE_NOT_ALLOWED');
    }
    expect((await call('GET', '/api/staff/gift-cards', tokens.otherOwner)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/staff/gift-cards', headers: { 'x-restaurant-id': 'maple-bistro' } })).statusCode,
    ).toBe(401);
  });

  it('looks a card up by its whole number, spaces allowed; another restaurant finds none of the bistro’s cards', async () => {
    const issued = (await issue(tokens.manager, { amount: 4000, recipient: 'Counter' })).json();
    const grouped = issued.full_number.replace(/(\d{4})(?=\d)/g, '$1 ');
    const found = await call('POST', '/api/staff/gift-cards/balance', tokens.manager, { number: grouped });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().card).toMatchObject({ last_four: issued.card.last_four, balance: 4000, recipient: 'Counter' });
    // Neither the issue nor the look-up logs the number, whole or grouped.
    expect(logLines.join('\n')).not.toContain(issued.full_number);
    expect(logLines.join('\n')).not.toContain(grouped);

    const unknown = await call(
      'POST',
      '/api/staff/gift-cards/balance',
      tokens.manager,
      { number: '7000000000000000' },
      { 'accept-language': 'fr-CA' },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'GIFT_CARD_NOT_FOUND', message: expect.stringContaining('carte-cadeau') });

    // The other restaurant: its list holds its own file's card only, and the bistro's number finds nothing there.
    const theirs = await call('GET', '/api/staff/gift-cards', tokens.otherOwner, undefined, {}, 'gift-other');
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().cards).toEqual([expect.objectContaining({ last_four: '3333', source: 'file', issued_by: null })]);
    const across = await call('POST', '/api/staff/gift-cards/balance', tokens.otherOwner, { number: issued.full_number }, {}, 'gift-other');
    expect(across.statusCode).toBe(404);
    // Nor does a diner there.
    const diner = await t.app.inject({
      method: 'POST',
      url: '/api/orders/get-gift-card',
      headers: { 'x-restaurant-id': 'gift-other' },
      payload: { giftCardNumber: issued.full_number },
    });
    expect(diner.statusCode).toBe(404);
  });

  it('is spent by a diner at checkout, and the list shows what is left', async () => {
    const issued = (await issue(tokens.manager, { amount: 1000 })).json();
    const balance = await t.app.inject({
      method: 'POST',
      url: '/api/orders/get-gift-card',
      headers: { 'x-restaurant-id': 'maple-bistro' },
      payload: { giftCardNumber: issued.full_number },
    });
    expect(balance.json()).toEqual({ giftCardNumber: `•••• ${issued.card.last_four}`, balance: 1000 });
    await placeBistroDineIn(t, { items: [TWO_SOUPS], costs: { voucher: { code: issued.full_number } } });
    const card = (await list()).find((each) => each.last_four === issued.card.last_four);
    expect(card).toMatchObject({ issued_amount: 1000, balance: 0 });
  });

  it('keeps balances through the tenant file: its export lists no card, and an import resets none', async () => {
    const issued = (await issue(tokens.owner, { amount: 3000 })).json();
    await asSystem('test spend', () =>
      t.database.db.updateTable('gift_cards').set({ balance_cents: 1234 }).where('last_four', '=', issued.card.last_four).execute(),
    );
    const before = await list();

    const exported = await call('GET', '/api/staff/tenant-file', tokens.owner);
    expect(exported.statusCode).toBe(200);
    expect(exported.json().gift_cards).toEqual([]);
    expect(exported.body).not.toContain(issued.full_number);

    // The file imported back, and then with the issued card's number at its first amount: nothing changes.
    const file = exported.json();
    const same = await call('POST', '/api/staff/tenant-file', tokens.owner, file);
    expect(same.statusCode, same.body).toBe(200);
    const named = await call('POST', '/api/staff/tenant-file', tokens.owner, {
      ...file,
      gift_cards: [{ number: issued.full_number, balance: '30.00' }],
    });
    expect(named.statusCode, named.body).toBe(200);
    const after = await list();
    expect(after.find((card) => card.last_four === issued.card.last_four)).toMatchObject({
      balance: 1234,
      issued_amount: 3000,
      issued_by: 'Olive Member',
    });
    expect(after.map((card) => [card.last_four, card.balance])).toEqual(before.map((card) => [card.last_four, card.balance]));
  });
});
