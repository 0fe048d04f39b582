import fs from 'node:fs/promises';
import path from 'node:path';
import type { TenantSource } from './use-cases/platform/import-tenants';

/** Reads tenant files; each is named in messages as `names[i]` (what the operator typed) or its file name. */
export async function readTenantSources(files: string[], names: string[] = []): Promise<TenantSource[]> {
  return Promise.all(
    files.map(async (file, index) => ({ name: names[index] ?? path.basename(file), text: await fs.readFile(file, 'utf8') })),
  );
}

export async function listTenantFiles(dir: string): Promise<string[]> {
  const names = await fs.readdir(dir);
  return names
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => path.join(dir, name));
}
