/**
 * Menu photos (issue 32 item 3; docs/decisions/0102-menu-images-in-the-database.md). An upload is
 * checked by decoding it, never by its name or content type: what sharp (libvips) cannot read as a
 * JPEG, PNG or WebP is IMAGE_NOT_AN_IMAGE and nothing is stored; a picture over 40 megapixels is
 * refused from its header before any pixel is decoded (a decompression bomb). What passes is turned
 * upright, stripped of its metadata (a phone's location) and resized to each variant the menu shows,
 * WebP, stored in the database under the SHA-256 of the uploaded bytes: the same photo uploaded
 * again stores nothing new.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { MENU_IMAGE_LIMIT_PIXELS, MENU_IMAGE_VARIANT_NAMES, MENU_IMAGE_VARIANTS, menuImageUrl } from '@servery/contracts/menu-images';
import type { MenuImageUploadResponse } from '@servery/contracts/menu-image-schemas';
import type { Db } from '../../db/database';
import { findMenuImageVariant, insertMenuImage, touchMenuImage, type StoredVariant } from '../../db/menu-images-repository';
import type { Restaurant } from '../../db/restaurants-repository';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../staff/staff-team';

const FORMATS_TAKEN = new Set(['jpeg', 'png', 'webp']);

/** The variants of one photo, or the refusal that says why there are none. */
export async function resizeMenuImage(upload: Uint8Array): Promise<StoredVariant[]> {
  let format: string | undefined;
  let pixels: number;
  try {
    // The header only: no pixel is decoded yet.
    const metadata = await sharp(upload, { limitInputPixels: false }).metadata();
    format = metadata.format;
    pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  } catch (error) {
    throw new AppError('IMAGE_NOT_AN_IMAGE', undefined, undefined, undefined, { cause: error });
  }
  if (!format || !FORMATS_TAKEN.has(format) || pixels === 0) throw new AppError('IMAGE_NOT_AN_IMAGE');
  if (pixels > MENU_IMAGE_LIMIT_PIXELS) throw new AppError('IMAGE_TOO_LARGE');
  try {
    return await Promise.all(
      MENU_IMAGE_VARIANT_NAMES.map(async (variant) => {
        const { width, height } = MENU_IMAGE_VARIANTS[variant];
        const bytes = await sharp(upload, { limitInputPixels: MENU_IMAGE_LIMIT_PIXELS, failOn: 'error' })
          .rotate()
          .resize(width, height, { fit: 'cover', position: 'attention', withoutEnlargement: false })
          .webp({ quality: 80, effort: 4 })
          .toBuffer();
        return { variant, contentType: 'image/webp', width, height, bytes };
      }),
    );
  } catch (error) {
    // A header that reads and pixels that do not: a truncated or damaged file.
    throw new AppError('IMAGE_NOT_AN_IMAGE', undefined, undefined, undefined, { cause: error });
  }
}

export async function uploadMenuImage(
  database: Db,
  restaurant: Restaurant,
  actor: StaffActor,
  upload: Uint8Array,
  now: Date,
): Promise<MenuImageUploadResponse> {
  const hash = createHash('sha256').update(upload).digest('hex');
  const answer = (stored: boolean) => ({ image: menuImageUrl(restaurant.id, hash), hash, stored });
  // Uploaded before: nothing new is stored, and the unused photos' sweep starts its grace period
  // again (decision 0121), so a photo picked again in the editor never vanishes before it is saved.
  if (await touchMenuImage(database.db, restaurant.id, hash, now.toISOString())) return answer(false);
  const variants = await resizeMenuImage(upload);
  await insertMenuImage(database.db, restaurant.id, hash, variants, actor.userId, now.toISOString());
  return answer(true);
}

/** One variant's bytes, or IMAGE_NOT_FOUND (a hash this restaurant never uploaded, another restaurant's included). */
export async function getMenuImage(database: Db, restaurant: Restaurant, hash: string, variant: string) {
  const found = await findMenuImageVariant(database.db, restaurant.id, hash, variant);
  if (!found) throw new AppError('IMAGE_NOT_FOUND');
  return found;
}
