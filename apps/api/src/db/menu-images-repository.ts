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

export async function hasMenuImage(db: Executor, restaurantId: number, hash: string): Promise<boolean> {
  const row = await db
    .selectFrom('menu_images')
    .select('variant')
    .where('restaurant_id', '=', restaurantId)
    .where('hash', '=', hash)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
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
