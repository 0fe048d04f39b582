import { addDays } from '@servery/domain/school-days';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useServerNow } from '../../lib/clock';
import { defaultWeek, parseSelectedWeek, SELECTED_WEEK_PARAM, type SchoolRules } from './school-week';

export interface SchoolWeek {
  /** The Monday of the week shown. */
  week: string;
  previous: () => void;
  next: () => void;
}

/**
 * The week shown, kept in the address (`selectedWeek`) so a reload, a shared link or the way back
 * from /login shows the same week. Moving writes a history entry, so Back returns to the last week.
 */
export function useSchoolWeek(restaurant: SchoolRules): SchoolWeek {
  const [params, setParams] = useSearchParams();
  // The server's clock (a server-rendered page's time, then each week's answer: use-school-week-data.ts),
  // as the canteen's "today": a phone set a day or a week off still opens on the week the server orders for.
  const now = useServerNow();
  const selected = parseSelectedWeek(params.get(SELECTED_WEEK_PARAM));
  // A few date sums per render; the clock ticks every 30 s, so the default follows midnight and the cut-off.
  const week = selected ?? defaultWeek(now, restaurant);

  const moveTo = useCallback(
    (monday: string) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set(SELECTED_WEEK_PARAM, monday);
        return next;
      }),
    [setParams],
  );
  const previous = useCallback(() => moveTo(addDays(week, -7)), [moveTo, week]);
  const next = useCallback(() => moveTo(addDays(week, 7)), [moveTo, week]);
  return { week, previous, next };
}
