/**
 * The restaurant's settings go through the menu's draft (issue 32 item 2,
 * docs/decisions/0108-restaurant-settings-on-the-menu-draft.md): a bad setting is refused whole by the
 * tenant file's schema, naming its path, and nothing changes; good ones reach diners only when the
 * draft is published; the pause message is the draft's unless ordering is paused at the time.
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

type Station = { id: string; name: Record<string, string> };
const stationsOf = (file: Json) => file.kitchen_stations as Station[];
/** The file with maple-bistro's Desserts section (the first menu's fifth) made at `station`. */
function withDesserts(file: Json, station: string): Json {
  const groups = structuredClone(file.menu_groups) as Array<{ menus: Array<{ sections: Array<Json> }> }>;
  const desserts = groups[0]!.menus[0]!.sections[4]!;
  expect(desserts.name).toBe('Desserts');
  desserts.station = station;
  return { ...file, menu_groups: groups };
}

describe('settings in the draft', () => {
  it.each<[string, (file: Json) => Json, string, RegExp]>([
    [
      'an hour that does not read',
      (file) => ({ ...file, hours: [{ day: 'tuesday', start_time: '9:00', end_time: '14:00' }] }),
      '$.hours[0].start_time',
      /must be a time such as "09:30"/,
    ],
    [
      'a weekday that is not one',
      (file) => ({ ...file, hours: [{ day: 'tuesdy', start_time: '09:00', end_time: '14:00' }] }),
      '$.hours[0].day',
      /./,
    ],
    [
      'an open holiday without its times',
      (file) => ({ ...file, holiday_hours: [{ date: '2026-12-24', full_day: false }] }),
      '$.holiday_hours[0]',
      /needs start_time and end_time/,
    ],
    [
      'a tip chosen first that is not offered',
      (file) => ({ ...file, tipConfig: { type: 'percentage', default_values: ['15'], default_value_selected: 3 } }),
      '$.tipConfig.default_value_selected',
      /must be the index/,
    ],
    [
      'a service charge over 100 percent',
      (file) => ({ ...file, serviceCharge: { value: '120' } }),
      '$.serviceCharge.value',
      /must be a percentage/,
    ],
    ['a cart limit of zero', (file) => ({ ...file, maxItemsPerCart: 0 }), '$.maxItemsPerCart', /./],
    [
      'a kitchen station without its French name',
      (file) => ({ ...file, kitchen_stations: [...stationsOf(file), { id: 'pastry', name: { 'en-CA': 'Pastry', 'fr-CA': '  ' } }] }),
      '$.kitchen_stations[2].name["fr-CA"]',
      /^ne doit pas être vide$/,
    ],
    [
      'a kitchen station id that is not one',
      (file) => ({
        ...file,
        kitchen_stations: [...stationsOf(file), { id: 'Pâtisserie', name: { 'en-CA': 'Pastry', 'fr-CA': 'Pâtisserie' } }],
      }),
      '$.kitchen_stations[2].id',
      /a station id/,
    ],
    [
      'two kitchen stations with one id',
      (file) => ({ ...file, kitchen_stations: [...stationsOf(file), stationsOf(file)[1]] }),
      '$.kitchen_stations',
      /unique/,
    ],
    ['no kitchen station at all', (file) => ({ ...file, kitchen_stations: [] }), '$.kitchen_stations', /./],
    [
      'a section naming a station the file does not list',
      (file) => withDesserts(file, 'pastry'),
      '$.menu_groups[0].menus[0].sections[4].station',
      /station pastry is not in this file's kitchen_stations/,
    ],
  ])('refuses %s, naming its path, and changes nothing', async (_, change, where, rule) => {
    const before = await getDraft();
    const data = await restaurantData();
    const refused = await call('PUT', '/api/staff/menu/draft', { base_revision: before.revision, file: change(before.file) }, 'fr-CA');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'TENANT_FILE_INVALID', message: expect.stringContaining('rien n’a été changé') });
    expect(refused.json<{ details: Array<{ path: string; message: string }> }>().details).toEqual([
      { path: where, message: expect.stringMatching(rule) },
    ]);
    expect(await getDraft()).toEqual(before);
    expect(await restaurantData()).toEqual(data);
  });

  it('publishes new hours, a holiday, a tip and a pause message; diners see them only once published', async () => {
    const before = await getDraft();
    const data = await restaurantData();
    const file = {
      ...before.file,
      hours: [
        ...(before.file.hours as Array<{ day: string }>).filter((range) => range.day !== 'tuesday'),
        { day: 'tuesday', start_time: '12:00', end_time: '15:00' },
      ],
      holiday_hours: [{ date: '2026-12-31', full_day: false, start_time: '11:00', end_time: '15:00' }],
      tipConfig: { type: 'percentage', default_values: ['12', '18'], default_value_selected: 0 },
      orders_paused_message: { 'en-CA': 'Back at five', 'fr-CA': 'De retour à 17 h' },
    };
    const saved = await call('PUT', '/api/staff/menu/draft', { base_revision: before.revision, file });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await restaurantData()).toEqual(data);

    const published = await call('POST', '/api/staff/menu/draft/publish', { base_revision: saved.json<{ revision: number }>().revision });
    expect(published.statusCode, published.body).toBe(200);
    const after = await restaurantData();
    expect(after.hours).toContainEqual({ day: 'tuesday', start_time: '12:00', end_time: '15:00' });
    expect((after.hours as Array<{ day: string }>).filter((range) => range.day === 'tuesday')).toHaveLength(1);
    expect(after.holiday_hours).toEqual([{ date: '2026-12-31', full_day: false, start_time: '11:00', end_time: '15:00' }]);
    expect(after.tipConfig).toMatchObject({ default_values: ['12', '18'], default_value_selected: 0 });
    expect(after.orders_paused_message).toEqual({ 'en-CA': 'Back at five', 'fr-CA': 'De retour à 17 h' });
  });

  it('keeps the words of a pause under way through a publish', async () => {
    const paused = await call('POST', '/api/staff/availability/pause', {
      paused: true,
      scope: 'all',
      message: { 'en-CA': 'Kitchen fire drill' },
    });
    expect(paused.statusCode, paused.body).toBe(200);
    const draft = await getDraft();
    const file = { ...draft.file, orders_paused_message: { 'en-CA': 'Standing words' }, maxItemsPerCart: 40 };
    const saved = await call('PUT', '/api/staff/menu/draft', { base_revision: draft.revision, file });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      (await call('POST', '/api/staff/menu/draft/publish', { base_revision: saved.json<{ revision: number }>().revision })).statusCode,
    ).toBe(200);
    expect(await restaurantData()).toMatchObject({ orders_paused: true, orders_paused_message: { 'en-CA': 'Kitchen fire drill' } });
    await call('POST', '/api/staff/availability/pause', { paused: false });
  });
});

