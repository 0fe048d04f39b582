import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dinerFixture } from '../../testing/account-fixture';
import { renderWithProviders } from '../../testing/render-with-providers';
import { createApiClient } from '../../lib/api';
import {
  decideSignInMode,
  expireSession,
  getOperatorSession,
  getSession,
  getSessionBanners,
  getUserChange,
  logOut,
  onSessionCleared,
  OPERATOR_SESSION_STORAGE_KEY,
  resetSessionStore,
  SESSION_STORAGE_KEY,
  signIn,
  startSession,
} from '../../lib/session';
import { LoginScreen } from './login-screen';
import { postLoginPath, rememberRestaurant, restaurantSlugOf } from './post-login';
import { ProfileSettingsScreen } from './profile-settings-screen';
import { UserInformationScreen } from './user-information-screen';
import { SessionBanners } from './welcome-banner';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const USER = dinerFixture();

type Handler = (body: unknown, init: RequestInit) => Response;

/** A fetch answering by path; anything else fails the test. Social providers: none configured. */
function server(handlers: Record<string, Handler>) {
  const calls: Array<{ path: string; body: unknown; headers: Record<string, string> }> = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const path = url.replace(/\?.*$/, '');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : null;
    calls.push({ path, body, headers: (init.headers ?? {}) as Record<string, string> });
    if (path === '/api/auth/social-providers') return json(200, { providers: [] });
    const handler = handlers[path];
    if (!handler) return json(500, { code: 500, error: 'INTERNAL', message: `unexpected ${path}` });
    return handler(body, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, called: (path: string) => calls.filter((call) => call.path === path) };
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(path: string, locale: 'en-CA' | 'fr-CA' = 'en-CA') {
  return renderWithProviders(
    <>
      <SessionBanners />
      <Routes>
        <Route path="/login" element={<LoginScreen />} />
        <Route path="/profile" element={<ProfileSettingsScreen />} />
        <Route path="/profile/user-information" element={<UserInformationScreen />} />
        <Route path="/profile/user-payment-methods" element={<h1>Payment methods</h1>} />
        <Route path="/:restaurantSlug" element={<h1>Menu</h1>} />
        <Route path="/:restaurantSlug/events" element={<h1>Operator events</h1>} />
      </Routes>
      <Where />
    </>,
    { path, locale },
  );
}

const where = () => screen.getByTestId('where').textContent;

async function logIn(email = 'diner@example.com', password = 'Demo1234!') {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

beforeEach(() => {
  resetSessionStore();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('login form', () => {
  it('names the missing and malformed fields before calling the server', async () => {
    const { called } = server({});
    renderAt('/login');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(called('/api/auth/login-native')).toHaveLength(0);
  });

  it.each([
    ['INVALID_CREDENTIALS', 'en-CA', 'The e-mail or password is incorrect.'],
    ['TOO_MANY_REQUESTS', 'en-CA', 'Too many attempts. Please wait a moment and try again.'],
    ['INVALID_CREDENTIALS', 'fr-CA', 'Le courriel ou le mot de passe est incorrect.'],
  ] as const)('shows %s from the server in %s', async (name, locale, message) => {
    server({ '/api/auth/login-native': () => json(name === 'TOO_MANY_REQUESTS' ? 429 : 401, { code: 401, error: name, message: 'x' }) });
    renderWithProviders(<LoginScreen />, { path: '/login', locale });
    fireEvent.change(screen.getByLabelText(locale === 'en-CA' ? 'Email' : 'Courriel'), { target: { value: 'diner@example.com' } });
    fireEvent.change(screen.getByLabelText(locale === 'en-CA' ? 'Password' : 'Mot de passe'), { target: { value: 'Wrong1234!' } });
    fireEvent.click(screen.getByRole('button', { name: locale === 'en-CA' ? 'Log in' : 'Se connecter' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('signs in, keeps the credentials, shows the welcome banner and goes to the safe redirect with the rest of the query', async () => {
    const { called } = server({ '/api/auth/login-native': () => json(200, { token: 'secret-token', user: USER }) });
    renderAt('/login?restaurant=maple-bistro&redirect=%2Fprofile');
    await logIn();
    expect(await screen.findByText('Signed in as Dana Diner')).toBeTruthy();
    expect(where()).toBe('/profile?restaurant=maple-bistro');
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}')).toEqual({ token: 'secret-token', userId: 7 });
    // The login was for that restaurant: its credits come with the user.
    expect(called('/api/auth/login-native')[0]?.headers['X-Restaurant-Id']).toBe('maple-bistro');
    expect(screen.getByText('Welcome, Dana!')).toBeTruthy();
    expect(getUserChange().reason).toBe('login');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss the welcome message' }));
    expect(screen.queryByText('Welcome, Dana!')).toBeNull();
  });

  it('goes back to the restaurant the diner came from, else /profile; a redirect to another site is ignored', async () => {
    server({ '/api/auth/login-native': () => json(200, { token: 'secret-token', user: USER }) });
    rememberRestaurant('maple-bistro');
    renderAt('/login?redirect=%2F%2Fevil.example');
    await logIn();
    await waitFor(() => expect(where()).toBe('/maple-bistro'));
  });

  it('refuses a non-operator account in operator mode and offers no sign-up there', async () => {
    server({ '/api/auth/login-native': () => json(200, { token: 'secret-token', user: USER }) });
    renderAt('/login?suiteOperator=true');
    expect(screen.getByRole('heading', { level: 1, name: 'Operator login' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create an account' })).toBeNull();
    await logIn();
    expect((await screen.findByRole('alert')).textContent).toBe('Error: not an operator. This account is not a suite operator.');
    expect(getSession().status).toBe('anonymous');
  });

  it('keeps an operator login apart from the user and goes to the restaurant’s events', async () => {
    server({ '/api/auth/login-native': () => json(200, { token: 'operator-token', user: { ...USER, suiteOperator: true } }) });
    renderAt('/login?suiteOperator=true&restaurant=maple-bistro');
    await logIn('operator@example.com');
    await waitFor(() => expect(where()).toBe('/maple-bistro/events?suiteOperator=true'));
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(JSON.parse(window.localStorage.getItem(OPERATOR_SESSION_STORAGE_KEY) ?? '{}')).toEqual({ token: 'operator-token', userId: 7 });
  });
});

describe('registration', () => {
  it('shows the password rule, checks every field, creates the account and shows no welcome banner', async () => {
    const { called } = server({
      '/api/auth/register-user': (body) =>
        json(200, { token: 'new-token', user: { ...USER, id: 9, ...(body as object), phoneNumber: '4165550199' } }),
    });
    renderAt('/login');
    fireEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Create an account' })).toBeTruthy();
    const password = screen.getByLabelText('Password');
    expect(document.getElementById(password.getAttribute('aria-describedby') ?? '')?.textContent).toContain('@$!%*?&');
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(5);

    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Lovelace' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '4165550199' } });
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('416-555-0199');
    fireEvent.change(password, { target: { value: 'password1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText(/Use at least one uppercase letter/)).toBeTruthy();
    expect(called('/api/auth/register-user')).toHaveLength(0);

    fireEvent.change(password, { target: { value: 'Secret12!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(where()).toBe('/profile'));
    expect(called('/api/auth/register-user')[0]?.body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phoneNumber: '4165550199',
      password: 'Secret12!',
    });
    expect(getSessionBanners().welcome).toBe(false);
    expect(screen.queryByText(/Welcome/)).toBeNull();
  });

  it('shows a taken e-mail from the server', async () => {
    server({ '/api/auth/register-user': () => json(409, { code: 409, error: 'EMAIL_TAKEN', message: 'x' }) });
    renderAt('/login');
    fireEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Lovelace' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '416 555 0199' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret12!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/.+/);
    expect(getSession().status).not.toBe('authenticated');
  });
});

describe('post-login redirects (spec section 2, Guards)', () => {
  const complete = {
    ...USER,
    paymentMethods: [{ paymentCardId: 'pm_1', isDefault: true, brand: 'VISA' as const, last4: '4242', expiry: '1230' }],
  };
  it.each([
    ['?eventSuite=5', { ...USER, phoneNumber: null }, null, '/profile/user-information?eventSuite=5'],
    ['?eventSuite=5&redirect=%2Fprofile', { ...USER, lastName: ' ' }, null, '/profile/user-information?eventSuite=5'],
    ['?eventSuite=5&restaurant=suites', USER, null, '/profile/user-payment-methods?eventSuite=5&restaurant=suites'],
    ['?eventSuite=5&restaurant=suites', complete, null, '/suites?eventSuite=5'],
    ['', USER, 'maple-bistro', '/maple-bistro'],
    ['?redirect=%2Fprofile%2Fstudents', USER, 'maple-bistro', '/profile/students'],
    ['?redirect=https%3A%2F%2Fevil.example', USER, null, '/profile'],
    ['?locale=fr', USER, null, '/profile?locale=fr'],
  ])('%s → %s', (search, user, remembered, expected) => {
    expect(postLoginPath(user, search, remembered)).toBe(expected);
  });

  it('sends a signed-in user arriving on /login on, as after a login', async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 'secret-token', userId: 7 }));
    server({ '/api/auth/get-salata-user-info': () => json(200, { token: 'secret-token', user: USER }) });
    renderAt('/login?eventSuite=5');
    await waitFor(() => expect(where()).toBe('/profile/user-payment-methods?eventSuite=5'));
  });

  it('knows a restaurant address from the app’s own paths', () => {
    expect(restaurantSlugOf('/maple-bistro/landing')).toBe('maple-bistro');
    expect(restaurantSlugOf('/profile/students')).toBeNull();
    expect(restaurantSlugOf('/login')).toBeNull();
    expect(restaurantSlugOf('/')).toBeNull();
  });
});

describe('session at start (first-navigation decision)', () => {
  it.each([
    ['?suiteOperator=true&eventSuite=4', 'login-as'],
    ['?suiteOperator=true', 'operator'],
    ['?eventSuite=4', 'user'],
    ['', 'user'],
  ] as const)('%s is %s', (search, mode) => {
    expect(decideSignInMode(search)).toBe(mode);
  });

  it('restores operator then user in login-as mode and turns the login-as banner on', async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 'user-token', userId: 7 }));
    window.localStorage.setItem(OPERATOR_SESSION_STORAGE_KEY, JSON.stringify({ token: 'op-token', userId: 3 }));
    server({
      '/api/auth/get-salata-user-info': (body) =>
        (body as { token: string }).token === 'op-token'
          ? json(200, { token: 'op-token', user: { ...USER, id: 3, firstName: 'Olga', lastName: 'Operator', suiteOperator: true } })
          : json(200, { token: 'user-token', user: USER }),
    });
    await startSession({ locale: 'en-CA', search: '?suiteOperator=true&eventSuite=4', restaurant: 'suites' });
    expect(getSession().status).toBe('authenticated');
    expect(getSessionBanners()).toEqual({ welcome: true, loginAs: true });
    renderWithProviders(<SessionBanners />);
    expect(screen.getByText('Olga Operator is ordering as Dana Diner.')).toBeTruthy();
  });

  it('stops acting: the acting session is logged out on the server and forgotten, the operator stays, back to the suites it started from', async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 'user-token', userId: 7 }));
    window.localStorage.setItem(OPERATOR_SESSION_STORAGE_KEY, JSON.stringify({ token: 'op-token', userId: 3 }));
    window.sessionStorage.setItem('servery.login-as-from', '/arena/events/12?suiteOperator=true');
    const { called } = server({
      '/api/auth/get-salata-user-info': (body) =>
        (body as { token: string }).token === 'op-token'
          ? json(200, { token: 'op-token', user: { ...USER, id: 3, firstName: 'Olga', lastName: 'Operator', suiteOperator: true } })
          : json(200, { token: 'user-token', user: USER }),
      '/api/auth/logout': () => json(200, { ok: true }),
    });
    await startSession({ locale: 'en-CA', search: '?suiteOperator=true&eventSuite=4', restaurant: 'arena' });
    renderAt('/arena?eventSuite=4&eventDayOrdering=true&suiteOperator=true');
    const banner = screen.getByRole('region', { name: 'Ordering for a suite' });
    expect(within(banner).getByRole('link', { name: 'Back to suites' }).getAttribute('href')).toBe('/arena/events/12?suiteOperator=true');
    fireEvent.click(within(banner).getByRole('button', { name: 'Stop acting as Dana Diner' }));
    await waitFor(() => expect(where()).toBe('/arena/events/12?suiteOperator=true'));
    expect(called('/api/auth/logout').map((call) => call.body)).toEqual([{ accessToken: 'user-token' }]);
    expect(getSession().status).toBe('anonymous');
    expect(getOperatorSession().status).toBe('authenticated');
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(screen.queryByText(/is ordering as/)).toBeNull();
  });

  it('says when the operator orders for a guest of the suite, by name, without a welcome', async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 'guest-token', userId: 3 }));
    window.localStorage.setItem(OPERATOR_SESSION_STORAGE_KEY, JSON.stringify({ token: 'op-token', userId: 3 }));
    const guest = {
      ...USER,
      id: 3,
      firstName: 'Sam',
      lastName: 'Guest',
      email: '',
      loginAs: { eventSuiteId: 4, operator: 'Olga Operator', guestName: 'Sam Guest' },
    };
    server({
      '/api/auth/get-salata-user-info': (body) =>
        (body as { token: string }).token === 'op-token'
          ? json(200, { token: 'op-token', user: { ...USER, id: 3, firstName: 'Olga', lastName: 'Operator', suiteOperator: true } })
          : json(200, { token: 'guest-token', user: guest }),
    });
    await startSession({ locale: 'fr-CA', search: '?suiteOperator=true&eventSuite=4', restaurant: 'suites' });
    renderWithProviders(<SessionBanners />, { locale: 'fr-CA' });
    expect(screen.getByText('Olga Operator commande pour Sam Guest, personne invitée de la loge.')).toBeTruthy();
    expect(screen.queryByText(/Bienvenue/)).toBeNull();
  });

  it('outside login-as, stored operator credentials log both out', async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 'user-token', userId: 7 }));
    window.localStorage.setItem(OPERATOR_SESSION_STORAGE_KEY, JSON.stringify({ token: 'op-token', userId: 3 }));
    const { called } = server({ '/api/auth/logout': () => json(200, { ok: true }) });
    await startSession({ locale: 'en-CA', search: '' });
    expect(getSession().status).toBe('anonymous');
    expect(window.localStorage.getItem(OPERATOR_SESSION_STORAGE_KEY)).toBeNull();
    expect(called('/api/auth/logout').map((call) => (call.body as { accessToken: string }).accessToken)).toEqual([
      'op-token',
      'user-token',
    ]);
  });

  it('a failed restore logs the user out without leaving the page', async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 'old', userId: 7 }));
    server({
      '/api/auth/get-salata-user-info': () => json(401, { code: 201, error: 'SESSION_EXPIRED', message: 'expired' }),
      '/api/auth/logout': () => json(200, { ok: true }),
    });
    await startSession({ locale: 'en-CA', search: '' });
    expect(getSession().status).toBe('anonymous');
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});

