/**
 * Issue 29 item 2: every operation of /api/openapi.json, signed in as each role (and as a guest),
 * with malformed and hostile values made from the operation's own schema: control characters, very
 * long text, wrong types, numbers out of every range, ids of another tenant and ids that name
 * nothing, URLs that do not parse, malformed JSON, bodies over the limit. No answer is a 5xx; every
 * refusal is the error envelope with its catalogue message in the language asked for (en-CA and
 * fr-CA in turn); a refused request changes nothing in the database.
 *
 * The values are sampled with a fixed fast-check seed, so a failure replays; every operation and role
 * meets hostile text and a wrong type at least once, and bodies malformed JSON and oversized.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, type ErrorName, ErrorEnvelope, errorMessage } from '@servery/contracts/errors';
import {
  baselineRequest,
  bodyOf,
  type Field,
  fieldsOf,
  type Operation,
  type Request,
  readOperations,
  typeOf,
  urlOf,
  withValue,
} from '../test/openapi-operations';
import { createRoleApp, fingerprint, freshToken, type Role, type RoleApp } from '../test/role-sessions';

const SEED = 29_02;
/** Sampled mutations per operation and role, beyond the ones every pair gets. */
const SAMPLED = 2;
/** Over the server's body limit (app.ts bodyLimit, 256 kB). */
const OVERSIZED = JSON.stringify({ text: 'x'.repeat(300 * 1024) });

let app: RoleApp;
let operations: Operation[] = [];

beforeAll(async () => {
  app = await createRoleApp();
  operations = await readOperations(app);
  // The one operation the document hides: browsers post their policy reports to it (plugins/security-headers.ts).
  operations.push({ method: 'post', path: '/api/csp-reports', parameters: [], body: null });
  // What ends a session or an account goes last, so the rest meet each role signed in.
  const last = /logout|delete-account|reset-password|members|role/;
  operations.sort((a, b) => Number(last.test(a.path)) - Number(last.test(b.path)));
}, 120_000);
afterAll(() => app?.t.close());

const HOSTILE_TEXT = [
  'a\u0000b',
  '\u0000',
  'bell\u0007',
  '\u001b[31mred',
  'next line\u0085',
  'c1\u009f',
  'del\u007f',
  "'; drop table orders; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '\uD800 lone surrogate',
  '\u202Eright to left',
  '\uFEFFbom',
  '${{7*7}}',
  'x'.repeat(20_000),
  '\u00e9'.repeat(5_000),
  ' ',
  '',
];
const WRONG_TYPES: unknown[] = [1, -1, 0, true, false, null, {}, [], ['a'], { $gt: '' }, '1', 'true', [[[[]]]]];
/** Stand for JSON number texts JSON.stringify cannot write: 1e999 parses as Infinity. */
const RAW_NUMBERS = ['1e999', '-1e999', '123456789012345678901234567890', '-0', '1.0000000000000002', '4.9e-324'];
const NUMBERS: unknown[] = [
  -1,
  0,
  -2147483649,
  2147483648,
  2 ** 53 + 1,
  -(2 ** 53) - 1,
  1.5,
  1e308,
  -1e308,
  'NaN',
  'Infinity',
  '-Infinity',
  '1e3',
  '0x10',
  ...RAW_NUMBERS.map((text) => `__raw:${text}`),
];
const UNKNOWN_IDS: unknown[] = [
  999_999_999,
  2_147_483_647,
  '00000000-0000-0000-0000-000000000000',
  'f47ac10b-58cc-4372-a567-0e02b2c3d479',
  'no-such-thing',
];
const BAD_URLS = [
  'http://',
  'x',
  'http://[::1',
  'http://a b.example',
  'javascript:alert(1)',
  'file:///etc/passwd',
  'http://user:pw@example.com/',
  `https://${'a'.repeat(3000)}.example`,
  'http://%zz',
];
const BAD_PATH_VALUES = [
  '1.5',
  'abc',
  '-1',
  '0x1f',
  ' 1',
  '1e3',
  '%00',
  '../..',
  'x'.repeat(101),
  '99999999999999999999',
  'NaN',
  '%F0%9F',
  '\u00e9',
];

