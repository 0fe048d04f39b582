import { type Kysely, type Migration, Migrator } from 'kysely';
import * as initial from './migrations/0001-initial';
import * as orders from './migrations/0002-orders';
import * as tenders from './migrations/0003-tenders';
import * as placingOrders from './migrations/0004-placing-orders';
import * as accounts from './migrations/0005-accounts';
import * as paymentMethods from './migrations/0006-payment-methods';
import * as userIdentities from './migrations/0007-user-identities';
import * as restaurantStaff from './migrations/0008-restaurant-staff';
import * as profilePreferences from './migrations/0009-profile-preferences';
import * as rateLimits from './migrations/0010-rate-limits';
import * as schoolOrders from './migrations/0011-school-orders';
import * as eventSuites from './migrations/0012-event-suites';
import * as staffTeam from './migrations/0015-staff-team';
import * as orderEvents from './migrations/0016-order-events';
import * as suiteTabSettlement from './migrations/0017-suite-tab-settlement';
import * as marketplaceVendors from './migrations/0019-marketplace-vendors';
import * as messageDelivery from './migrations/0021-message-delivery';
import * as webhooks from './migrations/0022-webhooks';
import * as rowLevelSecurity from './migrations/0023-row-level-security';
import * as schoolOrderPrivacy from './migrations/0024-school-order-privacy';
import * as liveChanges from './migrations/0025-live-changes';
import * as secretsAtRest from './migrations/0026-secrets-at-rest';
import * as homeRestaurant from './migrations/0027-home-restaurant';
import * as menuDrafts from './migrations/0028-menu-drafts';
import * as kitchenPrinters from './migrations/0029-kitchen-printers';
import * as menuImages from './migrations/0030-menu-images';
import * as itemStock from './migrations/0033-item-stock';
import * as suiteReminders from './migrations/0034-suite-reminders';
import * as stationBumps from './migrations/0035-station-bumps';
import * as issuedGiftCards from './migrations/0036-issued-gift-cards';
import * as socialSignInFlows from './migrations/0037-social-sign-in-flows';
import * as standingOrders from './migrations/0038-standing-orders';
import * as socialLinkFlows from './migrations/0041-social-link-flows';
import * as socialPostedNames from './migrations/0042-social-posted-names';
import * as standingOrderVersions from './migrations/0043-standing-order-versions';
import * as menuHistoryOrigin from './migrations/0044-menu-history-origin';
import { asSystem } from './data-scope';
import type { Database } from '../kernel/schema';

/** Migrations are listed here, in order, so a bundle or a test never depends on reading a folder. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-orders': orders,
  '0003-tenders': tenders,
  '0004-placing-orders': placingOrders,
  '0005-accounts': accounts,
  '0006-payment-methods': paymentMethods,
  '0007-user-identities': userIdentities,
  '0008-restaurant-staff': restaurantStaff,
  '0009-profile-preferences': profilePreferences,
  '0010-rate-limits': rateLimits,
  '0011-school-orders': schoolOrders,
  '0012-event-suites': eventSuites,
  '0015-staff-team': staffTeam,
  '0016-order-events': orderEvents,
  '0017-suite-tab-settlement': suiteTabSettlement,
  '0019-marketplace-vendors': marketplaceVendors,
  '0021-message-delivery': messageDelivery,
  '0022-webhooks': webhooks,
  '0023-row-level-security': rowLevelSecurity,
  '0024-school-order-privacy': schoolOrderPrivacy,
  '0025-live-changes': liveChanges,
  '0026-secrets-at-rest': secretsAtRest,
  '0027-home-restaurant': homeRestaurant,
  '0028-menu-drafts': menuDrafts,
  '0029-kitchen-printers': kitchenPrinters,
  '0030-menu-images': menuImages,
  '0033-item-stock': itemStock,
  '0034-suite-reminders': suiteReminders,
  '0035-station-bumps': stationBumps,
  '0036-issued-gift-cards': issuedGiftCards,
  '0037-social-sign-in-flows': socialSignInFlows,
  '0038-standing-orders': standingOrders,
  '0041-social-link-flows': socialLinkFlows,
  '0042-social-posted-names': socialPostedNames,
  '0043-standing-order-versions': standingOrderVersions,
  '0044-menu-history-origin': menuHistoryOrigin,
};

/** Migrations change the schema: they run as the owner (data-scope.ts `asSystem`), never as the application's role. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  await migrate(db, (migrator) => migrator.migrateToLatest());
}

/** Up to and including the named migration only: a test of a later migration starts from the rows before it. */
export async function migrateUpTo(db: Kysely<Database>, name: keyof typeof MIGRATIONS & string): Promise<void> {
  await migrate(db, (migrator) => migrator.migrateTo(name));
}

async function migrate(db: Kysely<Database>, run: (migrator: Migrator) => ReturnType<Migrator['migrateToLatest']>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
  const { error, results } = await asSystem('migrations', () => run(migrator));
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