describe('logout and expiry', () => {
  it('calls the server for the user and the operator, each only with a token; a failure still clears everything', async () => {
    signIn({ token: 'user-token', user: USER }, 'login');
    const { called } = server({ '/api/auth/logout': () => json(500, { code: 500, error: 'INTERNAL', message: 'x' }) });
    const cleared = vi.fn();
    const off = onSessionCleared(cleared);
    await expect(logOut(createApiClient({ locale: 'en-CA' }))).rejects.toThrow();
    off();
    expect(called('/api/auth/logout')).toHaveLength(1);
    expect(getSession().status).toBe('anonymous');
    expect(cleared).toHaveBeenCalledTimes(1);
    expect(getUserChange().reason).toBe('logout');
  });

  it('code 201 on any call logs out, clears what the app registered and goes to /login keeping the query', async () => {
    signIn({ token: 'user-token', user: USER }, 'login');
    server({ '/api/auth/logout': () => json(200, { ok: true }) });
    const cleared = vi.fn();
    const off = onSessionCleared(cleared);
    const client = createApiClient({ locale: 'en-CA', onSessionExpired: expireSession });
    server({
      '/api/orders': () => json(401, { code: 201, error: 'SESSION_EXPIRED', message: 'expired' }),
      '/api/auth/logout': () => json(200, { ok: true }),
    });
    await expect(client.request('/api/orders', { method: 'POST', body: {} })).rejects.toThrow();
    off();
    expect(getSession().status).toBe('anonymous');
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(cleared).toHaveBeenCalledTimes(1);
  });

  it('restores a stored session and shows the profile; a failed logout still clears it and goes to /login', async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 'secret-token', userId: 7 }));
    server({ '/api/auth/get-salata-user-info': () => json(200, { token: 'secret-token', user: USER }) });
    renderAt('/profile?restaurant=maple-bistro');
    expect(await screen.findByText('Signed in as Dana Diner')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(where()).toBe('/login?restaurant=maple-bistro');
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('sends a visitor without a session from /profile to /login, keeping the query and adding redirect', async () => {
    server({});
    renderAt('/profile?restaurant=maple-bistro');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(where()).toBe('/login?restaurant=maple-bistro&redirect=%2Fprofile');
  });

  it('on event day, an unauthenticated visit keeps only the suiteOperator query', async () => {
    server({});
    renderAt('/profile?suiteOperator=true&eventSuite=4&eventDayOrdering=true');
    await waitFor(() => expect(where()).toBe('/login?suiteOperator=true'));
  });
});

