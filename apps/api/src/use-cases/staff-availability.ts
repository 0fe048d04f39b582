/**
 * Availability during service (contracts/staff-availability.ts): staff pause ordering with a message
 * and resume it, mark an item, a section or an option value sold out and back. Each change, its menu-version bump and
 * its audit row are one transaction, so a diner's next menu, cart or checkout sees it, in any process.
 */
import type {
  AvailabilityOption,
  AvailabilityResponse,
  AvailabilitySection,
  SetPauseRequest,
  SetSoldOutRequest,
} from '@servery/contracts/staff-availability';
import type { ItemFile, Locale, OptionGroupFile } from '@servery/contracts/tenant-file';
import { bumpMenuVersion, setOrdersPaused, setSoldOut } from '../db/availability-repository';
import type { Db } from '../db/database';
import { loadPublishedMenuTree, type Restaurant } from '../db/restaurants-repository';
import { insertAudit } from '../db/staff-repository';
import { AppError } from '../lib/app-error';
import type { Executor } from '../ports/payments';
import { decodeEntities } from './menu-lookup';
import type { StaffActor } from './staff-team';

type Named = { name: string; localization?: Partial<Record<Locale, { name?: string } | undefined>> };

function nameIn(entity: Named, locale: Locale): string {
  return decodeEntities(entity.localization?.[locale]?.name || entity.name);
}

export async function getAvailability(db: Executor, restaurant: Restaurant, locale: Locale, now: Date): Promise<AvailabilityResponse> {
  const tree = await loadPublishedMenuTree(db, restaurant.id, now.toISOString());
  const sections: AvailabilitySection[] = [];
  const options = (groups: readonly OptionGroupFile[]): AvailabilityOption[] =>
    groups.flatMap((group) =>
      group.values.flatMap((value) => [
        { id: value.id, group: nameIn(group, locale), name: nameIn(value, locale), sold_out: value.sold_out === true },
        ...options(value.options),
      ]),
    );
  const items = (list: readonly ItemFile[]) =>
    list.map((item) => ({ id: item.id, name: nameIn(item, locale), sold_out: item.sold_out, options: options(item.options) }));
  for (const group of tree.menuGroups)
    for (const menu of group.menus) {
      if (menu.items.length > 0) sections.push({ id: null, name: nameIn(menu, locale), sold_out: false, items: items(menu.items) });
      for (const section of menu.sections)
        sections.push({ id: section.id, name: nameIn(section, locale), sold_out: section.sold_out, items: items(section.items) });
    }
  const message = restaurant.settings.orders_paused_message;
  return {
    orders_paused: restaurant.settings.orders_paused,
    asap_paused: restaurant.settings.asap_paused,
    message: { 'en-CA': message['en-CA'] ?? '', 'fr-CA': message['fr-CA'] ?? '' },
    sections,
  };
}

export async function setSoldOutByStaff(
  database: Db,
  restaurant: Restaurant,
  actor: StaffActor,
  change: SetSoldOutRequest,
  now: Date,
): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
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
  await database.db.transaction().execute(async (trx) => {
    await setOrdersPaused(trx, restaurant.id, change.paused ? change.scope : 'none', message);
    await bumpMenuVersion(trx, restaurant.id, now);
    await insertAudit(
      trx,
      {
        restaurantId: restaurant.id,
        actor,
        action: change.paused ? 'paused' : 'resumed',
        subject: change.paused ? (message['en-CA'] ?? message['fr-CA'] ?? '') : '',
        detail: change.paused ? { scope: change.scope } : null,
      },
      now,
    );
  });
}
