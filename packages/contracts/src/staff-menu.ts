/**
 * The staff console's tenant file (issue 32, item 5; API in apps/api/src/routes/staff-menu/tenant-file.ts):
 * the restaurant exported as the file `npm run tenants:import` takes, and such a file imported through
 * the same validation (docs/tenant-file-in-the-console.md).
 */
import { z } from 'zod';
import { ORDER_TYPES } from '@servery/domain/order-type';
import { authoredText } from './text-input';

/** The file itself (tenant-file.ts checks it on import; an export is written by `encodeTenantFile`). */
export const TenantFileBody = authoredText(z.record(z.string(), z.unknown()).describe('A tenant data file, as tenants/*.json'));

export const ImportTenantFileResponse = z.object({
  /** false: the file is what the restaurant already is; nothing was written and the menu version stays. */
  changed: z.boolean(),
  /** The menu version every process serves from now on (a cart priced on an older one is re-priced). */
  version: z.number().int(),
});
export type ImportTenantFileResponse = z.infer<typeof ImportTenantFileResponse>;

/**
 * Drafts, preview, publish and history (issue 32, items 4 and 6; apps/api/src/routes/staff-menu/menu-drafts.ts,
 * docs/menu-drafts.md). A draft is the whole tenant file plus a revision number; a save or a publish
 * names the revision it was based on and is refused (MENU_DRAFT_CHANGED) when another save came first.
 */
const Revision = z.number().int().min(0).max(2_147_483_647);
const MenuVersion = z.number().int().min(1).max(2_147_483_647);

/** A staff member as the history and the draft name them; null when their account is gone. */
export const MenuEditor = z.object({ name: z.string(), email: z.string() }).nullable();
export type MenuEditor = z.infer<typeof MenuEditor>;

export const MenuDraftResponse = z.object({
  /** false: there is no draft; `file` is the published file, the starting point of one. */
  draft: z.boolean(),
  /** The revision to send back as `base_revision` with the next save or publish (0 before any draft). */
  revision: Revision,
  file: TenantFileBody,
  /**
   * `whole`: the whole tenant file (owners and managers). `menu`: for a role that reads the menu and
   * changes nothing (the kitchen), only `id`, `slug`, `name` and `menu_groups`: the settings hold
   * members' contact details and discount codes, which the kitchen has no need of.
   */
  file_scope: z.enum(['whole', 'menu']),
  saved_by: MenuEditor,
  saved_at: z.string().nullable(),
  /** The menu version diners are served now. */
  published_version: z.number().int(),
});
export type MenuDraftResponse = z.infer<typeof MenuDraftResponse>;

export const SaveMenuDraftRequest = authoredText(z.strictObject({ base_revision: Revision, file: TenantFileBody }));
export type SaveMenuDraftRequest = z.infer<typeof SaveMenuDraftRequest>;

export const SaveMenuDraftResponse = z.object({ revision: Revision, saved_at: z.string() });
export type SaveMenuDraftResponse = z.infer<typeof SaveMenuDraftResponse>;

/** Publish the draft, or restore a published version as a new draft: based on the draft revision the client holds. */
export const BaseRevisionRequest = z.strictObject({ base_revision: Revision });
export type BaseRevisionRequest = z.infer<typeof BaseRevisionRequest>;

/** What a publish changed, for the history list: counts of the file's paths and the first ones. */
export const MenuChangeSummary = z.object({
  added: z.number().int(),
  removed: z.number().int(),
  changed: z.number().int(),
  /** The first changed paths, e.g. `$.menu_groups[0].menus[1].sections[2].items[3].price` (at most MENU_PATHS_SHOWN). */
  paths: z.array(z.string()),
});
export type MenuChangeSummary = z.infer<typeof MenuChangeSummary>;

/** How many changed paths an answer lists; the counts tell how many more there were. */
export const MENU_PATHS_SHOWN = 50;

export const PublishMenuDraftResponse = z.object({
  /** false: the draft was what diners are served already; the draft is removed and the version stays. */
  changed: z.boolean(),
  version: z.number().int(),
  summary: MenuChangeSummary,
});
export type PublishMenuDraftResponse = z.infer<typeof PublishMenuDraftResponse>;

export const MenuHistoryQuery = z.object({
  /** The next page: entries older than this version (`next_before` of the previous page). */
  before: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type MenuHistoryQuery = z.infer<typeof MenuHistoryQuery>;

/**
 * Where a history entry came from. `console`: a staff member's publish or import from the staff
 * console. `tenants_import`: the data the server's import wrote from the tenant file (`npm run
 * tenants:import` or the start-up import), which diners saw before the restaurant's first publish from
 * the console; recorded by that publish, with no `published_by` (no staff member did it), its
 * `published_at` when that menu version was made, and an empty summary (nothing before it to compare).
 */
export const MENU_HISTORY_ORIGINS = ['console', 'tenants_import'] as const;
export const MenuHistoryOrigin = z.enum(MENU_HISTORY_ORIGINS);
export type MenuHistoryOrigin = z.infer<typeof MenuHistoryOrigin>;

export const MenuHistoryEntry = z.object({
  /** The menu version this publish made: the entry's id. */
  version: MenuVersion,
  published_by: MenuEditor,
  published_at: z.string(),
  summary: MenuChangeSummary,
  origin: MenuHistoryOrigin,
});
export type MenuHistoryEntry = z.infer<typeof MenuHistoryEntry>;

export const MenuHistoryResponse = z.object({
  entries: z.array(MenuHistoryEntry),
  /** Pass as `before` for older entries; null at the first publish. */
  next_before: z.number().int().nullable(),
});
export type MenuHistoryResponse = z.infer<typeof MenuHistoryResponse>;

export const MenuHistoryParams = z.object({ version: z.coerce.number().int().min(1).max(2_147_483_647) });
export type MenuHistoryParams = z.infer<typeof MenuHistoryParams>;

export const MenuHistoryFileResponse = MenuHistoryEntry.extend({ file: TenantFileBody, file_scope: z.enum(['whole', 'menu']) });
export type MenuHistoryFileResponse = z.infer<typeof MenuHistoryFileResponse>;

/** A save or publish refused because the draft moved on (MENU_DRAFT_CHANGED, 409): who saved what since. */
export const MenuDraftConflict = z.object({
  /** The draft's revision now: base a new save on it after looking at what changed. */
  revision: Revision,
  /** false: the draft was published or none was saved since. */
  draft: z.boolean(),
  saved_by: MenuEditor,
  saved_at: z.string().nullable(),
  /**
   * `base`: the paths that differ between the revision the save was based on and the draft now.
   * `your_file`: that revision is no longer kept (MENU_DRAFT_REVISIONS_KEPT saves back), so the paths
   * that differ between the file sent and the draft now.
   */
  compared_with: z.enum(['base', 'your_file']),
  changed_paths: z.array(z.string()),
  /** How many changed paths there are in all (changed_paths lists the first MENU_PATHS_SHOWN). */
  changed_count: z.number().int(),
});
export type MenuDraftConflict = z.infer<typeof MenuDraftConflict>;

/** The draft's menus as a diner would see them (GET /api/staff/menu/draft/preview), in the public menus' shape. */
export const MenuDraftPreviewQuery = z.object({
  type: z.enum(ORDER_TYPES).default('dine_in'),
  /** 'true': as a member of the restaurant's membership program sees them (member-only menus too). */
  member: z.enum(['true', 'false']).default('false'),
});
export type MenuDraftPreviewQuery = z.infer<typeof MenuDraftPreviewQuery>;
