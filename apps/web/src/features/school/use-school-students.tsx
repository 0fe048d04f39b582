/**
 * The parent's children at the school's week: the list (a child added here shows at once, before the
 * list is read again), the one new meals are for, and the dialog that adds a child without leaving
 * the week or the checkout.
 */
import type { Student } from '@servery/contracts/accounts';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToasts } from '../../components/ui/toasts';
import { queryKeys } from '../../lib/query-keys';
import type { SessionCredentials } from '../../lib/session';
import { useApiClient } from '../../lib/use-api-client';
import type { DayCarts } from '../../ordering';
import { AddStudentDialog } from './school-dialogs';
import { studentName } from './school-ordering';
import { useStudentWrite } from './students/student-mutations';
import { createStudent, listStudents } from './students/students-api';

export function useSchoolStudents({
  restaurant,
  credentials,
  cart,
}: {
  restaurant: PublicRestaurant;
  credentials: SessionCredentials | null;
  cart: DayCarts;
}) {
  const { t } = useTranslation();
  const { show } = useToasts();
  const client = useApiClient(restaurant.id);
  const students = useQuery({
    queryKey: queryKeys.students.of(restaurant.id, credentials?.userId ?? 0),
    queryFn: ({ signal }) => (credentials ? listStudents(client, credentials, signal) : Promise.resolve([])),
    enabled: credentials !== null,
  });
  const addStudent = useStudentWrite(
    ({ credentials: signedIn, value }: { credentials: SessionCredentials; value: Parameters<typeof createStudent>[2] }) =>
      createStudent(client, signedIn, value),
  );
  // A student added here shows at once, before the list is read again.
  const [added, setAdded] = useState<Student[]>([]);
  const list: Student[] = useMemo(() => {
    const fetched = students.data ?? [];
    return [...fetched, ...added.filter((student) => !fetched.some((entry) => entry.id === student.id))];
  }, [students.data, added]);
  const [dialog, setDialog] = useState<{ opener: HTMLElement | null; then?: (student: Student) => void } | null>(null);

  // The child new meals are for: the one chosen before, else the parent's first.
  const chosen = list.find((student) => student.id === cart.studentId) ?? null;
  const { setStudentId } = cart;
  useEffect(() => {
    if (students.isSuccess && cart.ready && chosen === null && list[0]) setStudentId(list[0].id);
  }, [students.isSuccess, cart.ready, chosen, list, setStudentId]);

  const openDialog = (opener: HTMLElement | null, then?: (student: Student) => void) => setDialog({ opener, ...(then ? { then } : {}) });
  const save = async (value: Parameters<typeof createStudent>[2]) => {
    if (!credentials) throw new Error('signed out');
    // Every list of this user's students (the profile's too) reads the new one.
    const student = await addStudent.mutateAsync({ credentials, value });
    setAdded((current) => [...current, student]);
    setStudentId(student.id);
    show(t('students.added', { name: studentName(student) }), 'success');
    const then = dialog?.then;
    setDialog(null);
    // The new student is not in the list until it reloads: the move names it itself.
    then?.(student);
    return student;
  };

  const addDialog = dialog && (
    <AddStudentDialog restaurant={restaurant} returnFocusTo={dialog.opener} onSave={save} onClose={() => setDialog(null)} />
  );

  return { list, loaded: students.isSuccess, chosen, setStudentId, openDialog, addDialog };
}
