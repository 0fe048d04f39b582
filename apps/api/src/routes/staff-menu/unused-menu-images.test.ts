/**
 * The unused menu photos' sweep (docs/decisions/0121-delivery-schools-and-unused-photos.md), on the database the tests
 * run on (SQLite, or PostgreSQL with DATABASE_URL), on a clock the test moves: a photo named by
 * nothing for a day is deleted with all its sizes; one named by the draft, the published menu or any
 * publish of the history stays (and a restored version still shows its photo); an upload younger than
 * a day stays, and uploading a photo again starts its day again; two sweeps at once delete a photo
 * once; a restaurant's photo goes on its own references, not another's.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_IMAGE_VARIANT_NAMES, menuImageUrl, photoHashesNamedIn } from '@servery/contracts/menu-images';
import { repoRoot } from '../../config';
import { asSystem } from '../../db/data-scope';
import { asSource, tenantFixture } from '../../test/fixtures';
import { createTestApp, openHoursClock, type TestApp } from '../../test/test-app';
import { staffMember } from '../../test/staff-member';
import { MENU_IMAGE_GRACE_MS, removeUnusedMenuImages } from '../../use-cases/menus/unused-menu-images';

const bistroFile = { name: 'maple-bistro.json', text: fs.readFileSync(path.join(repoRoot, 'tenants/maple-bistro.json'), 'utf8') };
const BISTRO = 101;
const OTHER = 88;
const SOUP_ID = 1101;
const HOUR = 60 * 60_000;

const start = openHoursClock()().getTime();
let elapsed = 0;
const now = () => new Date(start + elapsed);

let t: TestApp;
const tokens = { manager: '', otherOwner: '' };

async function photo(seed: number): Promise<Buffer> {
  const width = 64;
  const height = 48;
  const pixels = Buffer.alloc(width * height * 3);
  for (let at = 0; at < pixels.length; at++) pixels[at] = (at * 7 + seed * 31) % 256;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

async function upload(bytes: Buffer, token = tokens.manager, tenant = 'maple-bistro') {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/staff/menu/images',
    headers: { 'x-restaurant-id': tenant, 'content-type': 'image/png', authorization: `Bearer ${token}` },
    payload: bytes,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ image: string; hash: string; stored: boolean }>();
}

const staff = { 'x-restaurant-id': 'maple-bistro', authorization: '' };

async function readDraft() {
  const answer = await t.app.inject({ method: 'GET', url: '/api/staff/menu/draft', headers: staff });
  return answer.json<{ revision: number; file: Record<string, unknown> }>();
}

/** Saves the draft with the soup's photo `image`; answers the new revision. */
async function saveSoupImage(image: string): Promise<number> {
  const draft = await readDraft();
  const file = structuredClone(draft.file);
  const soup = (file.menu_groups as Array<{ menus: Array<{ sections: Array<{ items: Array<{ id: number; image?: string }> }> }> }>)
    .flatMap((group) => group.menus.flatMap((menu) => menu.sections.flatMap((section) => section.items)))
    .find((item) => item.id === SOUP_ID)!;
  soup.image = image;
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/staff/menu/draft',
    headers: staff,
    payload: { base_revision: draft.revision, file } as Record<string, unknown>,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json<{ revision: number }>().revision;
}

async function publish(revision: number): Promise<number> {
  const published = await t.app.inject({
    method: 'POST',
    url: '/api/staff/menu/draft/publish',
    headers: staff,
    payload: { base_revision: revision },
  });
  expect(published.statusCode, published.body).toBe(200);
  return published.json<{ version: number }>().version;
}

const served = async (image: string) => (await t.app.inject({ method: 'GET', url: image })).statusCode;

const rowsOf = (restaurantId: number, hash: string) =>
  asSystem('test', async () => {
    const rows = await t.database.db
      .selectFrom('menu_images')
      .select('variant')
      .where('restaurant_id', '=', restaurantId)
      .where('hash', '=', hash)
      .execute();
    return rows.length;
  });

const sweepRoute = async () => {
  const answer = await t.app.inject({ method: 'POST', url: '/api/dev/menu-images/sweep' });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ removed: number; kept: number }>();
};

