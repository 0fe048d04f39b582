/**
 * The published menus a diner of this order type may order from, serialised and compressed once per
 * menu version (docs/decisions/0005-menu-cache-and-html.md). Member-only menus are included only for a valid
 * member of the restaurant's membership program. Items and option values with promos carry their
 * prices after promos (contracts menu-promo-prices.ts, docs/decisions/0051-menu-promo-prices.md):
 * promos change only on import, which bumps the menu version.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Kysely } from 'kysely';
import type { MenusResponse } from '@servery/contracts/restaurant';
import { withPromoPrices } from '@servery/contracts/menu-promo-prices';
import type { ItemFile, MenuGroupFile, OptionGroupFile } from '@servery/contracts/tenant-file';
import { isMenuForOrderType } from '@servery/domain/menu-visibility';
import type { OrderType } from '@servery/domain/order-type';
import { loadPublishedMenuTree, type Restaurant } from '../../db/restaurants-repository';
import type { Database } from '../../kernel/schema';
import { sanitize } from '../../lib/sanitize-html';
import { findMember, opensMemberMenus } from '../cart/members';
import type { MenuPayload } from '../../lib/send-menu-payload';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

interface CacheEntry {
  payload: Promise<MenuPayload>;
  /** The payload once built: what `keptMenus` hands out without waiting. */
  ready?: MenuPayload;
  /** Epoch ms after which scheduled publishing may change the menu. */
  validUntil: number;
}

/**
 * Keyed by the parsed restaurant (one database's restaurant at one version, db/restaurants-repository.ts)
 * and then by order type and membership: a new version is a new object, and the old one's menus go
 * with it; a restaurant of another database with the same id never answers from these.
 */
const cache = new WeakMap<Restaurant, Map<string, CacheEntry>>();

export function isValidMember(restaurant: Restaurant, identifier: string | undefined): boolean {
  return opensMemberMenus(findMember(restaurant, identifier));
}

const cacheKey = (orderType: OrderType, member: boolean) => `${orderType}:${member ? 'member' : 'guest'}`;

/** The payload `getMenus` would answer now when it is built already; undefined otherwise. */
export function keptMenus(restaurant: Restaurant, orderType: OrderType, member: boolean, now: Date): MenuPayload | undefined {
  const hit = cache.get(restaurant)?.get(cacheKey(orderType, member));
  return hit && now.getTime() < hit.validUntil ? hit.ready : undefined;
}

export async function getMenus(
  db: Kysely<Database>,
  restaurant: Restaurant,
  orderType: OrderType,
  member: boolean,
  now: Date,
): Promise<MenuPayload> {
  let entries = cache.get(restaurant);
  if (!entries) cache.set(restaurant, (entries = new Map()));
  const key = cacheKey(orderType, member);
  const hit = entries.get(key);
  if (hit && now.getTime() < hit.validUntil) return hit.payload;

  const entry: CacheEntry = { payload: build(), validUntil: Number.POSITIVE_INFINITY };
  entries.set(key, entry);
  entry.payload.then(
    (payload) => (entry.ready = payload),
    () => entries.delete(key),
  );
  return entry.payload;

  async function build(): Promise<MenuPayload> {
    const { menuGroups, changesAt } = await loadPublishedMenuTree(db, restaurant.id, now.toISOString());
    if (changesAt) entry.validUntil = Date.parse(changesAt);
    const value = menusAnswer(restaurant.id, restaurant.menuVersion, menuGroups, restaurant.settings.promos, orderType, member);
    const identity = Buffer.from(JSON.stringify(value));
    const [gzipped, brotlied] = await Promise.all([
      gzip(identity, { level: 9 }),
      brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    ]);
    const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
    return { value, etag, identity, gzip: gzipped, br: brotlied };
  }
}

/**
 * The menus of `menuGroups` (as published at the moment asked) a diner of this order type sees, in
 * the answer's shape: member-only menus only for a member, text cleaned, promo prices applied. The
 * public menus above and the staff console's preview of a draft (menu-drafts.ts) answer through it.
 */
export function menusAnswer(
  restaurantId: number,
  version: number,
  menuGroups: MenuGroupFile[],
  promos: Restaurant['settings']['promos'],
  orderType: OrderType,
  member: boolean,
): MenusResponse {
  const visible = menuGroups
    .map((group) => ({
      ...group,
      menus: group.menus.filter((menu) => (member || !menu.member_only) && isMenuForOrderType(menu, orderType)),
    }))
    .filter((group) => group.menus.length > 0)
    .map(sanitizeGroup);
  return { restaurant_id: restaurantId, version, menu_groups: withPromoPrices(visible, promos) };
}

/** Names and ingredients are text; descriptions may hold markup, cleaned in the default mode. */
function cleanText<
  T extends { name: string; description?: string; ingredients?: string; localization: Record<string, Record<string, string> | undefined> },
>(entity: T): T {
  const clean = (field: string, value: string) => sanitize(value, field === 'description' ? 'default' : 'strip-all');
  const localization = Object.fromEntries(
    Object.entries(entity.localization).map(([locale, fields]) => [
      locale,
      fields && Object.fromEntries(Object.entries(fields).map(([field, value]) => [field, clean(field, value)])),
    ]),
  );
  return {
    ...entity,
    name: clean('name', entity.name),
    ...(entity.description !== undefined && { description: clean('description', entity.description) }),
    ...(entity.ingredients !== undefined && { ingredients: clean('ingredients', entity.ingredients) }),
    localization,
  };
}

function sanitizeOptionGroup(group: OptionGroupFile): OptionGroupFile {
  return {
    ...cleanText(group),
    values: group.values.map((value) => ({ ...cleanText(value), options: value.options.map(sanitizeOptionGroup) })),
  };
}

function sanitizeItem(item: ItemFile): ItemFile {
  return { ...cleanText(item), options: item.options.map(sanitizeOptionGroup) };
}

function sanitizeGroup(group: MenuGroupFile): MenuGroupFile {
  return {
    ...cleanText(group),
    menus: group.menus.map((menu) => ({
      ...cleanText(menu),
      items: menu.items.map(sanitizeItem),
      sections: menu.sections.map((section) => ({ ...cleanText(section), items: section.items.map(sanitizeItem) })),
    })),
  };
}
