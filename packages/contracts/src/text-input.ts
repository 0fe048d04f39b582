/**
 * One rule for the text every operation takes (issue 29, item 2), whatever its schema says:
 *
 * - Control characters are refused (NUL included): PostgreSQL cannot store NUL in text at all and
 *   answered 500, SQLite stored it; nobody types the others. Tab, line feed and carriage return
 *   stay (instructions and notes have lines). The API checks every body, query and path parameter
 *   with `controlCharacterPaths` before its schema (apps/api/src/lib/schema-compilers.ts), so the
 *   two databases answer the same input the same way: a 400 naming the field.
 * - Text a restaurant writes for its diners (the tenant file: menus and settings, in a draft or an
 *   import; schemas marked `authoredText`) also refuses the invisible characters that make text read
 *   other than it is written: the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
 *   U+2066–U+2069, the "Trojan Source" class: a name ending in U+202E shows the next text reversed),
 *   the zero-width space U+200B and U+FEFF. The zero-width non-joiner and joiner (U+200C, U+200D)
 *   stay: emoji sequences and some scripts need them. Same check, same refusal, same message (they
 *   are controls too, Unicode's bidi controls and format characters); what diners and staff type
 *   elsewhere (notes, names, addresses) keeps the first rule only (docs/menu-drafts.md).
 * - A URL is one that parses: `httpUrl` never throws on one that does not.
 */
import { z } from 'zod';

/** C0 controls but tab, line feed and carriage return; DEL; the C1 controls. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_ONLY = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** CONTROL_ONLY, and the bidirectional controls, U+200B and U+FEFF: what authored text refuses. */
// eslint-disable-next-line no-control-regex -- matching these characters is the point
const AUTHORED_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B\u202A-\u202E\u2066-\u2069\uFEFF]/;

export const CONTROL_CHARACTERS_MESSAGE = 'must not contain control characters';

export function hasControlCharacters(text: string): boolean {
  return CONTROL_ONLY.test(text);
}

const authoredSchemas = new WeakSet<object>();

/**
 * Marks a request schema whose text is written by a restaurant for its diners (the tenant file, in a
 * draft or an import): the API screens such a body with the authored rule (`controlCharacterPaths`
 * with `authored`), before the schema, as it screens every body with the first.
 */
export function authoredText<T extends z.ZodType>(schema: T): T {
  authoredSchemas.add(schema);
  return schema;
}

export function isAuthoredText(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && authoredSchemas.has(schema);
}

/**
 * Where `value` (parsed JSON, a query, path parameters) holds a string with a control character, keys
 * included; at most `limit`. `authored`: by the authored text's rule (the bidirectional controls,
 * U+200B and U+FEFF too).
 */
export function controlCharacterPaths(value: unknown, limit = 10, authored = false): Array<Array<string | number>> {
  const refused = authored ? AUTHORED_CONTROL : CONTROL_ONLY;
  const found: Array<Array<string | number>> = [];
  // One path, pushed and popped as the walk goes, copied only where something is found: every body
  // of every request is walked, and a copy of the path per node was most of the walk's cost.
  const path: Array<string | number> = [];
  const walk = (node: unknown): void => {
    if (found.length >= limit) return;
    if (typeof node === 'string') {
      if (refused.test(node)) found.push([...path]);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index += 1) {
        path.push(index);
        walk(node[index]);
        path.pop();
      }
      return;
    }
    for (const key of Object.keys(node)) {
      if (refused.test(key)) found.push([...path, key]);
      path.push(key);
      walk((node as Record<string, unknown>)[key]);
      path.pop();
    }
  };
  walk(value);
  return found;
}

/** What is wrong with `text` as an http(s) URL a restaurant gives us, or null. Never throws. */
export function httpUrlProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'must be an http(s) URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http(s) URL';
  if (url.hostname === '') return 'must be an http(s) URL';
  if (url.username || url.password) return 'must not hold a user name or password';
  return null;
}

/** An http(s) URL of at most `max` characters: one that does not parse is the field's error, never an exception. */
export function httpUrl(max = 2000) {
  return z
    .string()
    .max(max)
    .superRefine((text, context) => {
      const problem = httpUrlProblem(text);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });
}
