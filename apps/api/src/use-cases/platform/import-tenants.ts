/**
 * Import tenant data files: every file is read and validated first; only when all are valid are
 * they written, in one transaction. A bad file changes nothing. A school's new closure day cancels
 * that day's school orders, and a meal taken off a school day is named to the families who ordered
 * it, in the same transaction (school-closures.ts); so do the suite orders brought at a moment of an
 * event whose times moved, and their owners are told (suites/event-start-moves.ts).
 */
import { asSystem } from '../../db/data-scope';
import { localDaysBetween, shiftLocalDays } from '@servery/domain/event-suites';
import type { Kysely, Transaction } from 'kysely';
import { formatPath, TenantFile } from '@servery/contracts/tenant-file';
import { CONTROL_CHARACTERS_MESSAGE, controlCharacterPaths } from '@servery/contracts/text-input';
import { findRestaurantById, findSlugOwner, loadPublishedMenuTree, upsertTenant } from '../../db/restaurants-repository';
import type { MenuGroupData } from '@servery/domain/cart-lines';
import type { Database } from '../../kernel/schema';
import type { Executor } from '../../kernel/executor';
import { defaultPorts, type Ports } from '../../ports/services';
import { followMovedEvents } from '../suites/event-start-moves';
import { cancelOrdersOnClosureDays, noticeRemovedSchoolItems, type SchoolMenus } from '../school/school-closures';

export interface TenantSource {
  name: string;
  text: string;
}

export type ImportResult = { ok: true; imported: Array<{ id: number; slug: string }> } | { ok: false; errors: string[] };

/** One reason a file is refused: the file, where in it (`$.slug`) and the rule. */
export interface ImportError {
  source: string;
  path: string;
  message: string;
}

/** What `importParsedTenants` answers: each tenant's new menu version, or the reasons, nothing written. */
export type ParsedImportResult =
  { ok: true; imported: Array<{ id: number; slug: string; version: number }> } | { ok: false; errors: ImportError[] };

/** An error as the command line prints it: `file: path: rule`. */
const errorLine = (error: ImportError) => `${error.source}: ${error.path}: ${error.message}`;

export function parseTenantSources(sources: TenantSource[]): { tenants: ParsedTenant[]; errors: ImportError[] } {
  const errors: ImportError[] = [];
  const tenants: ParsedTenant[] = [];
  const seenIds = new Map<number, string>();
  const seenSlugs = new Map<string, string>();
  for (const source of sources) {
    let json: unknown;
    try {
      json = JSON.parse(source.text);
    } catch (error) {
      errors.push({
        source: source.name,
        path: '$',
        message: `not valid JSON (${error instanceof Error ? error.message : String(error)})`,
      });
      continue;
    }
    // The same rule as the console's draft and import (authored text: control characters, bidirectional
    // overrides, U+200B, U+FEFF; packages/contracts/src/text-input.ts), so a file the console would
    // refuse is not loaded from the command line either.
    const controls = controlCharacterPaths(json, 10, true);
    if (controls.length > 0) {
      for (const at of controls) errors.push({ source: source.name, path: formatPath(at), message: CONTROL_CHARACTERS_MESSAGE });
      continue;
    }
    const parsed = TenantFile.safeParse(json);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors.push({ source: source.name, path: formatPath(issue.path), message: issue.message });
      continue;
    }
    const tenant = parsed.data;
    const idOwner = seenIds.get(tenant.id);
    const slugOwner = seenSlugs.get(tenant.slug);
    if (idOwner) errors.push({ source: source.name, path: '$.id', message: `restaurant id ${tenant.id} is also used by ${idOwner}` });
    if (slugOwner) errors.push({ source: source.name, path: '$.slug', message: `slug "${tenant.slug}" is also used by ${slugOwner}` });
    seenIds.set(tenant.id, source.name);
    seenSlugs.set(tenant.slug, source.name);
    tenants.push({ source: source.name, tenant });
  }
  return { tenants, errors };
}

/** A tenant file already read and checked by the schema, with the name its errors are told by. */
export interface ParsedTenant {
  source: string;
  tenant: TenantFile;
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
  if (errors.length > 0) return { ok: false, errors: errors.map(errorLine) };
  const result = await db.transaction().execute((trx) => importParsedTenants(trx, tenants, now, ports));
  return result.ok
    ? { ok: true, imported: result.imported.map(({ id, slug }) => ({ id, slug })) }
    : { ok: false, errors: result.errors.map(errorLine) };
}

/**
 * Writes tenants already parsed (`parseTenantSources`, or the staff console's draft, already checked)
 * in the caller's transaction, privileged (db/data-scope.ts `asSystem`) as the import is: refused with
 * nothing written when a slug belongs to another restaurant. Each tenant's new menu version is answered.
 */
export async function importParsedTenants(
  trx: Transaction<Database>,
  tenants: ParsedTenant[],
  now: Date,
  ports: Pick<Ports, 'mailer' | 'payments'>,
): Promise<ParsedImportResult> {
  const timestamp = now.toISOString();
  const conflicts: ImportError[] = [];
  for (const { source, tenant } of tenants) {
    const owner = await findSlugOwner(trx, tenant.slug);
    if (owner !== null && owner !== tenant.id) {
      conflicts.push({ source, path: '$.slug', message: `slug "${tenant.slug}" belongs to restaurant ${owner}` });
    }
  }
  if (conflicts.length > 0) return { ok: false, errors: conflicts };
  const imported: Array<{ id: number; slug: string; version: number }> = [];
  for (const { tenant } of tenants) {
    const before = tenant.k12 ? await schoolMenus(trx, tenant.id, timestamp) : null;
    // The events as they were, for the suite orders that follow a moved event (suites/event-start-moves.ts).
    const eventsBefore = tenant.events.length > 0 ? ((await findRestaurantById(trx, tenant.id))?.settings.events ?? []) : [];
    const placed = onImportDay(tenant, now);
    const version = await upsertTenant(trx, placed, timestamp);
    await followMovedEvents(trx, tenant.id, eventsBefore, placed.events, ports.mailer, now);
    await cancelOrdersOnClosureDays(trx, tenant, ports, now);
    if (before) await noticeRemovedSchoolItems(trx, tenant, before, await schoolMenus(trx, tenant.id, timestamp), ports, now);
    imported.push({ id: tenant.id, slug: tenant.slug, version });
  }
  return { ok: true, imported };
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
