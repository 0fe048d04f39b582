/**
 * A suite, or an event, named to a person in their language: the tenant file's `localization[locale]` where the
 * venue translated it ("Loge 12"), else the base (English) text, as event names are read. The one
 * place the server picks a suite's words (e-mails, receipts, the staff board, the manifest); the web
 * gets the suite with its `localization` and picks with lib/localize.ts.
 */
import type { Locale } from '@servery/contracts/tenant-file';
import type { RestaurantSettings } from '../../db/restaurants-repository';

type TenantSuite = Pick<RestaurantSettings['suites'][number], 'name' | 'location' | 'localization'>;
type TenantEvent = Pick<RestaurantSettings['events'][number], 'name' | 'localization'>;

export function suiteIn(suite: TenantSuite, locale: Locale): { name: string; location: string } {
  const translated = suite.localization[locale];
  return { name: translated?.name?.trim() || suite.name, location: translated?.location?.trim() || suite.location };
}

/** The event's name in `locale`: the venue's translation, else its base text. */
export function eventNameIn(event: TenantEvent, locale: Locale): string {
  return event.localization[locale]?.name?.trim() || event.name;
}
