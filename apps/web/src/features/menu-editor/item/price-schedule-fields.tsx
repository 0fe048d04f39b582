import { SCHEDULE_DAYS, type PriceScheduleForm } from '@servery/contracts/forms';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/ui/form/form';
import { ScheduleGrid, useWeekdayName } from './schedule-grid';

/**
 * A price by weekday and 15-minute slot (spec pricing.md 1.1), the fields of the form around it at
 * `at` ("" for the item's schedule form, "values.2.schedule." for a group form's third choice): on or
 * off, a price per letter, and per weekday the times each letter applies ("11:00-16:00 A, 16:00-19:00
 * B"; times not written: not sold), typed in a text field each, so it works by keyboard and at phone
 * width, or painted on the week's grid below (schedule-grid.tsx, decision 0120), which writes the same
 * text as if typed; a person who may not change the menu sees the grid drawn only.
 */
export function PriceScheduleFields({ id, at = '', canChange }: { id: string; at?: string; canChange: boolean }) {
  const { t } = useTranslation();
  const { register, control, setValue } = useFormContext();
  const weekday = useWeekdayName();
  const scheduled = useWatch({ control, name: `${at}scheduled` }) as boolean;
  const prices = (useWatch({ control, name: `${at}prices` }) ?? {}) as PriceScheduleForm['prices'];
  const days = (useWatch({ control, name: `${at}days` }) ?? {}) as PriceScheduleForm['days'];
  return (
    <>
      <label className="menu-editor__flag">
        <input type="checkbox" {...register(`${at}scheduled`)} /> {t('menuEditorItemFields.priceScheduled')}
      </label>
      {scheduled && (
        <>
          <fieldset className="menu-editor__flags">
            <legend>{t('menuEditorItemFields.letterPrices')}</legend>
            <div className="menu-editor__letters">
              {Object.keys(prices).map((letter) => (
                <FormTextField
                  key={letter}
                  id={`${id}-price-${letter}`}
                  field={`${at}prices.${letter}`}
                  label={t('menuEditorItemFields.letterPrice', { letter })}
                  inputMode="text"
                  maxLength={12}
                />
              ))}
            </div>
          </fieldset>
          <fieldset className="menu-editor__flags">
            <legend>{t('menuEditorItemFields.days')}</legend>
            <p className="menu-editor__kind">{t('menuEditorItemFields.daysHint')}</p>
            {SCHEDULE_DAYS.map((day) => (
              <FormTextField key={day} id={`${id}-${day}`} field={`${at}days.${day}`} label={weekday(day)} maxLength={400} />
            ))}
          </fieldset>
          <ScheduleGrid
            days={days}
            letters={Object.keys(prices)}
            onChange={
              canChange
                ? (painted) => {
                    for (const day of SCHEDULE_DAYS) {
                      if (painted[day] !== days[day]) setValue(`${at}days.${day}`, painted[day], { shouldDirty: true });
                    }
                  }
                : undefined
            }
          />
        </>
      )}
    </>
  );
}
