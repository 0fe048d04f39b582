/**
 * Restaurants and their menu trees. Every function takes the tenant first; menu rows always carry
 * their restaurant_id.
 */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type {
  ItemFile,
  MenuFile,
  MenuGroupFile,
  OptionGroupFile,
  OptionValueFile,
  SectionFile,
  TenantFile,
} from '@servery/contracts/tenant-file';
import { runCompiled } from './compiled-queries';
import { directReaderOf } from './database';
import type {
  Database,
  ItemsTable,
  MenuGroupsTable,
  MenusTable,
  OptionGroupsTable,
  OptionValuesTable,
  RestaurantRow,
  SectionsTable,
} from '../kernel/schema';
import { giftCardDigest, lastFour } from '../lib/secret-digests';

type Executor = Kysely<Database> | Transaction<Database>;

/** The restaurant's settings as stored: the tenant file without its menu tree. */
export type RestaurantSettings = Omit<TenantFile, 'menu_groups'>;

export interface Restaurant {
  id: number;
  slug: string;
  menuVersion: number;
  settings: RestaurantSettings;
}

// Settings change only on import, which bumps menu_version: parse each version's JSON once per process
// and database. Kept per database (its dialect adapter, which the database and each of its
// transactions share, as compiled-queries.ts does): the parsed object is then one database's
// restaurant at one version, and the caches built on it (get-menus.ts, get-restaurant-data.ts) are
// keyed by that object, never by an id another database also has (the API tests share processes).
const parsedByDatabase = new WeakMap<object, Map<number, Restaurant & { updatedAt: string }>>();

function parsedOf(db: Executor): Map<number, Restaurant & { updatedAt: string }> {
  const adapter = db.getExecutor().adapter;
  let parsed = parsedByDatabase.get(adapter);
  if (!parsed) parsedByDatabase.set(adapter, (parsed = new Map()));
  return parsed;
}

function toRestaurant(db: Executor, row: RestaurantRow): Restaurant {
  const hit = parsedVersion(db, row);
  if (hit) return hit;
  const restaurant = {
    id: row.id,
    slug: row.slug,
    menuVersion: row.menu_version,
    updatedAt: row.updated_at,
    settings: JSON.parse(row.settings) as RestaurantSettings,
  };
  parsedOf(db).set(row.id, restaurant);
  return restaurant;
}

/** The parsed restaurant of this row's version when this process has it already. */
function parsedVersion(db: Executor, row: Pick<RestaurantRow, 'id' | 'slug' | 'menu_version' | 'updated_at'>): Restaurant | null {
  const hit = parsedOf(db).get(row.id);
  return hit && hit.menuVersion === row.menu_version && hit.updatedAt === row.updated_at && hit.slug === row.slug ? hit : null;
}

/**
 * Every request resolves its tenant. On SQLite one server process holds the file (sqlite-lock.ts),
 * so the restaurant it has just read stays true until this process writes a restaurant row itself
 * (`restaurantsChanged`, called by every such write) or another process does: the import command
 * run beside the server, whose change is seen within RECENT_MS. That read was a tenth of the server
 * time of a menu's 304 (docs/decisions/0042-tenant-read-on-sqlite.md). PostgreSQL serves several
 * processes, each writing: there the version is read on every look-up.
 */
const RECENT_MS = 1000;
const RECENT_MAX = 1000;
const recent = new WeakMap<object, Map<string, { restaurant: Restaurant; generation: number; at: number }>>();
let generation = 0;

/** Called after every write to a restaurant row: what was read before it is read again. */
export function restaurantsChanged(): void {
  generation += 1;
}

/** The restaurant read under `key` within RECENT_MS and not written since; undefined otherwise. */
function recentHit(db: Executor, key: string, at: number): Restaurant | undefined {
  const hit = recent.get(db)?.get(key);
  return hit && hit.generation === generation && at - hit.at < RECENT_MS ? hit.restaurant : undefined;
}

async function recently(db: Executor, key: string, read: () => Promise<Restaurant | null>): Promise<Restaurant | null> {
  // A transaction's executor and PostgreSQL have no direct reader: read as always.
  if (!directReaderOf(db)) return read();
  let cache = recent.get(db);
  if (!cache) recent.set(db, (cache = new Map()));
  const at = performance.now();
  const hit = recentHit(db, key, at);
  if (hit) return hit;
  // Taken before the read: a write that lands while it runs makes this entry old at once.
  const seen = generation;
  const restaurant = await read();
  // An unknown name is not kept: the map would grow with every name a client makes up.
  if (restaurant) {
    cache.delete(key);
    cache.set(key, { restaurant, generation: seen, at });
    if (cache.size > RECENT_MAX) cache.delete(cache.keys().next().value!);
  }
  return restaurant;
}

