import { SCHEDULE_DAYS } from '@servery/contracts/forms';
import { parseDayRanges } from '@servery/domain/price-schedule-ranges';
import { useTranslation } from 'react-i18next';
import { ScheduleGridEditor } from './schedule-grid-editor';
import type { ScheduleDays } from './schedule-paint';
import { useWeekdayName } from './weekday-name';

export { useWeekdayName } from './weekday-name';

const HOURS = [0, 6, 12, 18, 24];

const OFFERED_LETTERS = ['A', 'B', 'C', 'D'];

export interface ScheduleGridProps {
  days: ScheduleDays;
  /** Given, the grid is painted (schedule-grid-editor.tsx) and gives back the days' new ranges text. */
  onChange?: (days: ScheduleDays) => void;
  /** The letters a painter may choose (A to D when not given). */
  letters?: readonly string[];
}

/**
 * The week as a grid, a row per weekday and a cell per 15-minute slot, shaded by its price's letter
 * (blank: not sold), drawn from the ranges as typed (a day that does not parse is drawn blank). With
 * `onChange`, the grid is painted by pointer and keyboard (an ARIA grid, decision 0120); without, it
 * shows the week at a glance and the day fields beside it say the same in words, so the drawing is
 * hidden from screen readers. It shrinks with the screen: 96 cells share the row's width.
 */
export function ScheduleGrid({ days, onChange, letters = OFFERED_LETTERS }: ScheduleGridProps) {
  if (onChange) return <ScheduleGridEditor days={days} onChange={onChange} letters={letters} />;
  return <ScheduleDrawing days={days} />;
}

function ScheduleDrawing({ days }: { days: ScheduleDays }) {
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
