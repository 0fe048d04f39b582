/**
 * Import tenant data files: every file is read and validated first; only when all are valid are
 * they written, in one transaction. A bad file changes nothing. A school's new closure day cancels
 * that day's school orders, and a meal taken off a school day is named to the families who ordered
 * it, in the same transaction (school-closures.ts).
 */
import { asSystem } from '../../db/data-scope';
import { localDaysBetween, shiftLocalDays } from '@servery/domain/event-suites';
import type { Kysely } from 'kysely';
import { formatPath, TenantFile } from '@servery/contracts/tenant-file';
import { findRestaurantById, findSlugOwner, loadPublishedMenuTree, upsertTenant } from '../../db/restaurants-repository';
import type { MenuGroupData } from '@servery/domain/cart-lines';
import type { Database } from '../../kernel/schema';
import type { Executor } from '../../kernel/executor';
import { defaultPorts, type Ports } from '../../ports/services';
import { cancelOrdersOnClosureDays, noticeRemovedSchoolItems, type SchoolMenus } from '../school/school-closures';

export interface TenantSource {
  name: string;
  text: string;
}

export type ImportResult = { ok: true; imported: Array<{ id: number; slug: string }> } | { ok: false; errors: string[] };

export function parseTenantSources(sources: TenantSource[]): { tenants: TenantFile[]; errors: string[] } {
  const errors: string[] = [];
  const tenants: TenantFile[] = [];
  const seenIds = new Map<number, string>();
  const seenSlugs = new Map<string, string>();
  for (const source of sources) {
    let json: unknown;
    try {
      json = JSON.parse(source.text);
    } catch (error) {
      errors.push(`${source.name}: $: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
      continue;
    }
    const parsed = TenantFile.safeParse(json);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors.push(`${source.name}: ${formatPath(issue.path)}: ${issue.message}`);
      continue;
    }
    const tenant = parsed.data;
    const idOwner = seenIds.get(tenant.id);
    const slugOwner = seenSlugs.get(tenant.slug);
    if (idOwner) errors.push(`${source.name}: $.id: restaurant id ${tenant.id} is also used by ${idOwner}`);
    if (slugOwner) errors.push(`${source.name}: $.slug: slug "${tenant.slug}" is also used by ${slugOwner}`);
    seenIds.set(tenant.id, source.name);
    seenSlugs.set(tenant.slug, source.name);
    tenants.push(tenant);
  }
  return { tenants, errors };
}

/**
 * `ports`: where a closure day's notices and guest refunds go (school-closures.ts); the defaults
 * are the server's own (the outbox, the sandbox processor).
 */
/** Work across every restaurant: named privileged work on the owner's connection (db/data-scope.ts). */
export function importTenants(
  db: Kysely<Database>,
  sources: TenantSource[],
  now: Date,
  ports: Pick<Ports, 'mailer' | 'payments'> = defaultPorts(),
): Promise<ImportResult> {
  return asSystem('tenant import', () => importTenantsAcrossTenants(db, sources, now, ports));
}

async function importTenantsAcrossTenants(
  db: Kysely<Database>,
  sources: TenantSource[],
  now: Date,
  ports: Pick<Ports, 'mailer' | 'payments'>,
): Promise<ImportResult> {
  const { tenants, errors } = parseTenantSources(sources);
  if (errors.length > 0) return { ok: false, errors };
  const timestamp = now.toISOString();
  return db.transaction().execute(async (trx): Promise<ImportResult> => {
    const conflicts: string[] = [];
    for (const [index, tenant] of tenants.entries()) {
      const owner = await findSlugOwner(trx, tenant.slug);
      if (owner !== null && owner !== tenant.id) {
        conflicts.push(`${sources[index]?.name ?? tenant.slug}: $.slug: slug "${tenant.slug}" belongs to restaurant ${owner}`);
      }
    }
    if (conflicts.length > 0) return { ok: false, errors: conflicts };
    for (const tenant of tenants) {
      const before = tenant.k12 ? await schoolMenus(trx, tenant.id, timestamp) : null;
      await upsertTenant(trx, onImportDay(tenant, now), timestamp);
      await cancelOrdersOnClosureDays(trx, tenant, ports, now);
      if (before) await noticeRemovedSchoolItems(trx, tenant, before, await schoolMenus(trx, tenant.id, timestamp), ports, now);
    }
    return { ok: true, imported: tenants.map((tenant) => ({ id: tenant.id, slug: tenant.slug })) };
  });
}

/** A school's rotation and published menus as the database holds them now (before and after its import). */
async function schoolMenus(trx: Executor, restaurantId: number, at: string): Promise<SchoolMenus> {
  const restaurant = await findRestaurantById(trx, restaurantId);
  if (!restaurant) return { rotation: null, menuGroups: [] };
  const tree = await loadPublishedMenuTree(trx, restaurantId, at);
  return { rotation: restaurant.settings.rotation ?? null, menuGroups: tree.menuGroups as unknown as MenuGroupData[] };
}

/**
 * Demo events placed from the import day (`import_day_offset`, or `on_import_day` for 0) start that
 * many days after it, keeping their wall-clock times; the end and the lock move by as many days (the
 * demo never runs out of events: tenants/README.md).
 */
function onImportDay<
  T extends {
    zone: string;
    events: Array<{
      starts_at: string;
      ends_at?: string | undefined;
      pre_order_lock_at: string;
      import_day_offset?: number | undefined;
      on_import_day?: boolean | undefined;
    }>;
  },
>(tenant: T, now: Date): T {
  const offsetOf = (event: T['events'][number]) => event.import_day_offset ?? (event.on_import_day ? 0 : null);
  if (!tenant.events.some((event) => offsetOf(event) !== null)) return tenant;
  return {
    ...tenant,
    events: tenant.events.map((event) => {
      const offset = offsetOf(event);
      if (offset === null) return event;
      const days = localDaysBetween(event.starts_at, now, tenant.zone) + offset;
      return {
        ...event,
        starts_at: shiftLocalDays(event.starts_at, tenant.zone, days),
        ...(event.ends_at ? { ends_at: shiftLocalDays(event.ends_at, tenant.zone, days) } : {}),
        pre_order_lock_at: shiftLocalDays(event.pre_order_lock_at, tenant.zone, days),
      };
    }),
  };
}
