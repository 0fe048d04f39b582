/**
 * A cheap digest of a long text for a Map key: its length and 64 characters spread over it. Hashing
 * a 3 kB key in full on every request cost more than comparing the kept text in full on a hit, so the
 * caches keyed by a request's text (use-cases/cart/cart-answers.ts, lib/json-text.ts) key on this and
 * compare the text itself on use: two texts with one digest only take each other's place.
 */
export function textDigest(text: string): string {
  const step = Math.max(1, Math.floor(text.length / 64));
  let digest = 0x811c9dc5;
  for (let i = 0; i < text.length; i += step) digest = Math.imul(digest ^ text.charCodeAt(i), 0x01000193);
  return `${text.length}\u0000${(digest >>> 0).toString(36)}`;
}
