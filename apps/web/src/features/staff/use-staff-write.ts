import { useMutation, useQueryClient, type QueryKey, type UseMutationResult } from '@tanstack/react-query';

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
