/**
 * The serialised answers of the cart calls (set-costs, add an item), kept for the same question
 * asked again: a cart screen posts the same cart on every render, refresh, tab and tip it shows
 * (docs/decisions/0023-cart-answers-kept-per-question.md). An answer is used again only when
 * everything that decided it is the same:
 *
 * - the request as the client sent it (its JSON text, byte for byte), the member cookie and the
 *   language, and what the caller's use case resolved live on this request (a promo code's or gift
 *   card's outcome: the rate limits and a code's uses are read on every request, never kept);
 * - the restaurant as read on this request (`Restaurant` objects are shared while its version is the
 *   same: restaurants-repository.ts) and the published menu tree of this moment (get-menus.ts hands
 *   out a new tree when the version changes or a scheduled publication or deletion comes due);
 * - the price-schedule slot of now in the restaurant's zone (price-schedule.ts: prices and
 *   availability change only at a 15-minute slot of the local day). Those are the only readings of the
 *   clock in buildCartLines (cart-lines.ts) and priceCart (pricing.ts).
 *
 * Only answers to a caller without a session are kept (a signed-in diner's credits and subsidy code
 * are read from the database on every request), and only 200 answers: a stale cart is priced again.
 * Kept as UTF-8 bytes, encoded once. Bounded by size, the least recently used out first.
 */
import type { MenuGroupData } from '@servery/domain/cart-lines';
import { slotIndex } from '@servery/domain/price-schedule';
import type { Restaurant } from '../../db/restaurants-repository';
import { KeptByText } from '../../lib/kept-by-text';
import { textDigest } from '../../lib/text-digest';

interface Entry {
  restaurant: Restaurant;
  menuGroups: readonly MenuGroupData[];
  slot: string;
  json: Buffer;
}

/** What decides an answer besides the question's own key. */
export interface AnswerBasis {
  restaurant: Restaurant;
  /** The published tree the answer was priced from (cart-context.ts). */
  menuGroups: readonly MenuGroupData[];
  now: Date;
}

/**
 * A kept answer counts its key's and its request text's length in characters and its JSON's in bytes;
 * all of them at most this (per cache: set-costs and /orders/item have one each).
 */
const MAX_CHARS = 8 * 1024 * 1024;
const MAX_ENTRIES = 2000;

export class AnswerCache {
  private readonly kept: KeptByText<Entry>;

  constructor(maxChars = MAX_CHARS, maxEntries = MAX_ENTRIES) {
    this.kept = new KeptByText(maxChars, maxEntries);
  }

  /**
   * The kept answer to `key` (answerKey) and this very request text, when it was decided by the same
   * restaurant, menu tree and slot.
   */
  get(key: string, text: string, basis: AnswerBasis): Buffer | null {
    const entry = this.kept.get(key, text);
    if (!entry) return null;
    if (entry.restaurant !== basis.restaurant || entry.menuGroups !== basis.menuGroups || entry.slot !== slotOf(basis)) {
      this.kept.delete(key);
      return null;
    }
    return entry.json;
  }

  set(key: string, text: string, basis: AnswerBasis, json: Buffer): void {
    this.kept.set(key, text, { restaurant: basis.restaurant, menuGroups: basis.menuGroups, slot: slotOf(basis), json }, json.length);
  }

  get size(): number {
    return this.kept.size;
  }
}

/**
 * The price-schedule slot of now in the restaurant's zone (weekday and 15-minute slot of the day),
 * read once per zone and minute: zone offsets are whole minutes and change on a minute, so the wall
 * clock's minute (and its slot) is the same for a whole minute of UTC.
 */
const slotsByZone = new Map<string, { minute: number; slot: string }>();

function slotOf({ restaurant, now }: AnswerBasis): string {
  const zone = restaurant.settings.zone;
  const minute = Math.floor(now.getTime() / 60_000);
  const known = slotsByZone.get(zone);
  if (known?.minute === minute) return known.slot;
  const { weekday, slot } = slotIndex(now, zone);
  const reading = { minute, slot: `${weekday} ${slot}` };
  if (slotsByZone.size >= 1000) slotsByZone.clear();
  slotsByZone.set(zone, reading);
  return reading.slot;
}

/**
 * The key of a question: its short parts and a digest of its request text (lib/text-digest.ts), not
 * the text itself, which `get` compares in full. A part never holds the separator (a NUL in JSON is
 * escaped).
 */
export function answerKey(parts: ReadonlyArray<string | number>, text: string): string {
  return `${parts.join('\u0000')}\u0000${textDigest(text)}`;
}