// Every request resolves its tenant, and the settings text is large: read the version columns first
// and the whole row only when this process has not parsed that version yet. That read is compiled
// once (compiled-queries.ts).
const VERSION_COLUMNS = ['id', 'slug', 'menu_version', 'updated_at'] as const;

export function findRestaurantById(db: Executor, id: number): Promise<Restaurant | null> {
  return recently(db, `id:${id}`, () => readRestaurantById(db, id));
}

/**
 * The restaurant `findRestaurantById` or `findRestaurantBySlug` would answer now without reading,
 * when it has it (SQLite, read within RECENT_MS); undefined when only a read can tell. For a request
 * that needs nothing else to be answered at once (routes/restaurants/menus.ts, a menu's 304).
 */
export function knownRestaurant(db: Executor, by: { id: number } | { slug: string }): Restaurant | undefined {
  return recentHit(db, 'id' in by ? `id:${by.id}` : `slug:${by.slug}`, performance.now());
}

async function readRestaurantById(db: Executor, id: number): Promise<Restaurant | null> {
  const [version] = await runCompiled(
    db,
    'restaurantVersionById',
    () => db.selectFrom('restaurants').select(VERSION_COLUMNS).where('id', '=', id),
    [id],
  );
  if (!version) return null;
  const hit = parsedVersion(db, version);
  if (hit) return hit;
  const row = await db.selectFrom('restaurants').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRestaurant(db, row) : null;
}

export function findRestaurantBySlug(db: Executor, slug: string): Promise<Restaurant | null> {
  return recently(db, `slug:${slug}`, () => readRestaurantBySlug(db, slug));
}

async function readRestaurantBySlug(db: Executor, slug: string): Promise<Restaurant | null> {
  const [version] = await runCompiled(
    db,
    'restaurantVersionBySlug',
    () => db.selectFrom('restaurants').select(VERSION_COLUMNS).where('slug', '=', slug),
    [slug],
  );
  if (!version) return null;
  const hit = parsedVersion(db, version);
  if (hit) return hit;
  const row = await db.selectFrom('restaurants').selectAll().where('slug', '=', slug).executeTakeFirst();
  return row ? toRestaurant(db, row) : null;
}

export async function findRestaurantSlugByHost(db: Executor, host: string): Promise<string | null> {
  const row = await db
    .selectFrom('restaurant_hosts')
    .innerJoin('restaurants', 'restaurants.id', 'restaurant_hosts.restaurant_id')
    .select('restaurants.slug')
    .where('restaurant_hosts.host', '=', host.toLowerCase())
    .executeTakeFirst();
  return row?.slug ?? null;
}

/** Every venue of a chain (restaurants.group_slug, indexed), for the location search. */
export async function findRestaurantsByGroup(db: Executor, group: string): Promise<Restaurant[]> {
  const rows = await db.selectFrom('restaurants').selectAll().where('group_slug', '=', group).orderBy('id').execute();
  return rows.map((row) => parsedVersion(db, row) ?? toRestaurant(db, row));
}

/**
 * The restaurants whose settings name this text, compared in lower case (a suite owner's e-mail: the
 * venues that may have suites of theirs). Callers check what the settings say; this only narrows.
 */
export async function findRestaurantsNaming(db: Executor, text: string): Promise<Restaurant[]> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const rows = await db
    .selectFrom('restaurants')
    .selectAll()
    .where(sql<boolean>`lower(settings) like ${pattern} escape '\\'`)
    .orderBy('id')
    .execute();
  return rows.map((row) => parsedVersion(db, row) ?? toRestaurant(db, row));
}

export async function findSlugOwner(db: Executor, slug: string): Promise<number | null> {
  const row = await db.selectFrom('restaurants').select('id').where('slug', '=', slug).executeTakeFirst();
  return row?.id ?? null;
}

const MENU_TABLES = ['option_values', 'option_groups', 'items', 'sections', 'menus', 'menu_groups'] as const;
const BATCH = 200;

