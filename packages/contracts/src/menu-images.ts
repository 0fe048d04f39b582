/**
 * Menu photos uploaded in the menu editor (issue 32 item 3; docs/decisions/0102-menu-images-in-the-database.md):
 * the sizes the diner's menu shows them at, and the URL form a tenant file's `image` holds for one.
 * No zod here: the diner's menu imports it (its schemas are in menu-image-schemas.ts).
 */
/**
 * The variants made of every upload, WebP, cropped to the box: `card` is the menu card's 6rem square
 * (96 CSS px, apps/web menu-item-card.tsx) at 1x and 2x; `wide` the item dialog's 480×270 (16:9,
 * item-dialog.tsx), at 1x and 2x, which also serves the featured strip's 160×96 box.
 */
export const MENU_IMAGE_VARIANTS = {
  'card-96': { width: 96, height: 96 },
  'card-192': { width: 192, height: 192 },
  'wide-480': { width: 480, height: 270 },
  'wide-960': { width: 960, height: 540 },
} as const;
export type MenuImageVariant = keyof typeof MENU_IMAGE_VARIANTS;
export const MENU_IMAGE_VARIANT_NAMES = Object.keys(MENU_IMAGE_VARIANTS) as MenuImageVariant[];

/** The variant a tenant file's `image` names: the largest, so a client that knows nothing of the others still shows a sharp photo. */
export const MENU_IMAGE_DEFAULT_VARIANT: MenuImageVariant = 'wide-960';

/** Largest upload taken, in bytes, and largest decoded picture, in pixels (a small file can decode to a huge one). */
export const MENU_IMAGE_LIMIT_BYTES = 8 * 1024 * 1024;
export const MENU_IMAGE_LIMIT_PIXELS = 40_000_000;
/** What the upload accepts as its body (checked again by decoding it). */
export const MENU_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

const URL_FORM = /^\/api\/restaurants\/(\d{1,9})\/menu-images\/([0-9a-f]{64})\/([a-z]+-\d+)\.webp$/;

/** The URL of one variant of restaurant `restaurantId`'s photo `hash`. */
export const menuImageUrl = (restaurantId: number, hash: string, variant: MenuImageVariant = MENU_IMAGE_DEFAULT_VARIANT) =>
  `/api/restaurants/${restaurantId}/menu-images/${hash}/${variant}.webp`;

/** The parts of an uploaded photo's URL; null for any other URL (a demo image, a photo elsewhere on the web). */
export function parseMenuImageUrl(url: string): { restaurantId: number; hash: string; variant: MenuImageVariant } | null {
  const match = URL_FORM.exec(url);
  if (!match || !Object.hasOwn(MENU_IMAGE_VARIANTS, match[3]!)) return null;
  return { restaurantId: Number(match[1]), hash: match[2]!, variant: match[3] as MenuImageVariant };
}

/**
 * The hashes of restaurant `restaurantId`'s uploaded photos that `text` names (a tenant file as JSON,
 * whatever key holds the URL, any variant): what keeps a photo from the unused photos' sweep
 * (apps/api use-cases/menus/unused-menu-images.ts, docs/decisions/0121-delivery-schools-and-unused-photos.md).
 */
export function photoHashesNamedIn(text: string, restaurantId: number): Set<string> {
  const named = new Set<string>();
  const form = new RegExp(`/api/restaurants/${restaurantId}/menu-images/([0-9a-f]{64})/`, 'g');
  for (const match of text.matchAll(form)) named.add(match[1]!);
  return named;
}
