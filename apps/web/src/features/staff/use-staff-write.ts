import { useMutation, useQueryClient, type QueryKey, type UseMutationResult } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import type { StaffCaller } from './staff-api';

/**
 * A staff console write (a role, an invitation, a pause, a sold-out switch, a webhook endpoint) as
 * a mutation: `mutateAsync(call)` runs the call and, once it succeeds, reads again every query under
 * `invalidates` (every language's copy of the list, not only the one on screen) before it resolves,
 * so the row that changed shows the server's new state when the screen says it is done.
 */
export function useStaffWrite<TAnswer = unknown>(invalidates: QueryKey[]): UseMutationResult<TAnswer, unknown, () => Promise<TAnswer>> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (call: () => Promise<TAnswer>) => call(),
    onSuccess: () => Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** A change to the team: its members, invitations and record are read again once it succeeds. */
export const useTeamWrite = (caller: StaffCaller) => useStaffWrite([queryKeys.staff.teamOf(caller.slug)]);

/** A change to the webhook endpoints: they and their delivery logs are read again once it succeeds. */
export function useWebhookWrite<TAnswer>(caller: StaffCaller) {
  return useStaffWrite<TAnswer>([queryKeys.staff.webhooksOf(caller.slug), queryKeys.staff.webhookDeliveriesAll]);
}
