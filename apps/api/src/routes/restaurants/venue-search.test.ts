import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';
import { asSource, tenantFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

const demo = (slug: string) => ({ name: `${slug}.json`, text: fs.readFileSync(path.join(repoRoot, `tenants/${slug}.json`), 'utf8') });

// Tuesday 2026-11-24, 11:30 in Toronto and 10:30 in Calgary (UTC-6 from November 2026,
// tzdata/README.md): the Ontario venues are open (11:00-23:00), Calgary's opens at 11:00 its time.
const NOW = new Date('2026-11-24T16:30:00Z');
// GeoNames' Toronto, as the gazetteer answers it.
const TORONTO = { lat: 43.70011, lng: -79.4163 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    [
      demo('bowlero-mississauga'),
      demo('bowlero-richmond-hill'),
      demo('bowlero-calgary'),
      demo('bowlero-ottawa'),
      // Another chain, by configuration only.
      asSource(
        tenantFixture({ id: 71, slug: 'pinspot-kingston', group: 'pinspot', group_name: 'Pinspot', latitude: 44.2312, longitude: -76.486 }),
      ),
      asSource(tenantFixture({ id: 72, slug: 'pinspot-nowhere', group: 'pinspot' })),
    ],
    { now: () => NOW },
  );
});
afterAll(() => t.close());

const search = (body: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/restaurants/geolocation-search', payload: body, headers });
const suggest = (body: object) => t.app.inject({ method: 'POST', url: '/api/restaurants/autocomplete-search', payload: body });

describe('POST /api/restaurants/geolocation-search', () => {
  it('lists the chain venues within the radius, nearest first, in miles by default, with open now', async () => {
    const response = await search({ ...TORONTO, radius: 25 });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ chain: 'Bowlero', radius: 25, unit: 'mi', origin: TORONTO });
    expect(body.results.map((r: { slug: string; distance: number }) => [r.slug, r.distance])).toEqual([
      ['bowlero-richmond-hill', 10.7],
      ['bowlero-mississauga', 13.5],
    ]);
    expect(body.results[0]).toMatchObject({
      name: 'Bowlero — Richmond Hill',
      address: '9350 Yonge St, Richmond Hill, ON L4C 5G2',
      open_now: true,
      closes_at: '2026-11-25T04:00:00.000Z',
      next_opening: null,
      coming_soon: false,
    });
  });

  it('uses the spec defaults (radius 10 mi, group bowlero): nothing is that close to downtown Toronto', async () => {
    const response = await search(TORONTO);
    expect(response.json()).toMatchObject({ chain: 'Bowlero', radius: 10, unit: 'mi', results: [] });
  });

  it('measures in kilometres when asked, says when a closed venue opens next, and marks the one not open yet', async () => {
    const response = await search({ ...TORONTO, radius: 5000, unit: 'km' });
    const results = response.json().results as Array<Record<string, unknown>>;
    expect(results.map((r) => [r.slug, r.distance])).toEqual([
      ['bowlero-richmond-hill', 17.2],
      ['bowlero-mississauga', 21.7],
      ['bowlero-ottawa', 350],
      ['bowlero-calgary', 2705.7],
    ]);
    expect(results[2]).toMatchObject({ coming_soon: true, opening_date: '2027-03-06', open_now: false, next_opening: null });
    expect(results[3]).toMatchObject({ open_now: false, next_opening: '2026-11-24T17:00:00.000Z', unit: 'km' });
  });

  it('searches from a place the autocomplete suggested, by its id', async () => {
    const suggestions = await suggest({ description: 'Mississ' });
    expect(suggestions.statusCode).toBe(200);
    const [first] = suggestions.json().predictions;
    expect(first).toMatchObject({
      description: 'Mississauga, ON, Canada',
      terms: [{ value: 'Mississauga' }, { value: 'ON' }, { value: 'Canada' }],
    });
    const response = await search({ gmapPlaceId: first.gmapPlaceId, radius: 50, unit: 'km' });
    expect(response.json().results.map((r: { slug: string }) => r.slug)).toEqual(['bowlero-mississauga', 'bowlero-richmond-hill']);
  });

  it('serves another chain by its group, from its own data', async () => {
    const response = await search({ lat: 44.23, lng: -76.48, group: 'pinspot', radius: 10 });
    expect(response.json()).toMatchObject({ chain: 'Pinspot', results: [{ slug: 'pinspot-kingston', distance: 0.3 }] });
  });

  it('refuses a search with no point, in the diner language, and a radius that is not a number', async () => {
    const none = await search({ name: 'somewhere' }, { 'accept-language': 'fr-CA' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      error: 'SEARCH_PLACE_REQUIRED',
      message: 'Choisissez un lieu dans la liste ou utilisez votre position.',
    });
    const unknownPlace = await search({ gmapPlaceId: 'geonames:0' });
    expect(unknownPlace.json().error).toBe('SEARCH_PLACE_REQUIRED');
    const badRadius = await search({ ...TORONTO, radius: 'far' });
    expect(badRadius.statusCode).toBe(400);
    expect(badRadius.json().error).toBe('VALIDATION_FAILED');
  });
});

describe('POST /api/restaurants/autocomplete-search', () => {
  it('suggests Canadian and US places only, most populous first, accents ignored', async () => {
    const montreal = await suggest({ description: 'montreal' });
    expect(montreal.json().predictions[0]).toMatchObject({ description: 'Montréal, QC, Canada' });
    const paris = await suggest({ description: 'Paris' });
    const regions = paris.json().predictions.map((p: { terms: Array<{ value: string }> }) => p.terms[2]?.value);
    expect(regions.length).toBeGreaterThan(0);
    expect(regions.every((country: string) => country === 'Canada' || country === 'USA')).toBe(true);
    expect((await suggest({ description: 'R' })).json().predictions).toEqual([]);
  });

  it('is rate limited per address', async () => {
    const limited = await createTestApp([], { now: () => NOW });
    try {
      let last = 0;
      for (let i = 0; i < 121; i += 1) {
        last = (await limited.app.inject({ method: 'POST', url: '/api/restaurants/autocomplete-search', payload: { description: 'to' } }))
          .statusCode;
      }
      expect(last).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/restaurants/chains/:group', () => {
  it('names the chain and lists the venues not open yet', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/restaurants/chains/bowlero' });
    expect(response.json()).toMatchObject({
      group: 'bowlero',
      name: 'Bowlero',
      venues: 3,
      coming_soon: [{ slug: 'bowlero-ottawa', name: 'Bowlero — Ottawa', opening_date: '2027-03-06' }],
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/restaurants/chains/nobody' })).statusCode).toBe(404);
  });
});
