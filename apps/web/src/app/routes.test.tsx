import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/i18n';
import type { Locale } from '../i18n/locales';
import { readCookie } from '../lib/cookies';
import { ROUTE_PATHS, pathTo, type RouteName } from '../lib/route-paths';
import { AppRoutes } from './app-routes';
import { AppProviders } from './providers';
import { FALLBACK_PATH, ROUTES } from './routes';

/** The whole app at one path, as a diner would open it (the browser router swapped for a memory one). */
function renderApp(path: string, locale: Locale = 'en-CA') {
  const i18n = createI18n(locale);
  render(
    <AppProviders i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  return { i18n };
}

/** Spec ordering.md section 2 and accounts-and-suites.md section 2, route by route. */
const EXPECTED: Record<RouteName, string> = {
  Home: '/',
  Login: '/login',
  ResetPassword: '/reset-password',
  ProfileSettings: '/profile',
  UserInformation: '/profile/user-information',
  UserPaymentMethods: '/profile/user-payment-methods',
  EventList: '/profile/events',
  PastReceipts: '/profile/receipts',
  ScheduledOrders: '/profile/scheduled-orders',
  ScheduledOrderDetails: '/profile/scheduled-orders/:orderId',
  Students: '/profile/students',
  AddStudent: '/profile/students/create',
  EditStudent: '/profile/students/:id',
  Cantine: '/cantine',
  Search: '/search',
  BowleroLocationSearch: '/bowlero-location-search',
  BowleroComingSoon: '/bowlero-coming-soon',
  Menu: '/:restaurantSlug',
  Landing: '/:restaurantSlug/landing',
  OrderNotification: '/:restaurantSlug/order-notification',
  OrderConfirmation: '/:restaurantSlug/order-confirmation',
  SchoolCalendar: '/:restaurantSlug/calendar',
  StandingOrders: '/:restaurantSlug/standing-orders',
  OperatorEventList: '/:restaurantSlug/events',
  OperatorSuiteList: '/:restaurantSlug/events/:eventId',
  OperatorManifest: '/:restaurantSlug/events/:eventId/manifest',
  OperatorOpenTabs: '/:restaurantSlug/open-tabs',
  SuiteSettings: '/:restaurantSlug/suite-settings',
  StaffBoard: '/:restaurantSlug/staff',
  StaffTeam: '/:restaurantSlug/staff/team',
  StaffAvailability: '/:restaurantSlug/staff/availability',
  StaffSales: '/:restaurantSlug/staff/sales',
  StaffWebhooks: '/:restaurantSlug/staff/webhooks',
  StaffPrinter: '/:restaurantSlug/staff/printer',
  StaffProduction: '/:restaurantSlug/staff/production',
  StaffMenu: '/:restaurantSlug/staff/menu',
  StaffSettings: '/:restaurantSlug/staff/settings',
  StaffGiftCards: '/:restaurantSlug/staff/gift-cards',
  StaffJoin: '/:restaurantSlug/staff/join',
  PageNotFound: '/page-not-found',
};

const routeObjects = [...ROUTES.map((route) => ({ id: route.name, path: route.path })), { id: 'fallback', path: FALLBACK_PATH }];

function routeNameAt(url: string): string | undefined {
  return matchRoutes(routeObjects, url)?.at(-1)?.route.id;
}

describe('route table', () => {
  it('has every route name of the spec exactly once, with its path', () => {
    const names = ROUTES.map((route) => route.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const route of ROUTES) expect(route.path, route.name).toBe(EXPECTED[route.name]);
    expect(ROUTE_PATHS).toEqual(EXPECTED);
  });

  it('has no two routes on the same path', () => {
    const paths = ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it.each([
    ['/', 'Home'],
    ['/login', 'Login'],
    ['/reset-password', 'ResetPassword'],
    ['/profile', 'ProfileSettings'],
    ['/profile/user-information', 'UserInformation'],
    ['/profile/user-payment-methods', 'UserPaymentMethods'],
    ['/profile/events', 'EventList'],
    ['/profile/receipts', 'PastReceipts'],
    ['/profile/scheduled-orders', 'ScheduledOrders'],
    ['/profile/scheduled-orders/42', 'ScheduledOrderDetails'],
    ['/profile/students', 'Students'],
    ['/profile/students/create', 'AddStudent'],
    ['/profile/students/7', 'EditStudent'],
    ['/cantine', 'Cantine'],
    ['/search', 'Search'],
    ['/bowlero-location-search', 'BowleroLocationSearch'],
    ['/bowlero-coming-soon', 'BowleroComingSoon'],
    ['/maple-bistro', 'Menu'],
    ['/maple-bistro/landing', 'Landing'],
    ['/maple-bistro/order-notification', 'OrderNotification'],
    ['/maple-school/calendar', 'SchoolCalendar'],
    ['/maple-bistro/events', 'OperatorEventList'],
    ['/maple-bistro/events/3', 'OperatorSuiteList'],
    ['/northside-arena/events/3971/manifest', 'OperatorManifest'],
    ['/northside-arena/open-tabs', 'OperatorOpenTabs'],
    ['/maple-bistro/suite-settings', 'SuiteSettings'],
    ['/maple-bistro/staff', 'StaffBoard'],
    ['/maple-bistro/staff/team', 'StaffTeam'],
    ['/maple-bistro/staff/availability', 'StaffAvailability'],
    ['/maple-bistro/staff/sales', 'StaffSales'],
    ['/maple-bistro/staff/webhooks', 'StaffWebhooks'],
    ['/maple-bistro/staff/printer', 'StaffPrinter'],
    ['/maple-school/staff/production', 'StaffProduction'],
    ['/maple-bistro/staff/menu', 'StaffMenu'],
    ['/maple-bistro/staff/settings', 'StaffSettings'],
    ['/maple-bistro/staff/gift-cards', 'StaffGiftCards'],
    ['/maple-bistro/staff/join', 'StaffJoin'],
    ['/page-not-found', 'PageNotFound'],
    ['/maple-bistro/nothing-here', 'fallback'],
    ['/a/b/c/d', 'fallback'],
  ])('%s is %s', (url, name) => {
    expect(routeNameAt(url)).toBe(name);
  });

  it('builds concrete paths by route name', () => {
    expect(pathTo('Menu', { restaurantSlug: 'maple-bistro' })).toBe('/maple-bistro');
    expect(pathTo('OperatorSuiteList', { restaurantSlug: 'maple-bistro', eventId: '3' })).toBe('/maple-bistro/events/3');
    expect(pathTo('Login')).toBe('/login');
  });
});

describe('screens', () => {
  it.each([
    ['/login', 'Log in'],
    ['/reset-password?token=abc', 'Choose a new password'],
    ['/search', 'Find a location'],
    ['/bowlero-location-search', 'Find a location'],
    // No server behind these tests: the canteen cannot be looked up, and says so.
    ['/cantine', 'We could not load this restaurant'],
    ['/bowlero-coming-soon', 'Coming soon'],
    ['/page-not-found', 'Page not found'],
    ['/', 'Page not found'],
    ['/a/b/c/d', 'Page not found'],
  ])('%s shows one h1 "%s" in the shared layout', async (url, title) => {
    renderApp(url);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Skip to main content' }).getAttribute('href')).toBe('#main-content');
    expect(screen.getByRole('button', { name: 'Français' })).toBeTruthy();
  });

  it('the skip link moves focus to the main content', async () => {
    renderApp('/login');
    await screen.findByRole('heading', { level: 1 });
    screen.getByRole('link', { name: 'Skip to main content' }).click();
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('switches a screen to French from the shared layout and remembers it', async () => {
    renderApp('/search');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find a location' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Français' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Trouver un établissement' })).toBeTruthy();
    expect(readCookie('locale')).toBe('fr-CA');
    expect(document.documentElement.lang).toBe('fr-CA');
    expect(document.title).toBe('Trouver un établissement');
    expect(screen.getByRole('link', { name: 'Passer au contenu principal' })).toBeTruthy();
  });
});
