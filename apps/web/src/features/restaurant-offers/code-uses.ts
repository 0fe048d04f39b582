import type { DiscountCodeUsesResponse } from '@servery/contracts/discount-codes-form';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { draftHeaders, type StaffDraftCaller } from '../../staff-draft/draft-api';

/** A code as diners' codes are matched: trimmed, in any case (`findDiscountCode`). */
export const foldCode = (code: string) => code.trim().toLowerCase();

/**
 * How many orders used each code (GET /api/staff/discount-codes/uses), by the folded code; while it
 * loads, or if it fails, an empty map (the form works without it: the counts are for reading).
 */
export function useCodeUses(caller: StaffDraftCaller): ReadonlyMap<string, number> | null {
  const query = useQuery({
    queryKey: queryKeys.staff.discountCodeUses(caller.slug, caller.credentials.userId),
    queryFn: ({ signal }) =>
      caller.client.get<DiscountCodeUsesResponse>('/api/staff/discount-codes/uses', { headers: draftHeaders(caller), signal }),
    select: (answer) => {
      const counts = new Map<string, number>();
      for (const use of answer.uses) counts.set(foldCode(use.code), (counts.get(foldCode(use.code)) ?? 0) + use.count);
      return counts;
    },
  });
  return query.data ?? null;
}
