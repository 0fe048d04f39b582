import { SCHEDULE_DAYS } from '@servery/contracts/forms';
import { slotTime } from '@servery/domain/price-schedule-ranges';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScheduleCells } from './schedule-grid-cells';
import { useWeekdayName } from './weekday-name';
import { NOT_SOLD, paintWeek, WINDOW_STARTS, type ScheduleDays, type Selection } from './schedule-paint';
import { useSchedulePaint } from './use-schedule-paint';

interface ScheduleGridEditorProps {
  days: ScheduleDays;
  onChange: (days: ScheduleDays) => void;
  letters: readonly string[];
}

/**
 * The week's grid, painted (docs/decisions/0120-schedule-grid-painting.md): a price's letter (or "not
 * sold") is chosen, then slots are painted by dragging across them, by a day's name or an hour, or by
 * keyboard. Each paint writes the days' ranges text (`onChange`), which the day fields show; a live
 * region says what was painted. On a phone the hours shown can be narrowed to 6 hours.
 */
export function ScheduleGridEditor({ days, onChange, letters }: ScheduleGridEditorProps) {
  const { t } = useTranslation();
  const weekday = useWeekdayName();
  const id = useId();
  const [letter, setLetter] = useState(letters[0] ?? NOT_SOLD);
  const [said, setSaid] = useState('');

  const onPaint = (selection: Selection) => {
    onChange(paintWeek(days, selection, letter));
    const first = weekday(SCHEDULE_DAYS[selection.fromDay]!);
    const last = weekday(SCHEDULE_DAYS[selection.toDay]!);
    setSaid(
      t('menuEditorScheduleGrid.painted', {
        days: first === last ? first : t('menuEditorScheduleGrid.dayRange', { first, last }),
        from: slotTime(selection.fromSlot),
        to: slotTime(selection.toSlot + 1),
        price: letter === NOT_SOLD ? t('menuEditorScheduleGrid.cellNotSold') : t('menuEditorScheduleGrid.cellPrice', { letter }),
      }),
    );
  };
  const paint = useSchedulePaint(onPaint);
  const choices = [...letters, NOT_SOLD];

  return (
    <figure className="schedule-grid schedule-grid--editable">
      <figcaption>{t('menuEditorItemFields.gridCaption')}</figcaption>
      <div className="schedule-grid__controls">
        <fieldset className="schedule-grid__letters">
          <legend>{t('menuEditorScheduleGrid.paintWith')}</legend>
          {choices.map((choice) => (
            <label key={choice} className="schedule-grid__choice">
              <input type="radio" name={`${id}-letter`} value={choice} checked={letter === choice} onChange={() => setLetter(choice)} />
              <span
                className="schedule-grid__slot schedule-grid__swatch"
                data-letter={choice === NOT_SOLD ? undefined : choice}
                aria-hidden="true"
              />
              {choice === NOT_SOLD ? t('menuEditorItemFields.gridNotSold') : t('menuEditorItemFields.gridLetter', { letter: choice })}
            </label>
          ))}
        </fieldset>
        <div className="form-field schedule-grid__zoom">
          <label htmlFor={`${id}-hours`} className="form-field__label">
            {t('menuEditorScheduleGrid.hoursShown')}
          </label>
          <select
            id={`${id}-hours`}
            className="text-input"
            value={paint.startHour ?? ''}
            onChange={(event) => paint.setStartHour(event.target.value === '' ? null : Number(event.target.value))}
          >
            <option value="">{t('menuEditorScheduleGrid.wholeDay')}</option>
            {WINDOW_STARTS.map((hour) => (
              <option key={hour} value={hour}>
                {t('menuEditorScheduleGrid.window', { from: slotTime(hour * 4), to: slotTime((hour + 6) * 4) })}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p id={`${id}-hint`} className="menu-editor__kind">
        {t('menuEditorScheduleGrid.hint')}
      </p>
      <ScheduleCells days={days} paint={paint} describedBy={`${id}-hint`} onPaint={onPaint} />
      <p role="status" className="visually-hidden">
        {said}
      </p>
    </figure>
  );
}