/**
 * Replaces a tenant's settings and whole menu tree. Content without a published_at is published at
 * `now`; the menu version goes up so caches of the old menu are dropped. Answers the new version.
 */
export async function upsertTenant(trx: Transaction<Database>, tenant: TenantFile, now: string): Promise<number> {
  const { menu_groups: menuGroups, ...settings } = tenant;
  // The gift cards live in their own table, as digests (below): the settings never keep a number.
  const kept = JSON.stringify({ ...settings, gift_cards: [] });
  const row = { slug: tenant.slug, name: tenant.name, group_slug: tenant.group, settings: kept, updated_at: now };
  // The version goes up in the UPDATE itself, never as a value read before it: two imports or
  // publishes at once each get their own version (on PostgreSQL the second waits for the first's row
  // lock and then adds one to what it wrote; SQLite runs one writing transaction at a time).
  const updated = await trx
    .updateTable('restaurants')
    .set((eb) => ({ ...row, menu_version: eb('menu_version', '+', 1) }))
    .where('id', '=', tenant.id)
    .returning('menu_version')
    .executeTakeFirst();
  if (!updated) {
    await trx
      .insertInto('restaurants')
      .values({ ...row, id: tenant.id, menu_version: 1, created_at: now })
      .execute();
  }
  restaurantsChanged();

  await trx.deleteFrom('restaurant_hosts').where('restaurant_id', '=', tenant.id).execute();
  if (tenant.canteen_hosts.length > 0) {
    await trx
      .insertInto('restaurant_hosts')
      .values(tenant.canteen_hosts.map((host) => ({ host: host.toLowerCase(), restaurant_id: tenant.id })))
      .execute();
  }

  if (tenant.gift_cards.length > 0) {
    await trx
      .insertInto('gift_cards')
      .values(
        // The number is kept only as its keyed digest and last four (lib/secret-digests.ts). A card
        // already there (a file's, or one issued from the console) keeps its balance: the conflict
        // below adds nothing (docs/decisions/0112-gift-cards-issued-from-the-console.md).
        tenant.gift_cards.map((card) => ({
          restaurant_id: tenant.id,
          number_hash: giftCardDigest(tenant.id, card.number),
          last_four: lastFour(card.number),
          balance_cents: card.balance,
          updated_at: now,
          source: 'file' as const,
          issued_cents: card.balance,
          issued_at: now,
        })),
      )
      .onConflict((conflict) => conflict.columns(['restaurant_id', 'number_hash']).doNothing())
      .execute();
  }

  for (const table of MENU_TABLES) await trx.deleteFrom(table).where('restaurant_id', '=', tenant.id).execute();
  const rows = flattenMenuTree(tenant.id, menuGroups, now);
  for (const table of [...MENU_TABLES].reverse()) {
    const tableRows = rows[table];
    for (let start = 0; start < tableRows.length; start += BATCH) {
      // The row shapes are built per table by flattenMenuTree.
      await trx
        .insertInto(table)
        .values(tableRows.slice(start, start + BATCH) as never)
        .execute();
    }
  }
  return updated?.menu_version ?? 1;
}

type Rows = { [T in (typeof MENU_TABLES)[number]]: Array<Record<string, unknown>> };

/** Stable order: by the `order` field, then by place in the file. */
function ordered<T extends { order: number }>(list: T[]): T[] {
  return list
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => a.entry.order - b.entry.order || a.index - b.index)
    .map(({ entry }) => entry);
}

