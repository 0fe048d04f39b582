/**
 * Menu photos (issue 32 item 3; docs/decisions/0102-menu-images-in-the-database.md), on the database
 * the tests run on (SQLite, or PostgreSQL with DATABASE_URL): an upload is checked by decoding it,
 * resized to the menu's sizes and stored once per restaurant and photo; diners get it with a year's
 * caching; the kitchen cannot upload; a restaurant neither serves nor shows another's photo.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_IMAGE_VARIANT_NAMES, MENU_IMAGE_VARIANTS, menuImageUrl, parseMenuImageUrl } from '@servery/contracts/menu-images';
import { repoRoot } from '../../config';
import { asSystem } from '../../db/data-scope';
import { asSource, tenantFixture } from '../../test/fixtures';
import { createTestApp, openHoursClock, type TestApp } from '../../test/test-app';
import { staffMember } from '../../test/staff-member';

const bistroFile = { name: 'maple-bistro.json', text: fs.readFileSync(path.join(repoRoot, 'tenants/maple-bistro.json'), 'utf8') };
const BISTRO = 101;
const OTHER = 89;
const SOUP_ID = 1101;

let t: TestApp;
const tokens = { manager: '', kitchen: '', otherOwner: '' };

/** A photo made here: a gradient, so that each size is a real picture and two seeds are two photos. */
async function photo(format: 'jpeg' | 'png' | 'webp', seed: number, width = 1200, height = 900): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = (x + seed) % 256;
      pixels[at + 1] = (y * 2 + seed) % 256;
      pixels[at + 2] = (x + y + seed * 7) % 256;
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

const upload = (body: Buffer | string, contentType: string, token = tokens.manager, locale = 'en-CA', tenant = 'maple-bistro') =>
  t.app.inject({
    method: 'POST',
    url: '/api/staff/menu/images',
    headers: { 'x-restaurant-id': tenant, 'accept-language': locale, 'content-type': contentType, authorization: `Bearer ${token}` },
    payload: body,
  });

const storedRows = () =>
  asSystem('test', async () => {
    const rows = await t.database.db.selectFrom('menu_images').select(['restaurant_id', 'hash', 'variant']).execute();
    return rows.length;
  });

beforeAll(async () => {
  t = await createTestApp([bistroFile, asSource(tenantFixture({ id: OTHER, slug: 'images-other' }))], { now: openHoursClock() });
  tokens.manager = (
    await staffMember(t.database.db, { email: 'manager@maple-bistro.example.com', restaurantId: BISTRO, role: 'manager' })
  ).token;
  tokens.kitchen = (
    await staffMember(t.database.db, { email: 'kitchen@maple-bistro.example.com', restaurantId: BISTRO, role: 'staff' })
  ).token;
  tokens.otherOwner = (
    await staffMember(t.database.db, { email: 'owner@images-other.example.com', restaurantId: OTHER, role: 'owner' })
  ).token;
});
afterAll(() => t.close());

describe('uploading a menu photo', () => {
  it.each(['jpeg', 'png', 'webp'] as const)(
    'takes a %s, stores each size the menu shows and serves it with a year of caching',
    async (format) => {
      const before = await storedRows();
      const answer = await upload(await photo(format, format.length), `image/${format}`);
      expect(answer.statusCode, answer.body).toBe(200);
      const { image, hash, stored } = answer.json<{ image: string; hash: string; stored: boolean }>();
      expect(stored).toBe(true);
      expect(image).toBe(menuImageUrl(BISTRO, hash));
      expect(parseMenuImageUrl(image)).toEqual({ restaurantId: BISTRO, hash, variant: 'wide-960' });
      expect(await storedRows()).toBe(before + MENU_IMAGE_VARIANT_NAMES.length);

      for (const variant of MENU_IMAGE_VARIANT_NAMES) {
        const served = await t.app.inject({ method: 'GET', url: menuImageUrl(BISTRO, hash, variant) });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/webp');
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(served.rawPayload).metadata();
        expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
          format: 'webp',
          ...MENU_IMAGE_VARIANTS[variant],
        });
        // A browser asking again with the ETag it has gets 304 and no body.
        const again = await t.app.inject({
          method: 'GET',
          url: menuImageUrl(BISTRO, hash, variant),
          headers: { 'if-none-match': String(served.headers.etag) },
        });
        expect(again.statusCode).toBe(304);
        expect(again.rawPayload.length).toBe(0);
      }
    },
  );

  it('stores nothing new when the same photo is uploaded again', async () => {
    const bytes = await photo('jpeg', 42);
    const first = await upload(bytes, 'image/jpeg');
    expect(first.json()).toMatchObject({ stored: true });
    const rows = await storedRows();
    const second = await upload(bytes, 'image/jpeg');
    expect(second.json()).toEqual({ ...first.json(), stored: false });
    expect(await storedRows()).toBe(rows);
  });

  it('finds the type by decoding, not by the header: a photo sent as octet-stream is taken, text sent as a JPEG is refused in French', async () => {
    const taken = await upload(await photo('png', 7), 'application/octet-stream');
    expect(taken.statusCode, taken.body).toBe(200);

    const rows = await storedRows();
    for (const [body, type] of [
      ['this is a menu, not a photo', 'image/jpeg'],
      ['this is a menu, not a photo', 'text/plain'],
      ['{"image": true}', 'application/json'],
      [(await photo('jpeg', 8)).subarray(0, 200), 'image/jpeg'],
      [
        await sharp({ create: { width: 10, height: 10, channels: 3, background: '#ffffff' } })
          .gif()
          .toBuffer(),
        'image/gif',
      ],
    ] as Array<[Buffer | string, string]>) {
      const refused = await upload(body, type, tokens.manager, 'fr-CA');
      expect(refused.statusCode, `${type} ${refused.body}`).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 400,
        error: 'IMAGE_NOT_AN_IMAGE',
        message: 'Ce fichier n’est pas une photo utilisable. Choisissez une image JPEG, PNG ou WebP.',
      });
    }
    expect(await storedRows()).toBe(rows);
  });

  it('refuses a file over 8 MB with 413, and a small file that decodes to too many pixels', async () => {
    const rows = await storedRows();
    const big = await upload(Buffer.alloc(8 * 1024 * 1024 + 1, 0xff), 'image/jpeg', tokens.manager, 'fr-CA');
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 413, error: 'PAYLOAD_TOO_LARGE', message: 'La requête est trop volumineuse.' });

    // 10 000 × 5 000 of one colour: a few kilobytes of PNG, 50 megapixels once decoded.
    const bomb = await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: '#336699' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const refused = await upload(bomb, 'image/png');
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ error: 'IMAGE_TOO_LARGE', message: expect.stringContaining('40 megapixels') });
    expect(await storedRows()).toBe(rows);
  });

  it('is for owners and managers: the kitchen and a guest are refused, and store nothing', async () => {
    const rows = await storedRows();
    const bytes = await photo('jpeg', 99);
    const kitchen = await upload(bytes, 'image/jpeg', tokens.kitchen);
    expect(kitchen.statusCode).toBe(403);
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/staff/menu/images',
      headers: { 'x-restaurant-id': 'maple-bistro', 'content-type': 'image/jpeg' },
      payload: bytes,
    });
    expect(guest.statusCode).toBe(401);
    const otherOwnerHere = await upload(bytes, 'image/jpeg', tokens.otherOwner);
    expect(otherOwnerHere.statusCode).toBe(403);
    expect(await storedRows()).toBe(rows);
  });
});