const wantsUrl = (field: Field) => /url|link|website|href/i.test(String(field.path.at(-1) ?? '')) || field.schema.format === 'uri';
const isId = (field: Field) => /(^id$|Id$|_id$|^event$|^suite$|^group$|^restaurant$)/.test(String(field.path.at(-1) ?? ''));

/** Values that must be met cleanly at `field`, by kind. */
function hostileValues(field: Field, kind: 'text' | 'type' | 'number' | 'id' | 'url'): unknown[] {
  switch (kind) {
    case 'text':
      return HOSTILE_TEXT;
    case 'type':
      return WRONG_TYPES.filter((value) => typeof value !== typeOf(field.schema));
    case 'number':
      return NUMBERS;
    case 'id':
      return [...UNKNOWN_IDS, ...app.knownIds, ...app.knownIds.map(String)];
    case 'url':
      return BAD_URLS;
  }
}

/** The hostile requests of one operation and role: the ones every pair gets, then a fixed-seed sample. */
function requestsFor(operation: Operation, pairIndex: number): Request[] {
  const start = baselineRequest(operation);
  const fields = fieldsOf(operation);
  const textFields = fields.filter((field) => ['string', undefined].includes(typeOf(field.schema)));
  const requests: Request[] = [];
  const pick = <T>(list: T[], offset = 0): T | undefined => list[(pairIndex + offset) % Math.max(1, list.length)];

  // Hostile text, a text field in turn (or, where the operation takes none, an undeclared query
  // parameter): a control character on even pairs, the rest of the hostile texts on odd ones.
  const textField = pick(textFields) ?? pick(fields);
  const text =
    pairIndex % 2 === 0 ? HOSTILE_TEXT[(pairIndex / 2) % 7]! : HOSTILE_TEXT[7 + (((pairIndex - 1) / 2) % (HOSTILE_TEXT.length - 7))]!;
  const label = `${pairIndex % 2 === 0 ? 'control' : 'text'} ${JSON.stringify(text.slice(0, 20))}`;
  if (textField) requests.push(withValue(start, textField, text, label));
  else requests.push({ ...start, query: { ...start.query, q: text }, label: `${label} in an undeclared query` });
  // A wrong type.
  const typeField = pick(fields, 1);
  if (typeField) {
    // An address cannot carry an empty list (no parameter) or [[[[]]]] (an empty one): in a query they
    // are the plain request, which a stream lets in and keeps open, so a query takes the others.
    const wrong = hostileValues(typeField, 'type').filter(
      (value) => typeField.where !== 'query' || !(Array.isArray(value) && value.flat(Infinity).length === 0),
    );
    requests.push(withValue(start, typeField, wrong[pairIndex % wrong.length], 'a wrong type'));
  } else {
    requests.push({ ...start, query: { ...start.query, q: ['1', '2'] }, label: 'a repeated undeclared query' });
  }
  // A body that is not JSON, one over the limit, one of another type.
  if (operation.body || operation.method !== 'get') {
    requests.push({ ...start, rawBody: '{"items": [', label: 'malformed JSON' });
    // Refused before anyone is looked up: once per operation is enough (the size is the cost).
    if (pairIndex % 9 === 0) requests.push({ ...start, rawBody: OVERSIZED, label: 'an oversized body' });
    if (pairIndex % 9 === 1) requests.push({ ...start, rawBody: 'a=1', contentType: 'text/plain', label: 'a body that is not JSON' });
  }
  // Path parameters that are not numbers or uuids.
  for (const field of fields.filter((each) => each.where === 'path'))
    requests.push(withValue(start, field, BAD_PATH_VALUES[pairIndex % BAD_PATH_VALUES.length], 'a path parameter that is not one'));

  if (fields.length > 0) {
    const kinds = fc.constantFrom<'text' | 'type' | 'number' | 'id' | 'url'>('text', 'type', 'number', 'id', 'url');
    const sample = fc.sample(
      fc.tuple(fc.nat(fields.length - 1), kinds, fc.nat(1000)).map(([index, kind, choice]) => {
        const field = fields[index]!;
        const chosen = wantsUrl(field) ? 'url' : isId(field) && kind === 'number' ? 'id' : kind;
        const values = hostileValues(field, chosen);
        const value = values[choice % values.length];
        return withValue(start, field, value, `${chosen} ${JSON.stringify(value)?.slice(0, 30)}`);
      }),
      { seed: SEED + pairIndex, numRuns: SAMPLED },
    );
    requests.push(...sample);
  }
  return requests;
}

