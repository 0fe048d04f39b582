import { KitchenStationsForm } from '@servery/contracts/station-forms';
import { TenantFile } from '@servery/contracts/tenant-file';
import { STATION_ID } from '@servery/domain/kitchen-stations';
import { describe, expect, it } from 'vitest';
import { fieldProblemErrorMap, problemOf } from '../../components/ui/form/field-problem';
import type { SettingsFile } from './settings-file';
import {
  applyStations,
  sectionsByStation,
  sectionsMoved,
  stationIdFrom,
  stationsFieldOf,
  stationsValues,
  stationsWording,
  uniqueStationId,
} from './stations-file';

const section = (id: number, station?: string) => ({ id, name: `Section ${id}`, items: [], ...(station && { station }) });

const BISTRO: SettingsFile = {
  kitchen_stations: [
    { id: 'kitchen', name: { 'en-CA': 'Kitchen', 'fr-CA': 'Cuisine' } },
    { id: 'bar', name: { 'en-CA': 'Bar', 'fr-CA': 'Bar' } },
    { id: 'pastry', name: { 'en-CA': 'Pastry', 'fr-CA': 'Pâtisserie' } },
  ],
  menu_groups: [
    {
      id: 1,
      slug: 'all-day',
      name: 'All day',
      menus: [{ id: 10, name: 'All day', sections: [section(100), section(101, 'bar'), section(102, 'pastry'), section(103, 'kitchen')] }],
    },
    { id: 2, slug: 'brunch', name: 'Brunch', menus: [{ id: 20, name: 'Brunch', sections: [section(200, 'bar')] }] },
  ],
};

const stationOfSection = (file: SettingsFile, id: number) =>
  (file.menu_groups as Array<{ menus: Array<{ sections: Array<{ id: number; station?: string }> }> }>)
    .flatMap((group) => group.menus.flatMap((menu) => menu.sections))
    .find((entry) => entry.id === id)?.station;

describe('a station id from its English name', () => {
  it.each([
    ['Pastry', 'pastry'],
    ['Pâtisserie', 'patisserie'],
    ['  Bar & Grill  ', 'bar-grill'],
    ['Crème brûlée line', 'creme-brulee-line'],
    ['2nd line', 'station-2nd-line'],
    ['日本', 'station'],
    ['', 'station'],
    ['A very long station name that goes on and on', 'a-very-long-station-name-that'],
  ])('%j -> %j', (name, id) => {
    expect(stationIdFrom(name)).toBe(id);
    expect(id).toMatch(STATION_ID);
  });

  it.each<[string, string[], string]>([
    ['Pastry', [], 'pastry'],
    ['Pastry', ['pastry'], 'pastry-2'],
    ['Pastry', ['pastry', 'pastry-2'], 'pastry-3'],
    ['A very long station name that goes on and on', ['a-very-long-station-name-that'], 'a-very-long-station-name-tha-2'],
    ['Bar', ['kitchen', 'bar'], 'bar-2'],
  ])('%j with %j taken -> %j', (name, taken, id) => {
    expect(uniqueStationId(name, new Set(taken))).toBe(id);
    expect(id).toMatch(STATION_ID);
  });
});

