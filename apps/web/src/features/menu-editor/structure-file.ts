/**
 * The menu's structure in the draft's file: menus of a menu group and sections of a menu added,
 * renamed in English and French, removed and moved. Like menu-file.ts, each change gives a new file.
 */
import type { MenuNameForm } from '@servery/contracts/forms';
import {
  displayOrder,
  moveEntryTo,
  setOrDrop,
  withGroup,
  withMenu,
  type EditorFile,
  type FileGroup,
  type FileMenu,
  type FileSection,
  type Localization,
} from './menu-file';

type Named = { name: string; localization?: Localization | undefined };

/** A menu group's, menu's or section's names as the rename form shows them. */
export function nameValues(entry: Named): MenuNameForm {
  return { name_en: entry.name, name_fr: entry.localization?.['fr-CA']?.name ?? '' };
}

/** The entry with the form's names: French left empty is left out (French diners read the English). */
export function applyNames<T extends Named>(entry: T, values: MenuNameForm): T {
  const french = setOrDrop(entry.localization?.['fr-CA'] ?? {}, 'name', values.name_fr.trim());
  const { 'fr-CA': _old, ...others } = entry.localization ?? {};
  const localization: Localization = Object.keys(french).length > 0 ? { ...others, 'fr-CA': french } : others;
  const next: T = { ...entry, name: values.name_en.trim() };
  if (Object.keys(localization).length > 0 || entry.localization !== undefined) next.localization = localization;
  return next;
}

/** Where a thing of the structure sits: a menu group, a menu of it, or a section of that menu. */
export type StructurePlace = { group: number } | { group: number; menu: number } | { group: number; menu: number; section: number };

/** The file with the group, menu or section at `place` changed by `change` (which keeps its type). */
export function changeAt(file: EditorFile, place: StructurePlace, change: <T extends Named>(entry: T) => T): EditorFile {
  if (!('menu' in place)) return withGroup(file, place.group, (group) => change(group));
  if (!('section' in place)) return withMenu(file, place.group, place.menu, (menu) => change(menu));
  return withMenu(file, place.group, place.menu, (menu) => {
    const sections = [...(menu.sections ?? [])];
    sections[place.section] = change(sections[place.section]!);
    return { ...menu, sections };
  });
}

/** The file with the group, menu or section at `place` renamed. */
export function renameAt(file: EditorFile, place: StructurePlace, values: MenuNameForm): EditorFile {
  return changeAt(file, place, (entry) => applyNames(entry, values));
}

/** The group, menu or section at `place`, as the file has it (undefined when gone). */
export function entryAt(file: EditorFile, place: StructurePlace): object | undefined {
  const group = file.menu_groups?.[place.group];
  if (!('menu' in place)) return group;
  const menu = group?.menus?.[place.menu];
  return 'section' in place ? menu?.sections?.[place.section] : menu;
}

const nextOrder = (list: ReadonlyArray<{ order?: number | undefined }>) =>
  list.reduce((highest, entry) => Math.max(highest, entry.order ?? 0), -1) + 1;
const highestId = (list: ReadonlyArray<{ id: number }>) => list.reduce((highest, entry) => Math.max(highest, entry.id), 0);

const allMenus = (file: EditorFile): FileMenu[] => (file.menu_groups ?? []).flatMap((group) => group.menus ?? []);

/** The file with a new empty section (the file's highest section id plus one) last in the menu, and that section. */
export function addSection(file: EditorFile, group: number, menu: number, name: string): { file: EditorFile; section: FileSection } {
  const id = highestId(allMenus(file).flatMap((entry) => entry.sections ?? [])) + 1;
  const sections = file.menu_groups?.[group]?.menus?.[menu]?.sections ?? [];
  const section: FileSection = { id, name, order: nextOrder(sections), items: [] };
  return { file: withMenu(file, group, menu, (entry) => ({ ...entry, sections: [...(entry.sections ?? []), section] })), section };
}

/** The file without the section (and its items). */
export function removeSection(file: EditorFile, group: number, menu: number, section: number): EditorFile {
  return withMenu(file, group, menu, (entry) => ({ ...entry, sections: (entry.sections ?? []).filter((_, at) => at !== section) }));
}

/** The file with a new menu with no sections (the file's highest menu id plus one) last in the group, and that menu. */
export function addMenu(file: EditorFile, group: number, name: string): { file: EditorFile; menu: FileMenu } {
  const id = highestId(allMenus(file)) + 1;
  const menus = file.menu_groups?.[group]?.menus ?? [];
  const menu: FileMenu = { id, name, order: nextOrder(menus), sections: [] };
  return { file: withGroup(file, group, (entry: FileGroup) => ({ ...entry, menus: [...(entry.menus ?? []), menu] })), menu };
}

/** The file without the menu (its sections and items with it). */
export function removeMenu(file: EditorFile, group: number, menu: number): EditorFile {
  return withGroup(file, group, (entry) => ({ ...entry, menus: (entry.menus ?? []).filter((_, at) => at !== menu) }));
}

/** The file with a menu moved one step among its group's menus; null at either end. */
export function moveMenu(file: EditorFile, group: number, menu: number, step: -1 | 1): EditorFile | null {
  return moveMenuTo(file, group, menu, displayOrder(file.menu_groups?.[group]?.menus ?? []).indexOf(menu) + step);
}

/** The file with a menu dragged to `rank` among its group's menus (moveEntryTo); null where it already was. */
export function moveMenuTo(file: EditorFile, group: number, menu: number, rank: number): EditorFile | null {
  const moved = moveEntryTo(file.menu_groups?.[group]?.menus ?? [], menu, rank);
  return moved && withGroup(file, group, (entry) => ({ ...entry, menus: moved }));
}

/** The restaurant's kitchen stations the file lists (decision 0107); none listed: the kitchen alone, nothing to choose. */
export function fileStations(file: EditorFile): Array<{ id: string; name: { 'en-CA': string; 'fr-CA': string } }> {
  const stations = file.kitchen_stations;
  return Array.isArray(stations) ? (stations as Array<{ id: string; name: { 'en-CA': string; 'fr-CA': string } }>) : [];
}

/** The file with the section made at `station`; the first station (where a section naming none goes) is written as none. */
export function setSectionStation(file: EditorFile, group: number, menu: number, section: number, station: string): EditorFile {
  const first = fileStations(file)[0]?.id;
  return withMenu(file, group, menu, (entry) => {
    const sections = [...(entry.sections ?? [])];
    const { station: _old, ...rest } = sections[section]!;
    sections[section] = station === first ? rest : { ...rest, station };
    return { ...entry, sections };
  });
}
