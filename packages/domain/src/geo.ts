/**
 * Distances on the Earth for the delivery radius (spec ordering.md section 5: "delivery address must
 * be within radius"). Pure.
 *
 * Readings where the spec is silent:
 * 1. Great-circle (haversine) distance on a sphere of mean radius 6,371.0088 km: within 0.5 % of the
 *    ellipsoid, far below what a delivery radius means.
 * 2. A point exactly on the radius is inside. A coordinate that is not finite or out of range
 *    (latitude beyond +-90, longitude beyond +-180) is not a place: `withinRadius` says no.
 */
export const EARTH_RADIUS_KM = 6371.0088;

export interface LatLng {
  lat: number;
  lng: number;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

export function isValidLatLng(point: LatLng): boolean {
  return Number.isFinite(point.lat) && Number.isFinite(point.lng) && Math.abs(point.lat) <= 90 && Math.abs(point.lng) <= 180;
}

/** Kilometres between two points along the Earth's surface. */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type RadiusCheck = { ok: true; distanceKm: number } | { ok: false; error: 'DELIVERY_ADDRESS_INVALID' | 'DELIVERY_OUTSIDE_RADIUS' };

/** Is `point` within `radiusKm` of `centre`? */
export function withinRadius(centre: LatLng, point: LatLng, radiusKm: number): RadiusCheck {
  if (!isValidLatLng(centre) || !isValidLatLng(point) || !Number.isFinite(radiusKm) || radiusKm < 0) {
    return { ok: false, error: 'DELIVERY_ADDRESS_INVALID' };
  }
  const distance = distanceKm(centre, point);
  return distance <= radiusKm ? { ok: true, distanceKm: distance } : { ok: false, error: 'DELIVERY_OUTSIDE_RADIUS' };
}
