import type { MenusResponse, PublicRestaurant } from '@servery/contracts/restaurant';
import type { RotationalMenusResponse } from '@servery/contracts/school';
import { useId, useMemo } from 'react';
import { RequireSession } from '../../components/require-session';
import { displayName } from '../../components/restaurant-shell/restaurant-frame';
import { fetchMenus } from '../../components/restaurant-shell/restaurant-api';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from '../../i18n/i18n-context';
import { errorMessage } from '../../lib/error-message';
import { useServerState } from '../../lib/initial-data';
import { menuViews, type MenuView } from '../../lib/menu-model';
import { useApiClient } from '../../lib/use-api-client';
import { useLocale } from '../../lib/use-locale';
import { useResource, type ResourceState } from '../../lib/use-resource';
import { fetchSchoolDays } from './school-api';
import { SchoolDayCard } from './school-day';
import { formatWeek, weekRange } from './school-week';
import { useFetchingFlag } from './use-fetching-flag';
import { useSchoolWeek } from './use-school-week';
import { WeekPicker } from './week-picker';
import './school.css';

/** The page's name for a school: its k12TitleDisplay ("Hot lunch"), else the restaurant's name. */
export function schoolTitle(restaurant: PublicRestaurant): string {
  return restaurant.k12TitleDisplay?.trim() || displayName(restaurant);
}

/**
 * /{slug} of a K-12 restaurant: the school days of one week with the rotation's menus, closed days
 * included and said to be closed. Signing in comes first unless the school lets guests order
 * (k12RequiresLogin false); /login keeps the query, so the parent comes back to the same week.
 */
export function SchoolMenu({ restaurant }: { restaurant: PublicRestaurant }) {
  if (restaurant.k12RequiresLogin === false) return <SchoolWeek restaurant={restaurant} />;
  return <RequireSession>{() => <SchoolWeek restaurant={restaurant} />}</RequireSession>;
}

function SchoolWeek({ restaurant }: { restaurant: PublicRestaurant }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const client = useApiClient();
  const server = useServerState(restaurant.slug);
  const { week, previous, next } = useSchoolWeek(restaurant);
  const range = weekRange(week, restaurant.weekendOrdering);
  const days = useResource(`${restaurant.id}:${range.start}:${range.end}`, (signal) =>
    fetchSchoolDays(client, restaurant.id, range, signal),
  );
  const menus = useResource(`${restaurant.id}:school`, (signal) => fetchMenus(client, restaurant.id, 'school', signal), server?.menus);
  const fetching = useFetchingFlag(days.state.status === 'loading' || menus.state.status === 'loading');
  const dates = formatWeek(range, locale);
  const headingId = useId();

  return (
    <section className="school-menu" aria-labelledby={headingId} aria-busy={fetching}>
      <WeekPicker headingId={headingId} dates={dates} fetching={fetching} onPrevious={previous} onNext={next} />
      <WeekBody days={days} menus={menus} restaurant={restaurant} errorText={t('school.daysError')} />
    </section>
  );
}

interface WeekBodyProps {
  days: { state: ResourceState<RotationalMenusResponse>; reload: () => void };
  menus: { state: ResourceState<MenusResponse>; reload: () => void };
  restaurant: PublicRestaurant;
  errorText: string;
}

function WeekBody({ days, menus, restaurant, errorText }: WeekBodyProps) {
  const { t } = useTranslation();
  const byId = useMemo(() => {
    const views = menus.state.status === 'ready' ? menuViews(menus.state.data.menu_groups, null) : [];
    return new Map<number, MenuView>(views.flatMap((group) => group.menus).map((view) => [view.menu.id, view]));
  }, [menus.state]);

  const failed = days.state.status === 'error' ? days : menus.state.status === 'error' ? menus : null;
  if (failed) {
    const error = failed.state.status === 'error' ? failed.state.error : null;
    return (
      <div role="alert" className="inline-error">
        <p>
          {failed === days ? errorText : t('restaurant.menusError')} {errorMessage(t, error)}
        </p>
        <button type="button" className="button" onClick={failed.reload}>
          {t('restaurant.retry')}
        </button>
      </div>
    );
  }
  if (days.state.status !== 'ready' || menus.state.status !== 'ready') return <Spinner />;
  const schoolDays = days.state.data.days;
  if (schoolDays.length === 0) return <p className="school-menu__empty">{t('school.noSchoolDays')}</p>;
  return (
    <ol className="school-days">
      {schoolDays.map((day) => (
        <SchoolDayCard key={day.date} day={day} menus={day.menu_ids.flatMap((id) => byId.get(id) ?? [])} zone={restaurant.zone} />
      ))}
    </ol>
  );
}