describe('the stations in the file and back', () => {
  it('reads the stations, and the kitchen alone from a file without them', () => {
    expect(stationsValues(BISTRO).stations[2]).toEqual({ id: 'pastry', en: 'Pastry', fr: 'Pâtisserie' });
    expect(stationsValues({})).toEqual({ stations: [{ id: 'kitchen', en: 'Kitchen', fr: 'Cuisine' }] });
  });

  it('counts each station’s sections, a section naming none at the first', () => {
    expect(Object.fromEntries(sectionsByStation(BISTRO))).toEqual({ kitchen: 2, bar: 2, pastry: 1 });
  });

  it('keeps a renamed station’s id and gives a new one its own, unique and trimmed', () => {
    const values = stationsValues(BISTRO);
    values.stations[1] = { id: 'bar', en: ' Cocktail bar ', fr: 'Bar à cocktails' };
    values.stations.push({ id: '', en: 'Pastry', fr: 'Pâtisserie bis' }, { id: '', en: 'Grill', fr: 'Gril' });
    const file = applyStations(BISTRO, values);
    expect(file.kitchen_stations).toEqual([
      { id: 'kitchen', name: { 'en-CA': 'Kitchen', 'fr-CA': 'Cuisine' } },
      { id: 'bar', name: { 'en-CA': 'Cocktail bar', 'fr-CA': 'Bar à cocktails' } },
      { id: 'pastry', name: { 'en-CA': 'Pastry', 'fr-CA': 'Pâtisserie' } },
      { id: 'pastry-2', name: { 'en-CA': 'Pastry', 'fr-CA': 'Pâtisserie bis' } },
      { id: 'grill', name: { 'en-CA': 'Grill', 'fr-CA': 'Gril' } },
    ]);
    expect(sectionsMoved(BISTRO, values)).toBe(0);
    expect(file.menu_groups).toEqual(BISTRO.menu_groups);
  });

  it.each<[string, string[], number, Record<number, string | undefined>]>([
    ['nothing removed', ['kitchen', 'bar', 'pastry'], 0, { 100: undefined, 101: 'bar', 102: 'pastry', 200: 'bar' }],
    ['the bar: its two sections go to the first', ['kitchen', 'pastry'], 2, { 101: undefined, 102: 'pastry', 200: undefined }],
    ['the bar and the pastry', ['kitchen'], 3, { 101: undefined, 102: undefined, 103: 'kitchen' }],
    [
      'the first (the kitchen): its sections and those naming none go to the bar',
      ['bar', 'pastry'],
      2,
      { 100: undefined, 101: 'bar', 103: undefined },
    ],
  ])('removing %s', (_, kept, moved, stations) => {
    const values = { stations: stationsValues(BISTRO).stations.filter((station) => kept.includes(station.id)) };
    expect(sectionsMoved(BISTRO, values)).toBe(moved);
    const file = applyStations(BISTRO, values);
    for (const [id, station] of Object.entries(stations)) expect.soft(stationOfSection(file, Number(id)), `section ${id}`).toBe(station);
    // What it saves is a file the contract takes: no section names a station the file does not list.
    const parsed = TenantFile.safeParse({ id: 1, slug: 'bistro', name: 'Bistro', province: 'ON', tax_rate: {}, ...file });
    expect(parsed.error?.issues ?? []).toEqual([]);
  });
});