function flattenMenuTree(restaurantId: number, groups: MenuGroupFile[], now: string): Rows {
  const rows: Rows = { menu_groups: [], menus: [], sections: [], items: [], option_groups: [], option_values: [] };
  const published = (value: string | null | undefined) => (value === undefined ? now : value);
  const base = (id: number, position: number) => ({ restaurant_id: restaurantId, id, position });

  const addOptionGroups = (groupsOfItem: OptionGroupFile[], itemId: number, parentValueId: number | null) =>
    ordered(groupsOfItem).forEach((group, position) => {
      const { values, ...data } = group;
      rows.option_groups.push({ ...base(group.id, position), item_id: itemId, parent_value_id: parentValueId, data: JSON.stringify(data) });
      ordered(values).forEach((value: OptionValueFile, valuePosition) => {
        const { options, ...valueData } = value;
        const publishedAt = published(value.published_at);
        rows.option_values.push({
          ...base(value.id, valuePosition),
          option_group_id: group.id,
          price_cents: value.price,
          published_at: publishedAt,
          data: JSON.stringify({ ...valueData, published_at: publishedAt }),
        });
        addOptionGroups(options, itemId, value.id);
      });
    });

  const addItems = (items: ItemFile[], menuId: number, sectionId: number | null) =>
    ordered(items).forEach((item, position) => {
      const { options, ...data } = item;
      const publishedAt = published(item.published_at);
      rows.items.push({
        ...base(item.id, position),
        menu_id: menuId,
        section_id: sectionId,
        price_cents: item.price,
        sold_out: item.sold_out ? 1 : 0,
        published_at: publishedAt,
        data: JSON.stringify({ ...data, published_at: publishedAt }),
      });
      addOptionGroups(options, item.id, null);
    });

  groups.forEach((group, position) => {
    const { menus, ...data } = group;
    const publishedAt = published(group.published_at);
    rows.menu_groups.push({
      ...base(group.id, position),
      published_at: publishedAt,
      data: JSON.stringify({ ...data, published_at: publishedAt }),
    });
    ordered(menus).forEach((menu: MenuFile, menuPosition) => {
      const { sections, items, ...menuData } = menu;
      const menuPublishedAt = published(menu.published_at);
      rows.menus.push({
        ...base(menu.id, menuPosition),
        menu_group_id: group.id,
        published_at: menuPublishedAt,
        deleted_at: menu.deleted_at,
        data: JSON.stringify({ ...menuData, published_at: menuPublishedAt }),
      });
      addItems(items, menu.id, null);
      ordered(sections).forEach((section: SectionFile, sectionPosition) => {
        const { items: sectionItems, ...sectionData } = section;
        const sectionPublishedAt = published(section.published_at);
        rows.sections.push({
          ...base(section.id, sectionPosition),
          menu_id: menu.id,
          published_at: sectionPublishedAt,
          data: JSON.stringify({ ...sectionData, published_at: sectionPublishedAt }),
        });
        addItems(sectionItems, menu.id, section.id);
      });
    });
  });
  return rows;
}

export interface PublishedMenuTree {
  menuGroups: MenuGroupFile[];
  /** The next time content is due to appear or disappear (a future published_at or deleted_at), if any. */
  changesAt: string | null;
}

/**
 * The menu tree as diners may see it at `now`: only published, not deleted content, in order.
 * Amounts are cents, as stored.
 */
export function loadPublishedMenuTree(db: Executor, restaurantId: number, now: string): Promise<PublishedMenuTree> {
  return loadMenuTree(db, restaurantId, now);
}

/**
 * The whole stored menu tree, as its tenant file has it: content not yet published and menus
 * deleted on a date too, in order (the staff console's export, use-cases/menus/tenant-file-io.ts).
 */
export async function loadStoredMenuTree(db: Executor, restaurantId: number): Promise<MenuGroupFile[]> {
  return (await loadMenuTree(db, restaurantId, null)).menuGroups;
}

/**
 * A tenant file's menu tree as diners would see it at `now` were it imported then: its rows as the
 * import would write them (`flattenMenuTree`) read back as the published menu is. The staff
 * console's preview of a draft (use-cases/menus/menu-drafts.ts), which writes nothing.
 */
export function menuTreeOfFile(restaurantId: number, groups: MenuGroupFile[], now: string): PublishedMenuTree {
  const rows = flattenMenuTree(restaurantId, groups, now);
  // The rows are built per table by flattenMenuTree in the stored rows' shape.
  const tables = [rows.menu_groups, rows.menus, rows.sections, rows.items, rows.option_groups, rows.option_values] as unknown as MenuRows;
  return menuTreeOfRows(tables, now);
}

/** `now` null: everything stored, whatever its publication and deletion times. */
async function loadMenuTree(db: Executor, restaurantId: number, now: string | null): Promise<PublishedMenuTree> {
  const tables: MenuRows = await Promise.all([
    db.selectFrom('menu_groups').selectAll().where('restaurant_id', '=', restaurantId).orderBy('position').execute(),
    db.selectFrom('menus').selectAll().where('restaurant_id', '=', restaurantId).orderBy('position').execute(),
    db.selectFrom('sections').selectAll().where('restaurant_id', '=', restaurantId).orderBy('position').execute(),
    db.selectFrom('items').selectAll().where('restaurant_id', '=', restaurantId).orderBy('position').execute(),
    db.selectFrom('option_groups').selectAll().where('restaurant_id', '=', restaurantId).orderBy('position').execute(),
    db.selectFrom('option_values').selectAll().where('restaurant_id', '=', restaurantId).orderBy('position').execute(),
  ]);
  return menuTreeOfRows(tables, now);
}

