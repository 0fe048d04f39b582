import type { PublicRestaurant } from '@servery/contracts/restaurant';
import type { ComponentType } from 'react';
import { matchRoutes } from 'react-router';
import { loadAllMessages } from '../i18n/i18n';
import { lazyScreen, type Screen } from '../lib/lazy-screen';
import { ROUTE_PATHS, type RouteName } from '../lib/route-paths';
import { needsOrderingPlugins, preloadOrderingPlugins } from './ordering-plugins-load';
import { menuEditorScreen } from './menu-editor-route';
import { settingsScreen } from './settings-route';
import { giftCardsScreen } from './gift-cards-route';
import { profileSettingsScreen, studentsScreen } from './profile-screens';

export interface AppRoute {
  name: RouteName;
  path: string;
  Screen: Screen;
}

/**
 * Every screen but the menu loads the whole catalogue with its code; the menu's first load carries
 * only its own messages (i18n/first-load-messages.ts, docs/decisions/0044-menu-lighter-first-load.md).
 */
function route(name: RouteName, load: () => Promise<ComponentType>): AppRoute {
  const withMessages = name === 'Menu' ? load : () => Promise.all([load(), loadAllMessages()]).then(([screen]) => screen);
  return { name, path: ROUTE_PATHS[name], Screen: lazyScreen(withMessages) };
}

const pageNotFound = () => import('../features/not-found/page-not-found-screen').then((m) => m.PageNotFoundScreen);

/**
 * The one route table. Every screen is its own chunk, so the first visit to a restaurant's menu
 * downloads only the shell and the menu. React Router ranks paths by specificity, so the static
 * paths (/login, /cantine, ...) win over /:restaurantSlug whatever the order here.
 */
