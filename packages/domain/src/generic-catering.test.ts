import { describe, expect, it } from 'vitest';
import { checkGenericCateringPlace, loginRequired, tableLocationChoices } from './generic-catering';

describe('tableLocationChoices', () => {
  it.each<[string, string | null, Array<{ value: string; label: string }>]>([
    ['none set', null, []],
    [
      'label:number pairs',
      'Lane:1,Lane:2',
      [
        { value: 'Lane:1', label: 'Lane 1' },
        { value: 'Lane:2', label: 'Lane 2' },
      ],
    ],
    [
      'spaces, blanks and repeats',
      ' Salle Champlain : 3 ,, Terrasse,Terrasse',
      [
        { value: 'Salle Champlain : 3', label: 'Salle Champlain 3' },
        { value: 'Terrasse', label: 'Terrasse' },
      ],
    ],
  ])('%s', (_name, locations, expected) => {
    expect(tableLocationChoices(locations)).toEqual(expected);
  });
});

describe('checkGenericCateringPlace', () => {
  const rooms = { locations: 'Salle Champlain:1,Terrasse:2' };
  it.each<[string, { pickup: boolean; rooms: boolean }, { delivered: boolean; tableLocation: string | null }, string]>([
    ['a pickup where pickup is offered', { pickup: true, rooms: false }, { delivered: false, tableLocation: null }, 'ok'],
    ['a pickup where it is not', { pickup: false, rooms: false }, { delivered: false, tableLocation: null }, 'PICKUP_NOT_OFFERED'],
    ['a delivery where pickup is not offered', { pickup: false, rooms: false }, { delivered: true, tableLocation: null }, 'ok'],
    [
      'no place where locations are listed',
      { pickup: false, rooms: true },
      { delivered: false, tableLocation: null },
      'TABLE_LOCATION_REQUIRED',
    ],
    // A delivered order goes to its delivery address: no room or table is asked or kept (issue 30 defect 4).
    ['a delivery where rooms are listed', { pickup: false, rooms: true }, { delivered: true, tableLocation: null }, 'ok'],
    [
      'a delivery sent with a listed room keeps none',
      { pickup: false, rooms: true },
      { delivered: true, tableLocation: 'Terrasse:2' },
      'ok',
    ],
    [
      'a listed location, not delivered',
      { pickup: false, rooms: true },
      { delivered: false, tableLocation: 'Salle Champlain:1' },
      'Salle Champlain 1',
    ],
    [
      'a location not listed',
      { pickup: true, rooms: true },
      { delivered: false, tableLocation: 'Terrasse:3' },
      'TABLE_LOCATION_NOT_OFFERED',
    ],
    [
      'a location where none are listed',
      { pickup: true, rooms: false },
      { delivered: true, tableLocation: 'Terrasse:2' },
      'TABLE_LOCATION_NOT_OFFERED',
    ],
    [
      'a pickup that names no location where pickup is offered',
      { pickup: true, rooms: true },
      { delivered: false, tableLocation: ' ' },
      'ok',
    ],
  ])('%s', (_name, settings, order, expected) => {
    const result = checkGenericCateringPlace(
      { genericCateringShowPickupOption: settings.pickup, generic_table_locations: settings.rooms ? rooms : null },
      order,
    );
    expect(result.ok ? (result.tableLocation?.label ?? 'ok') : result.error).toBe(expected);
  });
});

describe('loginRequired', () => {
  it('asks only a guest, and only where the restaurant requires it', () => {
    expect(loginRequired({ genericCateringRequiresLogin: true }, false)).toBe(true);
    expect(loginRequired({ genericCateringRequiresLogin: true }, true)).toBe(false);
    expect(loginRequired({ genericCateringRequiresLogin: false }, false)).toBe(false);
  });
});