beforeAll(async () => {
  t = await createTestApp([bistroFile, asSource(tenantFixture({ id: OTHER, slug: 'sweep-other' }))], { now });
  tokens.manager = (
    await staffMember(t.database.db, { email: 'manager@maple-bistro.example.com', restaurantId: BISTRO, role: 'manager' })
  ).token;
  staff.authorization = `Bearer ${tokens.manager}`;
  tokens.otherOwner = (
    await staffMember(t.database.db, { email: 'owner@sweep-other.example.com', restaurantId: OTHER, role: 'owner' })
  ).token;
});
afterAll(() => t.close());

describe('which photos a text names', () => {
  const hash = 'ab'.repeat(32);
  it.each([
    ['the default size in an image field', `{"image":"${menuImageUrl(BISTRO, hash)}"}`, [hash]],
    ['another size', `"${menuImageUrl(BISTRO, hash, 'card-96')}"`, [hash]],
    ['another restaurant’s photo', `"${menuImageUrl(OTHER, hash)}"`, []],
    ['a demo image', '"/tenant-images/maple-bistro/soup.jpg"', []],
    ['a hash too short', `"/api/restaurants/${BISTRO}/menu-images/abc/wide-960.webp"`, []],
  ] as const)('%s', (_, text, expected) => {
    expect([...photoHashesNamedIn(text, BISTRO)]).toEqual(expected);
  });
});

describe('the unused photos’ sweep', () => {
  it('keeps what the draft, the published menu and the history name, and a day’s uploads; deletes the rest', async () => {
    const [inHistory, published, inDraft, neverUsed, pickedAgain] = await Promise.all([1, 2, 3, 4, 5].map((seed) => photo(seed)));
    const p = {
      history: await upload(inHistory!),
      published: await upload(published!),
      draft: await upload(inDraft!),
      never: await upload(neverUsed!),
      again: await upload(pickedAgain!),
    };
    // Another restaurant uploads the bistro's draft photo too, and never uses it.
    const theirs = await upload(inDraft!, tokens.otherOwner, 'sweep-other');
    expect(theirs.hash).toBe(p.draft.hash);

    // Version A shows the history's photo; version B replaces it by the published one; the draft
    // replaces that by the draft's photo.
    const versionA = await publish(await saveSoupImage(p.history.image));
    await publish(await saveSoupImage(p.published.image));
    await saveSoupImage(p.draft.image);

    // Within the day, nothing goes.
    elapsed = 20 * HOUR;
    expect(await removeUnusedMenuImages(t.database, now())).toEqual({ removed: 0, kept: 0 });
    // The editor picks one photo again: uploaded again, its day starts again.
    expect((await upload(pickedAgain!)).stored).toBe(false);

    elapsed = MENU_IMAGE_GRACE_MS + HOUR;
    expect(await sweepRoute()).toEqual({ removed: 2, kept: 3 });
    expect(await served(p.never.image)).toBe(404);
    expect(await rowsOf(BISTRO, p.never.hash)).toBe(0);
    // The other restaurant's copy went on its own (nothing of its names it); the bistro's stays.
    expect(await rowsOf(OTHER, theirs.hash)).toBe(0);
    for (const kept of [p.history, p.published, p.draft, p.again]) {
      expect(await served(kept.image)).toBe(200);
      expect(await rowsOf(BISTRO, kept.hash)).toBe(MENU_IMAGE_VARIANT_NAMES.length);
    }

    // Restoring version A brings its photo back into the draft, and it is there to show.
    const draft = await readDraft();
    const restored = await t.app.inject({
      method: 'POST',
      url: `/api/staff/menu/history/${versionA}/restore`,
      headers: staff,
      payload: { base_revision: draft.revision },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(JSON.stringify((await readDraft()).file)).toContain(p.history.image);
    expect(await served(p.history.image)).toBe(200);

    // A day after it was uploaded again, the photo picked but never saved goes, and so does the
    // draft's photo that the restore replaced (no publish ever named it); two processes sweeping at
    // once delete each once between them.
    elapsed = 20 * HOUR + MENU_IMAGE_GRACE_MS + HOUR;
    const sweeps = await Promise.all([removeUnusedMenuImages(t.database, now()), removeUnusedMenuImages(t.database, now())]);
    expect(sweeps.reduce((sum, sweep) => sum + sweep.removed, 0)).toBe(2);
    expect(await served(p.again.image)).toBe(404);
    expect(await served(p.draft.image)).toBe(404);
    for (const kept of [p.history, p.published]) expect(await served(kept.image)).toBe(200);

    // A photo swept can be uploaded again: stored anew.
    expect((await upload(neverUsed!)).stored).toBe(true);
    expect(await served(p.never.image)).toBe(200);
  });
});
