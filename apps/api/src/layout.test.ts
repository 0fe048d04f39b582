/**
 * The API's folders stay small enough to read (docs/decisions/0060-layers-one-way.md): a use-case
 * folder is one capability of at most 25 files, no use case sits loose beside the folders, and
 * app.ts registers the routes through routes/index.ts only, so a new route file is registered by
 * its folder's index, never one by one in app.ts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const here = import.meta.dirname;
const MAX_FILES = 25;

function filesIn(folder: string): string[] {
  return readdirSync(folder).filter((name) => statSync(join(folder, name)).isFile());
}

function foldersIn(folder: string): string[] {
  return readdirSync(folder).filter((name) => statSync(join(folder, name)).isDirectory());
}

describe('the API layout', () => {
  it('keeps every use case in a capability folder of at most 25 files', () => {
    const useCases = join(here, 'use-cases');
    expect(filesIn(useCases)).toEqual([]);
    const oversized = foldersIn(useCases)
      .map((name) => ({ name, files: filesIn(join(useCases, name)).length }))
      .filter((folder) => folder.files > MAX_FILES);
    expect(oversized).toEqual([]);
  });

  it('gives every route folder an index and keeps it to at most 25 files', () => {
    const routes = join(here, 'routes');
    for (const name of foldersIn(routes)) {
      const files = filesIn(join(routes, name));
      expect(files, `routes/${name}`).toContain('index.ts');
      expect(files.length, `routes/${name}`).toBeLessThanOrEqual(MAX_FILES);
    }
  });

  it('registers the routes in app.ts through routes/index.ts only', () => {
    const app = readFileSync(join(here, 'app.ts'), 'utf8');
    const routeImports = [...app.matchAll(/from '\.\/routes\/([^']+)'/g)].map((match) => match[1]);
    expect(routeImports).toEqual(['index']);
  });

  it('registers every route folder in routes/index.ts', () => {
    const index = readFileSync(join(here, 'routes', 'index.ts'), 'utf8');
    for (const name of foldersIn(join(here, 'routes'))) expect(index, name).toContain(`from './${name}/index'`);
  });
});
