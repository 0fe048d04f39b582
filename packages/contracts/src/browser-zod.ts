/**
 * zod as the web's forms use it (forms.ts, settings-forms.ts): in a browser it parses without
 * compiling code. It would build its object parsers with `new Function`, which the page's content
 * security policy refuses (script-src has no 'unsafe-eval'; apps/api/src/plugins/security-headers.ts),
 * and its probe for that is itself reported as a violation. Every form module imports zod from here,
 * so the setting is made before its first schema is parsed, whichever screen's chunk loads first. The
 * API (no document) keeps the compiled parsers, which are faster.
 */
import { config, z } from 'zod';

if ('document' in globalThis) config({ jitless: true });

export { z };
