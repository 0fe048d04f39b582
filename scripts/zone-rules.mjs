// The time-zone rules of every Node process the repository starts (decision 0045): ICU reads
// ICU_TIMEZONE_FILES_DIR once, when the process starts, so the variable must be in the environment a
// process is started with. Setting it here, in the process that starts the others (npm start, npm
// test, the bench, Vitest's and Playwright's main processes), gives every child the shipped rules.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const shippedZoneRulesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../tzdata');

/** Children started from now on run on the shipped rules, unless the caller chose a folder of its own. */
export function useShippedZoneRules() {
  process.env.ICU_TIMEZONE_FILES_DIR ??= shippedZoneRulesDir;
}
