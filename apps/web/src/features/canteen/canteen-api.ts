import type { CanteenResponse } from '@servery/contracts/canteen';
import type { ApiClient } from '../../lib/api';

/** GET /api/canteen: the workplace canteen /cantine shows on this host. */
export function fetchCanteen(client: ApiClient, signal?: AbortSignal): Promise<CanteenResponse> {
  return client.get('/api/canteen', signal ? { signal } : {});
}