/** The menu tables' rows (groups, menus, sections, items, option groups, option values), each in position order within its parent. */
type MenuRows = [
  Array<Selectable<MenuGroupsTable>>,
  Array<Selectable<MenusTable>>,
  Array<Selectable<SectionsTable>>,
  Array<Selectable<ItemsTable>>,
  Array<Selectable<OptionGroupsTable>>,
  Array<Selectable<OptionValuesTable>>,
];

function menuTreeOfRows(tables: MenuRows, now: string | null): PublishedMenuTree {
  const live = (publishedAt: string | null) => now === null || (publishedAt !== null && publishedAt <= now);
  const [groupRows, menuRows, sectionRows, itemRows, optionGroupRows, valueRows] = tables;

  let changesAt: string | null = null;
  const boundaries = [...groupRows, ...menuRows, ...sectionRows, ...itemRows, ...valueRows].map((row) => row.published_at);
  for (const time of [...boundaries, ...menuRows.map((row) => row.deleted_at)]) {
    if (now !== null && time !== null && time > now && (changesAt === null || time < changesAt)) changesAt = time;
  }

  const valuesByGroup = groupBy(
    valueRows.filter((row) => live(row.published_at)),
    (row) => row.option_group_id,
  );
  const groupsByItem = groupBy(
    optionGroupRows.filter((row) => row.parent_value_id === null),
    (row) => row.item_id,
  );
  const groupsByValue = groupBy(
    optionGroupRows.filter((row) => row.parent_value_id !== null),
    (row) => row.parent_value_id as number,
  );
  const buildGroups = (rows: typeof optionGroupRows): OptionGroupFile[] =>
    rows.map((row) => ({
      ...(JSON.parse(row.data) as Omit<OptionGroupFile, 'values'>),
      values: (valuesByGroup.get(row.id) ?? []).map((valueRow) => ({
        ...(JSON.parse(valueRow.data) as Omit<OptionValueFile, 'options'>),
        options: buildGroups(groupsByValue.get(valueRow.id) ?? []),
      })),
    }));
  const liveItems = itemRows.filter((row) => live(row.published_at));
  const buildItems = (rows: typeof itemRows): ItemFile[] =>
    rows.map((row) => ({ ...(JSON.parse(row.data) as Omit<ItemFile, 'options'>), options: buildGroups(groupsByItem.get(row.id) ?? []) }));
  const menuItems = groupBy(
    liveItems.filter((row) => row.section_id === null),
    (row) => row.menu_id,
  );
  const sectionItems = groupBy(
    liveItems.filter((row) => row.section_id !== null),
    (row) => row.section_id as number,
  );
  const sectionsByMenu = groupBy(
    sectionRows.filter((row) => live(row.published_at)),
    (row) => row.menu_id,
  );
  const menusByGroup = groupBy(
    menuRows.filter((row) => live(row.published_at) && (now === null || row.deleted_at === null || row.deleted_at > now)),
    (row) => row.menu_group_id,
  );

  const menuGroups = groupRows
    .filter((row) => live(row.published_at))
    .map((row) => ({
      ...(JSON.parse(row.data) as Omit<MenuGroupFile, 'menus'>),
      menus: (menusByGroup.get(row.id) ?? []).map((menuRow) => ({
        ...(JSON.parse(menuRow.data) as Omit<MenuFile, 'sections' | 'items'>),
        items: buildItems(menuItems.get(menuRow.id) ?? []),
        sections: (sectionsByMenu.get(menuRow.id) ?? []).map((sectionRow) => ({
          ...(JSON.parse(sectionRow.data) as Omit<SectionFile, 'items'>),
          items: buildItems(sectionItems.get(sectionRow.id) ?? []),
        })),
      })),
    }));
  return { menuGroups, changesAt };
}

function groupBy<T, K>(list: T[], key: (entry: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const entry of list) {
    const k = key(entry);
    const bucket = map.get(k);
    if (bucket) bucket.push(entry);
    else map.set(k, [entry]);
  }
  return map;
}
