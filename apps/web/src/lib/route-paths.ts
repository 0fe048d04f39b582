import { generatePath } from 'react-router';

/**
 * Every route of the product by its name (spec ordering.md section 2, accounts-and-suites.md
 * section 2). Paths live here, apart from the screens, so any feature can link to any route by
 * name without importing another feature.
 */
export const ROUTE_PATHS = {
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
  StaffSales: '/:restaurantSlug/staff/sales',
  StaffAvailability: '/:restaurantSlug/staff/availability',
  StaffWebhooks: '/:restaurantSlug/staff/webhooks',
  StaffPrinter: '/:restaurantSlug/staff/printer',
  StaffProduction: '/:restaurantSlug/staff/production',
  StaffMenu: '/:restaurantSlug/staff/menu',
  StaffSettings: '/:restaurantSlug/staff/settings',
  StaffGiftCards: '/:restaurantSlug/staff/gift-cards',
  StaffJoin: '/:restaurantSlug/staff/join',
  PageNotFound: '/page-not-found',
} as const;

export type RouteName = keyof typeof ROUTE_PATHS;

/** A concrete path for a route: pathTo('Menu', { restaurantSlug: 'maple-bistro' }) → '/maple-bistro'. */
export function pathTo(name: RouteName, params: Record<string, string> = {}): string {
  return generatePath<string>(ROUTE_PATHS[name], params);
}
