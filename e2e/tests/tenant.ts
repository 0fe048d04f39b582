import fs from 'node:fs';
import path from 'node:path';

/** The demo tenant file as an operator wrote it: tests compare the screen with it. */
export function readTenant(slug: string) {
  const file = path.resolve(import.meta.dirname, '../../tenants', `${slug}.json`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as {
    name: string;
    display_name?: string;
    menu_groups: Array<{ name: string; localization?: { 'fr-CA'?: { name?: string } } }>;
  };
}
