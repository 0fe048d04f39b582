import type { SchoolCalendarDay, SchoolCalendarResponse } from '@servery/contracts/school';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/use-locale';
import { dayLabel, stateMark } from './day-text';
import { monthRange, monthWeeks, movedDate } from './month';

/** Monday to Sunday, as the week view counts a week (the dates of 7 to 13 December 2026). */
const WEEKDAY_DATES = ['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11', '2026-12-12', '2026-12-13'];

const LEGEND = [
  ['+', 'open'],
  ['×', 'ordering_closed'],
  ['…', 'not_open_yet'],
  ['–', 'closed'],
] as const;

interface MonthGridProps {
  month: string;
  calendar: SchoolCalendarResponse;
  today: string;
  selected: string | null;
  onSelect: (date: string) => void;
  /** A key moved to `date`, perhaps in another month: it becomes the chosen day, and takes focus once shown. */
  onMove: (date: string) => void;
  /** The day to focus once it is shown (after a key moved there), then `onFocused`. */
  focusDate: string | null;
  onFocused: () => void;
  /** The month's heading. */
  labelledBy: string;
}

/**
 * The month as a table of weeks. Each day is a button named by its whole sentence ("Monday,
 * December 7: 1 of 2 meals ordered, order by Friday, December 4, 11:59 PM"); on screen it shows its
 * number, the meals ordered against the limit, and a mark the legend explains. Today is marked
 * (aria-current="date"); the chosen day is pressed and its details follow the table.
 *
 * By keyboard it is the WAI-ARIA date grid: one tab stop (the chosen day, else today, else the
 * month's first day), the arrow keys a day or a week, Home/End the week's ends, PageUp/PageDown a
 * month; the day moved to is chosen, in the next or previous month when the move leaves this one.
 */
export function MonthGrid({ month, calendar, today, selected, onSelect, onMove, focusDate, onFocused, labelledBy }: MonthGridProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const byDate = new Map(calendar.days.map((day) => [day.date, day]));
  const { start, end } = monthRange(month);
  const inMonth = (date: string | null): date is string => date !== null && date >= start && date <= end && byDate.has(date);
  const tabStop = inMonth(selected) ? selected : inMonth(today) ? today : start;
  const tableRef = useRef<HTMLTableElement>(null);
  useEffect(() => {
    if (!inMonth(focusDate)) return;
    tableRef.current?.querySelector<HTMLElement>(`[data-date="${focusDate}"]`)?.focus();
    onFocused();
  });
  const weekday = (date: string, width: 'short' | 'long') =>
    new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
  return (
    <>
      <table
        ref={tableRef}
        role="grid"
        aria-labelledby={labelledBy}
        className="month-grid"
        onKeyDown={(event) => {
          const from = (event.target as HTMLElement).closest<HTMLElement>('[data-date]')?.dataset.date;
          const moved = from ? movedDate(from, event.key, event.shiftKey) : null;
          if (!moved || event.altKey || event.ctrlKey || event.metaKey) return;
          event.preventDefault();
          onMove(moved);
        }}
      >
        <thead>
          <tr>
            {WEEKDAY_DATES.map((date) => (
              <th key={date} scope="col" abbr={weekday(date, 'long')}>
                {weekday(date, 'short')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week) => (
            <tr key={week.find((date) => date !== null) ?? ''}>
              {week.map((date, index) => {
                const day = date ? byDate.get(date) : undefined;
                return (
                  <td key={date ?? `blank-${index}`}>
                    {day && (
                      <DayCell day={day} calendar={calendar} today={today} selected={selected} tabStop={tabStop} onSelect={onSelect} />
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="month-legend" aria-label={t('schoolCalendar.legend')}>
        {LEGEND.map(([mark, meaning]) => (
          <li key={mark}>
            <span className="month-legend__mark" aria-hidden="true">
              {mark}
            </span>{' '}
            {t(`schoolCalendar.legendMarks.${meaning}`)}
          </li>
        ))}
        <li>
          <span className="month-legend__mark" aria-hidden="true">
            1/2
          </span>{' '}
          {t('schoolCalendar.legendMeals')}
        </li>
      </ul>
    </>
  );
}

function DayCell({
  day,
  calendar,
  today,
  selected,
  tabStop,
  onSelect,
}: {
  day: SchoolCalendarDay;
  calendar: SchoolCalendarResponse;
  today: string;
  selected: string | null;
  tabStop: string;
  onSelect: (date: string) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const label = dayLabel(t, day, calendar.max_meals, locale, calendar.zone);
  return (
    <button
      type="button"
      className={`month-day month-day--${day.state}${day.date === today ? ' month-day--today' : ''}`}
      aria-pressed={selected === day.date}
      tabIndex={day.date === tabStop ? 0 : -1}
      data-date={day.date}
      {...(day.date === today ? { 'aria-current': 'date' as const } : {})}
      onClick={() => onSelect(day.date)}
    >
      {/* The button's name is its whole sentence; the number, count and mark are what the eye reads. */}
      <span className="visually-hidden">{label}</span>
      <span className="month-day__number" aria-hidden="true">
        {Number(day.date.slice(8))}
      </span>
      <span className="month-day__meals" aria-hidden="true">
        {day.meals > 0 ? (calendar.max_meals === null ? String(day.meals) : `${day.meals}/${calendar.max_meals}`) : ''}
      </span>
      <span className="month-day__mark" aria-hidden="true">
        {stateMark(day)}
      </span>
    </button>
  );
}
