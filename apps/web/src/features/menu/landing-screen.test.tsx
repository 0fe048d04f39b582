import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../i18n/locales';
import { renderWithProviders } from '../../testing/render-with-providers';
import { bistroMenus, bistroRestaurant, bistroTenant } from '../../testing/restaurant-fixture';
import { LandingScreen } from './landing-screen';
import { MenuScreen } from './menu-screen';
import { stubApi } from '../../testing/api-stub';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

const withEvents = () =>
  bistroTenant((file) => {
    file.events = [
      {
        id: 1,
        name: 'Harvest dinner',
        starts_at: '2026-11-21T19:00:00-05:00',
        pre_order_lock_at: '2026-11-19T23:59:00-05:00',
        localization: { 'fr-CA': { name: 'Souper des récoltes' } },
      },
      { id: 2, name: 'Thanksgiving brunch', starts_at: '2026-10-18T11:00:00-04:00', pre_order_lock_at: '2026-10-12T12:00:00-04:00' },
      { id: 3, name: 'Summer party', starts_at: '2026-07-01T18:00:00-04:00', pre_order_lock_at: '2026-06-28T12:00:00-04:00' },
    ];
  });

function renderLanding(path: string, locale: Locale = 'en-CA') {
  const tenant = withEvents();
  stubApi({ restaurant: bistroRestaurant(tenant), menus: (type) => bistroMenus(type as 'dine_in', tenant) });
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/:restaurantSlug" element={<MenuScreen />} />
        <Route path="/:restaurantSlug/landing" element={<LandingScreen />} />
      </Routes>
      <Where />
    </>,
    { path, locale, now: new Date('2026-10-14T17:00:00Z') },
  );
}

describe('landing', () => {
  it('offers pre-orders for upcoming events with their lock times, and says which are locked', async () => {
    renderLanding('/maple-bistro/landing?eventSuite=77');
    const events = await screen.findByRole('region', { name: 'Pre-order for an event' });
    const items = within(events).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(['Thanksgiving brunch', 'Harvest dinner']);
    expect(items[0]?.textContent).toContain('Locked');
    expect(items[0]?.textContent).toContain('Pre-orders closed 12/10/2026 12:00 PM.');
    expect(within(items[0] as HTMLElement).queryByRole('link', { name: 'Pre-order' })).toBeNull();
    expect(items[1]?.textContent).toContain('Pre-order until 19/11/2026 11:59 PM');
    expect(
      within(items[1] as HTMLElement)
        .getByRole('link', { name: 'Pre-order' })
        .getAttribute('href'),
    ).toBe('/login?eventSuite=77');
  });

  it('links to the menu and to log in, keeping the query', async () => {
    renderLanding('/maple-bistro/landing?eventSuite=77');
    expect((await screen.findByRole('link', { name: 'View the menu' })).getAttribute('href')).toBe('/maple-bistro?eventSuite=77');
    expect(screen.getByRole('link', { name: 'Sign up or log in' }).getAttribute('href')).toBe('/login?eventSuite=77');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('takes a table number to the menu', async () => {
    renderLanding('/maple-bistro/landing');
    const input = await screen.findByRole('textbox', { name: 'Table number' });
    const form = input.closest('form');
    expect(form?.getAttribute('method')).toBe('get');
    expect(form?.getAttribute('action')).toBe('/maple-bistro');
    fireEvent.change(input, { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Go to the menu' }));
    expect(await screen.findByRole('button', { name: 'Classic poutine' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/maple-bistro?tableNum=7');
  });

  it('is in French, event names and times included', async () => {
    renderLanding('/maple-bistro/landing', 'fr-CA');
    expect(await screen.findByRole('heading', { level: 3, name: 'Souper des récoltes' })).toBeTruthy();
    expect(screen.getByText('Précommandes jusqu’au 19/11/2026 23 h 59')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voir le menu' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'S’inscrire ou se connecter' })).toBeTruthy();
  });
});
