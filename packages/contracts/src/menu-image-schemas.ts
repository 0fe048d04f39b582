/** The menu photo routes' schemas (menu-images.ts has the rest). */
import { z } from 'zod';

/** The answer to an upload: the URL to put in the item's or menu's `image`. */
export const MenuImageUploadResponse = z.object({
  image: z.string().describe('The URL of the photo, for the tenant file’s `image` field'),
  hash: z.string().describe('SHA-256 of the uploaded bytes, hex'),
  stored: z.boolean().describe('false when this restaurant had uploaded the same photo before: nothing new was stored'),
});
export type MenuImageUploadResponse = z.infer<typeof MenuImageUploadResponse>;

export const MenuImageParams = z.object({
  id: z.string().max(100).describe('The restaurant: its id (or slug)'),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  file: z.string().regex(/^[a-z]+-\d+\.webp$/),
});

/** POST /api/dev/menu-images/sweep: the unused photos' sweep run now (docs/decisions/0121-delivery-schools-and-unused-photos.md). */
export const SweepMenuImagesResponse = z.object({
  removed: z.number().int().describe('Photos deleted, each with all its sizes'),
  kept: z.number().int().describe('Photos past the grace period that the draft, the history or the published menu still names'),
});
export type SweepMenuImagesResponse = z.infer<typeof SweepMenuImagesResponse>;
