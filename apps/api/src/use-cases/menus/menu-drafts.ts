/**
 * The menu editor's drafts, preview, publish and history (issue 32, items 4 and 6; docs/menu-drafts.md,
 * docs/decisions/0091-whole-file-menu-drafts.md). A draft is the restaurant's whole tenant file,
 * checked as an import checks it, with a revision number: a save, a publish or a restore names the
 * revision it was based on and is refused (MENU_DRAFT_CHANGED, naming who saved what since) when the
 * draft has moved on. Publishing goes through the import (use-cases/platform/import-tenants.ts) in
 * one transaction with its history entry.
 */
import { encodeTenantFile, TenantFile, type Locale } from '@servery/contracts/tenant-file';
import type { MenusResponse } from '@servery/contracts/restaurant';
import {
  MENU_PATHS_SHOWN,
  type MenuChangeSummary,
  type MenuDraftConflict,
  type MenuDraftPreviewQuery,
  type MenuDraftResponse,
  type MenuEditor,
  type MenuHistoryFileResponse,
  type MenuHistoryQuery,
  type MenuHistoryResponse,
  type PublishMenuDraftResponse,
  type SaveMenuDraftResponse,
} from '@servery/contracts/staff-menu';
import { displayFullName } from '@servery/domain/card';
import { canOpen } from '@servery/domain/staff-roles';
import type { Db } from '../../db/database';
import {
  findDraftHead,
  findDraftRevisionFile,
  findHistoryEntry,
  listHistory,
  saveDraftIfAt,
  takeDraftAt,
} from '../../db/menu-drafts-repository';
import { menuTreeOfFile, type Restaurant } from '../../db/restaurants-repository';
import { AppError } from '../../lib/app-error';
import { jsonChanges } from '../../lib/json-changes';
import type { Ports } from '../../ports/services';
import type { StaffActor } from '../staff/staff-team';
import { menusAnswer } from './get-menus';
import { withLiveRunningState } from './running-state';
import { checkOwnTenantFile, exportTenantFile, publishTenant } from './tenant-file-io';

interface Person {
  email: string | null;
  first_name: string | null;
  last_name: string | null;
}

/** A staff member as the team screen names them (staff-team.ts); null when their account is gone. */
const editorOf = (row: Person): MenuEditor =>
  row.email === null
    ? null
    : { name: displayFullName({ first_name: row.first_name ?? '', last_name: row.last_name ?? '' }) ?? row.email, email: row.email };

const summaryOf = (text: string): MenuChangeSummary => JSON.parse(text) as MenuChangeSummary;

/**
 * The settings the kitchen reads on the settings screen (decision 0108): all of them public already
 * (the restaurant's data.json answers them to any diner), and the kitchen stations its own boards
 * name (decision 0107).
 */
const KITCHEN_SETTINGS = [
  'zone',
  'hours',
  'holiday_hours',
  'tipConfig',
  'serviceCharge',
  'delivery',
  'customQuestions',
  'maxItemsPerCart',
  'maxMealsPerCart',
  'minMealsPerCart',
  'orders_paused_message',
  'kitchen_stations',
] as const;

/**
 * The file as `actor` may read it: whole for a role that changes the menus and settings; only the
 * menu and the public settings for one that reads it (the kitchen, staff area `menu_view`), without
 * the settings' members' contact details, discount codes and the rest it has no need of
 * (docs/decisions/0067-answers-by-role.md).
 */
function fileFor(actor: StaffActor, file: Record<string, unknown>) {
  if (canOpen(actor.role, 'menu')) return { file, file_scope: 'whole' as const };
  const { id, slug, name, menu_groups: menuGroups } = file;
  const settings = Object.fromEntries(KITCHEN_SETTINGS.filter((key) => key in file).map((key) => [key, file[key]]));
  return { file: { id, slug, name, ...settings, menu_groups: menuGroups }, file_scope: 'menu' as const };
}

/** The draft, or the published file as the starting point of one (`draft: false`). */
export async function getMenuDraft(database: Db, restaurant: Restaurant, actor: StaffActor): Promise<MenuDraftResponse> {
  const head = await findDraftHead(database.db, restaurant.id);
  if (head?.file != null) {
    return {
      draft: true,
      revision: head.revision,
      ...fileFor(actor, JSON.parse(head.file) as Record<string, unknown>),
      saved_by: editorOf(head),
      saved_at: head.saved_at,
      published_version: restaurant.menuVersion,
    };
  }
  return {
    draft: false,
    revision: head?.revision ?? 0,
    ...fileFor(actor, (await exportTenantFile(database.db, restaurant)) as Record<string, unknown>),
    saved_by: null,
    saved_at: null,
    published_version: restaurant.menuVersion,
  };
}

/**
 * Saves `file` as the new draft if the draft is still at `baseRevision`: checked whole as an import
 * is (TENANT_FILE_INVALID naming each path and rule), kept in its canonical form (what an export of
 * it would write), refused with MENU_DRAFT_CHANGED when another save came first.
 */
export async function saveMenuDraft(
  database: Db,
  restaurant: Restaurant,
  actor: StaffActor,
  baseRevision: number,
  file: unknown,
  now: Date,
  locale: Locale = 'en-CA',
): Promise<SaveMenuDraftResponse> {
  const tenant = checkOwnTenantFile(restaurant, file, locale);
  const text = JSON.stringify(encodeTenantFile(tenant));
  const savedAt = now.toISOString();
  const saved = await database.db
    .transaction()
    .execute((trx) => saveDraftIfAt(trx, restaurant.id, baseRevision, { file: text, savedBy: actor.userId, savedAt }));
  if (!saved) throw await draftChanged(database, restaurant, baseRevision, text);
  return { revision: baseRevision + 1, saved_at: savedAt };
}

