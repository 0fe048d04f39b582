import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../i18n/locales';
import { renderWithProviders } from '../../testing/render-with-providers';
import { BISTRO_OPEN_NOW, bistroMenus, bistroRestaurant, bistroTenant } from '../../testing/restaurant-fixture';
import { MenuScreen } from './menu-screen';
import { stubApi } from '../../testing/api-stub';

async function renderBistro(locale: Locale = 'en-CA') {
  const tenant = bistroTenant();
  stubApi({ restaurant: bistroRestaurant(tenant), menus: (type) => bistroMenus(type as 'dine_in', tenant) });
  renderWithProviders(
    <Routes>
      <Route path="/:restaurantSlug" element={<MenuScreen />} />
    </Routes>,
    { path: '/maple-bistro?tableNum=12', locale, now: BISTRO_OPEN_NOW },
  );
  await screen.findByRole('button', { name: locale === 'fr-CA' ? 'Poutine classique' : 'Classic poutine' });
}

const itemNames = () => [...document.querySelectorAll('.item-card__open')].map((button) => button.textContent);

describe('search and filters', () => {
  it('searches names, descriptions and ingredients in both languages, ignoring accents, and counts matches', async () => {
    await renderBistro();
    const search = screen.getByRole('searchbox', { name: 'Search the menu' });
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');

    fireEvent.change(search, { target: { value: 'tourtiere' } });
    expect(itemNames()).toEqual(['Tourtière']);
    expect(status.textContent).toBe('1 item matches');

    // French ingredient words find English items.
    fireEvent.change(search, { target: { value: 'érable' } });
    expect(itemNames()).toEqual(expect.arrayContaining(['Maple Burger', 'Maple-glazed salmon']));
    expect(status.textContent).toBe(`${itemNames().length} items match`);
    // The featured strip steps aside while searching.
    expect(screen.queryByRole('region', { name: 'Featured' })).toBeNull();
  });

  it('filters by diet and excludes the allergens to avoid', async () => {
    await renderBistro();
    fireEvent.click(screen.getByText('Diets and allergens'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Vegan' }));
    const vegan = itemNames();
    expect(vegan).toContain('Garden burger');
    expect(vegan).not.toContain('Classic poutine');
    expect(screen.getByRole('status').textContent).toBe(`${vegan.length} items match`);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Sesame' }));
    expect(itemNames()).not.toContain('Garden burger');
    expect(itemNames()).toContain('Fries');
    expect(screen.getByText('Avoid: Sesame')).toBeTruthy();
    expect(screen.getByText('Diets and allergens (2 selected)')).toBeTruthy();
  });

  it('says when nothing matches and clears everything in one go', async () => {
    await renderBistro();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the menu' }), { target: { value: 'sushi' } });
    expect(screen.getByRole('status').textContent).toBe('No items match');
    expect(itemNames()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(screen.getByRole('searchbox', { name: 'Search the menu' })).toHaveProperty('value', '');
    expect(itemNames()).toContain('Classic poutine');
    expect(screen.getByRole('region', { name: 'Featured' })).toBeTruthy();
  });

  it('labels every diet and allergen in French', async () => {
    await renderBistro('fr-CA');
    const filters = screen.getByRole('search', { name: 'Recherche et filtres' });
    const labels = within(filters)
      .getAllByRole('checkbox')
      .map((box) => box.closest('label')?.textContent);
    expect(labels).toEqual([
      'Pescétarien',
      'Végane',
      'Végétarien',
      'Arachides',
      'Noix',
      'Produits laitiers',
      'Gluten',
      'Œufs',
      'Poisson',
      'Soya',
      'Sésame',
      'Moutarde',
      'Alcool',
    ]);
    fireEvent.click(within(filters).getByRole('checkbox', { name: 'Arachides' }));
    expect(screen.getByText('À éviter : Arachides')).toBeTruthy();
  });
});
