import { useMemo } from 'react';
import type { ApiClient } from './api';
import { createApiClient } from './api';
import { useLocale } from './use-locale';

/** An API client for the current locale, rebuilt when the diner switches language. */
export function useApiClient(restaurantId?: number | null): ApiClient {
  const { locale } = useLocale();
  return useMemo(() => createApiClient({ locale, restaurantId: restaurantId ?? null }), [locale, restaurantId]);
}
