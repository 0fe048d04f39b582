import { describe, expect, it } from 'vitest';
import {
  foldPlaceText,
  fromUnit,
  indexPlaces,
  type Place,
  rankVenues,
  roundDistance,
  SEARCH_DEFAULTS,
  suggestPlaces,
  toUnit,
} from './venue-search';

// The three demo venues (tenants/bowlero-*.json) and places of the GeoNames gazetteer.
const MISSISSAUGA = { slug: 'bowlero-mississauga', name: 'Bowlero Mississauga', lat: 43.5931, lng: -79.6424 };
const RICHMOND_HILL = { slug: 'bowlero-richmond-hill', name: 'Bowlero Richmond Hill', lat: 43.8544, lng: -79.4346 };
const CALGARY = { slug: 'bowlero-calgary', name: 'Bowlero Calgary', lat: 50.9983, lng: -114.0739 };
const NOWHERE = { slug: 'bowlero-draft', name: 'Bowlero Draft', lat: null, lng: null };
const VENUES = [CALGARY, RICHMOND_HILL, MISSISSAUGA, NOWHERE];
const TORONTO = { lat: 43.70011, lng: -79.4163 };

describe('rankVenues', () => {
  it.each([
    // origin, radius, unit, expected slugs and distances (worked out apart, in Python, on the same sphere)
    ['Toronto, 10 mi (the default)', TORONTO, 10, 'mi' as const, []],
    [
      'Toronto, 25 mi',
      TORONTO,
      25,
      'mi' as const,
      [
        ['bowlero-richmond-hill', 10.7],
        ['bowlero-mississauga', 13.5],
      ],
    ],
    [
      'Toronto, 25 km',
      TORONTO,
      25,
      'km' as const,
      [
        ['bowlero-richmond-hill', 17.2],
        ['bowlero-mississauga', 21.7],
      ],
    ],
    [
      'Toronto, 2500 mi',
      TORONTO,
      2500,
      'mi' as const,
      [
        ['bowlero-richmond-hill', 10.7],
        ['bowlero-mississauga', 13.5],
        ['bowlero-calgary', 1681.2],
      ],
    ],
    ['Calgary centre, 10 km', { lat: 51.05011, lng: -114.08529 }, 10, 'km' as const, [['bowlero-calgary', 5.8]]],
    ['on the radius exactly is inside', { lat: 43.5931, lng: -79.6424 }, 0.000001, 'km' as const, [['bowlero-mississauga', 0]]],
  ])('%s', (_name, origin, radius, unit, expected) => {
    const ranked = rankVenues(origin, VENUES, radius, unit).map((r) => [r.venue.slug, r.distance]);
    expect(ranked).toEqual(expected);
  });

  it('lists nothing for a point that is not a place or a radius that is not positive', () => {
    expect(rankVenues({ lat: 91, lng: 0 }, VENUES, 10, 'mi')).toEqual([]);
    expect(rankVenues(TORONTO, VENUES, 0, 'mi')).toEqual([]);
    expect(rankVenues(TORONTO, VENUES, Number.NaN, 'mi')).toEqual([]);
  });

  it('breaks a tie in distance by name', () => {
    const twin = { ...MISSISSAUGA, slug: 'a-twin', name: 'A twin' };
    expect(rankVenues(TORONTO, [MISSISSAUGA, twin], 25, 'mi').map((r) => r.venue.slug)).toEqual(['a-twin', 'bowlero-mississauga']);
  });
});

describe('units', () => {
  it('converts with the exact mile and rounds to one decimal', () => {
    expect(toUnit(1.609344, 'mi')).toBeCloseTo(1, 12);
    expect(fromUnit(10, 'mi')).toBeCloseTo(16.09344, 12);
    expect(toUnit(7, 'km')).toBe(7);
    expect(roundDistance(12.25)).toBe(12.3);
    expect(roundDistance(12.24)).toBe(12.2);
  });

  it('has the spec defaults', () => {
    expect(SEARCH_DEFAULTS).toEqual({ radius: 10, unit: 'mi', group: 'bowlero', countries: ['us', 'ca'] });
  });
});

const place = (id: string, name: string, region: string, country: string, population: number): Place => ({
  id,
  name,
  region,
  country,
  lat: 0,
  lng: 0,
  population,
});
const PLACES = indexPlaces([
  place('1', 'Mississauga', 'ON', 'ca', 668549),
  place('2', 'Richmond Hill', 'ON', 'ca', 185541),
  place('3', 'Richmond Hill', 'NY', 'us', 98984),
  place('4', 'Richmond', 'BC', 'ca', 182000),
  place('5', 'Montréal', 'QC', 'ca', 1600000),
  place('6', 'New York City', 'NY', 'us', 8175133),
  place('7', 'York', 'PA', 'us', 43718),
  place('8', 'Paris', 'IDF', 'fr', 2138551),
]);

describe('suggestPlaces', () => {
  it.each([
    ['a prefix, most populous first', 'rich', ['2', '4', '3']],
    ['accents and case do not matter', 'MONTREAL', ['5']],
    ['a region after a comma narrows', 'Richmond Hill, on', ['2']],
    ['a country after a comma narrows', 'richmond hill, us', ['3']],
    ['a whole-name start before a later word', 'york', ['7', '6']],
    ['a later word matches', 'hill', ['2', '3']],
    ['one letter suggests nothing', 'm', []],
    ['outside the countries searched', 'paris', []],
    ['nothing matches', 'zzz', []],
  ])('%s', (_name, text, ids) => {
    expect(suggestPlaces(PLACES, text, ['ca', 'us']).map((p) => p.id)).toEqual(ids);
  });

  it('stops at the limit', () => {
    expect(suggestPlaces(PLACES, 'ri', ['ca', 'us'], 2).map((p) => p.id)).toEqual(['2', '4']);
  });

  it('folds text for matching', () => {
    expect(foldPlaceText('  Saint-Jérôme ')).toBe('saint jerome');
  });
});
