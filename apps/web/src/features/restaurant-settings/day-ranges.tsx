import type { OpeningHoursForm } from '@servery/contracts/settings-forms';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/ui/form/form';
import { WEEKDAYS } from './settings-file';

/** One range's times and its "closes after midnight", at `name` ("days.2.ranges.0", "holidays.1"). */
export function RangeFields({ name, label, disabled }: { name: string; label: string; disabled: boolean }) {
  const { t } = useTranslation();
  const { register } = useFormContext();
  const id = name.replaceAll('.', '-');
  return (
    <div className="settings__range">
      <FormTextField
        id={`${id}-start`}
        field={`${name}.start`}
        label={t('staffSettings.hours.opens', { range: label })}
        hint={t('staffSettings.hours.timeHint')}
        inputMode="numeric"
        maxLength={5}
      />
      <FormTextField
        id={`${id}-end`}
        field={`${name}.end`}
        label={t('staffSettings.hours.closes', { range: label })}
        inputMode="numeric"
        maxLength={5}
      />
      <label className="settings__check">
        <input type="checkbox" disabled={disabled} {...register(`${name}.overnight`)} /> {t('staffSettings.hours.overnight')}
      </label>
    </div>
  );
}

/** A weekday's ranges: none is closed that day; add another, remove one. */
export function DayRanges({ day, canChange }: { day: number; canChange: boolean }) {
  const { t } = useTranslation();
  const { control } = useFormContext<OpeningHoursForm>();
  const ranges = useFieldArray({ control, name: `days.${day}.ranges` });
  const dayName = t(`staffSettings.weekday.${WEEKDAYS[day]!}`);
  return (
    <fieldset className="settings__day">
      <legend>{dayName}</legend>
      {ranges.fields.length === 0 && <p className="form-field__hint">{t('staffSettings.hours.closedDay')}</p>}
      {ranges.fields.map((range, index) => {
        const label = t('staffSettings.hours.rangeOf', { day: dayName, number: index + 1 });
        return (
          <div key={range.id} className="settings__row">
            <RangeFields name={`days.${day}.ranges.${index}`} label={label} disabled={!canChange} />
            {canChange && (
              <button type="button" className="button button--small" onClick={() => ranges.remove(index)}>
                {t('staffSettings.remove')}
                <span className="visually-hidden"> {label}</span>
              </button>
            )}
          </div>
        );
      })}
      {canChange && (
        <button type="button" className="button button--small" onClick={() => ranges.append({ start: '', end: '', overnight: false })}>
          {t('staffSettings.hours.addRange', { day: dayName })}
        </button>
      )}
    </fieldset>
  );
}
