import { useLocation } from 'react-router';
import { useAdoptServerTime } from '../../lib/clock';
import { useInitialData } from '../../lib/initial-data';
import { useApiClient } from '../../lib/use-api-client';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useServerData } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { fetchCanteen } from './canteen-api';

/**
 * The slug of the canteen /cantine shows. The server rendered the page for the canteen of its host
 * (apps/api/src/plugins/ssr.ts): on that first page its slug is known; after a navigation the API says,
 * with the server's clock, which the landing's "today" goes by (lib/clock.tsx `useServerNow`).
 */
export function useCanteenSlug(): UseQueryResult<string> {
  const data = useInitialData();
  const { pathname } = useLocation();
  const fromServer = data.ssr && data.pristine && data.ssr.restaurant && data.url?.startsWith(`${pathname}?`) ? data.ssr.slug : null;
  const client = useApiClient();
  const serverSlug = useServerData(queryKeys.canteen, fromServer);
  const adoptServerTime = useAdoptServerTime();
  return useQuery({
    queryKey: queryKeys.canteen,
    queryFn: ({ signal }) =>
      fetchCanteen(client, signal).then((answer) => {
        adoptServerTime(answer.now);
        return answer.slug;
      }),
    ...serverSlug,
  });
}
