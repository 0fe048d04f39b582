import type { MenusResponse, PublicRestaurant } from '@servery/contracts/restaurant';
import type { RotationalMenusResponse } from '@servery/contracts/school';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { loginRedirectPath } from '../../components/require-session';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/error-message';
import { formatDay } from '../../lib/format';
import { menuViews, type MenuView } from '../../lib/menu-model';
import { useLocale } from '../../lib/use-locale';
import type { DayCarts } from '../../ordering';
import { SchoolDayCard, type DayOrdering } from './school-day';
import { studentName } from './school-ordering';
import type { useSchoolStudents } from './use-school-students';

/** The parts of the school's week (school-menu.tsx): its days, the child bar, and what it says above them. */

interface WeekBodyProps {
  days: UseQueryResult<RotationalMenusResponse>;
  menus: UseQueryResult<MenusResponse>;
  restaurant: PublicRestaurant;
  errorText: string;
  ordering: (date: string) => DayOrdering | undefined;
}

/** The week's school days with their menus (closed days said to be closed), or why they could not load. */
export function WeekBody({ days, menus, restaurant, errorText, ordering }: WeekBodyProps) {
  const { t } = useTranslation();
  const byId = useMemo(() => {
    const views = menus.isSuccess ? menuViews(menus.data.menu_groups, null) : [];
    return new Map<number, MenuView>(views.flatMap((group) => group.menus).map((view) => [view.menu.id, view]));
  }, [menus.isSuccess, menus.data]);

  const failed = days.isError ? days : menus.isError ? menus : null;
  if (failed) {
    const error = failed.error;
    return (
      <div role="alert" className="inline-error">
        <p>
          {failed === days ? errorText : t('restaurant.menusError')} {errorMessage(t, error)}
        </p>
        <button type="button" className="button" onClick={() => void failed.refetch()}>
          {t('restaurant.retry')}
        </button>
      </div>
    );
  }
  if (!days.isSuccess || !menus.isSuccess) return <Spinner />;
  const schoolDays = days.data.days;
  const prices = new Map((days.data.prices ?? []).map((entry) => [`${entry.menuId}:${entry.itemId}`, entry]));
  if (schoolDays.length === 0) return <p className="school-menu__empty">{t('school.noSchoolDays')}</p>;
  return (
    <ol className="school-days">
      {schoolDays.map((day) => (
        <SchoolDayCard
          key={day.date}
          day={day}
          menus={day.menu_ids.flatMap((id) => byId.get(id) ?? [])}
          zone={restaurant.zone}
          prices={prices}
          ordering={day.orderable ? ordering(day.date) : undefined}
        />
      ))}
    </ol>
  );
}

/** Where the school wants an account: the week is the school's menu to read, and ordering starts by signing in. */
export function SignInToOrder() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <div className="school-notice">
      <p>{t('school.signInToOrder')}</p>
      <Link className="button button--primary" to={loginRedirectPath(pathname, search)}>
        {t('school.signInToOrderLink')}
      </Link>
    </div>
  );
}

/** The child new meals are for, and adding one. */
export function StudentBar({ students }: { students: ReturnType<typeof useSchoolStudents> }) {
  const { t } = useTranslation();
  const { list, chosen, setStudentId, loaded, openDialog } = students;
  return (
    <div className="school-student-bar">
      {list.length > 0 ? (
        <div className="form-field">
          <label htmlFor="school-ordering-for" className="form-field__label">
            {t('school.orderingFor')}
          </label>
          <select
            id="school-ordering-for"
            className="text-input"
            value={chosen?.id ?? ''}
            onChange={(event) => setStudentId(Number(event.target.value))}
          >
            {list.map((student) => (
              <option key={student.id} value={student.id}>
                {studentName(student)}
              </option>
            ))}
          </select>
        </div>
      ) : (
        loaded && <p>{t('school.noStudents')}</p>
      )}
      <button type="button" className="button" onClick={(event) => openDialog(event.currentTarget)}>
        {t('school.addStudent')}
      </button>
    </div>
  );
}

/** The saved cart's days that closed since (past their cut-off) and were dropped, until dismissed. */
export function DroppedNotice({ cart }: { cart: Pick<DayCarts, 'dropped' | 'dismissDropped'> }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  if (cart.dropped.length === 0) return null;
  return (
    <div className="school-notice" role="alert">
      <p>{t('school.dropped', { days: cart.dropped.map((date) => formatDay(date, locale)).join(', ') })}</p>
      <button type="button" className="button" onClick={cart.dismissDropped}>
        {t('toast.dismiss')}
      </button>
    </div>
  );
}
