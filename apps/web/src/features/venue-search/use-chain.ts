import type { ChainResponse } from '@servery/contracts/venue-search';
import { SEARCH_DEFAULTS } from '@servery/domain/venue-search';
import { useSearchParams } from 'react-router';
import { useApiClient } from '../../lib/use-api-client';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { fetchChain } from './venue-search-api';

/**
 * The chain the page is for: `?group=` names it, else the spec's default group. Its name and logo
 * come from its venues' tenant data, so another chain gets these screens by configuration.
 */
export function useChain(): { group: string; chain: UseQueryResult<ChainResponse> } {
  const [params] = useSearchParams();
  const asked = params.get('group')?.trim().toLowerCase() ?? '';
  const group = /^[a-z0-9-]{1,60}$/.test(asked) ? asked : SEARCH_DEFAULTS.group;
  const client = useApiClient();
  const chain = useQuery({ queryKey: queryKeys.chain(group), queryFn: ({ signal }) => fetchChain(client, group, signal) });
  return { group, chain };
}
