import { SCHEDULE_DAYS, type PriceScheduleForm } from '@servery/contracts/forms';
import { parseDayRanges } from '@servery/domain/price-schedule-ranges';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale';

type Day = (typeof SCHEDULE_DAYS)[number];

/** A weekday's name in the person's language ("lundi"), from a week known to start on a Sunday. */
export function useWeekdayName(): (day: Day) => string {
  const { locale } = useLocale();
  const format = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  return (day) => {
    const name = format.format(new Date(Date.UTC(2026, 10, 29 + SCHEDULE_DAYS.indexOf(day))));
    return name.charAt(0).toUpperCase() + name.slice(1);
  };
}

const HOURS = [0, 6, 12, 18, 24];

/**
 * The week as a grid, a row per weekday and a cell per 15-minute slot, shaded by its price's letter
 * (blank: not sold), drawn from the ranges as typed (a day that does not parse is drawn blank). It
 * shows the week at a glance; the day fields beside it say the same in words, so the drawing is
 * hidden from screen readers. It shrinks with the screen: 96 cells share the row's width.
 */
export function ScheduleGrid({ days }: { days: PriceScheduleForm['days'] }) {
  const { t } = useTranslation();
  const weekday = useWeekdayName();
  const rows = SCHEDULE_DAYS.map((day) => ({ day, slots: parseDayRanges(days[day] ?? '') ?? 'X'.repeat(96) }));
  const letters = [...new Set(rows.flatMap((row) => [...row.slots]).filter((letter) => letter !== 'X'))].sort();
  return (
    <figure className="schedule-grid">
      <figcaption>{t('menuEditorItemFields.gridCaption')}</figcaption>
      <div aria-hidden="true">
        <div className="schedule-grid__row">
          <span className="schedule-grid__day" />
          <span className="schedule-grid__hours">
            {HOURS.map((hour) => (
              <span key={hour} style={{ left: `${(hour / 24) * 100}%` }}>
                {hour}
              </span>
            ))}
          </span>
        </div>
        {rows.map(({ day, slots }) => (
          <div key={day} className="schedule-grid__row">
            <span className="schedule-grid__day">{weekday(day).slice(0, 3)}</span>
            <span className="schedule-grid__slots">
              {[...slots].map((letter, slot) => (
                <span key={slot} className="schedule-grid__slot" data-letter={letter === 'X' ? undefined : letter} />
              ))}
            </span>
          </div>
        ))}
      </div>
      {letters.length > 0 && (
        <ul className="schedule-grid__legend">
          {letters.map((letter) => (
            <li key={letter}>
              <span className="schedule-grid__slot" data-letter={letter} aria-hidden="true" />{' '}
              {t('menuEditorItemFields.gridLetter', { letter })}
            </li>
          ))}
          <li>
            <span className="schedule-grid__slot" aria-hidden="true" /> {t('menuEditorItemFields.gridNotSold')}
          </li>
        </ul>
      )}
    </figure>
  );
}