describe('reordering the stations', () => {
  const reordered = (order: string[]) => {
    const values = stationsValues(BISTRO);
    return { stations: order.map((id) => values.stations.find((station) => station.id === id)!) };
  };

  it.each<[string, string[], Record<number, string | undefined>]>([
    ['unchanged', ['kitchen', 'bar', 'pastry'], { 100: undefined, 101: 'bar', 102: 'pastry', 103: 'kitchen', 200: 'bar' }],
    ['the pastry above the bar', ['kitchen', 'pastry', 'bar'], { 100: undefined, 101: 'bar', 102: 'pastry', 103: 'kitchen', 200: 'bar' }],
    [
      'the bar first: the sections that named none stay at the kitchen',
      ['bar', 'kitchen', 'pastry'],
      { 100: 'kitchen', 101: 'bar', 102: 'pastry', 103: 'kitchen', 200: 'bar' },
    ],
    [
      'the pastry first, the kitchen last',
      ['pastry', 'bar', 'kitchen'],
      { 100: 'kitchen', 101: 'bar', 102: 'pastry', 103: 'kitchen', 200: 'bar' },
    ],
  ])('%s', (_, order, stations) => {
    const values = reordered(order);
    const file = applyStations(BISTRO, values);
    expect((file.kitchen_stations as Array<{ id: string }>).map((station) => station.id)).toEqual(order);
    expect(sectionsMoved(BISTRO, values)).toBe(0);
    for (const [id, station] of Object.entries(stations)) expect.soft(stationOfSection(file, Number(id)), `section ${id}`).toBe(station);
    // Every section is made where it was: the counts per station do not change.
    expect(Object.fromEntries(sectionsByStation(file))).toEqual(Object.fromEntries(sectionsByStation(BISTRO)));
    const parsed = TenantFile.safeParse({ id: 1, slug: 'bistro', name: 'Bistro', province: 'ON', tax_rate: {}, ...file });
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it('moves the sections of a station removed to the new first, with the others kept where they are', () => {
    const values = reordered(['pastry', 'kitchen']);
    const file = applyStations(BISTRO, values);
    expect(sectionsMoved(BISTRO, values)).toBe(2);
    expect([100, 101, 102, 103, 200].map((id) => stationOfSection(file, id))).toEqual([
      'kitchen',
      undefined,
      'pastry',
      'kitchen',
      undefined,
    ]);
  });
});

describe('the form’s rules', () => {
  const problems = (stations: Array<{ id: string; en: string; fr: string }>) => {
    const parsed = KitchenStationsForm.safeParse({ stations }, { error: fieldProblemErrorMap });
    if (parsed.success) return {};
    return Object.fromEntries(
      parsed.error.issues.map((issue) => [issue.path.join('.'), problemOf({ type: issue.code, message: issue.message })]),
    );
  };

  it.each<[string, Array<{ id: string; en: string; fr: string }>, Record<string, unknown>]>([
    [
      'two good stations',
      [
        { id: 'kitchen', en: 'Kitchen', fr: 'Cuisine' },
        { id: '', en: 'Pastry', fr: 'Pâtisserie' },
      ],
      {},
    ],
    ['an empty French name', [{ id: '', en: 'Pastry', fr: '   ' }], { 'stations.0.fr': { key: 'required' } }],
    [
      'a name too long',
      [{ id: '', en: 'x'.repeat(41), fr: 'Pâtisserie' }],
      { 'stations.0.en': { key: 'maxLength', params: { length: 40 } } },
    ],
    [
      'a control character',
      [{ id: '', en: 'Pas\u0007try', fr: 'Pâtisserie' }],
      { 'stations.0.en': { key: 'message', name: 'staffSettings.error.controlCharacters' } },
    ],
    [
      'two stations named alike',
      [
        { id: 'bar', en: 'Bar', fr: 'Bar' },
        { id: '', en: ' bar', fr: 'Comptoir' },
      ],
      { 'stations.1.en': { key: 'message', name: 'staffSettingsStations.error.sameName' } },
    ],
    ['no station at all', [], { stations: { key: 'required' } }],
  ])('%s', (_, stations, expected) => {
    expect(problems(stations)).toEqual(expected);
  });
});

describe('a refused file back on the form', () => {
  it.each([
    ['$.kitchen_stations[2].name["fr-CA"]', 'stations.2.fr'],
    ['$.kitchen_stations[2].name["en-CA"]', 'stations.2.en'],
    ['$.kitchen_stations[1].id', 'stations.1.en'],
    ['$.kitchen_stations[0]', 'stations.0.en'],
    ['$.kitchen_stations', undefined],
    ['$.hours[0].start_time', undefined],
  ])('%s -> %s', (path, field) => {
    expect(stationsFieldOf(path)).toBe(field);
  });

  it.each([
    ['Too small: expected string to have >=1 characters', { key: 'required' }],
    ['Too big: expected string to have <=40 characters', { key: 'maxLength', params: { length: 40 } }],
    // The server's own words in either language (packages/contracts/src/tenant-file-rules.ts).
    ['must not be empty', { key: 'required' }],
    ['ne doit pas être vide', { key: 'required' }],
    ['must have at most 40 characters', { key: 'maxLength', params: { length: 40 } }],
    ['doit compter au plus 40 caractères', { key: 'maxLength', params: { length: 40 } }],
    ['a station id: lower-case letters, digits and dashes', { key: 'message', name: 'staffSettingsStations.error.id' }],
    ['station ids must be unique', undefined],
  ])('%s', (message, problem) => {
    expect(stationsWording(message)).toEqual(problem);
  });
});
