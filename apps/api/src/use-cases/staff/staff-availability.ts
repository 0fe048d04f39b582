/**
 * Availability during service (contracts/staff-availability.ts): staff pause ordering with a message
 * and resume it, mark an item, a section or an option value sold out and back. Each change, its menu-version bump and
 * its audit row are one transaction, so a diner's next menu, cart or checkout sees it, in any process.
 *
 * A marketplace hub's vendor staff (`actor.vendorId`) work their own counter only: they see and switch
 * the entries of their vendor's menu groups (another vendor's entry is not found, as another vendor's
 * order is on the board) and pause their vendor, not the hub (packages/domain/src/marketplace.ts
 * reads the vendor's pause; docs/decisions/0031-marketplace-orders.md).
 */
import type {
  AvailabilityOption,
  AvailabilityResponse,
  AvailabilitySection,
  SetPauseRequest,
  SetSoldOutRequest,
  SetStockRequest,
} from '@servery/contracts/staff-availability';
import type { ItemFile, Locale, MenuGroupFile, OptionGroupFile, TenantFile } from '@servery/contracts/tenant-file';
import { ownMenuGroups } from '@servery/domain/marketplace';
import { bumpMenuVersion, itemName, setOrdersPaused, setSoldOut, setVendorPaused } from '../../db/availability-repository';
import type { Db } from '../../db/database';
import { loadPublishedMenuTree, type Restaurant } from '../../db/restaurants-repository';
import { insertAudit } from '../../db/staff-repository';
import { setStockCount, stockCounts } from '../../db/stock-repository';
import { AppError } from '../../lib/app-error';
import type { Executor } from '../../kernel/executor';
import { decodeEntities } from '../menus/menu-lookup';
import type { StaffActor } from './staff-team';

type Named = { name: string; localization?: Partial<Record<Locale, { name?: string } | undefined>> };

function nameIn(entity: Named, locale: Locale): string {
  return decodeEntities(entity.localization?.[locale]?.name || entity.name);
}

type VendorFile = TenantFile['vendors'][number];

/** The actor's vendor at this hub; null for the whole restaurant. A vendor the hub no longer has is refused. */
function actorVendor(restaurant: Restaurant, actor: Pick<StaffActor, 'vendorId'>): VendorFile | null {
  if (actor.vendorId === null) return null;
  const vendor = restaurant.settings.vendors.find((candidate) => candidate.id === actor.vendorId);
  if (!vendor) throw new AppError('STAFF_ROLE_NOT_ALLOWED');
  return vendor;
}

export async function getAvailability(
  db: Executor,
  restaurant: Restaurant,
  actor: Pick<StaffActor, 'vendorId'>,
  locale: Locale,
  now: Date,
): Promise<AvailabilityResponse> {
  const vendor = actorVendor(restaurant, actor);
  const [tree, stock] = await Promise.all([loadPublishedMenuTree(db, restaurant.id, now.toISOString()), stockCounts(db, restaurant.id)]);
  const sections: AvailabilitySection[] = [];
  const options = (groups: readonly OptionGroupFile[]): AvailabilityOption[] =>
    groups.flatMap((group) =>
      group.values.flatMap((value) => [
        { id: value.id, group: nameIn(group, locale), name: nameIn(value, locale), sold_out: value.sold_out === true },
        ...options(value.options),
      ]),
    );
  const items = (list: readonly ItemFile[]) =>
    list.map((item) => ({
      id: item.id,
      name: nameIn(item, locale),
      sold_out: item.sold_out,
      stock: stock.get(item.id) ?? null,
      options: options(item.options),
    }));
  for (const group of ownMenuGroups(tree.menuGroups, vendor?.id ?? null))
    for (const menu of group.menus) {
      if (menu.items.length > 0) sections.push({ id: null, name: nameIn(menu, locale), sold_out: false, items: items(menu.items) });
      for (const section of menu.sections)
        sections.push({ id: section.id, name: nameIn(section, locale), sold_out: section.sold_out, items: items(section.items) });
    }
  const paused = vendor ?? restaurant.settings;
  const message = paused.orders_paused_message;
  return {
    orders_paused: paused.orders_paused,
    asap_paused: paused.asap_paused,
    message: { 'en-CA': message['en-CA'] ?? '', 'fr-CA': message['fr-CA'] ?? '' },
    vendor: vendor ? { id: vendor.id, name: nameIn(vendor, locale) } : null,
    sections,
  };
}

