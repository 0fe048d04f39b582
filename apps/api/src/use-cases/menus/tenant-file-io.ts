/**
 * The staff console's tenant file (issue 32, item 5): the restaurant written out as the file
 * `npm run tenants:import` takes, and such a file taken in through the same schema and the same
 * import (use-cases/platform/import-tenants.ts), for the caller's own restaurant only. The tenant file
 * stays the one contract: the console reads and writes what the file holds (docs/tenant-file-in-the-console.md).
 */
import { encodeTenantFile, formatPath, TenantFile, type TenantFileInput } from '@servery/contracts/tenant-file';
import type { ImportTenantFileResponse } from '@servery/contracts/staff-menu';
import { loadStoredMenuTree, type Restaurant } from '../../db/restaurants-repository';
import type { Executor } from '../../kernel/executor';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Ports } from '../../ports/services';
import type { StaffActor } from '../staff/staff-team';
import { publishTenant } from './menu-drafts';

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
 * `details`) when the schema refuses it or it names another restaurant's id or slug. The import, a
 * draft's save and a restore check a file this way.
 */
export function checkOwnTenantFile(restaurant: Restaurant, file: unknown): TenantFile {
  const parsed = TenantFile.safeParse(file);
  if (!parsed.success) {
    throw new AppError(
      'TENANT_FILE_INVALID',
      parsed.error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message })),
    );
  }
  const tenant = parsed.data;
  const wrongOwner = [
    ...(tenant.id === restaurant.id ? [] : [{ path: '$.id', message: `must be this restaurant's id, ${restaurant.id}` }]),
    ...(tenant.slug === restaurant.slug ? [] : [{ path: '$.slug', message: `must be this restaurant's slug, "${restaurant.slug}"` }]),
  ];
  if (wrongOwner.length > 0) throw new AppError('TENANT_FILE_INVALID', wrongOwner);
  return tenant;
}

/**
 * Imports `file` as `restaurant`'s new data, published at once: checked by `checkOwnTenantFile`, then
 * written as a draft's publish is (menu-drafts.ts `publishTenant`: one transaction, one new menu
 * version, a history entry). A file equal to what the restaurant is now writes nothing and keeps the
 * menu version, so carts keep their prices. A draft being edited is left as it is.
 */
export async function importOwnTenantFile(
  database: Db,
  restaurant: Restaurant,
  actor: StaffActor,
  file: unknown,
  now: Date,
  ports: Pick<Ports, 'mailer' | 'payments'>,
): Promise<ImportTenantFileResponse> {
  const tenant = checkOwnTenantFile(restaurant, file);
  const published = await publishTenant(database, restaurant, actor, now, ports, () => Promise.resolve(tenant));
  return { changed: published!.changed, version: published!.version };
}
