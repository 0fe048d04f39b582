/**
 * The unused menu photos' sweep (issue 32 item 3; docs/decisions/0121-delivery-schools-and-unused-photos.md). A photo
 * uploaded in the editor and then replaced, or never saved, would stay in `menu_images` for ever. On
 * the server's clock (`now` passed in), a restaurant's photo last uploaded more than
 * `MENU_IMAGE_GRACE_MS` ago is deleted, every variant of it, when none of these names it:
 *
 * 1. the draft (the editor's saved file);
 * 2. any publish kept in the history (it can be restored as the draft, photos and all);
 * 3. the published data (the restaurant as its file: `tenants:import` writes no history entry).
 *
 * Read in that order: a publish clears the draft and writes its history entry and data in one
 * transaction, so a photo that moves from the draft to the history is seen in one or the other.
 * The grace period keeps an upload the editor has not saved yet (the upload is its own call: the
 * URL sits in the open form until the item is saved). Uploading a photo again restarts its grace
 * period (use-cases/menus/menu-images.ts), and the delete re-checks the time, so a photo uploaded
 * again while the sweep runs stays.
 *
 * Several processes may sweep at once: each delete is idempotent, so two sweeps delete a photo once
 * between them, on SQLite and on PostgreSQL. Named system work (`asSystem`): it spans restaurants.
 */
import { photoHashesNamedIn } from '@servery/contracts/menu-images';
import { asSystem } from '../../db/data-scope';
import type { Db } from '../../db/database';
import { findDraftFileText, findHistoryFileText, historyVersionsContaining } from '../../db/menu-drafts-repository';
import { deleteMenuImagesBefore, menuImagesUploadedBefore } from '../../db/menu-images-repository';
import { findRestaurantById } from '../../db/restaurants-repository';
import type { Executor } from '../../kernel/executor';
import { exportTenantFile } from './tenant-file-io';

/** How long an upload named by nothing is kept: a day, so a photo never vanishes under an open editor. */
export const MENU_IMAGE_GRACE_MS = 24 * 60 * 60_000;
/** How often each server process sweeps (plugins/delivery-workers.ts): hourly is plenty for storage. */
export const MENU_IMAGE_SWEEP_MS = 60 * 60_000;

export interface MenuImageSweep {
  /** Photos deleted (each with all its variants). */
  removed: number;
  /** Photos past their grace period that something still names. */
  kept: number;
}

/** The hashes of restaurant `restaurantId`'s photos named by its draft, its history or its published data. */
export async function namedMenuImages(db: Executor, restaurantId: number): Promise<Set<string>> {
  const named = new Set<string>();
  const add = (text: string | null) => {
    if (text !== null) for (const hash of photoHashesNamedIn(text, restaurantId)) named.add(hash);
  };
  add(await findDraftFileText(db, restaurantId));
  for (const version of await historyVersionsContaining(db, restaurantId, '/menu-images/')) {
    add(await findHistoryFileText(db, restaurantId, version));
  }
  const restaurant = await findRestaurantById(db, restaurantId);
  if (restaurant) add(JSON.stringify(await exportTenantFile(db, restaurant)));
  return named;
}

/** One sweep at `now` over every restaurant's photos past the grace period. */
export function removeUnusedMenuImages(database: Db, now: Date): Promise<MenuImageSweep> {
  return asSystem('unused menu photos', async () => {
    const db = database.db;
    const before = new Date(now.getTime() - MENU_IMAGE_GRACE_MS).toISOString();
    const byRestaurant = new Map<number, string[]>();
    for (const row of await menuImagesUploadedBefore(db, before)) {
      byRestaurant.set(row.restaurant_id, [...(byRestaurant.get(row.restaurant_id) ?? []), row.hash]);
    }
    const sweep: MenuImageSweep = { removed: 0, kept: 0 };
    for (const [restaurantId, hashes] of byRestaurant) {
      const named = await namedMenuImages(db, restaurantId);
      const unused = hashes.filter((hash) => !named.has(hash));
      sweep.kept += hashes.length - unused.length;
      sweep.removed += await deleteMenuImagesBefore(db, restaurantId, unused, before);
    }
    return sweep;
  });
}