describe('profile settings', () => {
  const restaurant = {
    id: 61,
    slug: 'acct-school',
    supportEmail: 'help@school.example',
    subsidies: { is_active: true, target_users: 'codes' },
  };

  async function openProfile(
    handlers: Record<string, Handler>,
    path = '/profile?restaurant=acct-school',
    locale: 'en-CA' | 'fr-CA' = 'en-CA',
  ) {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 'secret-token', userId: 7 }));
    const fake = server({
      '/api/auth/get-salata-user-info': () =>
        json(200, { token: 'secret-token', user: { ...USER, defaultTipPercent: 18, promoCode: 'WELCOME' } }),
      '/acct-school/data.json': () => json(200, restaurant),
      '/api/auth/get-user-snapshot': () => json(200, { items: [], students: [], subsidyCode: null, credits: { balance: 0, entries: [] } }),
      ...handlers,
    });
    renderAt(path, locale);
    await screen.findByRole('heading', { level: 1, name: locale === 'en-CA' ? 'Profile settings' : 'Paramètres du profil' });
    return fake;
  }

  it('links every profile screen keeping the query and shows the restaurant’s support e-mail', async () => {
    await openProfile({});
    for (const name of ['Your information', 'Payment methods', 'Upcoming events', 'Past receipts', 'Scheduled orders', 'Students']) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toMatch(/\?restaurant=acct-school$/);
    }
    expect((await screen.findByRole('link', { name: 'help@school.example' })).getAttribute('href')).toBe('mailto:help@school.example');
  });

  it('saves the default tip and promo code on the account', async () => {
    const { called } = await openProfile({
      '/api/auth/edit-user': (body) => json(200, { user: { ...USER, ...(body as object) } }),
    });
    const tip = screen.getByLabelText('Default tip') as HTMLSelectElement;
    expect(tip.value).toBe('18');
    expect((screen.getByLabelText('Promo code') as HTMLInputElement).value).toBe('WELCOME');
    fireEvent.change(tip, { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('Promo code'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save my preferences' }));
    expect(await screen.findByText('Your preferences are saved.')).toBeTruthy();
    expect(called('/api/auth/edit-user')[0]?.body).toEqual({ defaultTipPercent: 20, promoCode: null });
    expect(getUserChange().reason).toBe('edit');
  });

  // The subsidy code section is the school's, composed into this screen by the app: app/profile-screens.test.tsx.

  it('an expired session while saving goes to /login keeping the query', async () => {
    await openProfile({
      '/api/auth/edit-user': () => json(401, { code: 201, error: 'SESSION_EXPIRED', message: 'x' }),
      '/api/auth/logout': () => json(200, { ok: true }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save my preferences' }));
    // The guard adds the way back (redirect) to the kept query.
    await waitFor(() => expect(where()).toMatch(/^\/login\?restaurant=acct-school(&redirect=%2Fprofile)?$/));
    expect(getSession().status).toBe('anonymous');
  });
});

describe('user information', () => {
  it('shows the phone with dashes and, for an event suite, goes on to the payment methods after saving', async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 'secret-token', userId: 7 }));
    server({
      '/api/auth/get-salata-user-info': () => json(200, { token: 'secret-token', user: { ...USER, lastName: '' } }),
      '/api/auth/edit-user': (body) => json(200, { user: { ...USER, ...(body as object), phoneNumber: '4165550101' } }),
    });
    renderAt('/profile/user-information?eventSuite=5');
    expect(((await screen.findByLabelText('Phone number')) as HTMLInputElement).value).toBe('416-555-0101');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Diner' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    await waitFor(() => expect(where()).toBe('/profile/user-payment-methods?eventSuite=5'));
  });
});
