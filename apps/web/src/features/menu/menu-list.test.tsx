import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { menuViews } from '../../lib/menu-model';
import { BISTRO_OPEN_NOW, bistroMenus } from '../../testing/restaurant-fixture';
import { renderWithProviders } from '../../testing/render-with-providers';
import { MenuList } from './menu-list';

const LAYOUT = { card_style: 'vertical', browse_menu_style: 'list' } as const;

describe('the menu list', () => {
  it('names each item with a button to its dialog where the menu can be ordered from', () => {
    const menus = bistroMenus('dine_in', undefined, BISTRO_OPEN_NOW);
    renderWithProviders(<MenuList views={menuViews(menus.menu_groups, null)} layout={LAYOUT} zone="America/Toronto" onOpen={vi.fn()} />, {
      now: BISTRO_OPEN_NOW,
    });
    expect(screen.getByRole('button', { name: 'Caesar salad' }).getAttribute('aria-haspopup')).toBe('dialog');
  });

  it('only shows the cards without onOpen (the staff console’s draft preview): no control announces a dialog it cannot open', () => {
    const menus = bistroMenus('dine_in', undefined, BISTRO_OPEN_NOW);
    renderWithProviders(<MenuList views={menuViews(menus.menu_groups, null)} layout={LAYOUT} zone="America/Toronto" />, {
      now: BISTRO_OPEN_NOW,
    });
    expect(screen.getByRole('heading', { name: 'Caesar salad' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Caesar salad' })).toBeNull();
    expect(document.querySelector('[aria-haspopup]')).toBeNull();
  });
});
