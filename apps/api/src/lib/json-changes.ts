/**
 * What changed between two versions of a JSON document, as the tenant file's paths
 * (`$.menu_groups[0].menus[1].sections[2].items[3].price`): the menu editor's refused saves and its
 * history name changes this way (use-cases/menus/menu-drafts.ts). Lists of entries that all carry a
 * numeric `id` (menu groups, menus, sections, items, option groups and values) are matched by id, so
 * an item added at the top of a section is one added path, not every item after it changed; a path
 * names the entry's place in the newer version (the older one's for a removed entry). The same
 * entries in another order is one change, of the list.
 */
import { isDeepStrictEqual } from 'node:util';
import { formatPath } from '@servery/contracts/tenant-file';

export interface JsonChanges {
  added: number;
  removed: number;
  changed: number;
  /** The first `shown` paths, in document order. */
  paths: string[];
}

type Path = Array<string | number>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const withIds = (list: unknown[]): list is Array<{ id: number }> =>
  list.every((entry) => isRecord(entry) && typeof entry.id === 'number') &&
  new Set(list.map((entry) => (entry as { id: number }).id)).size === list.length;

export function jsonChanges(before: unknown, after: unknown, shown: number): JsonChanges {
  const changes: JsonChanges = { added: 0, removed: 0, changed: 0, paths: [] };
  const note = (kind: 'added' | 'removed' | 'changed', path: Path) => {
    changes[kind] += 1;
    if (changes.paths.length < shown) changes.paths.push(formatPath(path));
  };
  const walk = (a: unknown, b: unknown, path: Path): void => {
    if (a === b) return;
    if (isRecord(a) && isRecord(b)) {
      for (const key of Object.keys(b)) {
        if (!(key in a)) note('added', [...path, key]);
        else walk(a[key], b[key], [...path, key]);
      }
      for (const key of Object.keys(a)) if (!(key in b)) note('removed', [...path, key]);
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      if (a.length > 0 && b.length > 0 && withIds(a) && withIds(b)) {
        const older = new Map(a.map((entry, index) => [entry.id, index]));
        const newer = new Set(b.map((entry) => entry.id));
        const kept = b.filter((entry) => older.has(entry.id)).map((entry) => entry.id);
        const keptBefore = a.filter((entry) => newer.has(entry.id)).map((entry) => entry.id);
        if (!isDeepStrictEqual(kept, keptBefore)) note('changed', path);
        b.forEach((entry, index) => {
          const at = older.get(entry.id);
          if (at === undefined) note('added', [...path, index]);
          else walk(a[at], entry, [...path, index]);
        });
        a.forEach((entry, index) => {
          if (!newer.has(entry.id)) note('removed', [...path, index]);
        });
        return;
      }
      const common = Math.min(a.length, b.length);
      for (let index = 0; index < common; index++) walk(a[index], b[index], [...path, index]);
      for (let index = common; index < b.length; index++) note('added', [...path, index]);
      for (let index = common; index < a.length; index++) note('removed', [...path, index]);
      return;
    }
    if (!isDeepStrictEqual(a, b)) note('changed', path);
  };
  walk(before, after, []);
  return changes;
}
