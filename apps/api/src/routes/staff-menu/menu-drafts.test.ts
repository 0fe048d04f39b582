/**
 * The menu editor's drafts, preview, publish and history (issue 32, items 4 and 6), on the database
 * the tests run on (SQLite, or PostgreSQL with DATABASE_URL): two editors at once, saves and publishes
 * racing on the same base, the diner's menu and carts after a publish, restore, roles and tenants.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TenantFile } from '@servery/contracts/tenant-file';
import { CONTROL_CHARACTERS_MESSAGE } from '@servery/contracts/text-input';
import type { MenusResponse } from '@servery/contracts/restaurant';
import { repoRoot } from '../../config';
import { asSource, tenantFixture } from '../../test/fixtures';
import { createTestApp, openHoursClock, type TestApp } from '../../test/test-app';
import { staffMember } from '../../test/staff-member';

const bistroFile = { name: 'maple-bistro.json', text: fs.readFileSync(path.join(repoRoot, 'tenants/maple-bistro.json'), 'utf8') };
const BISTRO = 101;
const OTHER = 89;
// The soup of the day, $8.00 in tenants/maple-bistro.json.
const SOUP = { id: 1101, menu_id: 1010, section_id: 1050, orderId: 1, quantity: 2, orderPrice: 1600, orderOptions: [] };
const SOUP_PRICE = /^\$\.menu_groups\[\d+\]\.menus\[\d+\]\.sections\[\d+\]\.items\[\d+\]\.price$/;

let t: TestApp;
const tokens = { manager: '', owner: '', kitchen: '', otherOwner: '' };

type Json = Record<string, unknown>;
interface FileItem {
  id: number;
  price: unknown;
}
interface Draft {
  draft: boolean;
  revision: number;
  file: Json;
  file_scope: 'whole' | 'menu';
  saved_by: { name: string; email: string } | null;
  saved_at: string | null;
  published_version: number;
}
interface Conflict {
  error: string;
  message: string;
  draft_conflict: {
    revision: number;
    draft: boolean;
    saved_by: { name: string; email: string } | null;
    saved_at: string | null;
    compared_with: string;
    changed_paths: string[];
    changed_count: number;
  };
}

const headers = (token: string | null, locale = 'en-CA', tenant = 'maple-bistro') => ({
  'x-restaurant-id': tenant,
  'accept-language': locale,
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});
const call = (
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  token: string | null,
  payload?: unknown,
  locale = 'en-CA',
  tenant = 'maple-bistro',
) => t.app.inject({ method, url, headers: headers(token, locale, tenant), ...(payload !== undefined && { payload: payload as Json }) });
const getDraft = async (token = tokens.manager) => {
  const answer = await call('GET', '/api/staff/menu/draft', token);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Draft>();
};
const save = (base: number, file: unknown, token = tokens.manager, locale = 'en-CA') =>
  call('PUT', '/api/staff/menu/draft', token, { base_revision: base, file }, locale);
const publish = (base: number, token = tokens.manager) => call('POST', '/api/staff/menu/draft/publish', token, { base_revision: base });
const publicMenu = async () =>
  (await t.app.inject({ method: 'GET', url: `/api/restaurants/${BISTRO}/menus?type=dine_in` })).json<MenusResponse>();

function soupOf(file: Json): FileItem {
  const groups = file.menu_groups as Array<{ menus: Array<{ sections: Array<{ items: FileItem[] }> }> }>;
  return groups
    .flatMap((group) => group.menus.flatMap((menu) => menu.sections.flatMap((section) => section.items)))
    .find((item) => item.id === SOUP.id)!;
}
const soupCents = (menus: MenusResponse) => soupOf(menus as unknown as Json).price;
const withSoupAt = (file: Json, price: string): Json => {
  const copy = structuredClone(file);
  soupOf(copy).price = price;
  return copy;
};

beforeAll(async () => {
  t = await createTestApp([bistroFile, asSource(tenantFixture({ id: OTHER, slug: 'drafts-other' }))], { now: openHoursClock() });
  const member = async (email: string, role: 'owner' | 'manager' | 'staff', firstName: string, restaurantId = BISTRO) =>
    (await staffMember(t.database.db, { email, restaurantId, role, firstName, lastName: 'Editor' })).token;
  tokens.manager = await member('manager@maple-bistro.example.com', 'manager', 'Mona');
  tokens.owner = await member('owner@maple-bistro.example.com', 'owner', 'Olive');
  tokens.kitchen = await member('kitchen@maple-bistro.example.com', 'staff', 'Kai');
  tokens.otherOwner = await member('owner@drafts-other.example.com', 'owner', 'Otto', OTHER);
});
afterAll(() => t.close());

describe('the menu draft', () => {
  it('starts from the published file, and a saved draft changes nothing a diner sees until published', async () => {
    const start = await getDraft();
    expect(start).toMatchObject({ draft: false, revision: 0, saved_by: null, saved_at: null });
    expect(TenantFile.safeParse(start.file).success).toBe(true);
    expect(soupOf(start.file).price).toBe('8.00');
    const before = await publicMenu();
    expect(start.published_version).toBe(before.version);

    const saved = await save(0, withSoupAt(start.file, '8.75'));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ revision: 1, saved_at: expect.any(String) });
    const draft = await getDraft();
    expect(draft).toMatchObject({ draft: true, revision: 1, saved_by: { name: 'Mona Editor', email: 'manager@maple-bistro.example.com' } });
    expect(soupOf(draft.file).price).toBe('8.75');

    // The diner's menu and its version are as they were; the preview shows the draft in the same shape, in cents.
    const after = await publicMenu();
    expect(after.version).toBe(before.version);
    expect(soupCents(after)).toBe(800);
    const preview = await call('GET', '/api/staff/menu/draft/preview?type=dine_in', tokens.manager);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.headers['cache-control']).toBe('no-store');
    expect(soupCents(preview.json<MenusResponse>())).toBe(875);
    expect(preview.json<MenusResponse>().menu_groups.map((group) => group.id)).toEqual(before.menu_groups.map((group) => group.id));
    expect(soupCents(await publicMenu())).toBe(800);
  });

  it('refuses a bad file whole, naming each path and rule, and keeps the draft', async () => {
    const draft = await getDraft();
    const refused = await save(draft.revision, withSoupAt(draft.file, '-1.00'), tokens.manager, 'fr-CA');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'TENANT_FILE_INVALID',
      message: expect.stringContaining('rien n’a été changé'),
      // The rule in the caller's language too (contracts/tenant-file-rules.ts).
      details: [{ path: expect.stringMatching(SOUP_PRICE), message: expect.stringContaining('doit être un montant d’au moins 0') }],
    });
    const otherSlug = await save(draft.revision, { ...draft.file, slug: 'drafts-other' });
    expect(otherSlug.json().details).toEqual([{ path: '$.slug', message: 'must be this restaurant\'s slug, "maple-bistro"' }]);
    for (const body of [
      { base_revision: -1, file: draft.file },
      { base_revision: '1', file: draft.file },
      { file: draft.file },
      { base_revision: 1 },
    ]) {
      const wrong = await call('PUT', '/api/staff/menu/draft', tokens.manager, body);
      expect(wrong.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(wrong.json().error).toBe('VALIDATION_FAILED');
    }
    const control = await save(draft.revision, { ...draft.file, name: 'Maple\u0007Bistro' });
    expect(control.json().error).toBe('VALIDATION_FAILED');
    const malformed = await t.app.inject({
      method: 'PUT',
      url: '/api/staff/menu/draft',
      headers: { ...headers(tokens.manager), 'content-type': 'application/json' },
      payload: '{"base_revision": 1, "file": {',
    });
    expect(malformed.json().error).toBe('MALFORMED_JSON');
    expect(await getDraft()).toEqual(draft);
  });

  it('refuses the invisible bidi controls, U+200B and U+FEFF in menu and settings text, in a save and an import, at each path; keeps U+200C and U+200D', async () => {
    const draft = await getDraft();
    const version = (await publicMenu()).version;
    const NAME = /^body\.file\.menu_groups\[\d+\]\.menus\[\d+\]\.sections\[\d+\]\.items\[\d+\]\.name$/;
    const withSoupName = (name: string) => {
      const copy = structuredClone(draft.file);
      (soupOf(copy) as FileItem & { name: string }).name = name;
      return copy;
    };
    // The walk's case: a name ending in a zero-width space and a right-to-left override.
    const walk = await save(draft.revision, withSoupName('Soup of the day\u200B\u202E'), tokens.manager, 'fr-CA');
    expect(walk.statusCode).toBe(400);
    expect(walk.json()).toMatchObject({
      error: 'VALIDATION_FAILED',
      message: 'Certaines informations envoyées ne sont pas valides.',
      details: [{ path: expect.stringMatching(NAME), message: CONTROL_CHARACTERS_MESSAGE }],
    });
    for (const character of [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200B',
      '\uFEFF',
    ]) {
      const code = `U+${character.codePointAt(0)!.toString(16).toUpperCase()}`;
      const refused = await save(draft.revision, withSoupName(`Soup${character} of the day`));
      expect(refused.statusCode, code).toBe(400);
      expect(refused.json().details, code).toEqual([{ path: expect.stringMatching(NAME), message: CONTROL_CHARACTERS_MESSAGE }]);
    }
    // The settings are in the same file: a settings field is screened the same way, keys included.
    const settings = await save(draft.revision, {
      ...draft.file,
      name: 'Maple Bistro\u2067',
      orders_paused_message: { 'en-CA\u200B': 'x' },
    });
    expect(settings.json().details).toEqual([
      { path: 'body.file.name', message: CONTROL_CHARACTERS_MESSAGE },
      { path: 'body.file.orders_paused_message["en-CA\u200B"]', message: CONTROL_CHARACTERS_MESSAGE },
    ]);
    // The console's import of a file is screened as the draft is.
    const imported = await call('POST', '/api/staff/tenant-file', tokens.manager, withSoupName('Soup\u202E'));
    expect(imported.statusCode).toBe(400);
    expect(imported.json().details).toEqual([
      { path: expect.stringMatching(/^body\.menu_groups\[\d+\].*\.items\[\d+\]\.name$/), message: CONTROL_CHARACTERS_MESSAGE },
    ]);
    // Nothing saved, published or served.
    expect(await getDraft()).toEqual(draft);
    expect((await publicMenu()).version).toBe(version);

    // The zero-width non-joiner and joiner are part of emoji sequences and some scripts: kept.
    const family = 'Family platter \u{1F468}\u200D\u{1F469}\u200D\u{1F467} \u0645\u200C\u06CC';
    const kept = await save(draft.revision, withSoupName(family));
    expect(kept.statusCode, kept.body).toBe(200);
    expect((soupOf((await getDraft()).file) as FileItem & { name: string }).name).toBe(family);
    // The soup's name back for the tests after this one.
    expect((await save(draft.revision + 1, draft.file)).statusCode).toBe(200);
  });

  it('refuses an option group nested under its own value (it would loop), a group without values and a control character in a choice, each at its path', async () => {
    const draft = await getDraft();
    const looping = structuredClone(draft.file);
    const soup = soupOf(looping) as FileItem & { options?: unknown[] };
    const size = { id: 9001, name: 'Size', required: true, values: [{ id: 9101, name: 'Bowl', price: '2.00', options: [] as unknown[] }] };
    size.values[0]!.options.push({ id: 9001, name: 'Size', values: [{ id: 9102, name: 'Cup' }] });
    soup.options = [size];
    const loop = await save(draft.revision, looping);
    expect(loop.statusCode).toBe(400);
    expect(loop.json()).toMatchObject({
      error: 'TENANT_FILE_INVALID',
      details: [
        {
          path: expect.stringMatching(/\.items\[\d+\]\.options\[0\]\.values\[0\]\.options\[0\]\.id$/),
          message: expect.stringMatching(/^option group 9001 is nested inside itself \(at \$\..*\.options\[0\]\): it would loop$/),
        },
      ],
    });
    size.values[0]!.options = [];
    const empty = { id: 9002, name: 'Bread', required: true, values: [] };
    soup.options = [size, empty];
    const noValues = await save(draft.revision, looping);
    expect(noValues.json().details).toEqual([
      { path: expect.stringMatching(/\.options\[1\]\.values$/), message: 'an option group needs at least one value' },
    ]);
    soup.options = [{ ...size, values: [{ id: 9101, name: 'Bo\u0007wl', price: '2.00' }] }];
    const control = await save(draft.revision, looping);
    expect(control.json()).toMatchObject({
      error: 'VALIDATION_FAILED',
      details: [{ path: expect.stringMatching(/^body\.file\.menu_groups\[\d+\].*\.options\[0\]\.values\[0\]\.name$/) }],
    });
    expect(await getDraft()).toEqual(draft);
  });
});

describe('two editors at once', () => {
  it('refuses a save based on an older revision, naming what changed since, who saved it and when', async () => {
    const opened = await getDraft();
    const byOwner = await save(opened.revision, withSoupAt(opened.file, '9.25'), tokens.owner);
    expect(byOwner.statusCode, byOwner.body).toBe(200);

    const late = await save(opened.revision, { ...opened.file, name: 'The Maple Bistro' }, tokens.manager, 'fr-CA');
    expect(late.statusCode).toBe(409);
    const body = late.json<Conflict>();
    expect(body.error).toBe('MENU_DRAFT_CHANGED');
    expect(body.message).toMatch(/Quelqu’un d’autre a enregistré le brouillon/);
    expect(body.draft_conflict).toEqual({
      revision: opened.revision + 1,
      draft: true,
      saved_by: { name: 'Olive Editor', email: 'owner@maple-bistro.example.com' },
      saved_at: byOwner.json<{ saved_at: string }>().saved_at,
      compared_with: 'base',
      changed_paths: [expect.stringMatching(SOUP_PRICE)],
      changed_count: 1,
    });
    // Never silently overwritten: the owner's draft stands.
    const now = await getDraft();
    expect(now.revision).toBe(opened.revision + 1);
    expect(soupOf(now.file).price).toBe('9.25');
    expect(now.file.name).toBe(opened.file.name);
  });

  it('takes exactly one of two saves racing on the same base', async () => {
    const opened = await getDraft();
    const answers = await Promise.all([
      save(opened.revision, withSoupAt(opened.file, '10.00'), tokens.manager),
      save(opened.revision, withSoupAt(opened.file, '11.00'), tokens.owner),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.findIndex((answer) => answer.statusCode === 200);
    const now = await getDraft();
    expect(now.revision).toBe(opened.revision + 1);
    expect(soupOf(now.file).price).toBe(winner === 0 ? '10.00' : '11.00');
  });
});

describe('publishing', () => {
  it('refuses a stale base, then publishes the draft in one change: new version, the diner’s menu, carts re-priced, a history entry', async () => {
    const draft = await getDraft();
    const before = await publicMenu();
    const stale = await publish(draft.revision - 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json<Conflict>().draft_conflict).toMatchObject({ revision: draft.revision, draft: true });

    const draftPrice = soupOf(draft.file).price as string;
    const published = await publish(draft.revision);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toEqual({
      changed: true,
      version: before.version + 1,
      summary: { added: 0, removed: 0, changed: 1, paths: [expect.stringMatching(SOUP_PRICE)] },
    });
    const after = await publicMenu();
    expect(after.version).toBe(before.version + 1);
    expect(soupCents(after)).toBe(Math.round(Number(draftPrice) * 100));

    // A cart holding the old price gets the stale-price answer with the new one.
    const cart = await t.app.inject({
      method: 'POST',
      url: '/api/orders/set-costs',
      headers: { 'x-restaurant-id': 'maple-bistro' },
      payload: { items: [SOUP], costs: {}, type: 'dine_in' },
    });
    expect(cart.statusCode).toBe(409);
    expect(cart.json()).toMatchObject({ error: 'ITEM_PRICE_CHANGED', items: [{ orderPrice: 2 * Math.round(Number(draftPrice) * 100) }] });

    // The draft is gone, its revision kept; publishing it again finds nothing.
    const none = await getDraft();
    expect(none).toMatchObject({ draft: false, revision: draft.revision, published_version: before.version + 1 });
    expect(soupOf(none.file).price).toBe(draftPrice);
    const again = await publish(draft.revision);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('MENU_DRAFT_NOT_FOUND');

    const history = await call('GET', '/api/staff/menu/history', tokens.manager);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().entries[0]).toEqual({
      version: before.version + 1,
      published_by: { name: 'Mona Editor', email: 'manager@maple-bistro.example.com' },
      published_at: expect.any(String),
      summary: { added: 0, removed: 0, changed: 1, paths: [expect.stringMatching(SOUP_PRICE)] },
      origin: 'console',
    });
    // The first publish from the console keeps what diners saw before it: the version the tenant
    // file's import made, no staff member's, with when it was made.
    expect(history.json().entries[1]).toEqual({
      version: before.version,
      published_by: null,
      published_at: expect.any(String),
      summary: { added: 0, removed: 0, changed: 0, paths: [] },
      origin: 'tenants_import',
    });
    expect(history.json().entries[1].published_at <= history.json().entries[0].published_at).toBe(true);
    expect(history.json().entries).toHaveLength(2);
  });

  it('keeps what the kitchen sold out or paused since the draft was opened: the running state is the availability screen’s', async () => {
    const opened = await getDraft();
    const draftFile = withSoupAt(opened.file, '15.00');
    expect((await save(opened.revision, draftFile)).statusCode).toBe(200);
    // The kitchen runs out of soup and pauses ASAP orders while the draft waits.
    const off = await call('POST', '/api/staff/availability/sold-out', tokens.kitchen, { kind: 'item', id: SOUP.id, sold_out: true });
    expect(off.statusCode, off.body).toBe(200);
    const paused = await call('POST', '/api/staff/availability/pause', tokens.kitchen, {
      paused: true,
      scope: 'asap',
      message: { 'en-CA': 'Busy' },
    });
    expect(paused.statusCode, paused.body).toBe(200);

    const published = await publish(opened.revision + 1);
    expect(published.statusCode, published.body).toBe(200);
    const soup = soupOf((await publicMenu()) as unknown as Json) as FileItem & { sold_out: boolean };
    expect(soup).toMatchObject({ price: 1500, sold_out: true });
    const file = (await getDraft()).file;
    expect(file).toMatchObject({ asap_paused: true });
    // Back on for the tests after this one.
    await call('POST', '/api/staff/availability/sold-out', tokens.kitchen, { kind: 'item', id: SOUP.id, sold_out: false });
    await call('POST', '/api/staff/availability/pause', tokens.kitchen, { paused: false });
  });

  it('publishes a draft equal to the menu without a new version, and refuses a save based on a published draft’s revision no more', async () => {
    const start = await getDraft();
    const saved = await save(start.revision, start.file);
    expect(saved.statusCode, saved.body).toBe(200);
    const version = (await publicMenu()).version;
    const same = await publish(start.revision + 1);
    expect(same.json()).toMatchObject({ changed: false, version });
    expect((await getDraft()).draft).toBe(false);
  });

  it('never writes the same menu version twice: imports and publishes racing each get their own', async () => {
    const start = await getDraft();
    const version = (await publicMenu()).version;
    expect((await save(start.revision, withSoupAt(start.file, '12.00'))).statusCode).toBe(200);
    const answers = await Promise.all([
      publish(start.revision + 1),
      call('POST', '/api/staff/tenant-file', tokens.owner, withSoupAt(start.file, '13.00')),
      call('POST', '/api/staff/tenant-file', tokens.manager, withSoupAt(start.file, '14.00')),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const versions = answers.map((answer) => answer.json<{ version: number }>().version).sort((a, b) => a - b);
    expect(versions).toEqual([version + 1, version + 2, version + 3]);
    expect((await publicMenu()).version).toBe(version + 3);
    const history = (await call('GET', '/api/staff/menu/history?limit=3', tokens.manager)).json<{ entries: Array<{ version: number }> }>();
    expect(history.entries.map((entry) => entry.version)).toEqual([version + 3, version + 2, version + 1]);
  });
});

describe('history and restore', () => {
  it('pages the publishes newest first and restores an earlier one as a new draft, refused on a stale base', async () => {
    const first = await call('GET', '/api/staff/menu/history?limit=2', tokens.manager);
    const page = first.json<{ entries: Array<{ version: number }>; next_before: number }>();
    expect(page.entries).toHaveLength(2);
    expect(page.next_before).toBe(page.entries[1]!.version);
    const older = (await call('GET', `/api/staff/menu/history?limit=50&before=${page.next_before}`, tokens.manager)).json<{
      entries: Array<{ version: number }>;
      next_before: number | null;
    }>();
    expect(older.entries.every((entry) => entry.version < page.next_before)).toBe(true);
    expect(older.next_before).toBeNull();

    // The earliest is the menu as the tenant file's import made it, before any publish from the
    // console (the soup at $8.00), and only one such entry: later publishes add none.
    const earliest = older.entries.at(-1)!.version;
    expect(earliest).toBe(1);
    const all = (await call('GET', '/api/staff/menu/history?limit=50', tokens.manager)).json<{ entries: Array<{ origin: string }> }>();
    expect(all.entries.filter((one) => one.origin === 'tenants_import')).toHaveLength(1);
    expect(all.entries.at(-1)).toMatchObject({ version: 1, origin: 'tenants_import', published_by: null });
    const entry = await call('GET', `/api/staff/menu/history/${earliest}`, tokens.manager);
    expect(entry.statusCode, entry.body).toBe(200);
    expect(entry.json()).toMatchObject({ version: 1, origin: 'tenants_import', published_by: null, file_scope: 'whole' });
    const earliestPrice = soupOf(entry.json<{ file: Json }>().file).price;
    expect(earliestPrice).toBe('8.00');

    const draft = await getDraft();
    const stale = await call('POST', `/api/staff/menu/history/${earliest}/restore`, tokens.manager, { base_revision: draft.revision + 5 });
    expect(stale.statusCode).toBe(409);
    const restored = await call('POST', `/api/staff/menu/history/${earliest}/restore`, tokens.manager, { base_revision: draft.revision });
    expect(restored.statusCode, restored.body).toBe(200);
    const now = await getDraft();
    expect(now).toMatchObject({ draft: true, revision: draft.revision + 1 });
    expect(soupOf(now.file).price).toBe(earliestPrice);
    // Restored as a draft: the diner's menu is unchanged until it is published.
    expect(soupCents(await publicMenu())).not.toBe(Math.round(Number(earliestPrice) * 100));
  });

  it("answers 404 for a version not in this restaurant's history, and the other restaurant sees only its own", async () => {
    const [latest] = (await call('GET', '/api/staff/menu/history', tokens.manager)).json<{ entries: Array<{ version: number }> }>().entries;
    expect((await call('GET', '/api/staff/menu/history/999999', tokens.manager)).json().error).toBe('MENU_VERSION_NOT_FOUND');
    const own = await call('GET', '/api/staff/menu/history', tokens.otherOwner, undefined, 'en-CA', 'drafts-other');
    expect(own.json()).toEqual({ entries: [], next_before: null });
    const theirs = await call('GET', `/api/staff/menu/history/${latest!.version}`, tokens.otherOwner, undefined, 'en-CA', 'drafts-other');
    expect(theirs.statusCode).toBe(404);
    const restore = await call(
      'POST',
      `/api/staff/menu/history/${latest!.version}/restore`,
      tokens.otherOwner,
      { base_revision: 0 },
      'en-CA',
      'drafts-other',
    );
    expect(restore.statusCode).toBe(404);
    const draft = await call('GET', '/api/staff/menu/draft', tokens.otherOwner, undefined, 'en-CA', 'drafts-other');
    expect(draft.json()).toMatchObject({ draft: false, revision: 0, file: { id: OTHER } });
  });
});

describe('who may', () => {
  it('lets the kitchen read the draft, its preview and the history, and change nothing', async () => {
    const draft = await getDraft(tokens.kitchen);
    // The menu and the public settings only: the members, discount codes and the rest are the owners' and managers'.
    expect(draft.file_scope).toBe('menu');
    expect(Object.keys(draft.file).sort()).toEqual([
      'customQuestions',
      'delivery',
      'holiday_hours',
      'hours',
      'id',
      'kitchen_stations',
      'maxItemsPerCart',
      'maxMealsPerCart',
      'menu_groups',
      'minMealsPerCart',
      'name',
      'orders_paused_message',
      'serviceCharge',
      'slug',
      'tipConfig',
      'zone',
    ]);
    expect((await getDraft()).file_scope).toBe('whole');
    const [latest] = (await call('GET', '/api/staff/menu/history', tokens.kitchen)).json<{ entries: Array<{ version: number }> }>().entries;
    expect((await call('GET', '/api/staff/menu/draft/preview?type=take-out', tokens.kitchen)).statusCode).toBe(200);
    const published = await call('GET', `/api/staff/menu/history/${latest!.version}`, tokens.kitchen);
    expect(published.json()).toMatchObject({ file_scope: 'menu', file: { id: BISTRO, menu_groups: expect.any(Array) } });
    expect(published.json().file.membership_program).toBeUndefined();
    const photo = (locale: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/staff/menu/images',
        headers: { ...headers(tokens.kitchen, locale), 'content-type': 'image/png' },
        payload: Buffer.from('not a photo'),
      });
    const refusals = {
      save: (locale: string) => save(draft.revision, draft.file, tokens.kitchen, locale),
      publish: (locale: string) => call('POST', '/api/staff/menu/draft/publish', tokens.kitchen, { base_revision: draft.revision }, locale),
      restore: (locale: string) =>
        call('POST', `/api/staff/menu/history/${latest!.version}/restore`, tokens.kitchen, { base_revision: draft.revision }, locale),
      photo,
      import: (locale: string) => call('POST', '/api/staff/tenant-file', tokens.kitchen, draft.file, locale),
    };
    // Worded for the menu, not the team, in either language.
    for (const [what, refuse] of Object.entries(refusals)) {
      const english = await refuse('en-CA');
      expect(english.statusCode, what).toBe(403);
      expect(english.json(), what).toEqual({
        code: 403,
        error: 'MENU_CHANGE_NOT_ALLOWED',
        message: 'Your role can read the menu but not change it.',
      });
      const french = await refuse('fr-CA');
      expect(french.json(), what).toMatchObject({
        error: 'MENU_CHANGE_NOT_ALLOWED',
        message: 'Votre rôle permet de consulter le menu, pas de le modifier.',
      });
    }
    expect(await getDraft(tokens.kitchen)).toEqual(draft);
  });

  it("refuses another restaurant's owner and a guest", async () => {
    expect((await call('GET', '/api/staff/menu/draft', tokens.otherOwner)).statusCode).toBe(403);
    expect((await publish(1, tokens.otherOwner)).statusCode).toBe(403);
    expect((await call('GET', '/api/staff/menu/history', null)).statusCode).toBe(401);
  });
});
