import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { dinerFixture } from '../testing/account-fixture';
import { json } from '../testing/api-stub';
import { renderWithProviders } from '../testing/render-with-providers';
import { ambientQueryClient } from './query-client';
import { queryKeys } from './query-keys';
import { getSession, signIn } from './session';
import { useSignOutMutation } from './session-mutations';

function SignOut() {
  const signOut = useSignOutMutation();
  return (
    <button type="button" onClick={() => signOut.mutate()}>
      {signOut.isSuccess ? 'Signed out' : 'Sign out'}
    </button>
  );
}

describe('sign-out', () => {
  it('removes the signed-out user’s cached data and keeps what belongs to no one', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => json(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    const user = dinerFixture();
    signIn({ token: 'tok-1', user }, 'login');
    const client = ambientQueryClient();
    client.setQueryData(queryKeys.students.of(1, user.id), [{ id: 11 }]);
    client.setQueryData(queryKeys.scheduledOrders.list(user.id), []);
    client.setQueryData(queryKeys.staff.team('maple-bistro', user.id, 'en-CA'), { members: [] });
    client.setQueryData(queryKeys.userSnapshot(1, user.id), { credits: [] });
    client.setQueryData(queryKeys.announcements(1), []);

    renderWithProviders(<SignOut />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('button', { name: 'Signed out' });

    expect(getSession().status).toBe('anonymous');
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/api/auth/logout'))).toBe(true);
    expect(client.getQueryData(queryKeys.students.of(1, user.id))).toBeUndefined();
    expect(client.getQueryData(queryKeys.scheduledOrders.list(user.id))).toBeUndefined();
    expect(client.getQueryData(queryKeys.staff.team('maple-bistro', user.id, 'en-CA'))).toBeUndefined();
    expect(client.getQueryData(queryKeys.userSnapshot(1, user.id))).toBeUndefined();
    // A restaurant's announcements are the same for everyone: they stay.
    expect(client.getQueryData(queryKeys.announcements(1))).toEqual([]);
  });

  it('removes the data even when the server call fails, and says it failed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    const user = dinerFixture();
    signIn({ token: 'tok-1', user }, 'login');
    const client = ambientQueryClient();
    client.setQueryData(queryKeys.students.of(1, user.id), [{ id: 11 }]);
    let failure: unknown = null;
    function FailingSignOut() {
      const signOut = useSignOutMutation();
      return (
        <button type="button" onClick={() => signOut.mutateAsync().catch((error: unknown) => (failure = error))}>
          Sign out
        </button>
      );
    }
    renderWithProviders(<FailingSignOut />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(failure).not.toBeNull());
    expect(getSession().status).toBe('anonymous');
    expect(client.getQueryData(queryKeys.students.of(1, user.id))).toBeUndefined();
  });
});
