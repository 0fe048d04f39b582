import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { SOCIAL_PENDING_KEY, SocialSignIn } from './social-sign-in';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const GOOGLE = {
  type: 'google',
  clientId: 'web.apps.googleusercontent.example',
  authorizationEndpoint: 'https://accounts.example/auth?hd=x',
};
const APPLE = { type: 'apple', clientId: 'ca.servery.web', authorizationEndpoint: 'https://appleid.example/auth/authorize' };
const ANSWER = {
  token: 'session-token',
  registered: true,
  user: {
    id: 9,
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@example.com',
    phoneNumber: null,
    paymentMethods: [],
    credits: { balance: 0, entries: [] },
    students: [],
    subsidyCode: null,
    suiteOperator: false,
  },
};

/** A fetch that answers the providers list and, when given, the login call. */
function stubFetch(providers: unknown[] | Error, login?: () => Response) {
  const fetchMock = vi.fn(async (url: string | URL | Request, _init?: RequestInit) => {
    const path = String(url);
    if (path === '/api/auth/social-providers') {
      if (providers instanceof Error) throw providers;
      return json(200, { providers });
    }
    if (path.startsWith('/api/auth/login-') && login) return login();
    return json(404, { code: 404, error: 'NOT_FOUND', message: 'no' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}${location.hash}`}</output>;
}

function renderAt(path: string, locale: 'en-CA' | 'fr-CA' = 'en-CA') {
  const onSignedIn = vi.fn();
  const redirect = vi.fn();
  renderWithProviders(
    <>
      <SocialSignIn onSignedIn={onSignedIn} redirect={redirect} />
      <Where />
    </>,
    { path, locale },
  );
  return { onSignedIn, redirect };
}

function keepPending(fields: Partial<{ type: string; state: string; nonce: string; search: string; startedAt: number }> = {}) {
  sessionStorage.setItem(
    SOCIAL_PENDING_KEY,
    JSON.stringify({
      type: 'google',
      state: 'state-123',
      nonce: 'nonce-456',
      search: '?redirect=%2Fprofile',
      startedAt: Date.now(),
      ...fields,
    }),
  );
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('social buttons', () => {
  it('renders nothing when no provider is configured, or when the list cannot be had', async () => {
    const fetchMock = stubFetch([]);
    renderAt('/login');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('renders nothing when the providers call fails', async () => {
    const fetchMock = stubFetch(new Error('offline'));
    renderAt('/login');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('button')).toBeNull();
  });

  it.each([
    ['en-CA', 'Or continue with', 'Continue with Google', 'Continue with Apple'],
    ['fr-CA', 'Ou continuez avec', 'Continuer avec Google', 'Continuer avec Apple'],
  ] as const)('labels a button per configured provider in %s', async (locale, heading, google, apple) => {
    stubFetch([GOOGLE, APPLE]);
    renderAt('/login', locale);
    expect(await screen.findByRole('heading', { level: 2, name: heading })).toBeTruthy();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([google, apple]);
  });

  it('sends the browser to the provider with a fresh state and nonce it keeps for this tab', async () => {
    stubFetch([GOOGLE]);
    const { redirect } = renderAt('/login?redirect=%2Fprofile&restaurant=maple');
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(redirect).toHaveBeenCalledTimes(1);
    const url = new URL(redirect.mock.calls[0]![0] as string);
    expect(`${url.origin}${url.pathname}`).toBe('https://accounts.example/auth');
    expect(url.searchParams.get('hd')).toBe('x');
    expect(url.searchParams.get('response_type')).toBe('id_token');
    expect(url.searchParams.get('client_id')).toBe(GOOGLE.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/login`);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    const pending = JSON.parse(sessionStorage.getItem(SOCIAL_PENDING_KEY) ?? '{}');
    expect(pending).toMatchObject({ type: 'google', search: '?redirect=%2Fprofile&restaurant=maple' });
    expect(url.searchParams.get('state')).toBe(pending.state);
    expect(url.searchParams.get('nonce')).toBe(pending.nonce);
    expect(pending.state).toMatch(/^[\w-]{43}$/);
    expect(pending.nonce).toMatch(/^[\w-]{43}$/);
    expect(pending.state).not.toBe(pending.nonce);
  });
});

describe('coming back from the provider', () => {
  it('checks the state, posts the token with its nonce, hides the token and finishes the sign-in', async () => {
    keepPending();
    const fetchMock = stubFetch([GOOGLE], () => json(200, ANSWER));
    const { onSignedIn } = renderAt('/login#id_token=header.payload.signature&state=state-123');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(onSignedIn).toHaveBeenCalledWith(ANSWER, { registered: true });
    const login = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/login-google');
    expect(login).toBeTruthy();
    const init = login![1]!;
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ idToken: 'header.payload.signature', nonce: 'nonce-456' });
    // The login page's query is back; the token is gone from the address; the pending sign-in is spent.
    expect(screen.getByTestId('where').textContent).toBe('/login?redirect=%2Fprofile');
    expect(sessionStorage.getItem(SOCIAL_PENDING_KEY)).toBeNull();
  });

  it.each([
    ['a different state', () => keepPending({ state: 'someone-else' }), '#id_token=a.b.c&state=state-123'],
    ['no sign-in started in this tab', () => undefined, '#id_token=a.b.c&state=state-123'],
    ['a sign-in started too long ago', () => keepPending({ startedAt: Date.now() - 11 * 60 * 1000 }), '#id_token=a.b.c&state=state-123'],
    ['no state', () => keepPending(), '#id_token=a.b.c'],
  ])('refuses an answer with %s, without calling the server', async (_name, setUp, hash) => {
    setUp();
    const fetchMock = stubFetch([GOOGLE], () => json(200, ANSWER));
    const { onSignedIn } = renderAt(`/login${hash}`);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This sign-in did not start on this page or has expired. Please try again.',
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/auth/login-'))).toBe(false);
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(screen.getByTestId('where').textContent).not.toContain('id_token');
  });

  it('says so when the person cancelled at the provider', async () => {
    keepPending();
    stubFetch([GOOGLE]);
    renderAt('/login#error=access_denied&state=state-123', 'fr-CA');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'La connexion avec le fournisseur a été annulée ou refusée. Veuillez réessayer.',
    );
  });

  it.each([
    ['en-CA', 'We could not confirm your sign-in with this provider. Please try again.'],
    ['fr-CA', 'Nous n’avons pas pu confirmer votre connexion avec ce fournisseur. Veuillez réessayer.'],
  ] as const)('shows the server’s refusal in %s and keeps the buttons', async (locale, message) => {
    keepPending({ type: 'apple' });
    stubFetch([GOOGLE, APPLE], () => json(401, { code: 401, error: 'SOCIAL_TOKEN_INVALID', message: 'server text' }));
    const { onSignedIn } = renderAt('/login#id_token=a.b.c&state=state-123', locale);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(screen.getAllByRole('button')).toHaveLength(2);
    expect(screen.getAllByRole('button').every((button) => !(button as HTMLButtonElement).disabled)).toBe(true);
  });
});
