import type { StaffOrder } from '@servery/contracts/staff';
import type { StationAction } from './station-api';

/** One key each for the focused card on a station's board (the board's other keys: order-card.tsx SHORTCUTS). */
export const STATION_SHORTCUTS: Readonly<Record<string, StationAction>> = { b: 'bump', u: 'recall' };

/** Only an order in the kitchen is bumped (the API says so too: STATION_ORDER_NOT_IN_KITCHEN). */
const inKitchen = (order: Pick<StaffOrder, 'status'>) => order.status === 'accepted' || order.status === 'preparing';

/** The order's lines made at this station; the lines of an older answer without stations are the kitchen's. */
export const linesAtStation = (order: Pick<StaffOrder, 'lines'>, station: string) =>
  order.lines.filter((line) => (line.station ?? 'kitchen') === station);

/** A line is made once bumped, and every line of a ready order is (the board's own Ready says so too). */
export const isLineMade = (order: Pick<StaffOrder, 'status'>, line: Pick<StaffOrder['lines'][number], 'bumped'>) =>
  order.status === 'ready' || line.bumped === true;

/**
 * What the station may do with this order now: bump while a line is left to make, recall once all
 * are made, and recall a ready order (a line sent back at the pass), which takes it back to preparing.
 */
export function stationActionsFor(order: Pick<StaffOrder, 'lines' | 'status'>, station: string): StationAction[] {
  const mine = linesAtStation(order, station);
  if (mine.length === 0 || !(inKitchen(order) || order.status === 'ready')) return [];
  return mine.every((line) => isLineMade(order, line)) ? ['recall'] : ['bump'];
}

/** The keys (B, U) that act on this order at the station now, for its card's aria-keyshortcuts. */
export function stationKeysFor(order: Pick<StaffOrder, 'lines' | 'status'>, station: string | null): string {
  if (!station) return '';
  const actions = stationActionsFor(order, station);
  return Object.entries(STATION_SHORTCUTS)
    .filter(([, action]) => actions.includes(action))
    .map(([key]) => key.toUpperCase())
    .join(' ');
}
