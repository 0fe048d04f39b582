import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSessionStore } from '../lib/session';
import { dinerFixture } from '../testing/account-fixture';
import { renderWithProviders } from '../testing/render-with-providers';
import { SessionBanners } from '../features/account/welcome-banner';
import { StaffJoinScreen } from '../features/staff/staff-join-screen';
import { StaffSignIn } from '../features/staff/staff-sign-in';

/*
 * The welcome banner after a staff sign-in (spec accounts-and-suites.md, Banners): a login welcomes,
 * as a reload of the same session does; a new account made by accepting an invitation is a
 * registration and does not.
 */

const SAM = dinerFixture({ id: 21, firstName: 'Sam', lastName: 'Server', email: 'staff@maple-bistro.example.com' });

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function server(answers: Record<string, unknown>) {
  const fetchMock = vi.fn(async (url: string) => {
    const path = url.replace(/\?.*$/, '');
    return path in answers ? json(200, answers[path]) : json(500, { code: 500, error: 'INTERNAL', message: `unexpected ${path}` });
  });
  vi.stubGlobal('fetch', fetchMock);
}

/** `/{slug}/staff` is the sign-in form until a test asks for the board a join goes to. */
function renderStaff(path: string, locale: 'en-CA' | 'fr-CA' = 'en-CA', staff = <StaffSignIn slug="maple-bistro" />) {
  return renderWithProviders(
    <>
      <SessionBanners />
      <Routes>
        <Route path="/:restaurantSlug/staff" element={staff} />
        <Route path="/:restaurantSlug/staff/join" element={<StaffJoinScreen />} />
      </Routes>
    </>,
    { path, locale },
  );
}

beforeEach(() => {
  resetSessionStore();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('staff sign-in', () => {
  it.each([
    ['en-CA', 'Email', 'Password', 'Sign in', 'Welcome, Sam!'],
    ['fr-CA', 'Courriel', 'Mot de passe', 'Se connecter', 'Bienvenue, Sam!'],
  ] as const)(
    'welcomes the staff member by name in %s, as a reload of the session would',
    async (locale, email, password, submit, welcome) => {
      server({ '/api/auth/login-native': { token: 'staff-token', user: SAM } });
      renderStaff('/maple-bistro/staff', locale);
      expect(screen.queryByText(welcome)).toBeNull();
      fireEvent.change(screen.getByLabelText(email), { target: { value: SAM.email } });
      fireEvent.change(screen.getByLabelText(password), { target: { value: 'Demo1234!' } });
      fireEvent.click(screen.getByRole('button', { name: submit }));
      expect((await screen.findByText(welcome)).closest('[role="status"]')).not.toBeNull();
    },
  );

  it.each([
    { hasAccount: true, what: 'welcomes an existing account that accepts an invitation' },
    { hasAccount: false, what: 'does not welcome a new account made by accepting one (a registration)' },
  ])('$what', async ({ hasAccount }) => {
    server({
      '/api/staff/invitations/look-up': { email: SAM.email, role: 'kitchen', restaurant_name: 'Maple Bistro', has_account: hasAccount },
      '/api/staff/invitations/accept': { token: 'staff-token', user: SAM },
    });
    renderStaff('/maple-bistro/staff/join?token=abc', 'en-CA', <h1>Board</h1>);
    if (!hasAccount) {
      fireEvent.change(await screen.findByLabelText('First name'), { target: { value: 'Sam' } });
      fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Server' } });
    }
    fireEvent.change(await screen.findByLabelText(hasAccount ? 'Password' : 'New password'), { target: { value: 'Demo1234!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    expect(await screen.findByRole('heading', { name: 'Board' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Welcome, Sam!') !== null).toBe(hasAccount));
  });
});
