import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { LanguageSwitch } from '../../components/ui/language-switch';
import type { Locale } from '../../i18n/locales';
import { renderWithProviders } from '../../testing/render-with-providers';
import { mapleBistro, mapleBistroMenus } from '../../testing/restaurant-fixture';
import { LandingScreen } from './landing-screen';
import { MenuScreen } from './menu-screen';

/** The two restaurant routes as the app mounts them, with the language switch of the shared layout. */
function renderApp(path: string, locale: Locale = 'en-CA') {
  return renderWithProviders(
    <>
      <LanguageSwitch />
      <Routes>
        <Route path="/:restaurantSlug" element={<MenuScreen />} />
        <Route path="/:restaurantSlug/landing" element={<LandingScreen />} />
      </Routes>
    </>,
    { path, locale },
  );
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A stand-in for the API: the one tenant, and its dine-in menus. */
function stubApi(overrides: { menus?: () => Response } = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    if (url === '/maple-bistro/data.json') return json(200, mapleBistro);
    if (url === '/api/restaurants/12/menus?type=dine_in') return overrides.menus?.() ?? json(200, mapleBistroMenus);
    return json(404, { code: 404, error: 'RESTAURANT_NOT_FOUND', message: 'We could not find this restaurant.' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function headersOf(fetchMock: ReturnType<typeof stubApi>, url: string): Headers {
  const call = fetchMock.mock.calls.find(([input]) => String(input) === url);
  return new Headers(call?.[1]?.headers);
}

describe.each(['/maple-bistro', '/maple-bistro/landing'])('restaurant home at %s', (path) => {
  it('shows the restaurant name, its linked logo and the menu names', async () => {
    const fetchMock = stubApi();
    renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: 'Maple Bistro' })).toBeTruthy();
    const logoLink = screen.getByRole('link', { name: 'Maple Bistro website' });
    expect(logoLink.getAttribute('href')).toBe('https://maple-bistro.example.ca');
    expect(within(logoLink).getByRole('img').getAttribute('src')).toBe('/tenant-images/maple-bistro/logo.png');

    expect(await screen.findByRole('heading', { level: 3, name: 'Lunch' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Drinks' })).toBeTruthy();
    const lunch = screen.getByRole('heading', { name: 'Lunch' }).closest('li');
    expect(
      within(lunch as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Sandwiches', 'Soups']);

    expect(headersOf(fetchMock, '/maple-bistro/data.json').get('Accept-Language')).toBe('en-CA');
    const menusHeaders = headersOf(fetchMock, '/api/restaurants/12/menus?type=dine_in');
    expect(menusHeaders.get('X-Restaurant-Id')).toBe('12');
    expect(menusHeaders.get('Accept-Language')).toBe('en-CA');
  });

  it('applies the restaurant theme, favicon and title', async () => {
    stubApi();
    renderApp(path);
    await screen.findByRole('heading', { level: 1, name: 'Maple Bistro' });
    expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe('#8a1c1c');
    expect(document.documentElement.style.getPropertyValue('--color-background')).toBe('#fdf6e3');
    expect(document.documentElement.style.getPropertyValue('--font-body')).toBe('"Inter", system-ui, sans-serif');
    expect(document.head.querySelector('link[rel~="icon"]')?.getAttribute('href')).toBe('/tenant-images/maple-bistro/favicon.png');
    expect(document.title).toBe('Maple Bistro');
  });
});

describe('restaurant home', () => {
  it('names menus in French, falling back to English, and sends fr-CA', async () => {
    const fetchMock = stubApi();
    renderApp('/maple-bistro', 'fr-CA');
    expect(await screen.findByRole('heading', { level: 3, name: 'Dîner' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Boissons' })).toBeTruthy();
    expect(screen.getByText('Soupes')).toBeTruthy();
    expect(screen.getByText('Sandwiches')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Site Web de Maple Bistro' })).toBeTruthy();
    expect(headersOf(fetchMock, '/api/restaurants/12/menus?type=dine_in').get('Accept-Language')).toBe('fr-CA');
  });

  it('switches the menu names to French without reloading the restaurant', async () => {
    const fetchMock = stubApi();
    renderApp('/maple-bistro');
    await screen.findByRole('heading', { level: 3, name: 'Lunch' });
    fireEvent.click(screen.getByRole('button', { name: 'Français' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Dîner' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Menus' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('shows the page-not-found content for an unknown restaurant', async () => {
    stubApi();
    renderApp('/no-such-place');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('shows a translated error with Retry when the menus fail, keeping the restaurant', async () => {
    let fail = true;
    stubApi({
      menus: () => (fail ? json(503, { code: 503, error: 'SERVICE_UNAVAILABLE', message: 'down' }) : json(200, mapleBistroMenus)),
    });
    renderApp('/maple-bistro');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The service is unavailable. Please try again shortly.');
    expect(screen.getByRole('heading', { level: 1, name: 'Maple Bistro' })).toBeTruthy();

    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Lunch' })).toBeTruthy();
  });

  it('says when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderApp('/maple-bistro', 'fr-CA');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nous n’avons pas pu charger ce restaurant' })).toBeTruthy();
    expect(screen.getByText(/Nous n’avons pas pu joindre le serveur/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });
});
