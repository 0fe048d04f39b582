/**
 * Import tenant data files: every file is read and validated first; only when all are valid are
 * they written, in one transaction. A bad file changes nothing.
 */
import { localDaysBetween, shiftLocalDays } from '@servery/domain/event-suites';
import type { Kysely } from 'kysely';
import { formatPath, TenantFile } from '@servery/contracts/tenant-file';
import { findSlugOwner, upsertTenant } from '../db/restaurants-repository';
import type { Database } from '../db/schema';

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

export async function importTenants(db: Kysely<Database>, sources: TenantSource[], now: Date): Promise<ImportResult> {
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
    for (const tenant of tenants) await upsertTenant(trx, onImportDay(tenant, now), timestamp);
    return { ok: true, imported: tenants.map((tenant) => ({ id: tenant.id, slug: tenant.slug })) };
  });
}

/** Demo events marked `on_import_day` move to the import day, keeping their times (the demo always has an event today). */
function onImportDay<
  T extends {
    zone: string;
    events: Array<{ starts_at: string; ends_at?: string | undefined; pre_order_lock_at: string; on_import_day?: boolean | undefined }>;
  },
>(tenant: T, now: Date): T {
  if (!tenant.events.some((event) => event.on_import_day)) return tenant;
  return {
    ...tenant,
    events: tenant.events.map((event) => {
      if (!event.on_import_day) return event;
      const days = localDaysBetween(event.starts_at, now, tenant.zone);
      return {
        ...event,
        starts_at: shiftLocalDays(event.starts_at, tenant.zone, days),
        ...(event.ends_at ? { ends_at: shiftLocalDays(event.ends_at, tenant.zone, days) } : {}),
        pre_order_lock_at: shiftLocalDays(event.pre_order_lock_at, tenant.zone, days),
      };
    }),
  };
}
