import { useMemo } from 'react';
import type { ApiClient } from './api';
import { createApiClient } from './api';
import { useSessionActions } from './session';
import { useLocale } from './use-locale';

/**
 * An API client for the current locale, rebuilt when the diner switches language. An answer with
 * code 201 on any of its calls logs user and operator out (spec accounts-and-suites.md section 4).
 */
export function useApiClient(restaurantId?: number | null): ApiClient {
  const { locale } = useLocale();
  const { expireSession } = useSessionActions();
  return useMemo(
    () => createApiClient({ locale, restaurantId: restaurantId ?? null, onSessionExpired: expireSession }),
    [expireSession, locale, restaurantId],
  );
}
