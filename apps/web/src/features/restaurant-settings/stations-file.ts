/**
 * The kitchen stations (decision 0107) in the tenant file and the settings screen's stations form,
 * both ways, as pure functions (docs/decisions/0108-restaurant-settings-on-the-menu-draft.md, amended):
 * a new station's id is made from its English name; a station kept keeps its id, since sections and
 * the board's bumps name it; the sections of a station removed go to the first station in the same
 * save (their `station` is dropped: a section that names none is made at the first).
 */
import type { StationForm, KitchenStationsForm } from '@servery/contracts/station-forms';
import { DEFAULT_KITCHEN_STATIONS, type KitchenStation } from '@servery/contracts/tenant-file';
import { STATION_ID_MAX, STATION_NAME_MAX, stationOf } from '@servery/domain/kitchen-stations';
import type { FieldProblem } from '../../components/ui/form/field-problem';
import type { SettingsFile } from './settings-file';

interface Section {
  station?: string;
  [key: string]: unknown;
}
interface Menu {
  sections?: Section[];
  [key: string]: unknown;
}
interface Group {
  menus?: Menu[];
  [key: string]: unknown;
}

const without = ({ station: _station, ...rest }: Section): Section => rest;
const groupsOf = (file: SettingsFile): Group[] => (Array.isArray(file.menu_groups) ? (file.menu_groups as Group[]) : []);
const sectionsOf = (file: SettingsFile): Section[] =>
  groupsOf(file).flatMap((group) => (group.menus ?? []).flatMap((menu) => menu.sections ?? []));

/** The file's stations (a file without the list has the kitchen alone, as the contract reads it). */
export function fileStationList(file: SettingsFile): readonly KitchenStation[] {
  const stations = file.kitchen_stations;
  return Array.isArray(stations) && stations.length > 0 ? (stations as KitchenStation[]) : DEFAULT_KITCHEN_STATIONS;
}

export function stationsValues(file: SettingsFile): KitchenStationsForm {
  return { stations: fileStationList(file).map((station) => ({ id: station.id, en: station.name['en-CA'], fr: station.name['fr-CA'] })) };
}

/** How many of the file's sections each station makes (by id; a section naming none: the first station's). */
export function sectionsByStation(file: SettingsFile): ReadonlyMap<string, number> {
  const ids = fileStationList(file).map((station) => station.id);
  const counts = new Map<string, number>(ids.map((id) => [id, 0]));
  for (const section of sectionsOf(file)) {
    const id = stationOf(section.station, ids);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/**
 * A station id from a name: lower-case ascii letters, digits and dashes, starting with a letter, at
 * most the id's length ("Pâtisserie" -> "patisserie", "Bar & grill" -> "bar-grill", "2nd line" ->
 * "station-2nd-line", "日本" -> "station").
 */
export function stationIdFrom(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const lettered = /^[a-z]/.test(slug) ? slug : slug === '' ? 'station' : `station-${slug}`;
  return lettered.slice(0, STATION_ID_MAX).replace(/-+$/, '');
}

/** `stationIdFrom(name)`, or with -2, -3... when another station has it (cut so that it stays within the id's length). */
export function uniqueStationId(name: string, taken: ReadonlySet<string>): string {
  const base = stationIdFrom(name);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const id = `${base.slice(0, STATION_ID_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(id)) return id;
  }
}

/** The stations the form's values make, in order: kept ones with their ids, new ones with ids of their own. */
export function stationsOf(values: KitchenStationsForm): KitchenStation[] {
  const taken = new Set(values.stations.map((station) => station.id).filter((id) => id !== ''));
  return values.stations.map((station: StationForm) => {
    const id = station.id !== '' ? station.id : uniqueStationId(station.en, taken);
    taken.add(id);
    return { id, name: { 'en-CA': station.en.trim(), 'fr-CA': station.fr.trim() } };
  });
}

/**
 * How many sections move to the first station when the form's values are saved: those made at a
 * station removed (and those naming none, when the first station itself is removed).
 */
export function sectionsMoved(file: SettingsFile, values: KitchenStationsForm): number {
  const before = fileStationList(file).map((station) => station.id);
  const kept = new Set(values.stations.map((station) => station.id));
  return sectionsOf(file).filter((section) => !kept.has(stationOf(section.station, before))).length;
}

/**
 * The file with the form's stations, in the form's order; the sections of a station removed go to the
 * first station. A section stays at its station when the stations are reordered: one that named none
 * (made at the old first) names the old first when another station becomes first; one that names its
 * station keeps it.
 */
export function applyStations(file: SettingsFile, values: KitchenStationsForm): SettingsFile {
  const before = fileStationList(file).map((station) => station.id);
  const stations = stationsOf(values);
  const ids = new Set(stations.map((station) => station.id));
  const first = stations[0]?.id;
  const section = (entry: Section): Section => {
    const made = stationOf(entry.station, before);
    if (entry.station === made || (entry.station === undefined && made === first)) return ids.has(made) ? entry : without(entry);
    return ids.has(made) && made !== first ? { ...without(entry), station: made } : without(entry);
  };
  return {
    ...file,
    kitchen_stations: stations,
    ...(Array.isArray(file.menu_groups) && {
      menu_groups: groupsOf(file).map((group) => ({
        ...group,
        ...(group.menus && {
          menus: group.menus.map((menu) => ({ ...menu, ...(menu.sections && { sections: menu.sections.map(section) }) })),
        }),
      })),
    }),
  };
}

/** The stations form's field for a refused file's path: `$.kitchen_stations[2].name["fr-CA"]` is the third station's French name. */
export function stationsFieldOf(path: string): string | undefined {
  const match = /^\$\.kitchen_stations\[(\d+)\](?:\.name(?:\["(en-CA|fr-CA)"\])?|\.id)?$/.exec(path);
  if (!match) return undefined;
  return `stations.${match[1]}.${match[2] === 'fr-CA' ? 'fr' : 'en'}`;
}

/**
 * The file's rules for a station worded as the form's own (undefined: said as the file's rule). The
 * server words a text's length rules in the request's language (packages/contracts/src/tenant-file-rules.ts),
 * zod's own English ("Too small…") where it does not.
 */
export function stationsWording(message: string): FieldProblem | undefined {
  if (/^(too small|must not be empty|ne doit pas être vide|must have at least|doit compter au moins)/i.test(message))
    return { key: 'required' };
  if (/^(too big|must have at most|doit compter au plus)/i.test(message)) return { key: 'maxLength', params: { length: STATION_NAME_MAX } };
  if (message.startsWith('a station id')) return { key: 'message', name: 'staffSettingsStations.error.id' };
  return undefined;
}
