import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TenantFile } from '@servery/contracts/tenant-file';
import { repoRoot } from '../../config';
import { asSource, tenantFixture } from '../../test/fixtures';
import { createTestApp, openHoursClock, type TestApp } from '../../test/test-app';
import { staffMember } from '../../test/staff-member';

const bistroFile = { name: 'maple-bistro.json', text: fs.readFileSync(path.join(repoRoot, 'tenants/maple-bistro.json'), 'utf8') };
const BISTRO = 101;
const OTHER = 88;
// The soup of the day, $8.00 in tenants/maple-bistro.json.
const SOUP = { id: 1101, menu_id: 1010, section_id: 1050, orderId: 1, quantity: 2, orderPrice: 1600, orderOptions: [] };

let t: TestApp;
const tokens = { manager: '', staff: '', otherOwner: '' };

type Json = Record<string, unknown>;
interface FileItem {
  id: number;
  price: unknown;
}
interface FileMenu {
  sections: Array<{ items: FileItem[] }>;
}

const headers = (token: string | null, locale = 'en-CA', tenant = 'maple-bistro') => ({
  'x-restaurant-id': tenant,
  'accept-language': locale,
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});
const exportFile = (token: string | null = tokens.manager, tenant = 'maple-bistro') =>
  t.app.inject({ method: 'GET', url: '/api/staff/tenant-file', headers: headers(token, 'en-CA', tenant) });
const importFile = (file: unknown, token: string | null = tokens.manager, locale = 'en-CA') =>
  t.app.inject({ method: 'POST', url: '/api/staff/tenant-file', headers: headers(token, locale), payload: file as Json });
const menuVersion = async () =>
  (await t.app.inject({ method: 'GET', url: `/api/restaurants/${BISTRO}/menus?type=dine_in` })).json<{ version: number }>().version;

function soupOf(file: Json): FileItem {
  const groups = file.menu_groups as Array<{ menus: FileMenu[] }>;
  const items = groups.flatMap((group) => group.menus.flatMap((menu) => menu.sections.flatMap((section) => section.items)));
  return items.find((item) => item.id === SOUP.id)!;
}

beforeAll(async () => {
  t = await createTestApp([bistroFile, asSource(tenantFixture({ id: OTHER, slug: 'file-other' }))], { now: openHoursClock() });
  tokens.manager = (
    await staffMember(t.database.db, { email: 'manager@maple-bistro.example.com', restaurantId: BISTRO, role: 'manager' })
  ).token;
  tokens.staff = (
    await staffMember(t.database.db, { email: 'kitchen@maple-bistro.example.com', restaurantId: BISTRO, role: 'staff' })
  ).token;
  tokens.otherOwner = (
    await staffMember(t.database.db, { email: 'owner@file-other.example.com', restaurantId: OTHER, role: 'owner' })
  ).token;
});
afterAll(() => t.close());