/**
 * Publishes the draft at `baseRevision`: in one transaction the draft is taken, imported as
 * `tenants:import` imports a file (one new menu version, which every process serves from its next
 * request), a history entry written, and the draft removed. A draft equal to what is published is
 * removed without a new version or entry.
 */
export async function publishMenuDraft(
  database: Db,
  restaurant: Restaurant,
  actor: StaffActor,
  baseRevision: number,
  now: Date,
  ports: Pick<Ports, 'mailer' | 'payments'>,
): Promise<PublishMenuDraftResponse> {
  const published = await publishTenant(database, restaurant, actor, now, ports, async (trx, live) => {
    const text = await takeDraftAt(trx, restaurant.id, baseRevision);
    if (text !== null) return withLiveRunningState(TenantFile.parse(JSON.parse(text)), live);
    const head = await findDraftHead(trx, restaurant.id);
    // At the revision the client holds but published already (or never saved): nothing to publish.
    if ((head?.revision ?? 0) === baseRevision) throw new AppError('MENU_DRAFT_NOT_FOUND');
    return null;
  });
  if (published) return published;
  throw await draftChanged(database, restaurant, baseRevision, null);
}

/** The publishes, newest first, `limit` at a time. */
export async function listMenuHistory(database: Db, restaurant: Restaurant, query: MenuHistoryQuery): Promise<MenuHistoryResponse> {
  const rows = await listHistory(database.db, restaurant.id, query.before, query.limit + 1);
  const entries = rows.slice(0, query.limit).map((row) => ({
    version: row.version,
    published_by: editorOf(row),
    published_at: row.published_at,
    summary: summaryOf(row.summary),
    origin: row.origin,
  }));
  return { entries, next_before: rows.length > query.limit ? entries.at(-1)!.version : null };
}

/** One publish with the whole file it published; MENU_VERSION_NOT_FOUND for a version not in this restaurant's history. */
export async function getMenuHistoryFile(
  database: Db,
  restaurant: Restaurant,
  actor: StaffActor,
  version: number,
): Promise<MenuHistoryFileResponse> {
  const row = await findHistoryEntry(database.db, restaurant.id, version);
  if (!row) throw new AppError('MENU_VERSION_NOT_FOUND');
  return {
    version: row.version,
    published_by: editorOf(row),
    published_at: row.published_at,
    summary: summaryOf(row.summary),
    origin: row.origin,
    ...fileFor(actor, JSON.parse(row.file) as Record<string, unknown>),
  };
}

/**
 * A published version's whole file saved as the new draft, on the same rule as a save: the client
 * names the draft revision it holds, and a draft saved since refuses the restore (MENU_DRAFT_CHANGED)
 * rather than be replaced unseen. The file is checked as today's import checks it.
 */
export async function restoreMenuVersion(
  database: Db,
  restaurant: Restaurant,
  actor: StaffActor,
  version: number,
  baseRevision: number,
  now: Date,
  locale: Locale = 'en-CA',
): Promise<SaveMenuDraftResponse> {
  const row = await findHistoryEntry(database.db, restaurant.id, version);
  if (!row) throw new AppError('MENU_VERSION_NOT_FOUND');
  return saveMenuDraft(database, restaurant, actor, baseRevision, JSON.parse(row.file), now, locale);
}

/**
 * The draft's menus (the published file's when there is no draft) as a diner of this order type would
 * see them were it published now, in the public menus' shape (get-menus.ts). Built in memory: the
 * public menus, their caches and the menu version are untouched.
 */
export async function previewMenuDraft(
  database: Db,
  restaurant: Restaurant,
  query: MenuDraftPreviewQuery,
  now: Date,
): Promise<MenusResponse> {
  const head = await findDraftHead(database.db, restaurant.id);
  const tenant =
    head?.file != null ? TenantFile.parse(JSON.parse(head.file)) : TenantFile.parse(await exportTenantFile(database.db, restaurant));
  const { menuGroups } = menuTreeOfFile(restaurant.id, tenant.menu_groups, now.toISOString());
  return menusAnswer(restaurant.id, restaurant.menuVersion, menuGroups, tenant.promos, query.type, query.member === 'true');
}

/**
 * The refusal of a save or publish based on `baseRevision` when the draft has moved on: the draft
 * now, who saved it when, and the paths that differ between the base revision's file and the draft
 * now (or, when that revision is no longer kept, between the file sent and the draft now).
 */
async function draftChanged(database: Db, restaurant: Restaurant, baseRevision: number, sent: string | null): Promise<AppError> {
  const head = await findDraftHead(database.db, restaurant.id);
  const current = head?.file ?? JSON.stringify(await exportTenantFile(database.db, restaurant));
  const baseFile = baseRevision > 0 ? await findDraftRevisionFile(database.db, restaurant.id, baseRevision) : null;
  const compared = baseFile ?? sent;
  const changes = compared === null ? null : jsonChanges(JSON.parse(compared), JSON.parse(current), MENU_PATHS_SHOWN);
  // No draft now: it was published since; the one who published it is who changed it.
  const [latest] = head?.file != null ? [] : await listHistory(database.db, restaurant.id, undefined, 1);
  const conflict: MenuDraftConflict = {
    revision: head?.revision ?? 0,
    draft: head?.file != null,
    saved_by: latest ? editorOf(latest) : head ? editorOf(head) : null,
    saved_at: latest?.published_at ?? head?.saved_at ?? null,
    compared_with: baseFile !== null ? 'base' : 'your_file',
    changed_paths: changes?.paths ?? [],
    changed_count: changes ? changes.added + changes.removed + changes.changed : 0,
  };
  return new AppError('MENU_DRAFT_CHANGED', undefined, { draft_conflict: conflict });
}
