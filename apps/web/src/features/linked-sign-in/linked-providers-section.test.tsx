import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSessionStore, signIn } from '../../lib/session';
import { dinerFixture } from '../../testing/account-fixture';
import { renderWithProviders } from '../../testing/render-with-providers';
import { LinkedProvidersSection } from './linked-providers-section';
import { browser } from './linked-sign-in-api';

const USER = dinerFixture();
const CREDENTIALS = { token: 'secret-token', userId: USER.id };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function server(answers: Record<string, () => Response>) {
  const fetchMock = vi.fn(async (url: string) => {
    const path = new URL(url, 'http://localhost').pathname;
    const answer = answers[path];
    if (!answer) throw new Error(`unexpected call ${path}`);
    return answer();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  resetSessionStore();
  signIn({ token: CREDENTIALS.token, user: USER });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the profile’s sign-in providers', () => {
  it('lists each offered provider as connected or not; Connect goes to the address the server gives', async () => {
    const assign = vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    const fetchMock = server({
      '/api/auth/social-links': () =>
        json({
          links: [
            { type: 'google', connected: true },
            { type: 'test', connected: false },
          ],
          hasPassword: true,
        }),
      '/api/auth/social/test/link': () => json({ authorizationUrl: 'http://127.0.0.1:9/authorize?state=s' }),
    });
    renderWithProviders(<LinkedProvidersSection credentials={CREDENTIALS} />, { path: '/profile?restaurant=maple-bistro' });
    const section = await screen.findByRole('region', { name: 'Sign-in providers' });
    expect(within(section).getByText('Google')).toBeTruthy();
    expect(within(section).getByText('Connected')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Disconnect Google' })).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Connect Test provider (demo)' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://127.0.0.1:9/authorize?state=s'));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes('/link'))! as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ returnTo: '/profile?restaurant=maple-bistro' });
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer secret-token');
  });

  it('says in French why a disconnect is refused', async () => {
    server({
      '/api/auth/social-links': () => json({ links: [{ type: 'test', connected: true }], hasPassword: false }),
      '/api/auth/social/test/unlink': () => json({ error: 'SOCIAL_LAST_SIGN_IN_METHOD', code: 2107, message: 'refused' }, 409),
    });
    renderWithProviders(<LinkedProvidersSection credentials={CREDENTIALS} />, { path: '/profile', locale: 'fr-CA' });
    const section = await screen.findByRole('region', { name: 'Fournisseurs de connexion' });
    fireEvent.click(within(section).getByRole('button', { name: 'Dissocier Fournisseur de test (démo)' }));
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'C’est la seule façon de vous connecter à ce compte. Définissez d’abord un mot de passe (Mot de passe oublié à l’écran de connexion) ou connectez un autre fournisseur.',
    );
  });

  it('says what came back from the provider: linked, or refused', async () => {
    server({ '/api/auth/social-links': () => json({ links: [{ type: 'test', connected: false }], hasPassword: true }) });
    renderWithProviders(<LinkedProvidersSection credentials={CREDENTIALS} />, {
      path: '/profile?socialError=SOCIAL_IDENTITY_LINKED_ELSEWHERE',
    });
    const section = await screen.findByRole('region', { name: 'Sign-in providers' });
    expect(within(section).getByRole('alert').textContent).toContain('already connected to another account');
  });
});