/** Whether an entry (item, section or option value) is on one of these menu groups. */
function onMenuGroups(groups: readonly MenuGroupFile[], kind: SetSoldOutRequest['kind'], id: number): boolean {
  const inOptions = (list: readonly OptionGroupFile[]): boolean =>
    list.some((group) => group.values.some((value) => value.id === id || inOptions(value.options)));
  const inItems = (list: readonly ItemFile[]) =>
    list.some((item) => (kind === 'item' ? item.id === id : kind === 'option_value' && inOptions(item.options)));
  return groups.some((group) =>
    group.menus.some(
      (menu) => inItems(menu.items) || menu.sections.some((section) => (kind === 'section' ? section.id === id : inItems(section.items))),
    ),
  );
}

export async function setSoldOutByStaff(
  database: Db,
  restaurant: Restaurant,
  actor: StaffActor,
  change: SetSoldOutRequest,
  now: Date,
): Promise<void> {
  const vendor = actorVendor(restaurant, actor);
  await database.db.transaction().execute(async (trx) => {
    // A vendor's staff switch their own menus' entries only: another vendor's is not found.
    if (vendor) {
      const tree = await loadPublishedMenuTree(trx, restaurant.id, now.toISOString());
      if (!onMenuGroups(ownMenuGroups(tree.menuGroups, vendor.id), change.kind, change.id)) throw new AppError('MENU_ENTRY_NOT_FOUND');
    }
    const name = await setSoldOut(trx, restaurant.id, change.kind, change.id, change.sold_out);
    if (name === null) throw new AppError('MENU_ENTRY_NOT_FOUND');
    await bumpMenuVersion(trx, restaurant.id, now);
    await insertAudit(
      trx,
      {
        restaurantId: restaurant.id,
        actor,
        action: change.sold_out ? 'sold_out' : 'back_in_stock',
        subject: decodeEntities(name),
        detail: null,
      },
      now,
    );
  });
}

/**
 * Sets or drops an item's stock count (take-stock.ts): a count of zero sells the item out, a count
 * above zero puts it back on sale; dropping the count leaves the sold-out switch as it is. The menu
 * version goes up either way, so every process learns which items are counted.
 */
export async function setStockByStaff(
  database: Db,
  restaurant: Restaurant,
  actor: StaffActor,
  change: SetStockRequest,
  now: Date,
): Promise<void> {
  const vendor = actorVendor(restaurant, actor);
  await database.db.transaction().execute(async (trx) => {
    const tree = await loadPublishedMenuTree(trx, restaurant.id, now.toISOString());
    if (!onMenuGroups(ownMenuGroups(tree.menuGroups, vendor?.id ?? null), 'item', change.item_id))
      throw new AppError('MENU_ENTRY_NOT_FOUND');
    await setStockCount(trx, restaurant.id, change.item_id, change.remaining, now);
    const name =
      change.remaining === null
        ? await itemName(trx, restaurant.id, change.item_id)
        : await setSoldOut(trx, restaurant.id, 'item', change.item_id, change.remaining === 0);
    await bumpMenuVersion(trx, restaurant.id, now);
    await insertAudit(
      trx,
      {
        restaurantId: restaurant.id,
        actor,
        action: change.remaining === null ? 'stock_uncounted' : 'stock_counted',
        subject: `${change.remaining ?? ''} ${decodeEntities(name ?? String(change.item_id))}`.trim(),
        detail: null,
      },
      now,
    );
  });
}

export async function setPauseByStaff(
  database: Db,
  restaurant: Restaurant,
  actor: StaffActor,
  change: SetPauseRequest,
  now: Date,
): Promise<void> {
  const message = Object.fromEntries(
    Object.entries(change.message).filter(([, text]) => text !== undefined && text !== ''),
  ) as SetPauseRequest['message'];
  const vendor = actorVendor(restaurant, actor);
  const pause = change.paused ? change.scope : 'none';
  await database.db.transaction().execute(async (trx) => {
    // A vendor's staff pause their own counter; the hub's staff the whole hub.
    if (vendor) {
      if (!(await setVendorPaused(trx, restaurant.id, vendor.id, pause, message))) throw new AppError('STAFF_ROLE_NOT_ALLOWED');
    } else await setOrdersPaused(trx, restaurant.id, pause, message);
    await bumpMenuVersion(trx, restaurant.id, now);
    const said = change.paused ? (message['en-CA'] ?? message['fr-CA'] ?? '') : '';
    await insertAudit(
      trx,
      {
        restaurantId: restaurant.id,
        actor,
        action: change.paused ? 'paused' : 'resumed',
        subject: vendor ? [vendor.name, said].filter((part) => part !== '').join(': ') : said,
        detail:
          change.paused || vendor ? { ...(change.paused && { scope: change.scope }), ...(vendor && { vendor: String(vendor.id) }) } : null,
      },
      now,
    );
  });
}
