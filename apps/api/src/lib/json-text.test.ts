import fc from 'fast-check';
import sjson from 'secure-json-parse';
import { describe, expect, it } from 'vitest';
import { mayNamePrototype } from './json-text';

describe('mayNamePrototype', () => {
  it.each([
    ['{"items":[],"costs":{}}', false],
    ['{"note":"proto and construct"}', false],
    ['{"__proto__":{"admin":true}}', true],
    ['{"a":{"constructor":{"prototype":{"admin":true}}}}', true],
    ['{"\\u005f_proto__":{"admin":true}}', true],
    ['{"c\\u006fnstructor":{"prototype":{}}}', true],
    ['{"name":"caf\\u00e9"}', true],
  ])('%s → %s', (text, expected) => {
    expect(mayNamePrototype(text)).toBe(expected);
  });

  it('passes only texts that Fastify’s parser (secure-json-parse, errors on both) takes as they are', () => {
    const key = fc.constantFrom('__proto__', 'constructor', 'prototype', 'items', '\u005f_proto__', 'c\u006fnstructor', 'x');
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue({ maxDepth: 1 }),
        fc.array(fc.tuple(key, tie('node')), { maxLength: 3 }).map((entries) => Object.fromEntries(entries)),
      ),
    })).node;
    // Texts written as JSON.stringify writes them, and with every non-ASCII letter escaped (\u…).
    const text = fc.tuple(value, fc.boolean()).map(([v, escape]) => {
      const plain = JSON.stringify(v) ?? 'null';
      const withProto = plain.replace('"x":', '"__proto__":');
      return escape ? withProto.replace(/_/g, '\\u005f') : withProto;
    });
    fc.assert(
      fc.property(text, (candidate) => {
        if (mayNamePrototype(candidate)) return;
        expect(() => sjson.parse(candidate, undefined, { protoAction: 'error', constructorAction: 'error' })).not.toThrow();
        expect(sjson.parse(candidate)).toStrictEqual(JSON.parse(candidate));
      }),
      { numRuns: 2000 },
    );
  });
});