export const ROUTES: readonly AppRoute[] = [
  // The server sends canteen hosts from / to /cantine before the app starts; anywhere else / has nothing to show.
  route('Home', pageNotFound),
  route('Login', () => import('../features/account/login-screen').then((m) => m.LoginScreen)),
  route('ResetPassword', () => import('../features/account/reset-password-screen').then((m) => m.ResetPasswordScreen)),
  route('ProfileSettings', profileSettingsScreen),
  route('UserInformation', () => import('../features/account/user-information-screen').then((m) => m.UserInformationScreen)),
  route('UserPaymentMethods', () => import('../features/account/user-payment-methods-screen').then((m) => m.UserPaymentMethodsScreen)),
  route('EventList', () => import('../features/suites/event-list-screen').then((m) => m.EventListScreen)),
  route('PastReceipts', () => import('../features/profile-lists/past-receipts-screen').then((m) => m.PastReceiptsScreen)),
  route('ScheduledOrders', () => import('../features/profile-lists/scheduled-orders-screen').then((m) => m.ScheduledOrdersScreen)),
  route('ScheduledOrderDetails', () =>
    import('../features/profile-lists/scheduled-order-details-screen').then((m) => m.ScheduledOrderDetailsScreen),
  ),
  // The students are the school's; their screens sit in the profile's list page (app/profile-screens.tsx).
  route(
    'Students',
    studentsScreen(() => import('../features/school/students/students-screen').then((m) => m.StudentsScreen)),
  ),
  route(
    'AddStudent',
    studentsScreen(() => import('../features/school/students/add-student-screen').then((m) => m.AddStudentScreen)),
  ),
  route(
    'EditStudent',
    studentsScreen(() => import('../features/school/students/edit-student-screen').then((m) => m.EditStudentScreen)),
  ),
  route('Cantine', () => import('./cantine-screen').then((m) => m.CantineScreen)),
  // One venue-chain search for both paths: /search?group= for any chain, the spec's branded path for the default group.
  route('Search', () => import('../features/venue-search/venue-search-screen').then((m) => m.VenueSearchScreen)),
  route('BowleroLocationSearch', () => import('../features/venue-search/venue-search-screen').then((m) => m.VenueSearchScreen)),
  route('BowleroComingSoon', () => import('../features/venue-search/coming-soon-screen').then((m) => m.ComingSoonScreen)),
  route('Menu', () => import('./restaurant-home-screen').then((m) => m.RestaurantHomeScreen)),
  route('Landing', () => import('../features/suites/suite-landing-screen').then((m) => m.SuiteLandingScreen)),
  route('OrderNotification', () => import('../ordering').then((m) => m.orderStatusScreen())),
  route('OrderConfirmation', () => import('./ordering-plugins').then((m) => m.confirmationRoute())),
  // A parent's month calendar per child at a K-12 school (features/school-calendar).
  route('SchoolCalendar', () => import('../features/school-calendar/school-calendar-screen').then((m) => m.SchoolCalendarScreen)),
  route('StandingOrders', () => import('../features/school-standing/standing-orders-screen').then((m) => m.StandingOrdersScreen)),
  route('OperatorEventList', () => import('../features/suite-operator/operator-event-list-screen').then((m) => m.OperatorEventListScreen)),
  route('OperatorSuiteList', () => import('../features/suite-operator/operator-suite-list-screen').then((m) => m.OperatorSuiteListScreen)),
  route('OperatorManifest', () => import('../features/suite-operator/operator-manifest-screen').then((m) => m.OperatorManifestScreen)),
  route('OperatorOpenTabs', () => import('../features/suite-operator/operator-open-tabs-screen').then((m) => m.OperatorOpenTabsScreen)),
  route('SuiteSettings', () => import('../features/suite-operator/suite-settings-screen').then((m) => m.SuiteSettingsScreen)),
  route('StaffBoard', () => import('../features/staff/staff-board-screen').then((m) => m.StaffBoardScreen)),
  route('StaffTeam', () => import('../features/staff/staff-team-screen').then((m) => m.StaffTeamScreen)),
  route('StaffAvailability', () =>
    import('../features/staff/availability/staff-availability-screen').then((m) => m.StaffAvailabilityScreen),
  ),
  route('StaffSales', () => import('../features/staff/staff-sales-screen').then((m) => m.StaffSalesScreen)),
  route('StaffWebhooks', () => import('../features/staff/staff-webhooks-screen').then((m) => m.StaffWebhooksScreen)),
  route('StaffPrinter', () => import('../features/staff/kitchen-printer/staff-printer-screen').then((m) => m.StaffPrinterScreen)),
  route('StaffProduction', () => import('../features/staff/staff-production-screen').then((m) => m.StaffProductionScreen)),
  // The menu editor with the console's gate and the diner's menu list for its preview (app/menu-editor-route.tsx).
  route('StaffMenu', menuEditorScreen),
  // The restaurant's settings on the same draft, with the console's gate (app/settings-route.tsx).
  route('StaffSettings', settingsScreen),
  // Gift cards with the console's gate (app/gift-cards-route.tsx).
  route('StaffGiftCards', giftCardsScreen),
  route('StaffJoin', () => import('../features/staff/staff-join-screen').then((m) => m.StaffJoinScreen)),
  route('PageNotFound', pageNotFound),
];

/** Any path no route above matches shows the page-not-found screen, keeping the address as typed. */
export const FALLBACK_PATH = '*';

/** The route a path shows: the matching route, or the page-not-found route for any other path. */
export function routeAt(pathname: string): AppRoute | undefined {
  const match = matchRoutes(
    [
      ...ROUTES.map((route) => ({ path: route.path, route })),
      { path: FALLBACK_PATH, route: ROUTES.find((r) => r.name === 'PageNotFound') },
    ],
    pathname,
  );
  return match?.at(-1)?.route.route;
}

/**
 * Downloads the code of the screen at `pathname`, so it renders at once (server render, hydration);
 * for a K-12 restaurant's home, the school menu's code too (a chunk of its own); for any other
 * restaurant's home that may need a vertical (a hub, suites, a suite's link in `search`), the
 * verticals' plug-ins (app/ordering-plugins.tsx).
 */
export async function preloadRouteAt(
  pathname: string,
  restaurant?: Pick<PublicRestaurant, 'k12' | 'marketplaceHub' | 'suites_enabled'> | null,
  search = '',
): Promise<void> {
  const route = routeAt(pathname);
  await route?.Screen.preload();
  if (route?.name !== 'Menu' || !restaurant) return;
  if (restaurant.k12) {
    await import('./restaurant-home-screen').then((module) => module.preloadSchoolMenu()).catch(() => undefined);
  } else if (needsOrderingPlugins(restaurant, search)) {
    await preloadOrderingPlugins().catch(() => undefined);
  }
}
