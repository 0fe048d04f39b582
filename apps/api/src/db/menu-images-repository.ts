/**
 * A restaurant's uploaded menu photos (migration 0030, docs/decisions/0102-menu-images-in-the-database.md).
 * Every query names its restaurant.
 */
import type { Executor } from '../kernel/executor';

export interface StoredVariant {
  variant: string;
  contentType: string;
  width: number;
  height: number;
  bytes: Uint8Array;
}

/** Stores the variants of photo `hash`; a variant already there is left as it is (two uploads of the same photo at once). */
export async function insertMenuImage(
  db: Executor,
  restaurantId: number,
  hash: string,
  variants: StoredVariant[],
  uploadedBy: number,
  createdAt: string,
): Promise<void> {
  await db
    .insertInto('menu_images')
    .values(
      variants.map((variant) => ({
        restaurant_id: restaurantId,
        hash,
        variant: variant.variant,
        content_type: variant.contentType,
        width: variant.width,
        height: variant.height,
        bytes: variant.bytes,
        uploaded_by: uploadedBy,
        created_at: createdAt,
      })),
    )
    .onConflict((conflict) => conflict.columns(['restaurant_id', 'hash', 'variant']).doNothing())
    .execute();
}

export async function findMenuImageVariant(
  db: Executor,
  restaurantId: number,
  hash: string,
  variant: string,
): Promise<{ contentType: string; bytes: Uint8Array } | null> {
  const row = await db
    .selectFrom('menu_images')
    .select(['content_type', 'bytes'])
    .where('restaurant_id', '=', restaurantId)
    .where('hash', '=', hash)
    .where('variant', '=', variant)
    .executeTakeFirst();
  return row ? { contentType: row.content_type, bytes: row.bytes } : null;
}

/**
 * Marks photo `hash` as uploaded again at `at` (its variants' `created_at`): the unused photos' sweep
 * then gives it a new grace period. False: the restaurant has no such photo (never uploaded, or swept).
 */
export async function touchMenuImage(db: Executor, restaurantId: number, hash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('menu_images')
    .set({ created_at: at })
    .where('restaurant_id', '=', restaurantId)
    .where('hash', '=', hash)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Every restaurant's photos last uploaded before `before` (ISO): the sweep's candidates. */
export async function menuImagesUploadedBefore(db: Executor, before: string): Promise<Array<{ restaurant_id: number; hash: string }>> {
  return db
    .selectFrom('menu_images')
    .select(['restaurant_id', 'hash'])
    .where('created_at', '<', before)
    .distinct()
    .orderBy('restaurant_id')
    .orderBy('hash')
    .execute();
}

/**
 * Deletes restaurant `restaurantId`'s photos `hashes` (every variant), only those still last uploaded
 * before `before`: a photo uploaded again meanwhile is kept. Answers how many photos went.
 */
export async function deleteMenuImagesBefore(db: Executor, restaurantId: number, hashes: string[], before: string): Promise<number> {
  if (hashes.length === 0) return 0;
  const rows = await db
    .deleteFrom('menu_images')
    .where('restaurant_id', '=', restaurantId)
    .where('hash', 'in', hashes)
    .where('created_at', '<', before)
    .returning('hash')
    .execute();
  return new Set(rows.map((row) => row.hash)).size;
}
