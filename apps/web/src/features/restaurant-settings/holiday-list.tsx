import type { OpeningHoursForm } from '@servery/contracts/settings-forms';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/ui/form/form';
import { RangeFields } from './day-ranges';

function Holiday({ index, canChange, onRemove }: { index: number; canChange: boolean; onRemove: () => void }) {
  const { t } = useTranslation();
  const { register, control } = useFormContext<OpeningHoursForm>();
  const closed = useWatch({ control, name: `holidays.${index}.closed` });
  const label = t('staffSettings.holidays.number', { number: index + 1 });
  return (
    <fieldset className="settings__day">
      <legend>{label}</legend>
      <FormTextField
        id={`holidays-${index}-date`}
        field={`holidays.${index}.date`}
        label={t('staffSettings.holidays.date', { holiday: label })}
        hint={t('staffSettings.holidays.dateHint')}
        maxLength={10}
      />
      <label className="settings__check">
        <input type="checkbox" {...register(`holidays.${index}.closed`)} /> {t('staffSettings.holidays.closed')}
      </label>
      {!closed && <RangeFields name={`holidays.${index}`} label={label} disabled={!canChange} />}
      {canChange && (
        <button type="button" className="button button--small" onClick={onRemove}>
          {t('staffSettings.remove')}
          <span className="visually-hidden"> {label}</span>
        </button>
      )}
    </fieldset>
  );
}

/** The dates that replace a weekday's hours: closed all day, or open only in one range. */
export function HolidayList({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation();
  const { control } = useFormContext<OpeningHoursForm>();
  const holidays = useFieldArray({ control, name: 'holidays' });
  return (
    <section aria-labelledby="settings-holidays-title" className="settings__group">
      <h3 id="settings-holidays-title">{t('staffSettings.holidays.title')}</h3>
      {holidays.fields.length === 0 && <p className="form-field__hint">{t('staffSettings.holidays.none')}</p>}
      {holidays.fields.map((holiday, index) => (
        <Holiday key={holiday.id} index={index} canChange={canChange} onRemove={() => holidays.remove(index)} />
      ))}
      {canChange && (
        <button
          type="button"
          className="button button--small"
          onClick={() => holidays.append({ date: '', closed: true, start: '', end: '', overnight: false })}
        >
          {t('staffSettings.holidays.add')}
        </button>
      )}
    </section>
  );
}
