import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { resetSessionStore, SESSION_STORAGE_KEY } from '../../lib/session';
import { LoginScreen } from './login-screen';
import { ProfileSettingsScreen } from './profile-settings-screen';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const USER = {
  id: 7,
  firstName: 'Dana',
  lastName: 'Diner',
  email: 'diner@example.com',
  phoneNumber: '4165550101',
  paymentMethods: [],
  credits: { balance: 0, entries: [] },
  students: [],
  subsidyCode: null,
  suiteOperator: false,
};

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(path: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/login" element={<LoginScreen />} />
        <Route path="/profile" element={<ProfileSettingsScreen />} />
      </Routes>
      <Where />
    </>,
    { path },
  );
}

beforeEach(() => {
  resetSessionStore();
});

describe('login form', () => {
  it('names the missing and malformed fields before calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/login');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['INVALID_CREDENTIALS', 'en-CA', 'The e-mail or password is incorrect.'],
    ['TOO_MANY_REQUESTS', 'en-CA', 'Too many attempts. Please wait a moment and try again.'],
    ['INVALID_CREDENTIALS', 'fr-CA', 'Le courriel ou le mot de passe est incorrect.'],
  ] as const)('shows %s from the server in %s', async (name, locale, message) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(name === 'TOO_MANY_REQUESTS' ? 429 : 401, { code: 401, error: name, message: 'server text' })),
    );
    renderWithProviders(<LoginScreen />, { path: '/login', locale });
    fireEvent.change(screen.getByLabelText(locale === 'en-CA' ? 'Email' : 'Courriel'), { target: { value: 'diner@example.com' } });
    fireEvent.change(screen.getByLabelText(locale === 'en-CA' ? 'Password' : 'Mot de passe'), { target: { value: 'Wrong1234!' } });
    fireEvent.click(screen.getByRole('button', { name: locale === 'en-CA' ? 'Log in' : 'Se connecter' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('signs in, keeps the credentials and goes to the safe redirect with the rest of the query', async () => {
    const fetchMock = vi.fn(async () => json(200, { token: 'secret-token', user: USER }));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/login?restaurant=maple-bistro&redirect=%2Fprofile');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'diner@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Demo1234!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Signed in as Dana Diner')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/profile?restaurant=maple-bistro');
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}')).toEqual({ token: 'secret-token', userId: 7 });
  });

  it('ignores a redirect to another site', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { token: 'secret-token', user: USER })),
    );
    renderAt('/login?redirect=%2F%2Fevil.example');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'diner@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Demo1234!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Signed in as Dana Diner')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/profile');
  });
});

describe('guard', () => {
  it('sends a visitor without a session from /profile to /login, keeping the query and adding redirect', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderAt('/profile?restaurant=maple-bistro');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/login?restaurant=maple-bistro&redirect=%2Fprofile');
  });

  it('logs out a stored session the server no longer knows, then redirects', async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 'old', userId: 7 }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { code: 201, error: 'SESSION_EXPIRED', message: 'expired' })),
    );
    renderAt('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('restores a stored session and shows the profile; a failed logout still clears it', async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 'secret-token', userId: 7 }));
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith('/get-salata-user-info')
        ? json(200, { token: 'secret-token', user: USER })
        : json(500, { code: 500, error: 'INTERNAL', message: 'x' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/profile?restaurant=maple-bistro');
    expect(await screen.findByText('Signed in as Dana Diner')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/login?restaurant=maple-bistro');
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});
