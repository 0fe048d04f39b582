import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distanceKm, withinRadius } from './geo';

const MAPLE_BISTRO = { lat: 43.6503, lng: -79.3596 };
const latLng = fc.record({ lat: fc.double({ min: -90, max: 90, noNaN: true }), lng: fc.double({ min: -180, max: 180, noNaN: true }) });

describe('distanceKm', () => {
  it.each([
    ['the same point', MAPLE_BISTRO, MAPLE_BISTRO, 0, 0.001],
    ['Toronto to Montreal', { lat: 43.6532, lng: -79.3832 }, { lat: 45.5019, lng: -73.5674 }, 504, 3],
    ['one degree of latitude', { lat: 0, lng: 0 }, { lat: 1, lng: 0 }, 111.19, 0.1],
    ['across the antimeridian', { lat: 0, lng: 179.5 }, { lat: 0, lng: -179.5 }, 111.19, 0.1],
  ])('%s', (_name, a, b, expected, tolerance) => {
    expect(Math.abs(distanceKm(a, b) - expected)).toBeLessThanOrEqual(tolerance);
  });

  it('is symmetric and never negative', () => {
    fc.assert(
      fc.property(latLng, latLng, (a, b) => {
        const there = distanceKm(a, b);
        expect(there).toBeGreaterThanOrEqual(0);
        expect(Math.abs(there - distanceKm(b, a))).toBeLessThan(1e-6);
      }),
    );
  });
});

describe('withinRadius', () => {
  it('accepts a point inside and on the radius, refuses one outside', () => {
    const distillery = { lat: 43.6505, lng: -79.3592 };
    expect(withinRadius(MAPLE_BISTRO, distillery, 8)).toMatchObject({ ok: true });
    const mississauga = { lat: 43.589, lng: -79.6441 };
    expect(withinRadius(MAPLE_BISTRO, mississauga, 8)).toEqual({ ok: false, error: 'DELIVERY_OUTSIDE_RADIUS' });
    const exact = distanceKm(MAPLE_BISTRO, mississauga);
    expect(withinRadius(MAPLE_BISTRO, mississauga, exact)).toMatchObject({ ok: true });
  });

  it('refuses coordinates that are not a place', () => {
    expect(withinRadius(MAPLE_BISTRO, { lat: 91, lng: 0 }, 8)).toEqual({ ok: false, error: 'DELIVERY_ADDRESS_INVALID' });
    expect(withinRadius(MAPLE_BISTRO, { lat: Number.NaN, lng: 0 }, 8)).toEqual({ ok: false, error: 'DELIVERY_ADDRESS_INVALID' });
  });
});
