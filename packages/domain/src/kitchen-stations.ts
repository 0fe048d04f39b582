/**
 * Kitchen stations (issue 31 item 3; docs/decisions/0107-kitchen-stations.md): each menu section is
 * made at one station of the restaurant (the kitchen, the bar, ...), set on the section in the tenant
 * file. A section that names none, an item outside any section, and a section naming a station the
 * restaurant no longer lists are made at the restaurant's first station (the kitchen by default).
 *
 * A station "bumps" its lines of an order when they are made; the order is done at the stations when
 * every one of its lines is bumped at the station that makes it. Bumps are kept by line and station,
 * so a section moved to another station after a bump leaves that line waiting at its new station.
 */

/** The station every section goes to when the tenant file names none. */
export const DEFAULT_STATION = 'kitchen';

/** A station's id: lower-case letters, digits and dashes (what a section's `station` names). */
export const STATION_ID = /^[a-z][a-z0-9-]{0,29}$/;

/** The longest station id (STATION_ID), and name in either language. */
export const STATION_ID_MAX = 30;
export const STATION_NAME_MAX = 40;
/** The most stations a restaurant lists. */
export const MAX_STATIONS = 12;

/** Which station makes a section's items: its own when the restaurant lists it, else the first one. */
export function stationOf(sectionStation: string | null | undefined, stationIds: readonly string[]): string {
  const first = stationIds[0] ?? DEFAULT_STATION;
  return sectionStation && stationIds.includes(sectionStation) ? sectionStation : first;
}

export interface StationLine {
  lineId: number;
  station: string;
}

export interface StationBump {
  lineId: number;
  station: string;
}

export interface StationProgress {
  station: string;
  /** The order's lines made at this station. */
  lines: number;
  /** Of these, how many are bumped. */
  bumped: number;
  done: boolean;
}

const key = (lineId: number, station: string) => `${lineId}\u0000${station}`;

/** Whether this line is bumped at the station that makes it now. */
export function isLineBumped(line: StationLine, bumps: readonly StationBump[]): boolean {
  return bumps.some((bump) => bump.lineId === line.lineId && bump.station === line.station);
}

/** The lines of an order one station makes. */
export function linesAt<T extends StationLine>(lines: readonly T[], station: string): T[] {
  return lines.filter((line) => line.station === station);
}

/** Each station the order has lines at, in the order its lines first name them, and how far along it is. */
export function stationProgress(lines: readonly StationLine[], bumps: readonly StationBump[]): StationProgress[] {
  const bumped = new Set(bumps.map((bump) => key(bump.lineId, bump.station)));
  const byStation = new Map<string, StationProgress>();
  for (const line of lines) {
    let progress = byStation.get(line.station);
    if (!progress) byStation.set(line.station, (progress = { station: line.station, lines: 0, bumped: 0, done: false }));
    progress.lines += 1;
    if (bumped.has(key(line.lineId, line.station))) progress.bumped += 1;
  }
  return [...byStation.values()].map((progress) => ({ ...progress, done: progress.bumped === progress.lines }));
}

/**
 * Whether every station has made its lines of the order: the moment it moves on (to ready). An order
 * with no lines is never done by bumps: nothing was bumped to finish it.
 */
export function isOrderDoneAtStations(lines: readonly StationLine[], bumps: readonly StationBump[]): boolean {
  const progress = stationProgress(lines, bumps);
  return progress.length > 0 && progress.every((station) => station.done);
}

/** The other stations' lines of an order, counted by station (a card on one station's board: "+2 at the bar"). */
export function elsewhere(lines: readonly StationLine[], station: string): Array<{ station: string; lines: number }> {
  const counts = new Map<string, number>();
  for (const line of lines) if (line.station !== station) counts.set(line.station, (counts.get(line.station) ?? 0) + 1);
  return [...counts].map(([other, count]) => ({ station: other, lines: count }));
}