describe('kitchen stations in the draft', () => {
  it('refuses a station name with a control character as the request’s field, in French, never a 500', async () => {
    const before = await getDraft();
    const file = {
      ...before.file,
      kitchen_stations: [...stationsOf(before.file), { id: 'pastry', name: { 'en-CA': 'Pas\u0007try', 'fr-CA': 'Pâtisserie' } }],
    };
    const refused = await call('PUT', '/api/staff/menu/draft', { base_revision: before.revision, file }, 'fr-CA');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'VALIDATION_FAILED',
      details: [{ path: expect.stringContaining('kitchen_stations[2].name') }],
    });
    expect(await getDraft()).toEqual(before);
  });

  it('publishes a new station with a section made there; the boards list it', async () => {
    const before = await getDraft();
    const pastry = { id: 'pastry', name: { 'en-CA': 'Pastry', 'fr-CA': 'Pâtisserie' } };
    const file = withDesserts({ ...before.file, kitchen_stations: [...stationsOf(before.file), pastry] }, 'pastry');
    const saved = await call('PUT', '/api/staff/menu/draft', { base_revision: before.revision, file });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await call('POST', '/api/staff/menu/draft/publish', { base_revision: saved.json<{ revision: number }>().revision });
    expect(published.statusCode, published.body).toBe(200);
    const me = await call('GET', '/api/staff/me', undefined, 'fr-CA');
    expect(me.json<{ restaurant: { kitchen_stations: unknown } }>().restaurant.kitchen_stations).toEqual([
      { id: 'kitchen', name: 'Cuisine' },
      { id: 'bar', name: 'Bar' },
      { id: 'pastry', name: 'Pâtisserie' },
    ]);
  });
});
