import type { SchoolCalendarDay, SchoolCalendarResponse } from '@servery/contracts/school';
import { weekStart } from '@servery/domain/school-days';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import { countsMeals, lastMinuteBefore, mealsText, stateText } from './day-text';

/** A clock time never breaks over two lines ("23 h 59", "11:59 PM"). */
const keepTimeWhole = (text: string) => text.replace(/(\d+) h (\d+)/g, '$1\u00a0h\u00a0$2').replace(/(\d+:\d+) (AM|PM)/g, '$1\u00a0$2');

/**
 * The chosen day in full: its state, the meals ordered for the child (each named, with its
 * quantity), when ordering for it closes, and for a day open for ordering the way to the week view
 * at its week, where the meals are chosen. A polite live region: choosing a day reads it out.
 */
export function DayDetails({
  day,
  calendar,
  studentName,
  weekView,
}: {
  day: SchoolCalendarDay;
  calendar: SchoolCalendarResponse;
  studentName: string | null;
  weekView: string;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const headingId = useId();
  const name = formatDay(day.date, locale);
  return (
    <section className="day-details" aria-labelledby={headingId} aria-live="polite">
      <h3 id={headingId} className="day-details__title">
        {name}
      </h3>
      <p className="day-details__state">{keepTimeWhole(stateText(t, day, locale, calendar.zone))}</p>
      {day.state === 'ordering_closed' && day.closes_at && (
        <p>{keepTimeWhole(t('schoolCalendar.closedSince', { when: lastMinuteBefore(day.closes_at, locale, calendar.zone) }))}</p>
      )}
      {countsMeals(day) && studentName && (
        <p>{t('schoolCalendar.mealsFor', { name: studentName, meals: mealsText(t, day, calendar.max_meals) })}</p>
      )}
      {day.items.length > 0 && (
        <ul className="day-details__items" aria-label={t('schoolCalendar.orderedItems')}>
          {day.items.map((item) => (
            <li key={item.name}>{t('schoolCalendar.item', { count: item.quantity, name: item.name })}</li>
          ))}
        </ul>
      )}
      {day.state === 'open' && (
        <Link className="button button--primary" to={`${weekView}?selectedWeek=${weekStart(day.date)}`}>
          {t('schoolCalendar.orderThisDay', { day: name })}
        </Link>
      )}
    </section>
  );
}
