import type { FieldProblems, FileProblem } from './use-staff-draft';

/**
 * A detail's path as the file names it: a TENANT_FILE_INVALID answer names `$.hours[0]…`, a request
 * refused before it is read as a file (VALIDATION_FAILED: text with a control character) names the
 * body's field, `body.file.hours[0]…`. Other paths (not in the file) are left as they are.
 */
export function fileProblemPath(path: string): string {
  if (path === 'body.file') return '$';
  return path.startsWith('body.file.') || path.startsWith('body.file[') ? `$${path.slice('body.file'.length)}` : path;
}

/** A refused file's problems split by a form's field for each path (undefined: not one of the form's). */
export function splitByField(
  details: readonly FileProblem[],
  fieldOf: ((path: string) => string | undefined) | null,
): { fields: FieldProblems; others: FileProblem[] } {
  const fields: FieldProblems = [];
  const others: FileProblem[] = [];
  for (const original of details) {
    const detail = { ...original, path: fileProblemPath(original.path) };
    const field = fieldOf?.(detail.path);
    if (field) fields.push([field, detail]);
    else others.push(detail);
  }
  return { fields, others };
}

type Segment = string | number;

const SEGMENT = /\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/y;

/** `$.menu_groups[0].menus["fr-CA"]` as its keys and indexes (lib/json-changes.ts's formatPath, read back); null: not such a path. */
export function parseFilePath(path: string): Segment[] | null {
  if (!path.startsWith('$')) return null;
  const segments: Segment[] = [];
  SEGMENT.lastIndex = 1;
  while (SEGMENT.lastIndex < path.length) {
    const at = SEGMENT.lastIndex;
    const match = SEGMENT.exec(path);
    if (!match || match.index !== at) return null;
    const [, key, index, quoted] = match;
    if (key !== undefined) segments.push(key);
    else if (index !== undefined) segments.push(Number(index));
    else segments.push(JSON.parse(quoted!) as string);
  }
  return segments;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An entry's name in the person's language: `name`, or its `localization["fr-CA"].name` in French. */
function nameOf(entry: Record<string, unknown>, locale: string): string | null {
  const localization = entry.localization;
  if (locale !== 'en-CA' && isRecord(localization)) {
    const own = localization[locale];
    if (isRecord(own) && typeof own.name === 'string' && own.name.trim() !== '') return own.name.trim();
  }
  return typeof entry.name === 'string' && entry.name.trim() !== '' ? entry.name.trim() : null;
}

/** Where a path points as a manager knows it: the nearest named entry (an item, a section…) and what of it. */
export interface ReadablePath {
  /** "Crispy calamari". */
  name: string;
  /** What of it: a field's key (`price`), `localization` with its language and key, or the rest of the path as written; absent: the entry itself. */
  field?: { key: string; locale?: string } | { raw: string };
}

/**
 * A file's path ("$.menu_groups[0].menus[0].sections[0].items[4].price") read against the file on
 * screen: the nearest entry with a name on the way (not the restaurant itself) and the rest, or null
 * when no named entry is on the way (the path then says it best). A path to an entry no longer in the
 * file (removed since) stops at the last entry found.
 */
export function readablePath(path: string, file: unknown, locale: string): ReadablePath | null {
  const segments = parseFilePath(path);
  if (!segments) return null;
  let node: unknown = file;
  let named: { name: string; at: number } | null = null;
  for (const [at, segment] of segments.entries()) {
    const next: unknown =
      typeof segment === 'number'
        ? Array.isArray(node)
          ? node[segment]
          : undefined
        : isRecord(node) && Object.hasOwn(node, segment)
          ? node[segment]
          : undefined;
    if (next === undefined) break;
    node = next;
    // A translation (`localization["fr-CA"]`, with its own `name`) is part of its entry, not an entry.
    const name = isRecord(node) && segments[at - 1] !== 'localization' ? nameOf(node, locale) : null;
    if (name) named = { name, at };
  }
  if (!named) return null;
  const rest = segments.slice(named.at + 1);
  if (rest.length === 0) return { name: named.name };
  const [first, second, third] = rest;
  if (rest.length === 1 && typeof first === 'string') return { name: named.name, field: { key: first } };
  if (rest.length === 3 && first === 'localization' && typeof second === 'string' && typeof third === 'string')
    return { name: named.name, field: { key: third, locale: second } };
  const raw = rest.map((segment) => (typeof segment === 'number' ? `[${segment}]` : `.${segment}`)).join('');
  return { name: named.name, field: { raw: raw.startsWith('.') ? raw.slice(1) : raw } };
}
