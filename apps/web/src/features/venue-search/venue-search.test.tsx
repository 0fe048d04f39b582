import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../testing/api-stub';
import { renderWithProviders } from '../../testing/render-with-providers';
import { VenueSearchScreen } from './venue-search-screen';

const MONTREAL = {
  description: 'Montréal, QC, Canada',
  gmapPlaceId: 'place-montreal',
  terms: [{ value: 'Montréal' }],
  types: ['locality'],
  lat: 45.5,
  lng: -73.57,
};

/** The chain, its place suggestions and its search, answered by `search` (each request body recorded). */
function stubSearch(search: (body: Record<string, unknown>) => Response, suggest?: () => Response) {
  const searches: Array<Record<string, unknown>> = [];
  const suggestions: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (url.pathname.startsWith('/api/restaurants/chains/'))
      return json(200, { group: 'bowlero', name: 'Bowlero', logo: null, primary_color: null, venues: 1, coming_soon: [] });
    if (url.pathname === '/api/restaurants/autocomplete-search') {
      suggestions.push(String(body.description));
      return suggest ? suggest() : json(200, { predictions: [MONTREAL] });
    }
    if (url.pathname === '/api/restaurants/geolocation-search') {
      searches.push(body);
      return search(body);
    }
    return json(404, { code: 404, error: 'NOT_FOUND', message: '' });
  });
  return { searches, suggestions };
}

const noVenues = (body: Record<string, unknown>) =>
  json(200, { chain: 'bowlero', origin: { lat: 45.5, lng: -73.57 }, radius: body.radius, unit: body.unit, results: [] });

describe('venue search', () => {
  it('suggests places for the text typed, searches near the one chosen, and again for another distance', async () => {
    const { searches, suggestions } = stubSearch(noVenues);
    renderWithProviders(<VenueSearchScreen />, { path: '/search' });
    fireEvent.change(screen.getByRole('combobox', { name: 'City or town' }), { target: { value: 'Montr' } });
    fireEvent.mouseDown(await screen.findByRole('option', { name: 'Montréal, QC, Canada' }));
    expect(await screen.findByRole('heading', { name: /^0 locations within .* of Montréal, QC, Canada$/ })).toBeTruthy();
    expect(suggestions).toEqual(['Montr']);
    expect(searches).toHaveLength(1);
    expect(searches[0]).toMatchObject({ gmapPlaceId: 'place-montreal', name: 'Montréal, QC, Canada' });

    const radius = screen.getByRole('combobox', { name: 'Within' }) as HTMLSelectElement;
    const other = [...radius.options].find((option) => option.value !== radius.value);
    fireEvent.change(radius, { target: { value: other?.value } });
    await waitFor(() => expect(searches).toHaveLength(2));
    expect(searches[1]).toMatchObject({ gmapPlaceId: 'place-montreal', radius: Number(other?.value) });
  });

  it('says the search did not work when the server fails', async () => {
    stubSearch(() => json(500, { code: 500, error: 'INTERNAL', message: 'Something went wrong.' }));
    renderWithProviders(<VenueSearchScreen />, { path: '/search' });
    fireEvent.change(screen.getByRole('combobox', { name: 'City or town' }), { target: { value: 'Montr' } });
    fireEvent.mouseDown(await screen.findByRole('option', { name: 'Montréal, QC, Canada' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The search did not work. Please try again.');
  });

  it('says when place suggestions cannot be loaded', async () => {
    stubSearch(noVenues, () => json(500, { code: 500, error: 'INTERNAL', message: 'Something went wrong.' }));
    renderWithProviders(<VenueSearchScreen />, { path: '/search' });
    fireEvent.change(screen.getByRole('combobox', { name: 'City or town' }), { target: { value: 'Montr' } });
    expect(await screen.findByText('We could not load place suggestions. Try again, or use your location.')).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Montréal, QC, Canada' })).toBeNull();
  });
});
