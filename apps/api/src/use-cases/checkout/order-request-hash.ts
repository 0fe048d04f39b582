/**
 * The hash an Idempotency-Key is stored with (use-cases/checkout/place-checkout.ts): the same order sent again
 * hashes the same, a different body under the same key is refused (IDEMPOTENCY_KEY_REUSED).
 */
import { createHash } from 'node:crypto';

/** A stable hash of the parsed body: the same order sent again hashes the same. */
export function requestHash(body: unknown): string {
  return createHash('sha256').update(stableJson(body)).digest('hex');
}

/**
 * Keys sorted by UTF-16 code units (the default sort), undefined members left out, array holes empty.
 * Stored hashes depend on this exact text: a change would refuse every retry of an earlier request.
 */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) {
    let out = '[';
    for (let index = 0; index < value.length; index++) {
      if (index > 0) out += ',';
      if (index in value) out += stableJson(value[index]);
    }
    return `${out}]`;
  }
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    let out = '{';
    for (const key of Object.keys(record).sort()) {
      const entry = record[key];
      if (entry === undefined) continue;
      if (out.length > 1) out += ',';
      out += `${JSON.stringify(key)}:${stableJson(entry)}`;
    }
    return `${out}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
