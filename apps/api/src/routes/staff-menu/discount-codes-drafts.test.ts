/**
 * The restaurant's discount codes go through the menu's draft (issue 32 item 2; decisions 0108 and
 * 0110): a bad code is refused whole by the tenant file's schema, naming its path, and nothing
 * changes; a new code works in diners' carts once the draft is published; the kitchen's draft never
 * carries the codes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';
import { createTestApp, openHoursClock, type TestApp } from '../../test/test-app';
import { staffMember } from '../../test/staff-member';
import { placeBistroDineIn, TWO_SOUPS } from '../../test/bistro-dine-in';

const bistroFile = { name: 'maple-bistro.json', text: fs.readFileSync(path.join(repoRoot, 'tenants/maple-bistro.json'), 'utf8') };
const BISTRO = 101;
const SOUP = { id: 1101, menu_id: 1010, section_id: 1050 };

type Json = Record<string, unknown>;
interface Draft {
  draft: boolean;
  revision: number;
  file_scope: string;
  file: Json;
}

let t: TestApp;
const tokens = { manager: '', kitchen: '' };

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, locale = 'en-CA', token = tokens.manager) =>
  t.app.inject({
    method,
    url,
    headers: { 'x-restaurant-id': 'maple-bistro', 'accept-language': locale, authorization: `Bearer ${token}` },
    ...(payload !== undefined && { payload: payload as Json }),
  });
const getDraft = async (token = tokens.manager) => (await call('GET', '/api/staff/menu/draft', undefined, 'en-CA', token)).json<Draft>();
const withCode = (file: Json, code: Json): Json => ({ ...file, discount_codes: [...(file.discount_codes as Json[]), code] });
const setCosts = (code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders/set-costs',
    headers: { 'x-restaurant-id': 'maple-bistro' },
    payload: {
      items: [{ ...SOUP, orderId: 1, quantity: 2, orderPrice: 1600, orderOptions: [] }],
      costs: { discount: { code } },
      type: 'dine_in',
    },
  });

beforeAll(async () => {
  t = await createTestApp([bistroFile], { now: openHoursClock() });
  const member = async (email: string, role: 'manager' | 'staff', firstName: string) =>
    (await staffMember(t.database.db, { email, restaurantId: BISTRO, role, firstName, lastName: 'Codes' })).token;
  tokens.manager = await member('manager@maple-bistro.example.com', 'manager', 'Mona');
  tokens.kitchen = await member('kitchen@maple-bistro.example.com', 'staff', 'Kai');
});
afterAll(() => t.close());

describe('discount codes in the draft', () => {
  it.each<[string, Json, string, RegExp]>([
    ['a percentage over 100', { code: 'LUNCH10', type: 'percentage', value: '110' }, '$.discount_codes[4].value', /at most 100/],
    ['a negative value', { code: 'LUNCH10', type: 'dollar', value: '-5' }, '$.discount_codes[4].value', /at least 0/],
    ['a value that does not read', { code: 'LUNCH10', type: 'percentage', value: '10%' }, '$.discount_codes[4].value', /decimal number/],
    [
      'an end before its start',
      { code: 'LUNCH10', type: 'percentage', value: '10', starts_at: '2026-12-02T11:00:00-05:00', ends_at: '2026-12-01T11:00:00-05:00' },
      '$.discount_codes[4].ends_at',
      /must be after starts_at/,
    ],
    [
      'a code already there in another case',
      { code: 'welcome10', type: 'percentage', value: '10' },
      '$.discount_codes[4].code',
      /already at \$\.discount_codes\[0\]/,
    ],
    ['an empty code', { code: '  ', type: 'percentage', value: '10' }, '$.discount_codes[4].code', /must not be empty/],
  ])('refuses %s, naming its path, and changes nothing', async (_, code, where, rule) => {
    const before = await getDraft();
    const refused = await call(
      'PUT',
      '/api/staff/menu/draft',
      { base_revision: before.revision, file: withCode(before.file, code) },
      'fr-CA',
    );
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'TENANT_FILE_INVALID', message: expect.stringContaining('rien n’a été changé') });
    expect(refused.json<{ details: Array<{ path: string; message: string }> }>().details).toEqual([
      { path: where, message: expect.stringMatching(rule) },
    ]);
    expect(await getDraft()).toEqual(before);
  });

  it('refuses a code with a control character as the request’s field, never a 500', async () => {
    const before = await getDraft();
    const file = withCode(before.file, { code: 'LUNCH\u000710', type: 'percentage', value: '10' });
    const refused = await call('PUT', '/api/staff/menu/draft', { base_revision: before.revision, file });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'VALIDATION_FAILED', details: [{ path: 'body.file.discount_codes[4].code' }] });
    expect(await getDraft()).toEqual(before);
  });

  it('never shows the kitchen the codes', async () => {
    const kitchen = await getDraft(tokens.kitchen);
    expect(kitchen.file_scope).toBe('menu');
    expect(kitchen.file).not.toHaveProperty('discount_codes');
    expect(kitchen.file).not.toHaveProperty('hasDiscounts');
  });

  it('publishes a new code: diners’ carts take it only once published', async () => {
    expect((await setCosts('lunch10')).json().rejected).toEqual([expect.objectContaining({ field: 'discount' })]);
    const before = await getDraft();
    const file = withCode(before.file, { code: 'LUNCH10', type: 'percentage', value: '10', ends_at: '2099-01-01T00:00:00-05:00' });
    const saved = await call('PUT', '/api/staff/menu/draft', { base_revision: before.revision, file });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await setCosts('lunch10')).json().rejected).toEqual([expect.objectContaining({ field: 'discount' })]);

    const published = await call('POST', '/api/staff/menu/draft/publish', { base_revision: saved.json<{ revision: number }>().revision });
    expect(published.statusCode, published.body).toBe(200);
    const priced = (await setCosts(' lunch10 ')).json();
    expect(priced.rejected).toEqual([]);
    // 2 x $8.00 = 1600; 10 % off = 160.
    expect(priced.costs).toMatchObject({ discount: { amount: 160, code: 'LUNCH10', type: 'percentage' }, subtotalDiscounted: 1440 });
  });

  it('counts each code’s uses by placed orders, for managers only', async () => {
    const uses = () => call('GET', '/api/staff/discount-codes/uses');
    const before = await uses();
    expect(before.statusCode, before.body).toBe(200);
    const countOf = (body: { uses: Array<{ code: string; count: number }> }, code: string) =>
      body.uses.find((use) => use.code === code)?.count ?? 0;
    const start = countOf(before.json(), 'LUNCH10');
    await placeBistroDineIn(t, { items: [TWO_SOUPS], costs: { discount: { code: 'lunch10' } } });
    await placeBistroDineIn(t, { items: [TWO_SOUPS], costs: { discount: { code: 'LUNCH10' } } });
    await placeBistroDineIn(t, { items: [TWO_SOUPS] });
    const after = (await uses()).json();
    expect(countOf(after, 'LUNCH10')).toBe(start + 2);
    expect(after.uses[0]).toEqual({ code: 'LUNCH10', count: start + 2 });

    const kitchen = await call('GET', '/api/staff/discount-codes/uses', undefined, 'fr-CA', tokens.kitchen);
    expect(kitchen.statusCode).toBe(403);
    expect(kitchen.json().message).toMatch(/[àéè]/);
    const nobody = await t.app.inject({
      method: 'GET',
      url: '/api/staff/discount-codes/uses',
      headers: { 'x-restaurant-id': 'maple-bistro' },
    });
    expect(nobody.statusCode).toBe(401);
  });
});
