import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { rememberMenuSearch } from '../components/restaurant-shell/menu-address';
import { saveCart } from '../ordering/cart/cart-storage';
import type { Locale } from '../i18n/locales';
import { resetSessionStore, signIn } from '../lib/session';
import { dinerFixture } from '../testing/account-fixture';
import { stubApi } from '../testing/api-stub';
import { bistroMenus, bistroRestaurant, bistroTenant } from '../testing/restaurant-fixture';
import { renderWithProviders } from '../testing/render-with-providers';
import { AppLayout, headerRestaurantSlug } from './app-layout';

const NAME = 'Maple Bistro — Distillery District';

function renderAt(path: string, locale: Locale = 'en-CA') {
  stubApi({ restaurant: bistroRestaurant(bistroTenant()), menus: (type) => bistroMenus(type as 'dine_in', bistroTenant()) });
  return renderWithProviders(
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="/login" element={<p>Login screen</p>} />
        <Route path="/profile" element={<p>Profile screen</p>} />
        <Route path="/:restaurantSlug" element={<p>Menu screen</p>} />
        <Route path="/:restaurantSlug/order-confirmation" element={<p>Confirmation screen</p>} />
      </Route>
    </Routes>,
    { path, locale },
  );
}

const header = () => within(screen.getByRole('banner')).getByRole('navigation', { name: 'Restaurant' });
const line = (quantity: number, orderId: number) => ({
  id: 1101,
  menu_id: 1010,
  section_id: 1050,
  orderId,
  quantity,
  orderPrice: 800,
  orderOptions: [],
});

beforeEach(() => {
  resetSessionStore();
  sessionStorage.clear();
});

describe('the header of a restaurant’s screens', () => {
  it('names the restaurant, counts the cart, and signs in back to the same address, query and all', async () => {
    renderAt('/maple-bistro?catering=true&menuList=1010');
    const nav = header();
    const brand = await within(nav).findByRole('link', { name: NAME });
    expect(brand.getAttribute('href')).toBe('/maple-bistro?catering=true&menuList=1010');
    expect(within(nav).getByRole('link', { name: 'Cart, 0 items' })).toBeTruthy();
    const signIn = within(nav).getByRole('link', { name: 'Log in' });
    expect(new URLSearchParams(signIn.getAttribute('href')?.split('?')[1]).get('redirect')).toBe(
      '/maple-bistro?catering=true&menuList=1010',
    );
    expect(within(nav).getByRole('button', { name: 'Français' })).toBeTruthy();
  });

  it('counts the items of the saved cart, and follows it as the cart changes', async () => {
    saveCart(
      localStorage,
      { restaurantId: 101, slug: 'maple-bistro', loggedIn: false, eventSuite: null },
      { items: [line(2, 1), line(1, 2)], tip: { kind: 'none' }, discountCode: null, voucher: null, delivery: false, payWhatYouCan: null },
      Date.now(),
    );
    renderAt('/maple-bistro?takeout=true');
    expect(await within(header()).findByRole('link', { name: 'Cart, 3 items' })).toBeTruthy();
    saveCart(
      localStorage,
      { restaurantId: 101, slug: 'maple-bistro', loggedIn: false, eventSuite: null },
      { items: [line(1, 1)], tip: { kind: 'none' }, discountCode: null, voucher: null, delivery: false, payWhatYouCan: null },
      Date.now(),
    );
    expect(await within(header()).findByRole('link', { name: 'Cart, 1 item' })).toBeTruthy();
  });

  it('links a signed-in diner to the account, which keeps the restaurant', async () => {
    signIn({ token: 'secret-token', user: dinerFixture() });
    renderAt('/maple-bistro/order-confirmation');
    const account = await within(header()).findByRole('link', { name: 'Account' });
    expect(account.getAttribute('href')).toBe('/profile?restaurant=maple-bistro');
    expect(within(header()).queryByRole('link', { name: 'Log in' })).toBeNull();
  });

  it('on the profile opened from a restaurant: its brand and colours, and the way back to its menu as it was', async () => {
    rememberMenuSearch('maple-bistro', '?takeout=true&takeoutType=delivery');
    renderAt('/profile?restaurant=maple-bistro');
    const back = await within(header()).findByRole('link', { name: `Back to ${NAME}` });
    expect(back.getAttribute('href')).toBe('/maple-bistro?takeout=true&takeoutType=delivery');
    expect(document.documentElement.getAttribute('style')).toContain('--color');
    expect(within(header()).getByRole('link', { name: /^Cart/ }).getAttribute('href')).toBe(
      '/maple-bistro?takeout=true&takeoutType=delivery',
    );
  });

  it('says it all in French', async () => {
    renderAt('/maple-bistro?takeout=true', 'fr-CA');
    const nav = within(screen.getByRole('banner')).getByRole('navigation', { name: 'Restaurant' });
    expect(await within(nav).findByRole('link', { name: 'Panier, 0 article' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Se connecter' })).toBeTruthy();
    fireEvent.click(within(nav).getByRole('button', { name: 'English' }));
    expect(await within(nav).findByRole('link', { name: 'Log in' })).toBeTruthy();
  });

  it('has no restaurant header off a restaurant: just the language', () => {
    renderAt('/login');
    expect(within(screen.getByRole('banner')).queryByRole('navigation')).toBeNull();
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Français' })).toBeTruthy();
  });
});

describe('headerRestaurantSlug', () => {
  it.each([
    ['/maple-bistro', '', 'maple-bistro'],
    ['/maple-bistro/order-confirmation', '', 'maple-bistro'],
    ['/profile', '?restaurant=maple-bistro', 'maple-bistro'],
    ['/login', `?redirect=${encodeURIComponent('/maple-bistro?catering=true')}`, 'maple-bistro'],
    ['/login', `?redirect=${encodeURIComponent('//evil.example/x')}`, null],
    ['/login', '?restaurant=Not%20A%20Slug', null],
    ['/profile', '', null],
  ])('%s%s → %s', (pathname, search, expected) => {
    expect(headerRestaurantSlug(pathname, search)).toBe(expected);
  });
});
