/**
 * Values kept for a request's text, byte for byte: the kept cart answers (use-cases/cart/cart-answers.ts)
 * and the kept cart bodies (lib/json-text.ts). Keyed by a short key (a digest of the text,
 * lib/text-digest.ts, with whatever else decides the value) and compared with the whole text on use:
 * two texts under one key only take each other's place. Bounded by the characters it holds (key,
 * text and what the value counts) and by its number of entries, the least recently used out first;
 * one entry over an eighth of the bound is not kept.
 */
export class KeptByText<V> {
  private readonly entries = new Map<string, { text: string; value: V; size: number }>();
  private chars = 0;

  constructor(
    private readonly maxChars: number,
    private readonly maxEntries: number,
  ) {}

  /** The value kept under `key` for this very text; undefined when there is none. */
  get(key: string, text: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.text !== text) return undefined;
    // Most recently used last: the first key is the one to drop.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` under `key` for `text`; `valueSize` is what the value holds besides (an answer's bytes). */
  set(key: string, text: string, value: V, valueSize = 0): void {
    const size = key.length + text.length + valueSize;
    if (size > this.maxChars / 8) return;
    this.delete(key);
    this.entries.set(key, { text, value, size });
    this.chars += size;
    while (this.chars > this.maxChars || this.entries.size > this.maxEntries) this.delete(this.entries.keys().next().value!);
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.chars -= entry.size;
  }

  get size(): number {
    return this.entries.size;
  }
}
