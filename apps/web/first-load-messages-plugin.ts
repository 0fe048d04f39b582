/**
 * `import messages from './en-CA.json?first-load'`: the part of a catalogue the menu's first load
 * carries (src/i18n/first-load-messages.ts), as a module of its own, so the entry chunk does not
 * hold the whole catalogue (docs/decisions/0044-menu-lighter-first-load.md). The whole catalogue stays
 * `import('./en-CA.json')`.
 */
import fs from 'node:fs';
import type { Plugin } from 'vite';
import { FIRST_LOAD_MESSAGES, pickMessages } from './src/i18n/first-load-messages';

const QUERY = '?first-load';
const PREFIX = '\0first-load-messages:';

export function firstLoadMessages(): Plugin {
  return {
    name: 'servery-first-load-messages',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(`.json${QUERY}`)) return null;
      const resolved = await this.resolve(source.slice(0, -QUERY.length), importer, { skipSelf: true });
      return resolved ? `${PREFIX}${resolved.id}` : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length);
      this.addWatchFile(file);
      const catalogue = JSON.parse(fs.readFileSync(file, 'utf8')) as Parameters<typeof pickMessages>[0];
      // JSON text: Vite's JSON plugin turns it into a module, as it does the catalogue itself (the id ends in .json).
      return JSON.stringify(pickMessages(catalogue, FIRST_LOAD_MESSAGES));
    },
  };
}
