/**
 * A menu's ordering (how and when diners order from it) between the tenant file and the menu's
 * ordering form: the ways are the file's booleans, the timings its whole numbers of minutes (and of
 * orders per slot), null in the file for none, empty in the form.
 */
import { MENU_ORDERING_WAYS, type MenuOrderingForm } from '@servery/contracts/forms';
import { withMenu, type EditorFile, type FileMenu } from '../menu-file';

export const MENU_TIMINGS = ['last_call_time', 'required_notice', 'ordering_interval', 'max_orders_per_interval'] as const;
type Timing = (typeof MENU_TIMINGS)[number];

export function orderingValues(menu: FileMenu): MenuOrderingForm {
  const timing = (field: Timing) => {
    const value = menu[field];
    return typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : '';
  };
  return {
    ways: Object.fromEntries(MENU_ORDERING_WAYS.map((way) => [way, menu[way] === true])) as MenuOrderingForm['ways'],
    last_call_time: timing('last_call_time'),
    required_notice: timing('required_notice'),
    ordering_interval: timing('ordering_interval'),
    max_orders_per_interval: timing('max_orders_per_interval'),
  };
}

/**
 * The menu with the form's ordering (checked by the form's schema). A way left unchecked that the
 * file never had stays out of it, and so does a timing left empty, so saving an untouched form
 * changes nothing in the file.
 */
export function applyOrdering(menu: FileMenu, values: MenuOrderingForm): FileMenu {
  const next: FileMenu = { ...menu };
  for (const way of MENU_ORDERING_WAYS) {
    if (values.ways[way]) next[way] = true;
    else if (menu[way] !== undefined) next[way] = false;
  }
  for (const field of MENU_TIMINGS) {
    const typed = values[field].trim();
    if (typed !== '') next[field] = Number(typed);
    else if (menu[field] !== undefined) next[field] = null;
  }
  return next;
}

/** The file with the menu at `group`, `menu` ordered as the form says. */
export function orderMenu(file: EditorFile, group: number, menu: number, values: MenuOrderingForm): EditorFile {
  return withMenu(file, group, menu, (entry) => applyOrdering(entry, values));
}

/** The ordering form's field for what follows the menu's path in a refusal (`.ordering_interval`, `.dine_in`). */
export function orderingFieldOf(suffix: string): string | undefined {
  const name = suffix.slice(1);
  if ((MENU_TIMINGS as readonly string[]).includes(name)) return name;
  if ((MENU_ORDERING_WAYS as readonly string[]).includes(name)) return `ways.${name}`;
  return undefined;
}