const LOCALES = ['en-CA', 'fr-CA'] as const;
let sent = 0;
/** The database as the last answer left it: a refusal must leave it so. */
let lastFingerprint: string | null = null;
const statuses = new Map<string, number>();

/** Sends `request` as `role`, and says what is wrong with the answer, if anything. */
async function tryOne(operation: Operation, request: Request, role: Role, token: string | null): Promise<string | null> {
  const locale = LOCALES[sent++ % 2]!;
  const withBody = operation.method !== 'get';
  const url = urlOf(operation, request);
  const before = lastFingerprint ?? (await fingerprint(app));
  const answer = await Promise.race([
    app.t.app.inject({
      method: operation.method.toUpperCase() as 'GET',
      url,
      headers: {
        'x-restaurant-id': role.tenant,
        'accept-language': locale,
        ...(token && { authorization: `Bearer ${token}` }),
        ...(withBody && { 'content-type': request.contentType ?? 'application/json' }),
      },
      ...(withBody && { payload: bodyOf(request) }),
    }),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000)),
  ]);
  const where = `${role.name}: ${operation.method.toUpperCase()} ${operation.path} with ${request.label}`;
  if (!answer) return `${where}: no answer in 10 s`;
  lastFingerprint = await fingerprint(app);
  const status = `${answer.statusCode}`;
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  if (answer.statusCode >= 500) return `${where}: ${answer.statusCode} ${answer.body.slice(0, 300)}`;
  if (answer.statusCode < 400) return null;
  let body: unknown;
  try {
    body = answer.json();
  } catch {
    return `${where}: ${answer.statusCode} is not JSON: ${answer.body.slice(0, 100)}`;
  }
  const envelope = ErrorEnvelope.safeParse(body);
  if (!envelope.success) return `${where}: ${answer.statusCode} without the envelope: ${answer.body.slice(0, 200)}`;
  const name = envelope.data.error as ErrorName;
  if (!(name in ERRORS)) return `${where}: ${answer.statusCode} names no error of the catalogue: ${name}`;
  if (envelope.data.message !== errorMessage(name, locale))
    return `${where}: the message of ${name} is not the ${locale} one: ${envelope.data.message}`;
  const after = lastFingerprint;
  if (after !== before) return `${where}: refused with ${answer.statusCode} ${name} but the database changed: ${before} -> ${after}`;
  return null;
}

describe('every operation, as every role, with hostile values', () => {
  it('never answers 5xx; refusals are the envelope in the language asked; a refusal changes nothing', async () => {
    const started = Date.now();
    const faults: string[] = [];
    const covered = { text: new Set<string>(), type: new Set<string>(), pairs: 0, requests: 0 };
    let pairIndex = 0;
    for (const operation of operations) {
      const isStream = operation.path.endsWith('/events');
      for (const role of app.roles) {
        const token = await freshToken(app, role);
        let requests = requestsFor(operation, pairIndex++);
        // A stream that is let in stays open: only what must be refused before it opens.
        if (isStream)
          requests = requests.filter(
            (request) => /text|control|path parameter|wrong type/.test(request.label) && !/undeclared/.test(request.label),
          );
        for (const request of requests) {
          const fault = await tryOne(operation, request, role, token);
          if (fault) faults.push(fault);
          covered.requests++;
          const key = `${operation.method} ${operation.path} ${role.name}`;
          if (/text|control/.test(request.label)) covered.text.add(key);
          if (/wrong type|repeated/.test(request.label)) covered.type.add(key);
        }
        covered.pairs++;
      }
    }
    console.info(
      `hostile sweep: ${operations.length} operations x ${app.roles.length} roles = ${covered.pairs} pairs, ${covered.requests} requests in ${Math.round((Date.now() - started) / 1000)} s; answers ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(faults.slice(0, 40)).toEqual([]);
    expect(covered.text.size).toBe(operations.length * app.roles.length);
    expect(covered.type.size).toBe(operations.length * app.roles.length);
  }, 300_000);
});
