import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { SocialSignIn } from './social-sign-in';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const GOOGLE = { type: 'google' };
const TEST = { type: 'test' };
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

/** A fetch that answers the providers list and, when given, the session hand-over. */
function stubFetch(providers: unknown[] | Error, session?: () => Response) {
  const fetchMock = vi.fn(async (url: string | URL | Request, _init?: RequestInit) => {
    const path = String(url);
    if (path === '/api/auth/social-providers') {
      if (providers instanceof Error) throw providers;
      return json(200, { providers });
    }
    if (path === '/api/auth/social/session' && session) return session();
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
  renderWithProviders(
    <>
      <SocialSignIn onSignedIn={onSignedIn} />
      <Where />
    </>,
    { path, locale },
  );
  return { onSignedIn };
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('social buttons', () => {
  it('renders nothing when no provider is configured', async () => {
    const fetchMock = stubFetch([]);
    renderAt('/login');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('renders nothing when the providers call fails', async () => {
    const fetchMock = stubFetch(new Error('offline'));
    renderAt('/login');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('link')).toBeNull();
  });

  it.each([
    ['en-CA', 'Or continue with', 'Continue with Google', 'Continue with Test provider (demo)'],
    ['fr-CA', 'Ou continuez avec', 'Continuer avec Google', 'Continuer avec le fournisseur de test (démo)'],
  ] as const)('labels one link per configured provider in %s', async (locale, heading, google, test) => {
    stubFetch([GOOGLE, TEST]);
    renderAt('/login', locale);
    expect(await screen.findByRole('heading', { level: 2, name: heading })).toBeTruthy();
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual([google, test]);
  });

  it('starts at the server, asking to come back to this page for this restaurant', async () => {
    stubFetch([TEST]);
    renderAt('/login?redirect=%2Fprofile&restaurant=maple-bistro');
    const link = await screen.findByRole('link', { name: 'Continue with Test provider (demo)' });
    const url = new URL(link.getAttribute('href') ?? '', 'http://site.test');
    expect(url.pathname).toBe('/api/auth/social/test/start');
    expect(url.searchParams.get('returnTo')).toBe('/login?redirect=%2Fprofile&restaurant=maple-bistro');
    expect(url.searchParams.get('restaurant')).toBe('maple-bistro');
  });
});

describe('coming back from the provider', () => {
  it('takes the session the server started, drops the marker from the address and finishes the sign-in', async () => {
    const fetchMock = stubFetch([TEST], () => json(200, ANSWER));
    const { onSignedIn } = renderAt('/login?restaurant=maple-bistro&socialSignIn=1');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(onSignedIn).toHaveBeenCalledWith(ANSWER, { registered: true });
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/social/session');
    expect(call?.[1]?.method).toBe('POST');
    expect(new Headers(call?.[1]?.headers).get('X-Restaurant-Id')).toBe('maple-bistro');
    expect(screen.getByTestId('where').textContent).toBe('/login?restaurant=maple-bistro');
  });

  it.each([
    ['en-CA', 'SOCIAL_EMAIL_TAKEN', 'An account already uses this e-mail address. Please sign in with your e-mail and password instead.'],
    [
      'fr-CA',
      'SOCIAL_SIGN_IN_CANCELLED',
      'La connexion avec le fournisseur a été annulée ou refusée. Vous pouvez réessayer ou utiliser votre courriel et votre mot de passe.',
    ],
    ['en-CA', 'SOMETHING_ELSE', 'We could not sign you in with this provider. Please try again, or use your e-mail and password.'],
  ] as const)('says what went wrong in %s (%s), keeps the buttons and calls nothing', async (locale, error, message) => {
    const fetchMock = stubFetch([GOOGLE, TEST], () => json(200, ANSWER));
    const { onSignedIn } = renderAt(`/login?socialError=${error}`, locale);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/auth/social/session')).toBe(false);
    expect(screen.getByTestId('where').textContent).toBe('/login');
    expect(await screen.findAllByRole('link')).toHaveLength(2);
  });

  it('says so when the session cannot be had (the hand-over expired)', async () => {
    stubFetch([TEST], () => json(400, { code: 2104, error: 'SOCIAL_SIGN_IN_EXPIRED', message: 'server text' }));
    const { onSignedIn } = renderAt('/login?socialSignIn=1');
    expect((await screen.findByRole('alert')).textContent).toBe('This sign-in did not start here or took too long. Please try again.');
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
