import { SCHEDULE_DAYS } from '@servery/contracts/forms';
import { slotTime } from '@servery/domain/price-schedule-ranges';
import { useTranslation } from 'react-i18next';
import { daySlots, inSelection, NOT_SOLD, SLOTS, windowFrom, type ScheduleDays, type Selection } from './schedule-paint';
import { useWeekdayName } from './weekday-name';
import type { SchedulePaint } from './use-schedule-paint';

interface ScheduleCellsProps {
  days: ScheduleDays;
  paint: SchedulePaint;
  describedBy: string;
  onPaint: (selection: Selection) => void;
}

/**
 * The week as an ARIA grid: a header row of hours (each paints that hour on every day), then a row
 * per weekday, its name first (paints the whole day), then a cell per 15-minute slot of the hours
 * shown, named for screen readers ("Monday 11:15 to 11:30, price A"), shaded by its letter.
 */
export function ScheduleCells({ days, paint, describedBy, onPaint }: ScheduleCellsProps) {
  const { t } = useTranslation();
  const weekday = useWeekdayName();
  const shown = windowFrom(paint.startHour);
  const count = shown.to - shown.from;
  const hours = Array.from({ length: count / 4 }, (_, index) => shown.from / 4 + index);
  const columns = { '--schedule-columns': count } as React.CSSProperties;
  const priceOf = (letter: string) =>
    letter === NOT_SOLD ? t('menuEditorScheduleGrid.cellNotSold') : t('menuEditorScheduleGrid.cellPrice', { letter });
  const wholeWeek = (fromSlot: number, toSlot: number): Selection => ({ fromDay: 0, toDay: SCHEDULE_DAYS.length - 1, fromSlot, toSlot });

  return (
    <div
      ref={paint.gridRef}
      role="grid"
      aria-label={t('menuEditorItemFields.gridCaption')}
      aria-describedby={describedBy}
      aria-rowcount={SCHEDULE_DAYS.length + 1}
      aria-colcount={SLOTS + 1}
      aria-multiselectable="true"
      className={`schedule-grid__grid${paint.startHour === null ? '' : ' schedule-grid__grid--zoomed'}`}
      style={columns}
      onPointerDown={paint.onPointerDown}
      onPointerMove={paint.onPointerMove}
      onPointerUp={paint.onPointerUp}
      onPointerCancel={paint.onPointerCancel}
      onKeyDown={paint.onKeyDown}
      onFocus={paint.onFocus}
    >
      <div role="row" aria-rowindex={1} className="schedule-grid__line">
        <span role="columnheader" aria-colindex={1} className="schedule-grid__corner">
          <span className="visually-hidden">{t('menuEditorScheduleGrid.dayColumn')}</span>
        </span>
        {hours.map((hour) => (
          <span key={hour} role="columnheader" aria-colindex={2 + hour * 4} aria-colspan={4} className="schedule-grid__hour">
            {/* Named in full by its hidden text; the eye reads the hour (every third when the whole day is shown). */}
            <button type="button" tabIndex={-1} onClick={() => onPaint(wholeWeek(hour * 4, hour * 4 + 3))}>
              <span aria-hidden="true">{paint.startHour !== null || hour % 3 === 0 ? hour : ''}</span>
              <span className="visually-hidden">
                {t('menuEditorScheduleGrid.hour', { from: slotTime(hour * 4), to: slotTime(hour * 4 + 4) })}
              </span>
            </button>
          </span>
        ))}
      </div>
      {SCHEDULE_DAYS.map((day, dayIndex) => {
        const slots = daySlots(days[day]);
        return (
          <div key={day} role="row" aria-rowindex={dayIndex + 2} className="schedule-grid__line">
            <span role="rowheader" aria-colindex={1} className="schedule-grid__day">
              <button
                type="button"
                tabIndex={-1}
                onClick={() => onPaint({ fromDay: dayIndex, toDay: dayIndex, fromSlot: 0, toSlot: SLOTS - 1 })}
              >
                <span aria-hidden="true">{weekday(day).slice(0, 3)}</span>
                <span className="visually-hidden">{t('menuEditorScheduleGrid.wholeDayOf', { day: weekday(day) })}</span>
              </button>
            </span>
            {Array.from({ length: count }, (_, index) => {
              const slot = shown.from + index;
              const letter = slots.charAt(slot);
              const isActive = paint.active.day === dayIndex && paint.active.slot === slot;
              return (
                <span
                  key={slot}
                  role="gridcell"
                  aria-colindex={slot + 2}
                  tabIndex={isActive ? 0 : -1}
                  aria-selected={inSelection(paint.selection, dayIndex, slot)}
                  aria-label={t('menuEditorScheduleGrid.cell', {
                    day: weekday(day),
                    from: slotTime(slot),
                    to: slotTime(slot + 1),
                    price: priceOf(letter),
                  })}
                  data-day={dayIndex}
                  data-slot={slot}
                  data-letter={letter === NOT_SOLD ? undefined : letter}
                  className={`schedule-grid__slot${slot % 4 === 0 ? ' schedule-grid__slot--hour' : ''}`}
                />
              );
            })}
          </div>
        );
      })}
    </div>
  );
}