describe('another restaurant’s photo', () => {
  it('is not served under this restaurant, and a file cannot show it', async () => {
    const bytes = await photo('jpeg', 123);
    const theirs = (await upload(bytes, 'image/jpeg', tokens.otherOwner, 'en-CA', 'images-other')).json<{ image: string; hash: string }>();
    expect(theirs.image).toBe(menuImageUrl(OTHER, theirs.hash));
    expect((await t.app.inject({ method: 'GET', url: theirs.image })).statusCode).toBe(200);
    // The same hash under the bistro: not the bistro's photo.
    const underBistro = await t.app.inject({
      method: 'GET',
      url: menuImageUrl(BISTRO, theirs.hash),
      headers: { 'accept-language': 'fr-CA' },
    });
    expect(underBistro.statusCode).toBe(404);
    expect(underBistro.json()).toMatchObject({ error: 'IMAGE_NOT_FOUND', message: 'Nous n’avons pas trouvé cette photo.' });
    expect((await t.app.inject({ method: 'GET', url: menuImageUrl(BISTRO, 'a'.repeat(64)) })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/restaurants/${OTHER}/menu-images/${theirs.hash}/huge-9999.webp` })).statusCode,
    ).toBe(404);

    // The bistro's draft naming the other restaurant's photo is refused at the item's image.
    const draft = (
      await t.app.inject({
        method: 'GET',
        url: '/api/staff/menu/draft',
        headers: { 'x-restaurant-id': 'maple-bistro', authorization: `Bearer ${tokens.manager}` },
      })
    ).json<{ revision: number; file: Record<string, unknown> }>();
    const withImage = (image: string) => {
      const file = structuredClone(draft.file);
      const soup = (file.menu_groups as Array<{ menus: Array<{ sections: Array<{ items: Array<{ id: number; image?: string }> }> }> }>)
        .flatMap((group) => group.menus.flatMap((menu) => menu.sections.flatMap((section) => section.items)))
        .find((item) => item.id === SOUP_ID)!;
      soup.image = image;
      return file;
    };
    const save = (file: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/staff/menu/draft',
        headers: { 'x-restaurant-id': 'maple-bistro', authorization: `Bearer ${tokens.manager}` },
        payload: { base_revision: draft.revision, file } as Record<string, unknown>,
      });
    const refused = await save(withImage(theirs.image));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      { path: expect.stringMatching(/\.items\[\d+\]\.image$/), message: `is a photo of restaurant ${OTHER}, not of this one` },
    ]);

    // Its own photo is taken, published, and the diner's menu names it.
    const ours = (await upload(bytes, 'image/jpeg')).json<{ image: string }>();
    const saved = await save(withImage(ours.image));
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await t.app.inject({
      method: 'POST',
      url: '/api/staff/menu/draft/publish',
      headers: { 'x-restaurant-id': 'maple-bistro', authorization: `Bearer ${tokens.manager}` },
      payload: { base_revision: saved.json<{ revision: number }>().revision },
    });
    expect(published.statusCode, published.body).toBe(200);
    const menus = await t.app.inject({ method: 'GET', url: `/api/restaurants/${BISTRO}/menus?type=dine_in` });
    expect(menus.body).toContain(ours.image);
  });
});
