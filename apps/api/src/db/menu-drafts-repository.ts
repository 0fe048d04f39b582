/**
 * A restaurant's menu draft, the draft's last saved files and its publish history (migration 0028,
 * docs/menu-drafts.md). Every query names its restaurant.
 */
import { sql } from 'kysely';
import type { Executor } from '../kernel/executor';
import type { Dialect } from './database';

/** How many saved files of the current draft are kept, to name what changed since a refused save's base. */
export const MENU_DRAFT_REVISIONS_KEPT = 20;

export async function findDraftHead(db: Executor, restaurantId: number) {
  return db
    .selectFrom('menu_drafts')
    .leftJoin('users', 'users.id', 'menu_drafts.saved_by')
    .select(['menu_drafts.revision', 'menu_drafts.file', 'menu_drafts.saved_at', 'users.email', 'users.first_name', 'users.last_name'])
    .where('menu_drafts.restaurant_id', '=', restaurantId)
    .executeTakeFirst();
}

export async function findDraftRevisionFile(db: Executor, restaurantId: number, revision: number): Promise<string | null> {
  const row = await db
    .selectFrom('menu_draft_revisions')
    .select('file')
    .where('restaurant_id', '=', restaurantId)
    .where('revision', '=', revision)
    .executeTakeFirst();
  return row?.file ?? null;
}

/**
 * Saves `file` as the draft's revision `base + 1` if and only if the draft is at `base` now (0: no
 * draft was ever saved). One conditional UPDATE decides, so of two saves on the same base exactly
 * one is taken, on either database. Answers false when the draft has moved on; the caller's
 * transaction then writes nothing else.
 */
export async function saveDraftIfAt(
  db: Executor,
  restaurantId: number,
  base: number,
  draft: { file: string; savedBy: number; savedAt: string },
): Promise<boolean> {
  await db
    .insertInto('menu_drafts')
    .values({ restaurant_id: restaurantId, revision: 0, file: null, saved_by: null, saved_at: null })
    .onConflict((conflict) => conflict.column('restaurant_id').doNothing())
    .execute();
  const revision = base + 1;
  const updated = await db
    .updateTable('menu_drafts')
    .set({ revision, file: draft.file, saved_by: draft.savedBy, saved_at: draft.savedAt })
    .where('restaurant_id', '=', restaurantId)
    .where('revision', '=', base)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return false;
  await db
    .insertInto('menu_draft_revisions')
    .values({ restaurant_id: restaurantId, revision, file: draft.file, saved_by: draft.savedBy, saved_at: draft.savedAt })
    .execute();
  await db
    .deleteFrom('menu_draft_revisions')
    .where('restaurant_id', '=', restaurantId)
    .where('revision', '<=', revision - MENU_DRAFT_REVISIONS_KEPT)
    .execute();
  return true;
}

/**
 * Takes the draft at revision `base` for publishing: answers its file and leaves the restaurant with
 * no draft (the revision kept), or null when there is no draft at that revision. The read and the
 * conditional UPDATE are in the caller's transaction: the file answered is the one of revision
 * `base`, since every save changes the revision.
 */
export async function takeDraftAt(db: Executor, restaurantId: number, base: number): Promise<string | null> {
  const head = await db.selectFrom('menu_drafts').select(['revision', 'file']).where('restaurant_id', '=', restaurantId).executeTakeFirst();
  if (!head || head.revision !== base || head.file === null) return null;
  const taken = await db
    .updateTable('menu_drafts')
    .set({ file: null, saved_by: null, saved_at: null })
    .where('restaurant_id', '=', restaurantId)
    .where('revision', '=', base)
    .where('file', 'is not', null)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 0) return null;
  await db.deleteFrom('menu_draft_revisions').where('restaurant_id', '=', restaurantId).execute();
  return head.file;
}

/**
 * Holds the restaurant's row until the transaction ends (PostgreSQL; SQLite runs one writing
 * transaction at a time): a publish reads the menu it replaces and writes the next version without
 * another publish or import in between.
 */
export async function lockRestaurant(db: Executor, restaurantId: number, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await sql`select id from restaurants where id = ${restaurantId} for update`.execute(db);
}

export async function insertHistoryEntry(
  db: Executor,
  entry: {
    restaurantId: number;
    version: number;
    publishedBy: number | null;
    publishedAt: string;
    summary: string;
    file: string;
    origin?: 'console' | 'tenants_import';
  },
): Promise<void> {
  await db
    .insertInto('menu_history')
    .values({
      restaurant_id: entry.restaurantId,
      version: entry.version,
      published_by: entry.publishedBy,
      published_at: entry.publishedAt,
      summary: entry.summary,
      file: entry.file,
      origin: entry.origin ?? 'console',
    })
    .execute();
}

/**
 * When the restaurant's current menu version was made: the `updated_at` every write of a new menu
 * version sets (the import, a publish, a sold-out change), as far as the database knows it.
 */
export async function menuVersionMadeAt(db: Executor, restaurantId: number): Promise<string> {
  const row = await db.selectFrom('restaurants').select('updated_at').where('id', '=', restaurantId).executeTakeFirstOrThrow();
  return row.updated_at;
}

/** Whether the restaurant's history has any entry (none before its first publish from the console). */
export async function hasHistory(db: Executor, restaurantId: number): Promise<boolean> {
  const row = await db.selectFrom('menu_history').select('version').where('restaurant_id', '=', restaurantId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The history's rows with the names of who published, the restaurant's only. */
const historyOf = (db: Executor, restaurantId: number) =>
  db
    .selectFrom('menu_history')
    .leftJoin('users', 'users.id', 'menu_history.published_by')
    .select([
      'menu_history.version',
      'menu_history.published_at',
      'menu_history.summary',
      'menu_history.origin',
      'users.email',
      'users.first_name',
      'users.last_name',
    ])
    .where('menu_history.restaurant_id', '=', restaurantId);

/** The publishes, newest first, older than `before` when given; without their files. */
export async function listHistory(db: Executor, restaurantId: number, before: number | undefined, limit: number) {
  const query = historyOf(db, restaurantId);
  return (before === undefined ? query : query.where('menu_history.version', '<', before))
    .orderBy('menu_history.version', 'desc')
    .limit(limit)
    .execute();
}

/** One publish with its file. */
export async function findHistoryEntry(db: Executor, restaurantId: number, version: number) {
  return historyOf(db, restaurantId).select('menu_history.file').where('menu_history.version', '=', version).executeTakeFirst();
}

/** The draft's file as saved (JSON text), or null when there is none (never saved, or published). */
export async function findDraftFileText(db: Executor, restaurantId: number): Promise<string | null> {
  const row = await db.selectFrom('menu_drafts').select('file').where('restaurant_id', '=', restaurantId).executeTakeFirst();
  return row?.file ?? null;
}

/**
 * The versions of the history whose file contains `text` (a LIKE on the database's side): the
 * unused photos' sweep reads only those files, one at a time.
 */
export async function historyVersionsContaining(db: Executor, restaurantId: number, text: string): Promise<number[]> {
  const rows = await db
    .selectFrom('menu_history')
    .select('version')
    .where('restaurant_id', '=', restaurantId)
    .where('file', 'like', `%${text}%`)
    .orderBy('version')
    .execute();
  return rows.map((row) => row.version);
}

/** One history entry's file (JSON text). */
export async function findHistoryFileText(db: Executor, restaurantId: number, version: number): Promise<string | null> {
  const row = await db
    .selectFrom('menu_history')
    .select('file')
    .where('restaurant_id', '=', restaurantId)
    .where('version', '=', version)
    .executeTakeFirst();
  return row?.file ?? null;
}
