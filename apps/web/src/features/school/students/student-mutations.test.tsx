import type { Student } from '@servery/contracts/accounts';
import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { queryKeys } from '../../../lib/query-keys';
import { useStudentDelete, useStudentWrite } from './student-mutations';

const student = (id: number, firstName: string): Student => ({ id, firstName, lastName: 'Diner' }) as Student;

/** A list of students read from `server`, and buttons that add and delete through the mutations. */
function Students({ server }: { server: { list: Student[]; reads: number } }) {
  const list = useQuery({
    queryKey: queryKeys.students.of(1, 7),
    queryFn: async () => {
      server.reads += 1;
      return [...server.list];
    },
  });
  const add = useStudentWrite(async (name: string) => {
    const added = student(server.list.length + 20, name);
    server.list.push(added);
    return added;
  });
  const remove = useStudentDelete({
    mutationFn: async (gone: Student) => {
      server.list = server.list.filter((entry) => entry.id !== gone.id);
      return { ok: true };
    },
    restaurantId: 1,
    userId: 7,
  });
  return (
    <>
      <ul aria-label="Students">
        {list.data?.map((entry) => (
          <li key={entry.id}>{entry.firstName}</li>
        ))}
      </ul>
      <button type="button" onClick={() => add.mutate('Ada')}>
        Add
      </button>
      <button type="button" onClick={() => list.data?.[0] && remove.mutate(list.data[0])}>
        Delete first
      </button>
    </>
  );
}

const names = () => screen.queryAllByRole('listitem').map((item) => item.textContent);

describe('student mutations', () => {
  it('adding a student reads the students list again, which then shows the new one', async () => {
    const server = { list: [student(11, 'Sam')], reads: 0 };
    renderWithProviders(<Students server={server} />);
    await waitFor(() => expect(names()).toEqual(['Sam']));
    expect(server.reads).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(names()).toEqual(['Sam', 'Ada']));
    expect(server.reads).toBe(2);
  });

  it('deleting a student removes it from the list in cache at once', async () => {
    const server = { list: [student(11, 'Sam'), student(12, 'Ada')], reads: 0 };
    renderWithProviders(<Students server={server} />);
    await waitFor(() => expect(names()).toEqual(['Sam', 'Ada']));
    fireEvent.click(screen.getByRole('button', { name: 'Delete first' }));
    await waitFor(() => expect(names()).toEqual(['Ada']));
  });
});
