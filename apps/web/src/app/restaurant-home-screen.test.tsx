import { toPublicRestaurant } from '@servery/contracts/restaurant';
import { TenantFile } from '@servery/contracts/tenant-file';
import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import mapleSchoolJson from '../../../../tenants/maple-school.json';
import { LanguageSwitch } from '../components/ui/language-switch';
import { resetSessionStore, signIn } from '../lib/session';
import { dinerFixture } from '../testing/account-fixture';
import { json, stubApi } from '../testing/api-stub';
import { bistroMenus, bistroRestaurant } from '../testing/restaurant-fixture';
import { renderWithProviders } from '../testing/render-with-providers';
import { RestaurantHomeScreen } from './restaurant-home-screen';

const SCHOOL_TENANT = TenantFile.parse(structuredClone(mapleSchoolJson));
const SCHOOL = toPublicRestaurant(SCHOOL_TENANT);

function renderHome(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/:restaurantSlug" element={<RestaurantHomeScreen />} />
    </Routes>,
    { path, now: new Date('2026-11-24T18:00:00Z') },
  );
}

/** maple-school's data, its menus and an empty week. */
function stubSchool() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/maple-school/data.json') return json(200, SCHOOL);
      if (url.pathname === '/api/rotational-menus') return json(200, { cutoff: '2026-11-27T05:00:00.000Z', zone: SCHOOL.zone, days: [] });
      if (url.pathname === `/api/restaurants/${SCHOOL.id}/menus`)
        return json(200, { restaurant_id: SCHOOL.id, version: 1, menu_groups: SCHOOL_TENANT.menu_groups });
      return json(404, { code: 404, error: 'NOT_FOUND', message: 'Not found.' });
    }),
  );
}

beforeEach(() => {
  resetSessionStore();
  signIn({ token: 'secret-token', user: dinerFixture() });
});

describe('/{restaurant_slug}', () => {
  it('keeps the school week mounted when the screen renders again (a language switch), its code loaded meanwhile (first here: the code is not loaded yet)', async () => {
    stubSchool();
    renderWithProviders(
      <>
        <LanguageSwitch />
        <Routes>
          <Route path="/:restaurantSlug" element={<RestaurantHomeScreen />} />
        </Routes>
      </>,
      { path: '/maple-school', now: new Date('2026-11-24T18:00:00Z') },
    );
    const next = await screen.findByRole('button', { name: 'Next week' });
    fireEvent.click(screen.getByRole('button', { name: 'Français' }));
    expect(await screen.findByRole('button', { name: 'Semaine suivante' })).toBe(next);
  });

  it('shows a K-12 school its menu by week, titled by k12TitleDisplay', async () => {
    stubSchool();
    renderHome('/maple-school');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hot lunch' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Next week' })).toBeTruthy();
    expect(document.title).toBe('Hot lunch');
  });

  it('shows any other restaurant its menu under its own name', async () => {
    const restaurant = bistroRestaurant();
    stubApi({ restaurant, menus: () => bistroMenus('dine_in') });
    renderHome('/maple-bistro?tableNum=12');
    expect(await screen.findByRole('heading', { level: 1, name: restaurant.display_name ?? restaurant.name })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next week' })).toBeNull();
  });
});
