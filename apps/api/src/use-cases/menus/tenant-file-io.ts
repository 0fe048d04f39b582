/**
 * The staff console's tenant file (issue 32, item 5): the restaurant written out as the file
 * `npm run tenants:import` takes, and such a file taken in through the same schema and the same
 * import (use-cases/platform/import-tenants.ts), for the caller's own restaurant only. The tenant file
 * stays the one contract: the console reads and writes what the file holds (docs/tenant-file-in-the-console.md).
 */
import { isDeepStrictEqual } from 'node:util';
import { encodeTenantFile, formatPath, TenantFile, type Locale, type TenantFileInput } from '@servery/contracts/tenant-file';
import { tenantFileErrorMap, tenantFileRule } from '@servery/contracts/tenant-file-rules';
import { MENU_PATHS_SHOWN, type ImportTenantFileResponse, type PublishMenuDraftResponse } from '@servery/contracts/staff-menu';
import { asSystem } from '../../db/data-scope';
import { hasHistory, insertHistoryEntry, lockRestaurant, menuVersionMadeAt } from '../../db/menu-drafts-repository';
import { findRestaurantById, loadStoredMenuTree, restaurantsChanged, type Restaurant } from '../../db/restaurants-repository';
import { jsonChanges } from '../../lib/json-changes';
import { importParsedTenants } from '../platform/import-tenants';
import type { Executor } from '../../kernel/executor';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Ports } from '../../ports/services';
import type { StaffActor } from '../staff/staff-team';

/**
 * The restaurant as its file: settings, the whole menu tree (content not yet published and menus with
 * a deletion date too), amounts in dollars. Gift card numbers are kept only as digests
 * (lib/secret-digests.ts), so the file lists none; importing it leaves the cards as they are.
 */
export async function exportTenantFile(db: Executor, restaurant: Restaurant): Promise<TenantFileInput> {
  const menuGroups = await loadStoredMenuTree(db, restaurant.id);
  return encodeTenantFile({ ...restaurant.settings, menu_groups: menuGroups });
}

/**
 * `file` read as `restaurant`'s tenant file: refused whole (TENANT_FILE_INVALID, each path and rule in
 * `details`, the common rules in `locale`: contracts/tenant-file-rules.ts) when the schema refuses it
 * or it names another restaurant's id or slug. The import, a draft's save and a restore check a file
 * this way.
 */
export function checkOwnTenantFile(restaurant: Restaurant, file: unknown, locale: Locale): TenantFile {
  const parsed = TenantFile.safeParse(file, { error: tenantFileErrorMap(locale) });
  if (!parsed.success) {
    throw new AppError(
      'TENANT_FILE_INVALID',
      parsed.error.issues.map((issue) => ({ path: formatPath(issue.path), message: tenantFileRule(issue, locale) })),
    );
  }
  const tenant = parsed.data;
  const fr = locale === 'fr-CA';
  const wrongOwner = [
    ...(tenant.id === restaurant.id
      ? []
      : [
          {
            path: '$.id',
            message: fr ? `doit être le numéro de ce restaurant, ${restaurant.id}` : `must be this restaurant's id, ${restaurant.id}`,
          },
        ]),
    ...(tenant.slug === restaurant.slug
      ? []
      : [
          {
            path: '$.slug',
            message: fr
              ? `doit être le slug de ce restaurant, "${restaurant.slug}"`
              : `must be this restaurant's slug, "${restaurant.slug}"`,
          },
        ]),
  ];
  if (wrongOwner.length > 0) throw new AppError('TENANT_FILE_INVALID', wrongOwner);
  return tenant;
}

/**
 * Imports `file` as `restaurant`'s new data, published at once: checked by `checkOwnTenantFile`, then
 * written as a draft's publish is (`publishTenant`: one transaction, one new menu version, a history
 * entry). A file equal to what the restaurant is now writes nothing and keeps the menu version, so
 * carts keep their prices. A draft being edited is left as it is.
 */
export async function importOwnTenantFile(
  database: Db,
  restaurant: Restaurant,
  actor: StaffActor,
  file: unknown,
  now: Date,
  ports: Pick<Ports, 'mailer' | 'payments'>,
  locale: Locale = 'en-CA',
): Promise<ImportTenantFileResponse> {
  const tenant = checkOwnTenantFile(restaurant, file, locale);
  const published = await publishTenant(database, restaurant, actor, now, ports, () => Promise.resolve(tenant));
  return { changed: published!.changed, version: published!.version };
}

/**
 * Writes the tenant `take` answers (in the transaction, given the published data it replaces; null:
 * nothing to publish, nothing written) as the restaurant's published data with its history entry, in
 * one transaction, privileged as the import is (db/data-scope.ts). The restaurant's row is locked
 * first, so the data it replaces is the one the summary compares with and no other publish or import
 * writes between.
 */
export async function publishTenant(
  database: Db,
  restaurant: Restaurant,
  actor: StaffActor,
  now: Date,
  ports: Pick<Ports, 'mailer' | 'payments'>,
  take: (trx: Executor, live: TenantFile) => Promise<TenantFile | null>,
): Promise<PublishMenuDraftResponse | null> {
  const answer = await asSystem('menu publish', () =>
    database.db.transaction().execute(async (trx) => {
      await lockRestaurant(trx, restaurant.id, database.dialect);
      const current = (await findRestaurantById(trx, restaurant.id)) ?? restaurant;
      const before = await exportTenantFile(trx, current);
      const live = TenantFile.parse(before);
      const tenant = await take(trx, live);
      if (tenant === null) return null;
      if (isDeepStrictEqual(live, tenant)) {
        return { changed: false, version: current.menuVersion, summary: { added: 0, removed: 0, changed: 0, paths: [] } };
      }
      // The restaurant's first publish from the console: what it replaces is the data the server's
      // import wrote from the tenant file (no staff member, no history entry), which diners saw until
      // now. Kept as the history's first entry, at the version it was served as and from when (read
      // before the import rewrites it), so it can be restored like any publish (docs/menu-drafts.md).
      const baseline = (await hasHistory(trx, restaurant.id))
        ? null
        : {
            restaurantId: restaurant.id,
            version: current.menuVersion,
            publishedBy: null,
            publishedAt: await menuVersionMadeAt(trx, restaurant.id),
            summary: JSON.stringify({ added: 0, removed: 0, changed: 0, paths: [] }),
            file: JSON.stringify(before),
            origin: 'tenants_import' as const,
          };
      const result = await importParsedTenants(trx, [{ source: `${restaurant.slug}.json`, tenant }], now, ports);
      // Only a slug another restaurant took meanwhile gets here: the file passed the schema.
      if (!result.ok)
        throw new AppError(
          'TENANT_FILE_INVALID',
          result.errors.map(({ path, message }) => ({ path, message })),
        );
      const version = result.imported[0]!.version;
      const after = encodeTenantFile(tenant);
      const summary = jsonChanges(before, after, MENU_PATHS_SHOWN);
      if (baseline) await insertHistoryEntry(trx, baseline);
      await insertHistoryEntry(trx, {
        restaurantId: restaurant.id,
        version,
        publishedBy: actor.userId,
        publishedAt: now.toISOString(),
        summary: JSON.stringify(summary),
        file: JSON.stringify(after),
      });
      return { changed: true, version, summary };
    }),
  );
  // Once committed: a request that read the restaurant while the publish ran (the old row, under the
  // generation its write had already moved) must not keep that read for RECENT_MS
  // (db/restaurants-repository.ts); the next one reads the published file.
  restaurantsChanged();
  return answer;
}