describe("the restaurant's tenant file in the staff console", () => {
  it('exports the file tenants:import takes, amounts in dollars, and importing it again changes nothing', async () => {
    const exported = await exportFile();
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-disposition']).toBe('attachment; filename="maple-bistro.json"');
    const file = exported.json<Json>();
    expect(TenantFile.safeParse(file).success).toBe(true);
    expect(file).toMatchObject({ id: BISTRO, slug: 'maple-bistro' });
    expect(soupOf(file).price).toBe('8.00');

    const version = await menuVersion();
    const again = await importFile(file);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ changed: false, version });
    expect(await menuVersion()).toBe(version);
  });

  it('imports a changed price as a new menu version: the menu shows it and a cart at the old price is re-priced', async () => {
    const file = (await exportFile()).json<Json>();
    const version = await menuVersion();
    soupOf(file).price = '8.75';
    const imported = await importFile(file);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ changed: true, version: version + 1 });
    expect(soupOf((await exportFile()).json<Json>()).price).toBe('8.75');

    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/orders/set-costs',
      headers: { 'x-restaurant-id': 'maple-bistro' },
      payload: { items: [SOUP], costs: {}, type: 'dine_in' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'ITEM_PRICE_CHANGED', items: [{ orderPrice: 1750 }] });
  });

  it('refuses a bad file whole, naming each path and rule in the caller’s language, and changes nothing', async () => {
    const file = (await exportFile()).json<Json>();
    const version = await menuVersion();
    const before = soupOf(file).price;
    soupOf(file).price = '-3.00';
    const refused = await importFile(file, tokens.manager, 'fr-CA');
    expect(refused.statusCode).toBe(400);
    const body = refused.json<{ error: string; message: string; details: Array<{ path: string; message: string }> }>();
    expect(body.error).toBe('TENANT_FILE_INVALID');
    expect(body.message).toBe(
      'Ce fichier ne peut pas être importé, et rien n’a été changé. Chaque problème est indiqué avec son emplacement dans le fichier.',
    );
    expect(body.details).toContainEqual({
      path: expect.stringMatching(/^\$\.menu_groups\[\d+\]\.menus\[\d+\]\.sections\[\d+\]\.items\[\d+\]\.price$/),
      message: 'doit être un montant d’au moins 0 avec au plus 2 décimales, comme "12.50" (reçu : "-3.00")',
    });
    // Text with control characters is refused before the file is read, as on every route.
    soupOf(file).price = before;
    const control = await importFile({ ...file, name: 'Maple\u0000Bistro' });
    expect(control.statusCode).toBe(400);
    expect(control.json().error).toBe('VALIDATION_FAILED');
    expect(await menuVersion()).toBe(version);
    expect(soupOf((await exportFile()).json<Json>()).price).toBe(before);
  });

  it('words the common rules of a refused file in the caller’s language: empty text, too small or large, wrong type, not in the list, unknown key', async () => {
    const file = (await exportFile()).json<Json>();
    const version = await menuVersion();
    const bad = structuredClone(file);
    const soup = soupOf(bad) as FileItem & Json;
    soup.price = '-1.00';
    soup.name = '';
    soup.calories = 'many';
    soup.spicy = true;
    const menus = (bad.menu_groups as Array<{ menus: Array<Json> }>)[0]!.menus;
    menus[0]!.type = 'buffet';
    const item = (path: string) =>
      new RegExp(`^\\$\\.menu_groups\\[\\d+\\]\\.menus\\[\\d+\\]\\.sections\\[\\d+\\]\\.items\\[\\d+\\]${path}$`);
    const details = async (locale: string) => {
      const refused = await importFile(bad, tokens.manager, locale);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error).toBe('TENANT_FILE_INVALID');
      return refused.json<{ details: Array<{ path: string; message: string }> }>().details;
    };
    const english = await details('en-CA');
    expect(english).toEqual(
      expect.arrayContaining([
        {
          path: expect.stringMatching(item('\\.price')),
          message: expect.stringMatching(/^must be an amount of at least 0 with at most 2 decimals/),
        },
        { path: expect.stringMatching(item('\\.name')), message: 'must not be empty' },
        { path: expect.stringMatching(item('\\.calories')), message: 'must be a number' },
        { path: expect.stringMatching(item('')), message: 'has an unknown key, "spicy": remove it or correct its spelling' },
        { path: '$.menu_groups[0].menus[0].type', message: 'must be one of "a-la-carte", "prix-fixe"' },
      ]),
    );
    const french = await details('fr-CA');
    expect(french).toEqual(
      expect.arrayContaining([
        {
          path: expect.stringMatching(item('\\.price')),
          message: expect.stringMatching(/^doit être un montant d’au moins 0 avec au plus 2 décimales/),
        },
        { path: expect.stringMatching(item('\\.name')), message: 'ne doit pas être vide' },
        { path: expect.stringMatching(item('\\.calories')), message: 'doit être un nombre' },
        { path: expect.stringMatching(item('')), message: 'contient une clé inconnue, "spicy" : retirez-la ou corrigez son orthographe' },
        { path: '$.menu_groups[0].menus[0].type', message: 'doit être l’une des valeurs "a-la-carte", "prix-fixe"' },
      ]),
    );
    expect(french.map((problem) => problem.path)).toEqual(english.map((problem) => problem.path));
    // No raw schema wording left for these rules, in either language.
    for (const problem of [...english, ...french])
      expect(problem.message).not.toMatch(/^(Too small|Too big|Invalid input|Invalid option|Unrecognized key)/);
    // A rule the schema words itself stays as tenants:import prints it.
    const noValues = structuredClone(file);
    (soupOf(noValues) as FileItem & Json).options = [{ id: 9002, name: 'Bread', required: true, values: [] }];
    const own = await importFile(noValues, tokens.manager, 'fr-CA');
    expect(own.json().details).toEqual([
      { path: expect.stringMatching(/\.options\[0\]\.values$/), message: 'an option group needs at least one value' },
    ]);
    const otherSlugInFrench = await importFile({ ...file, slug: 'file-other' }, tokens.manager, 'fr-CA');
    expect(otherSlugInFrench.json().details).toEqual([{ path: '$.slug', message: 'doit être le slug de ce restaurant, "maple-bistro"' }]);
    expect(await menuVersion()).toBe(version);
  });

  it("refuses another restaurant's id or slug, and malformed JSON, with nothing changed", async () => {
    const file = (await exportFile()).json<Json>();
    const version = await menuVersion();
    const otherId = await importFile({ ...file, id: OTHER });
    expect(otherId.statusCode).toBe(400);
    expect(otherId.json().details).toEqual([{ path: '$.id', message: "must be this restaurant's id, 101" }]);
    const otherSlug = await importFile({ ...file, slug: 'file-other' });
    expect(otherSlug.json().details).toEqual([{ path: '$.slug', message: 'must be this restaurant\'s slug, "maple-bistro"' }]);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/staff/tenant-file',
      headers: { ...headers(tokens.manager), 'content-type': 'application/json' },
      payload: '{"id": 101,',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('MALFORMED_JSON');
    expect(await menuVersion()).toBe(version);
  });

  it('is for owners and managers: the kitchen, another restaurant’s owner and a guest are refused', async () => {
    expect((await exportFile(tokens.staff)).statusCode).toBe(403);
    const kitchenImport = await importFile({}, tokens.staff, 'fr-CA');
    expect(kitchenImport.statusCode).toBe(403);
    expect(kitchenImport.json()).toMatchObject({
      error: 'MENU_CHANGE_NOT_ALLOWED',
      message: 'Votre rôle permet de consulter le menu, pas de le modifier.',
    });
    expect((await exportFile(tokens.otherOwner)).statusCode).toBe(403);
    expect((await exportFile(null)).statusCode).toBe(401);
    // Their own restaurant's file is theirs.
    const own = await exportFile(tokens.otherOwner, 'file-other');
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: OTHER, slug: 'file-other' });
  });
});
