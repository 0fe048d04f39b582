import fc from 'fast-check';
import sjson from 'secure-json-parse';
import { describe, expect, it } from 'vitest';
import { KeptBodies, mayNamePrototype } from './json-text';
import { textDigest } from './text-digest';

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

describe('KeptBodies', () => {
  const cart = (quantity: number) => JSON.stringify({ items: [{ id: 1, quantity, options: [] }], costs: { tip: 0 } });

  it('hands back one frozen value for the same text, and nothing for any other text', () => {
    const kept = new KeptBodies();
    const value = kept.set(cart(1), JSON.parse(cart(1)));
    expect(kept.get(cart(1))).toBe(value);
    expect(Object.isFrozen(value)).toBe(true);
    expect(Object.isFrozen((value as { items: object[] }).items[0])).toBe(true);
    expect(() => {
      'use strict';
      (value as { items: { quantity: number }[] }).items[0]!.quantity = 2;
    }).toThrow(TypeError);
    expect(kept.get(cart(2))).toBeUndefined();
  });

  it('compares the whole text: two texts with one digest do not stand for each other', () => {
    // 640 characters: the digest reads every tenth, so a change at position 15 does not move it.
    const one = `{"note":"${'a'.repeat(629)}"}`;
    const other = `${one.slice(0, 15)}b${one.slice(16)}`;
    expect(textDigest(one)).toBe(textDigest(other));
    const kept = new KeptBodies();
    kept.set(one, JSON.parse(one));
    expect(kept.get(other)).toBeUndefined();
    kept.set(other, JSON.parse(other));
    expect(kept.get(other)).toEqual(JSON.parse(other));
    expect(kept.get(one)).toBeUndefined();
  });

  it('keeps at most its bound, the least recently used out first, and no long text or bare value', () => {
    const kept = new KeptBodies(1024 * 1024, 2);
    kept.set(cart(1), JSON.parse(cart(1)));
    kept.set(cart(2), JSON.parse(cart(2)));
    kept.get(cart(1));
    kept.set(cart(3), JSON.parse(cart(3)));
    expect(kept.get(cart(1))).toBeDefined();
    expect(kept.get(cart(2))).toBeUndefined();
    expect(kept.get(cart(3))).toBeDefined();
    const long = JSON.stringify({ note: 'x'.repeat(70 * 1024) });
    kept.set(long, JSON.parse(long));
    expect(kept.get(long)).toBeUndefined();
    kept.set('"text"', 'text');
    expect(kept.get('"text"')).toBeUndefined();
  });
});
