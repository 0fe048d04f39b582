import fc from 'fast-check';
import sjson from 'secure-json-parse';
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { fastJsonBodies, isScreenedBody, mayNamePrototype } from './json-text';

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

describe('fastJsonBodies', () => {
  it('vouches for a body only when its text cannot hold a control character', async () => {
    const app = Fastify();
    fastJsonBodies(app);
    app.post('/', async (request) => ({ screened: isScreenedBody(request.body) }));
    const screened = async (payload: string) =>
      (await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/json' }, payload })).json<{
        screened: boolean;
      }>().screened;
    expect(await screened('{"note":"plain text, tabs\\tare escapes"}')).toBe(false);
    expect(await screened('{"note":"plain text"}')).toBe(true);
    expect(await screened('{"note":"bell\\u0007"}')).toBe(false);
    expect(await screened('{"note":"line\\nfeed"}')).toBe(false);
    expect(await screened('{"note":"del\u007f"}')).toBe(false);
    expect(await screened('{"note":"next line\u0085"}')).toBe(false);
    expect(await screened('{"note":"café"}')).toBe(true);
    await app.close();
  });
});
