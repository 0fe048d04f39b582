import type { PublicRestaurant } from '@servery/contracts/restaurant';
import type { CartItem } from '@servery/domain/cart';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { fetchMenus } from '../../components/restaurant-shell/restaurant-api';
import { FETCHING_FLAG_DELAY_MS } from '../../components/ui/spinner';
import { useAdoptServerTime } from '../../lib/clock';
import { useServerState } from '../../lib/initial-data';
import { menuViews, type MenuItemEntry } from '../../lib/menu-model';
import { useServerData } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { useSession } from '../../lib/session';
import { useApiClient } from '../../lib/use-api-client';
import { useLocale } from '../../lib/use-locale';
import { fetchSchoolDays } from './school-api';
import { choiceAllergens } from './school-choice';
import { entryKeyOf } from './school-ordering';
import { formatWeek, weekRange } from './school-week';
import { useSchoolWeek } from './use-school-week';

/**
 * What the school's week shows, from the server: the week chosen (in the address), its school days
 * with the rotation's menus and the parent's booked meals, the school's menus, each menu entry by its
 * cart key, and the spec's fetching flag while they load.
 */
export function useSchoolWeekData(restaurant: PublicRestaurant) {
  const { locale } = useLocale();
  const client = useApiClient(restaurant.id);
  const session = useSession();
  const credentials = session.status === 'authenticated' ? session.credentials : null;
  const server = useServerState(restaurant.slug);
  const { week, previous, next } = useSchoolWeek(restaurant);
  const range = weekRange(week, restaurant.weekendOrdering);
  const subsidyCode = session.status === 'authenticated' ? session.user.subsidyCode : null;
  // Adding or deleting a subsidy code reprices the rotational menus (spec accounts-and-suites.md section 4).
  // Asked once the session is known, so a signed-in parent's week is not fetched twice (as a guest first).
  const sessionKnown = session.status === 'authenticated' || session.status === 'anonymous';
  const adoptServerTime = useAdoptServerTime();
  const days = useQuery({
    queryKey: queryKeys.schoolDays(restaurant.id, range.start, range.end, credentials?.userId ?? null, subsidyCode ?? null),
    // The answer says the server's time: on a page the server did not render, the first week asked
    // went by the phone's clock; a phone that is off moves to the server's week (useSchoolWeek) here.
    queryFn: ({ signal }) =>
      fetchSchoolDays(client, restaurant.id, range, signal, credentials).then((answer) => {
        if (answer.now) adoptServerTime(answer.now);
        return answer;
      }),
    enabled: sessionKnown,
  });
  const menusKey = queryKeys.menus(restaurant.id, 'school');
  const menusFromServer = useServerData(menusKey, server?.menus);
  const menus = useQuery({
    queryKey: menusKey,
    queryFn: ({ signal }) => fetchMenus(client, restaurant.id, 'school', signal),
    ...menusFromServer,
  });
  const fetching = useFetchingFlag(days.isPending || menus.isLoading);
  const dates = formatWeek(range, locale);

  const entries = useMemo(() => {
    const index = new Map<string, MenuItemEntry>();
    if (!menus.isSuccess) return index;
    for (const group of menuViews(menus.data.menu_groups, null))
      for (const view of group.menus)
        for (const section of view.sections)
          for (const entry of section.entries)
            index.set(entryKeyOf({ id: entry.item.id, menu_id: entry.menu.id, section_id: entry.section?.id ?? null }), entry);
    return index;
  }, [menus.isSuccess, menus.data]);
  /** A cart line's allergens (its item's and every value chosen), for the question before a day goes to another child. */
  const lineAllergens = useCallback(
    (line: CartItem) => {
      const entry = entries.get(entryKeyOf(line));
      return entry ? choiceAllergens(entry.item, line.orderOptions) : '';
    },
    [entries],
  );
  return { session, credentials, previous, next, days, menus, fetching, dates, entries, lineAllergens };
}

export type SchoolWeekData = ReturnType<typeof useSchoolWeekData>;

/**
 * The spec's fetching flag: on while loading, cleared 300 ms after the load ends (ordering.md
 * section 4), so a fast answer does not make the busy state flicker off and on.
 */
function useFetchingFlag(loading: boolean): boolean {
  const [settling, setSettling] = useState(loading);
  useEffect(() => {
    if (loading) {
      setSettling(true);
      return;
    }
    const timer = setTimeout(() => setSettling(false), FETCHING_FLAG_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loading]);
  return loading || settling;
}
