/**
 * The restaurant's delivery through the menu's draft (issue 32 item 2; decisions 0108 and
 * 0111-delivery-settings-form.md): a bad delivery part is refused whole by the tenant file's schema,
 * naming its path, in the person's language, and nothing changes; a new delivery location reaches
 * diners (the restaurant's data.json, which their checkout reads) only once published; turning
 * delivery off leaves diners without it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';
import { createTestApp, openHoursClock, type TestApp } from '../../test/test-app';
import { staffMember } from '../../test/staff-member';

const bistroFile = { name: 'maple-bistro.json', text: fs.readFileSync(path.join(repoRoot, 'tenants/maple-bistro.json'), 'utf8') };
const BISTRO = 101;

type Json = Record<string, unknown>;
interface Draft {
  draft: boolean;
  revision: number;
  file: Json;
}

let t: TestApp;
let manager = '';

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, locale = 'en-CA') =>
  t.app.inject({
    method,
    url,
    headers: { 'x-restaurant-id': 'maple-bistro', 'accept-language': locale, authorization: `Bearer ${manager}` },
    ...(payload !== undefined && { payload: payload as Json }),
  });
const getDraft = async () => (await call('GET', '/api/staff/menu/draft')).json<Draft>();
const restaurantData = async () => (await t.app.inject({ method: 'GET', url: '/maple-bistro/data.json' })).json<Json>();
const withDelivery = (file: Json, change: Json) => ({ ...file, delivery: { ...(file.delivery as Json), ...change } });

beforeAll(async () => {
  t = await createTestApp([bistroFile], { now: openHoursClock() });
  manager = (
    await staffMember(t.database.db, {
      email: 'manager@maple-bistro.example.com',
      restaurantId: BISTRO,
      role: 'manager',
      firstName: 'Mona',
    })
  ).token;
});
afterAll(() => t.close());

describe('delivery in the draft', () => {
  it.each<[string, Json, string, RegExp]>([
    // The common rules worded in French (contracts/tenant-file-rules.ts); the schema's own rules as written.
    ['a negative radius', { radius_km: -3 }, '$.delivery.radius_km', /^doit être supérieur à 0$/],
    ['a radius of zero', { radius_km: 0 }, '$.delivery.radius_km', /^doit être supérieur à 0$/],
    ['a radius as text', { radius_km: '8' }, '$.delivery.radius_km', /^doit être un nombre$/],
    ['a delivery charge that does not read', { delivery_charge: 'ten' }, '$.delivery.delivery_charge', /./],
    ['locations that are not text', { custom_locations: ['Lobby', 'Dock'] }, '$.delivery.custom_locations', /^doit être du texte$/],
    ['a key the file does not have', { locations: 'Lobby' }, '$.delivery', /^contient une clé inconnue, "locations"/],
  ])('refuses %s, naming its path, in French, and changes nothing', async (_, change, where, rule) => {
    const before = await getDraft();
    const data = await restaurantData();
    const refused = await call(
      'PUT',
      '/api/staff/menu/draft',
      { base_revision: before.revision, file: withDelivery(before.file, change) },
      'fr-CA',
    );
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'TENANT_FILE_INVALID', message: expect.stringContaining('rien n’a été changé') });
    expect(refused.json<{ details: Array<{ path: string; message: string }> }>().details).toEqual([
      { path: where, message: expect.stringMatching(rule) },
    ]);
    expect(await getDraft()).toEqual(before);
    expect(await restaurantData()).toEqual(data);
  });

  it('refuses a location with a control character as the request’s field, never a 500', async () => {
    const before = await getDraft();
    const file = withDelivery(before.file, { custom_locations: 'Lobby,Do\u0007ck' });
    const refused = await call('PUT', '/api/staff/menu/draft', { base_revision: before.revision, file }, 'fr-CA');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'VALIDATION_FAILED',
      details: [{ path: expect.stringContaining('delivery.custom_locations') }],
    });
    expect(await getDraft()).toEqual(before);
  });

  it('publishes a new delivery location; diners get it only once published', async () => {
    const before = await getDraft();
    const data = await restaurantData();
    expect(data.delivery).toMatchObject({ radius_km: 8, custom_locations: '' });
    const file = withDelivery(before.file, { custom_locations: 'Front desk,Loading dock', areas: 'East wing', areas_label: 'Wing' });
    const saved = await call('PUT', '/api/staff/menu/draft', { base_revision: before.revision, file });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await restaurantData()).toEqual(data);

    const published = await call('POST', '/api/staff/menu/draft/publish', { base_revision: saved.json<{ revision: number }>().revision });
    expect(published.statusCode, published.body).toBe(200);
    expect((await restaurantData()).delivery).toMatchObject({
      radius_km: 8,
      custom_locations: 'Front desk,Loading dock',
      areas: 'East wing',
      areas_label: 'Wing',
    });
  });

  it('turns delivery off: diners no longer have it once published', async () => {
    const before = await getDraft();
    const saved = await call('PUT', '/api/staff/menu/draft', { base_revision: before.revision, file: { ...before.file, delivery: null } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await restaurantData()).delivery).not.toBeNull();
    const published = await call('POST', '/api/staff/menu/draft/publish', { base_revision: saved.json<{ revision: number }>().revision });
    expect(published.statusCode, published.body).toBe(200);
    expect((await restaurantData()).delivery).toBeNull();
  });
});
