import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../lib/api';
import { json } from '../../testing/api-stub';
import { renderWithProviders } from '../../testing/render-with-providers';
import { bistroRestaurant } from '../../testing/restaurant-fixture';
import { RestaurantFrame } from './restaurant-frame';
import { FALLBACK_PATH, isRestaurantDataUnparseable, loadRestaurantData, parseRestaurantData } from './restaurant-data';

const live = bistroRestaurant();
const copy = { ...live, name: 'Maple Bistro (bundled copy)' };
const DATA = '/maple-bistro/data.json';
const FALLBACK = `${FALLBACK_PATH}/maple-bistro.json`;

/** A fetch answering by path; any other path is a 404 envelope. */
function server(routes: Record<string, () => Response | Promise<Response>>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const answer = routes[new URL(String(input), 'http://localhost').pathname];
    return answer ? answer() : json(404, { code: 404, error: 'NOT_FOUND', message: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const paths = (fetchMock: ReturnType<typeof server>) => fetchMock.mock.calls.map(([input]) => String(input));
const text = (status: number, body: string) => new Response(body, { status, headers: { 'Content-Type': 'application/json' } });
const offline = () => Promise.reject(new TypeError('Failed to fetch'));
const client = () => createApiClient({ locale: 'en-CA' });

afterEach(() => vi.unstubAllGlobals());

describe('loadRestaurantData', () => {
  it('uses data.json when it answers, without asking for the bundled copy', async () => {
    const fetchMock = server({ [DATA]: () => json(200, live), [FALLBACK]: () => json(200, copy) });
    expect((await loadRestaurantData(client(), 'maple-bistro')).name).toBe('Maple Bistro');
    expect(paths(fetchMock)).toEqual([DATA]);
  });

  it.each([
    ['the network is down', offline],
    ['the server fails', () => json(503, { code: 503, error: 'SERVICE_UNAVAILABLE', message: 'Down.' })],
    ['a proxy answers its own error page', () => text(502, '<html>Bad gateway</html>')],
  ])('falls back to the bundled copy when %s', async (_case, answer) => {
    const fetchMock = server({ [DATA]: answer, [FALLBACK]: () => json(200, copy) });
    expect((await loadRestaurantData(client(), 'maple-bistro')).name).toBe('Maple Bistro (bundled copy)');
    expect(paths(fetchMock)).toEqual([DATA, FALLBACK]);
  });

  it('an unknown restaurant stays unknown: no bundled copy is asked for a 404', async () => {
    const fetchMock = server({ [FALLBACK]: () => json(200, copy) });
    await expect(loadRestaurantData(client(), 'maple-bistro')).rejects.toMatchObject({ status: 404 });
    expect(paths(fetchMock)).toEqual([DATA]);
  });

  it('without a bundled copy either, the first failure is the one reported', async () => {
    server({ [DATA]: () => json(503, { code: 503, error: 'SERVICE_UNAVAILABLE', message: 'Down.' }), [FALLBACK]: offline });
    await expect(loadRestaurantData(client(), 'maple-bistro')).rejects.toMatchObject({ error: 'SERVICE_UNAVAILABLE' });
  });

  it.each([
    ['a body that is not JSON', () => text(200, '{"id": 101, "slug": "maple-bi')],
    ['JSON that is not restaurant data', () => json(200, { hello: 'world' })],
    ['another restaurant’s data', () => json(200, { ...live, slug: 'other-place' })],
    ['data without its hours', () => json(200, { ...live, hours: null })],
  ])('gives “error parsing restaurant data” for %s (and no bundled copy hides it)', async (_case, answer) => {
    server({ [DATA]: answer, [FALLBACK]: () => json(200, copy) });
    const failure = await loadRestaurantData(client(), 'maple-bistro').catch((error: unknown) => error);
    expect(isRestaurantDataUnparseable(failure)).toBe(true);
  });

  it('a bundled copy that is not restaurant data is no copy', () => {
    expect(parseRestaurantData({ ...copy, id: 'x' }, 'maple-bistro')).toBeNull();
    expect(parseRestaurantData(copy, 'maple-bistro')).toBe(copy);
  });
});

describe('the restaurant screen', () => {
  const renderFrame = (locale: 'en-CA' | 'fr-CA' = 'en-CA') =>
    renderWithProviders(
      <Routes>
        <Route path="/:restaurantSlug" element={<RestaurantFrame>{(restaurant) => <p>Menu of {restaurant.name}</p>}</RestaurantFrame>} />
      </Routes>,
      { path: '/maple-bistro', locale },
    );

  it('shows the restaurant from its bundled copy while the server is down', async () => {
    server({ [DATA]: offline, [FALLBACK]: () => json(200, copy) });
    renderFrame();
    expect(await screen.findByText('Menu of Maple Bistro (bundled copy)')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Maple Bistro — Distillery District');
  });

  it.each([
    ['en-CA', 'Error parsing restaurant data', /could not read/, 'Retry'],
    ['fr-CA', 'Erreur d’analyse des données du restaurant', /forme illisible/, 'Réessayer'],
  ] as const)(
    'in %s, says it cannot parse the data, with a way to try again, instead of crashing',
    async (locale, title, message, retry) => {
      server({ [DATA]: () => text(200, '<!doctype html><p>Maintenance</p>') });
      renderFrame(locale);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
      expect(screen.getByText(message)).toBeTruthy();
      expect(screen.getByRole('button', { name: retry })).toBeTruthy();
    },
  );
});
