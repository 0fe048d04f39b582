/**
 * The web app's folders stay small enough to read (issue 28 item 4; docs/decisions/0072-ordering-core-plug-ins.md):
 * every folder under features/ and ordering/ holds at most 25 files, and the ordering core is
 * entered through its one public module, ordering/index.ts. Functions stay under about 200 lines
 * (eslint.config.js, max-lines-per-function).
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const here = import.meta.dirname;
const MAX_FILES = 25;

/** Every folder under `root` (itself included) with its count of files. */
function folders(root: string): Array<{ folder: string; files: number }> {
  const entries = readdirSync(root).map((name) => join(root, name));
  const files = entries.filter((entry) => statSync(entry).isFile()).length;
  const below = entries.filter((entry) => statSync(entry).isDirectory()).flatMap(folders);
  return [{ folder: relative(here, root), files }, ...below];
}

describe('the web app layout', () => {
  it('keeps every feature folder and every folder of the ordering core to at most 25 files', () => {
    const oversized = [...folders(join(here, 'features')), ...folders(join(here, 'ordering'))].filter((entry) => entry.files > MAX_FILES);
    expect(oversized).toEqual([]);
  });

  it('gives the ordering core one public entry', () => {
    expect(readdirSync(join(here, 'ordering'))).toContain('index.ts');
  });
});
