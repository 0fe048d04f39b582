import { useCallback, useEffect, useState } from 'react';

/** Spec ordering.md section 4: "Geolocation permission starts as prompt". */
export type GeolocationPermission = 'prompt' | 'granted' | 'denied';

export type GeolocationOutcome = { ok: true; lat: number; lng: number } | { ok: false; reason: 'denied' | 'unavailable' | 'unsupported' };

/**
 * The browser's position on request. The permission is read when the browser can tell (it starts
 * as prompt) and follows the diner's answer; a refusal is an outcome, never an exception.
 */
export function useGeolocation(): { permission: GeolocationPermission; locate: () => Promise<GeolocationOutcome> } {
  const [permission, setPermission] = useState<GeolocationPermission>('prompt');

  useEffect(() => {
    let status: PermissionStatus | null = null;
    let cancelled = false;
    const follow = () => status && setPermission(status.state as GeolocationPermission);
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((answer) => {
        if (cancelled) return;
        status = answer;
        follow();
        answer.addEventListener('change', follow);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      status?.removeEventListener('change', follow);
    };
  }, []);

  const locate = useCallback(
    () =>
      new Promise<GeolocationOutcome>((resolve) => {
        if (!('geolocation' in navigator)) {
          resolve({ ok: false, reason: 'unsupported' });
          return;
        }
        navigator.geolocation.getCurrentPosition(
          (position) => {
            setPermission('granted');
            resolve({ ok: true, lat: position.coords.latitude, lng: position.coords.longitude });
          },
          (error) => {
            if (error.code === error.PERMISSION_DENIED) setPermission('denied');
            resolve({ ok: false, reason: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable' });
          },
          { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
        );
      }),
    [],
  );

  return { permission, locate };
}
