/**
 * Where the diner's menu loads an item's photo from. An uploaded photo (its URL names one variant,
 * @servery/contracts/menu-images.ts) comes in the size the box shows, at 1x and 2x; any other URL
 * (a demo image, a photo elsewhere) is shown as it is.
 */
import { menuImageUrl, parseMenuImageUrl, type MenuImageVariant } from '@servery/contracts/menu-images';

/** The menu card's square (96 CSS px), the featured strip's and the item window's wide frame. */
const BOXES: Record<'card' | 'wide', [MenuImageVariant, MenuImageVariant]> = {
  card: ['card-96', 'card-192'],
  wide: ['wide-480', 'wide-960'],
};

export function menuImageSources(url: string, box: 'card' | 'wide'): { src: string; srcSet?: string } {
  const uploaded = parseMenuImageUrl(url);
  if (!uploaded) return { src: url };
  const [one, two] = BOXES[box].map((variant) => menuImageUrl(uploaded.restaurantId, uploaded.hash, variant)) as [string, string];
  return { src: one, srcSet: `${one} 1x, ${two} 2x` };
}
