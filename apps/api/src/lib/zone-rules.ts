/**
 * The time-zone rules the server runs on (decision 0045). Opening hours, slots, cut-offs, price
 * schedules and event locks are wall-clock times in a restaurant's zone, turned into instants with
 * the IANA rules of the process's ICU. Node.js 20 carries the rules of its release (2025c), from
 * before Canada's 2026 changes (British Columbia, Alberta and Manitoba stay on daylight time from
 * November 2026): on them a Calgary venue would open an hour off while every diner's browser shows
 * the right hour. `tzdata/` holds ICU's current zone resources; ICU reads them at start-up from
 * ICU_TIMEZONE_FILES_DIR, which every launcher in the repository sets (scripts/lib.mjs).
 */
import fs from 'node:fs';
import path from 'node:path';

/** The folder of ICU zone resources shipped with the product, and their IANA version ("2026e"). */
export function shippedZoneRules(root: string): { dir: string; version: string | null } {
  const dir = path.join(root, 'tzdata');
  try {
    return { dir, version: fs.readFileSync(path.join(dir, 'VERSION'), 'utf8').trim() || null };
  } catch {
    return { dir, version: null };
  }
}

/** "2025c" < "2026e" < "2026aa": the year, then the letters by length and order. */
export function compareZoneRuleVersions(a: string, b: string): number {
  const parse = (version: string) => /^(\d{4})([a-z]*)$/.exec(version);
  const left = parse(a);
  const right = parse(b);
  if (!left || !right) return a.localeCompare(b);
  return Number(left[1]) - Number(right[1]) || left[2]!.length - right[2]!.length || left[2]!.localeCompare(right[2]!);
}

/**
 * Why this process must not serve, or null: its rules (`running`, `process.versions.tz`) are older
 * than the shipped ones. A process without ICU zone data (`running` undefined) cannot be checked and
 * is refused too, since every zone computation would fail.
 */
export function zoneRulesProblem(running: string | undefined, shipped: { dir: string; version: string | null }): string | null {
  if (shipped.version === null) return null;
  if (running !== undefined && compareZoneRuleVersions(running, shipped.version) >= 0) return null;
  return (
    `This Node.js has time-zone rules ${running ?? '(none)'}, older than the ${shipped.version} rules shipped in ${shipped.dir}: ` +
    `restaurants in zones whose rules changed would open, close and take orders at the wrong hour. ` +
    `Start the server with ICU_TIMEZONE_FILES_DIR=${shipped.dir} (npm start and npm test do), or on a Node.js whose ICU has ${shipped.version} or newer.`
  );
}

/** Throws, with what to do, when this process's rules are older than the shipped ones. */
export function requireCurrentZoneRules(root: string): void {
  const problem = zoneRulesProblem(process.versions.tz, shippedZoneRules(root));
  if (problem) throw new Error(problem);
}
