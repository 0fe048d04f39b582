/**
 * /{slug}/calendar: a parent's month calendar per child at a K-12 school (issue 30, item 3;
 * docs/decisions/0115-k12-month-calendar.md). Each day of the month says what the server says of
 * it (GET /api/school-calendar): the meals already ordered for the child against the day's limit,
 * whether it is open for ordering and until when, or why it is closed. A day open for ordering leads
 * to the school's week view at that week. The month, the child and the day chosen are kept in the
 * address, so a reload or the way back shows the same.
 */
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { DEFAULT_SCHOOL_ZONE, localDate } from '@servery/domain/school-days';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { RequireSession } from '../../components/require-session';
import { displayName, RestaurantFrame } from '../../components/restaurant-shell/restaurant-frame';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/error-message';
import { useNow } from '../../lib/clock';
import { queryKeys } from '../../lib/query-keys';
import { pathTo } from '../../lib/route-paths';
import type { SessionCredentials } from '../../lib/session';
import { useApiClient } from '../../lib/use-api-client';
import { useLocale } from '../../lib/use-locale';
import { fetchSchoolCalendar } from './calendar-api';
import { DayDetails } from './day-details';
import { addMonths, DAY_PARAM, MONTH_PARAM, monthOf, monthRange, parseMonth, STUDENT_PARAM } from './month';
import { MonthGrid } from './month-grid';
import './school-calendar.css';

export function SchoolCalendarScreen() {
  const { t } = useTranslation();
  return (
    <RestaurantFrame title={(restaurant, locale) => t('schoolCalendar.pageTitle', { name: displayName(restaurant, locale) })}>
      {(restaurant) =>
        restaurant.k12 ? (
          <RequireSession>{({ credentials }) => <SchoolCalendar restaurant={restaurant} credentials={credentials} />}</RequireSession>
        ) : (
          <p>{t('schoolCalendar.notASchool')}</p>
        )
      }
    </RestaurantFrame>
  );
}

function SchoolCalendar({ restaurant, credentials }: { restaurant: PublicRestaurant; credentials: SessionCredentials }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const client = useApiClient(restaurant.id);
  const now = useNow();
  const zone = restaurant.zone || DEFAULT_SCHOOL_ZONE;
  const today = localDate(now, zone);
  const [params, setParams] = useSearchParams();
  const month = parseMonth(params.get(MONTH_PARAM)) ?? monthOf(today);
  const studentParam = Number(params.get(STUDENT_PARAM));
  const studentId = Number.isInteger(studentParam) && studentParam > 0 ? studentParam : null;
  const range = monthRange(month);
  const headingId = useId();

  const calendar = useQuery({
    // Under the school days' prefix: placing orders reads them again, signing out forgets them. The
    // ordered items come named in the request's language: another language is another answer.
    queryKey: [...queryKeys.schoolDaysOf(restaurant.id), 'calendar', credentials.userId, month, studentId, locale],
    queryFn: ({ signal }) => fetchSchoolCalendar(client, restaurant.id, credentials, { ...range, studentId }, signal),
    placeholderData: (previous) => previous,
  });

  const update = (changes: Record<string, string | null>, options?: { replace: boolean }) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      return next;
    }, options);
  // The day a key moved to, focused once its month is shown.
  const [focusDate, setFocusDate] = useState<string | null>(null);
  const selectedDay = params.get(DAY_PARAM);
  const monthName = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${range.start}T12:00:00Z`),
  );
  const data = calendar.data;
  // While another month or child loads, the last answer keeps the child's list; its days are not shown as this month's.
  const shown = data && data.days[0]?.date === range.start && (studentId === null || data.student_id === studentId) ? data : null;
  const student = data?.students.find((entry) => entry.id === data.student_id) ?? null;
  const day = shown?.days.find((entry) => entry.date === selectedDay) ?? null;
  const weekView = pathTo('Menu', { restaurantSlug: restaurant.slug });

  return (
    <section className="school-calendar" aria-labelledby={headingId} aria-busy={calendar.isFetching}>
      <p className="school-calendar__back">
        <Link to={weekView}>{t('schoolCalendar.toWeekView')}</Link>
      </p>
      {data && data.students.length > 1 && (
        <div className="form-field">
          <label htmlFor="school-calendar-student" className="form-field__label">
            {t('schoolCalendar.child')}
          </label>
          <select
            id="school-calendar-student"
            className="text-input"
            value={data.student_id ?? ''}
            onChange={(event) => update({ [STUDENT_PARAM]: event.target.value })}
          >
            {data.students.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {`${entry.firstName} ${entry.lastName}`}
              </option>
            ))}
          </select>
        </div>
      )}
      {data && data.students.length === 0 && (
        <div className="school-calendar__notice">
          <p>{t('schoolCalendar.noChild')}</p>
          <Link to={`${pathTo('AddStudent')}?restaurant=${encodeURIComponent(restaurant.slug)}`}>{t('schoolCalendar.addChild')}</Link>
        </div>
      )}
      <div className="school-calendar__month">
        <h2 id={headingId} className="school-calendar__title">
          {student ? t('schoolCalendar.monthFor', { month: monthName, name: `${student.firstName} ${student.lastName}` }) : monthName}
        </h2>
        <div className="school-calendar__buttons">
          <button type="button" className="button" onClick={() => update({ [MONTH_PARAM]: addMonths(month, -1), [DAY_PARAM]: null })}>
            <span aria-hidden="true">‹</span>
            {t('schoolCalendar.previousMonth')}
          </button>
          <button type="button" className="button" onClick={() => update({ [MONTH_PARAM]: addMonths(month, 1), [DAY_PARAM]: null })}>
            {t('schoolCalendar.nextMonth')}
            <span aria-hidden="true">›</span>
          </button>
        </div>
        <p className="visually-hidden" aria-live="polite">
          {calendar.isFetching ? t('schoolCalendar.loading', { month: monthName }) : t('schoolCalendar.showing', { month: monthName })}
        </p>
      </div>
      {calendar.isError && !shown ? (
        <div role="alert" className="inline-error">
          <p>
            {t('schoolCalendar.error')} {errorMessage(t, calendar.error)}
          </p>
          <button type="button" className="button" onClick={() => void calendar.refetch()}>
            {t('restaurant.retry')}
          </button>
        </div>
      ) : shown ? (
        <>
          <MonthGrid
            month={month}
            calendar={shown}
            today={today}
            selected={day?.date ?? null}
            onSelect={(date) => update({ [DAY_PARAM]: date })}
            // Moving by keyboard chooses the day as it goes, without a history entry per key.
            onMove={(date) => {
              update({ [MONTH_PARAM]: monthOf(date), [DAY_PARAM]: date }, { replace: true });
              setFocusDate(date);
            }}
            focusDate={focusDate}
            onFocused={() => setFocusDate(null)}
            labelledBy={headingId}
          />
          {day && (
            <DayDetails
              day={day}
              calendar={shown}
              studentName={student ? `${student.firstName} ${student.lastName}` : null}
              weekView={weekView}
            />
          )}
        </>
      ) : (
        <Spinner />
      )}
    </section>
  );
}
