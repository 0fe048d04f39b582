import { fireEvent, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { dinerFixture } from '../testing/account-fixture';
import { renderWithProviders } from '../testing/render-with-providers';
import { resetSessionStore, SESSION_STORAGE_KEY } from '../lib/session';
import { profileSettingsScreen } from './profile-screens';

// The profile settings as the app composes them: the account's screen with the school's subsidy
// code section (moved here from features/account/account.test.tsx with the section).

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const USER = dinerFixture();
const restaurant = {
  id: 61,
  slug: 'acct-school',
  supportEmail: 'help@school.example',
  subsidies: { is_active: true, target_users: 'codes' },
};

type Handler = () => Response;
let ProfileSettings: ComponentType;

beforeAll(async () => {
  ProfileSettings = await profileSettingsScreen();
});
beforeEach(() => {
  resetSessionStore();
  window.localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('profile settings with the school', () => {
  /** The profile of a signed-in diner opened for the school; `handlers` answer by path, anything else fails. */
  async function openProfile(
    handlers: Record<string, Handler>,
    path = '/profile?restaurant=acct-school',
    locale: 'en-CA' | 'fr-CA' = 'en-CA',
  ) {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 'secret-token', userId: 7 }));
    const answers: Record<string, Handler> = {
      '/api/auth/get-salata-user-info': () => json(200, { token: 'secret-token', user: USER }),
      '/acct-school/data.json': () => json(200, restaurant),
      '/api/auth/get-user-snapshot': () => json(200, { items: [], students: [], subsidyCode: null, credits: { balance: 0, entries: [] } }),
      '/api/auth/social-providers': () => json(200, { providers: [] }),
      ...handlers,
    };
    const calls: Array<{ path: string; headers: Record<string, string> }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const at = url.replace(/\?.*$/, '');
        calls.push({ path: at, headers: (init.headers ?? {}) as Record<string, string> });
        return answers[at]?.() ?? json(500, { code: 500, error: 'INTERNAL', message: `unexpected ${at}` });
      }),
    );
    renderWithProviders(
      <Routes>
        <Route path="/profile" element={<ProfileSettings />} />
      </Routes>,
      { path, locale },
    );
    await screen.findByRole('heading', { level: 1, name: locale === 'en-CA' ? 'Profile settings' : 'Paramètres du profil' });
    return { called: (at: string) => calls.filter((call) => call.path === at) };
  }

  it('adds and deletes a subsidy code for the restaurant', async () => {
    const { called } = await openProfile({
      '/api/auth/add-subsidy-code': () => json(200, { code: 'LUNCH-2025' }),
      '/api/auth/delete-subsidy-code': () => json(200, { code: null }),
    });
    fireEvent.change(await screen.findByLabelText('Subsidy code'), { target: { value: 'lunch-2025' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add the subsidy code' }));
    expect(await screen.findByText('Your subsidy code: LUNCH-2025')).toBeTruthy();
    expect(called('/api/auth/add-subsidy-code')[0]?.headers['X-Restaurant-Id']).toBe('acct-school');
    fireEvent.click(screen.getByRole('button', { name: 'Remove the subsidy code' }));
    expect(await screen.findByLabelText('Subsidy code')).toBeTruthy();
    expect(called('/api/auth/delete-subsidy-code')).toHaveLength(1);
  });

  it('names a subsidy code the restaurant does not know, in French', async () => {
    await openProfile(
      { '/api/auth/add-subsidy-code': () => json(404, { code: 404, error: 'SUBSIDY_CODE_NOT_FOUND', message: 'x' }) },
      '/profile?restaurant=acct-school',
      'fr-CA',
    );
    fireEvent.change(await screen.findByLabelText('Code de subvention'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter le code de subvention' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/.+/);
  });
});
