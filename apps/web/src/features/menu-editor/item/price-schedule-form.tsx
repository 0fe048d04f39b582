import { PriceScheduleForm, SCHEDULE_DAYS } from '@servery/contracts/forms';
import type { ParseKeys } from 'i18next';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form, FormFailure, FormTextField, SubmitButton } from '../../../components/ui/form/form';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { useFieldRefusal, useSaveItem, type OptionsProps } from '../editor-parts';
import { itemPath } from '../menu-file';
import { applySchedule, scheduleFieldOf, scheduleValues } from './price-schedule-file';
import { ScheduleGrid, useWeekdayName } from './schedule-grid';

const MESSAGES: Readonly<Record<string, ParseKeys>> = {
  ...Object.fromEntries(SCHEDULE_DAYS.map((day) => [`days.${day}`, 'menuEditorItemFields.dayInvalid'])),
  ...Object.fromEntries(['A', 'B', 'C', 'D', 'E'].map((letter) => [`prices.${letter}`, 'menuEditorItemFields.letterPriceInvalid'])),
};

/**
 * An item's price by weekday and 15-minute slot (spec pricing.md 1.1): a price per letter, and per
 * weekday the times each letter applies ("11:00-16:00 A, 16:00-19:00 B"; times not written: not
 * sold), typed in a text field each or painted on the week's grid beside them (schedule-grid.tsx,
 * decision 0120), which writes the same text. A day that does not parse is that day's message.
 */
export function PriceScheduleFormView(props: OptionsProps) {
  const { item, place, index, state, canChange } = props;
  const { t } = useTranslation();
  const refuseFields = useFieldRefusal();
  const save = useSaveItem(props);
  const weekday = useWeekdayName();
  const defaults = scheduleValues(item);
  const letters = Object.keys(defaults.prices);
  const messages = { ...MESSAGES, ...Object.fromEntries(letters.map((letter) => [`prices.${letter}`, MESSAGES['prices.A']!])) };
  const form = useZodForm(PriceScheduleForm, { defaultValues: defaults, messages });
  const values = useWatch({ control: form.control }) as PriceScheduleForm;
  const id = `menu-editor-schedule-${item.id}`;

  async function onValid(next: PriceScheduleForm) {
    const { fields } = await save(applySchedule(item, next), t('menuEditorItemFields.scheduleSaved', { name: item.name }), {
      path: itemPath(place, index),
      fieldOf: scheduleFieldOf,
    });
    refuseFields(fields, messages);
  }

  return (
    <Form
      form={form}
      onValid={onValid}
      failureMessage={() => null}
      id={id}
      className="menu-editor__form"
      aria-label={t('menuEditorItemFields.scheduleLabel', { name: item.name })}
    >
      <fieldset disabled={!canChange} className="menu-editor__fieldset">
        <legend className="menu-editor__options-title">{t('menuEditorItemFields.scheduleLabel', { name: item.name })}</legend>
        <label className="menu-editor__flag">
          <input type="checkbox" {...form.register('scheduled')} /> {t('menuEditorItemFields.priceScheduled')}
        </label>
        {values.scheduled && (
          <>
            <fieldset className="menu-editor__flags">
              <legend>{t('menuEditorItemFields.letterPrices')}</legend>
              <div className="menu-editor__letters">
                {letters.map((letter) => (
                  <FormTextField
                    key={letter}
                    id={`${id}-price-${letter}`}
                    field={`prices.${letter}`}
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
                <FormTextField key={day} id={`${id}-${day}`} field={`days.${day}`} label={weekday(day)} maxLength={400} />
              ))}
            </fieldset>
            <ScheduleGrid
              days={values.days}
              letters={letters}
              // Painting the grid writes the day fields' text, as if typed (decision 0120).
              onChange={
                canChange
                  ? (days) => {
                      for (const day of SCHEDULE_DAYS) {
                        if (days[day] !== values.days[day]) form.setValue(`days.${day}`, days[day], { shouldDirty: true });
                      }
                    }
                  : undefined
              }
            />
          </>
        )}
      </fieldset>
      <FormFailure />
      {canChange && (
        <div className="button-row">
          <SubmitButton busy={state.busy} busyLabel={t('menuEditor.saving')}>
            {t('menuEditorItemFields.saveSchedule')}
          </SubmitButton>
        </div>
      )}
    </Form>
  );
}
