import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dinerFixture } from '../../testing/account-fixture';
import { renderWithProviders } from '../../testing/render-with-providers';
import { getSession, resetSessionStore, SESSION_STORAGE_KEY } from '../../lib/session';
import { ProfileSettingsScreen } from './profile-settings-screen';

const USER = dinerFixture();

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type Handler = (body: unknown) => Response;

function server(handlers: Record<string, Handler>) {
  const calls: Array<{ path: string; body: unknown; headers: Record<string, string> }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = url.replace(/\?.*$/, '');
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : null;
      calls.push({ path, body, headers: (init.headers ?? {}) as Record<string, string> });
      if (path === '/api/auth/get-salata-user-info') return json(200, { token: 'secret-token', user: USER });
      const handler = handlers[path];
      if (!handler) return json(404, { code: 404, error: 'NOT_FOUND', message: `unexpected ${path}` });
      return handler(body);
    }),
  );
  return (path: string) => calls.filter((call) => call.path === path);
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

async function openProfile(locale: 'en-CA' | 'fr-CA' = 'en-CA') {
  window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 'secret-token', userId: USER.id }));
  renderWithProviders(
    <>
      <Routes>
        <Route path="/profile" element={<ProfileSettingsScreen />} />
        <Route path="/login" element={<h1>Log in</h1>} />
        <Route path="/:restaurantSlug" element={<h1>Menu</h1>} />
      </Routes>
      <Where />
    </>,
    { path: '/profile?restaurant=maple-bistro', locale },
  );
  await screen.findByRole('heading', { level: 2, name: locale === 'fr-CA' ? 'Vos données' : 'Your data' });
}

/** jsdom's Blob has no text(): read it the older way. */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

beforeEach(() => {
  resetSessionStore();
  window.localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('your data on the profile screen', () => {
  it('downloads the export with the session as a JSON file', async () => {
    const called = server({ '/api/auth/export-account': () => new Response('{"students":[{"firstName":"Sam"}]}', { status: 200 }) });
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:export');
    // jsdom has no object URLs: the screen's calls are caught here.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await openProfile();
    fireEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(called('/api/auth/export-account')[0]?.headers).toMatchObject({ Authorization: 'Bearer secret-token' });
    expect(await blobText(createObjectURL.mock.calls[0]![0])).toContain('Sam');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toMatch(/^servery-account-\d{4}-\d{2}-\d{2}\.json$/);
    click.mockRestore();
  });

  it('keeps the account on a wrong password and says why; the right one signs out and goes home with a message', async () => {
    let accepted = false;
    const called = server({
      '/api/auth/delete-account': (body) =>
        (body as { password?: string }).password === 'Secret12!'
          ? ((accepted = true), json(200, { ok: true }))
          : json(403, { code: 403, error: 'ACCOUNT_DELETE_NOT_CONFIRMED', message: 'x' }),
    });
    await openProfile();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBe(document.activeElement);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Type your password (or your e-mail) to confirm.');
    expect(called('/api/auth/delete-account')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'Wrong1234!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toMatch(/^Your account was not deleted/));
    expect(getSession().status).toBe('authenticated');

    fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'Secret12!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/maple-bistro'));
    expect(accepted).toBe(true);
    expect(await screen.findByText('Your account is deleted. Thank you for ordering with us.')).toBeTruthy();
    expect(getSession().status).toBe('anonymous');
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('sends the e-mail, not a password, when the person types their e-mail (an account from social sign-in)', async () => {
    const called = server({ '/api/auth/delete-account': () => json(200, { ok: true }) });
    await openProfile('fr-CA');
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer mon compte' }));
    const dialog = screen.getByRole('dialog', { name: 'Supprimer votre compte?' });
    fireEvent.change(within(dialog).getByLabelText('Votre mot de passe'), { target: { value: ` ${USER.email.toUpperCase()} ` } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer mon compte définitivement' }));
    await waitFor(() => expect(called('/api/auth/delete-account')[0]?.body).toEqual({ email: USER.email.toUpperCase() }));
  });
});
