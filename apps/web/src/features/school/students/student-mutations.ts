import type { Student } from '@servery/contracts/accounts';
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/**
 * A write to the parent's students (add, edit; the profile, the school menu's dialog): once it
 * succeeds every list of students is read again (`queryKeys.students.all`), so the profile's list and
 * the school menu's "ordering for" choices show the change wherever they are on screen or in cache.
 */
export function useStudentWrite<TVariables>(
  mutationFn: (variables: TVariables) => Promise<Student>,
): UseMutationResult<Student, unknown, TVariables> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.students.all }),
  });
}

/**
 * Deleting a student: the list in cache loses it at once (the server said it is gone; a read in
 * flight, which may still hold it, is cancelled first), and other lists of students are marked
 * stale for their next mount.
 */
export function useStudentDelete<TAnswer>(options: {
  mutationFn: (student: Student) => Promise<TAnswer>;
  restaurantId: number;
  userId: number;
}): UseMutationResult<TAnswer, unknown, Student> {
  const queryClient = useQueryClient();
  const list = queryKeys.students.of(options.restaurantId, options.userId);
  return useMutation({
    mutationFn: options.mutationFn,
    onSuccess: async (_answer, student) => {
      await queryClient.cancelQueries({ queryKey: list, exact: true });
      queryClient.setQueryData<Student[]>(list, (current) => current?.filter((entry) => entry.id !== student.id));
      void queryClient.invalidateQueries({ queryKey: queryKeys.students.all, refetchType: 'none' });
    },
  });
}
