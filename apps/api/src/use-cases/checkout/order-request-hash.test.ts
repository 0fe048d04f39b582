import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requestHash, stableJson } from './order-request-hash';

/** The text hashed before the faster stableJson: stored keys were hashed from it, so it must not move. */
function reference(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(reference).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${reference(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

describe('requestHash', () => {
  it('hashes the same text as before for any JSON-like value (property)', () => {
    const value = fc.letrec((tie) => ({
      leaf: fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined)),
      node: fc.oneof(
        { depthSize: 'small' },
        tie('leaf'),
        fc.array(tie('node'), { maxLength: 5 }),
        fc.dictionary(fc.string({ maxLength: 6 }), tie('node'), { maxKeys: 6 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, (v) => {
        expect(stableJson(v)).toBe(reference(v));
      }),
    );
  });

  it('ignores key order and undefined members, and keeps array holes and order', () => {
    // eslint-disable-next-line no-sparse-arrays
    const sparse = [1, , 3];
    expect(stableJson({ b: 1, a: [undefined, 'x'], c: undefined, 10: true, 9: false })).toBe('{"10":true,"9":false,"a":[null,"x"],"b":1}');
    expect(stableJson(sparse)).toBe(reference(sparse));
    expect(requestHash({ b: 1, a: 2 })).toBe(requestHash({ a: 2, b: 1, c: undefined }));
  });
});
