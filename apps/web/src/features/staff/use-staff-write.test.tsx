import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import { renderWithProviders } from '../../testing/render-with-providers';
import { useStaffWrite } from './use-staff-write';

/** The team as the server has it, read through a query, and an invitation sent through the write. */
function Team({ server }: { server: { invited: string[]; reads: number } }) {
  const team = useQuery({
    queryKey: queryKeys.staff.team('maple-bistro', 7, 'en-CA'),
    queryFn: async () => {
      server.reads += 1;
      return [...server.invited];
    },
  });
  const write = useStaffWrite([queryKeys.staff.teamOf('maple-bistro')]);
  return (
    <>
      <ul aria-label="Invitations">
        {team.data?.map((email) => (
          <li key={email}>{email}</li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() =>
          void write.mutateAsync(async () => {
            server.invited.push('kim@example.com');
          })
        }
      >
        Invite
      </button>
    </>
  );
}

describe('useStaffWrite', () => {
  it('a team change reads the team again, every language’s copy of it', async () => {
    const server = { invited: ['lee@example.com'], reads: 0 };
    const { queryClient } = renderWithProviders(<Team server={server} />);
    await screen.findByText('lee@example.com');
    // The French copy, read earlier and not on screen now.
    queryClient.setQueryData(queryKeys.staff.team('maple-bistro', 7, 'fr-CA'), ['lee@example.com']);
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('kim@example.com')).toBeTruthy();
    expect(server.reads).toBe(2);
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.staff.team('maple-bistro', 7, 'fr-CA'))?.isInvalidated).toBe(true));
  });
});
