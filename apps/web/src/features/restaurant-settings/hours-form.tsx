import { OpeningHoursForm } from '@servery/contracts/settings-forms';
import { useTranslation } from 'react-i18next';
import { Form, FormFailure, SubmitButton } from '../../components/ui/form/form';
import { useZodForm } from '../../components/ui/form/use-zod-form';
import { DayRanges } from './day-ranges';
import { HolidayList } from './holiday-list';
import { applyHours, hoursFieldOf, hoursValues, WEEKDAYS, type SettingsFile } from './settings-file';
import { useSettingsSave, type SettingsDraftState } from './settings-save';

interface Props {
  file: SettingsFile;
  state: SettingsDraftState;
  canChange: boolean;
}

/**
 * The weekly opening hours (several ranges a day, none: closed) and the holidays, in the restaurant's
 * time zone. A time that does not read, an end before its start, two ranges of a day that overlap:
 * the field's message, and nothing is saved. Saving puts them in the draft.
 */
export function HoursForm({ file, state, canChange }: Props) {
  const { t } = useTranslation();
  const form = useZodForm(OpeningHoursForm, { defaultValues: hoursValues(file) });
  const save = useSettingsSave(state);

  return (
    <Form
      form={form}
      onValid={(values) => save(applyHours(file, values), t('staffSettings.hours.saved'), { fieldOf: hoursFieldOf(values) })}
      failureMessage={() => null}
      aria-labelledby="settings-hours-title"
      className="settings__form"
    >
      <h2 id="settings-hours-title">{t('staffSettings.hours.title')}</h2>
      <p className="form-field__hint">{t('staffSettings.hours.zone', { zone: file.zone ?? 'America/Toronto' })}</p>
      <fieldset disabled={!canChange} className="settings__fieldset">
        <div className="settings__week">
          {WEEKDAYS.map((day, index) => (
            <DayRanges key={day} day={index} canChange={canChange} />
          ))}
        </div>
        <HolidayList canChange={canChange} />
      </fieldset>
      <FormFailure />
      {canChange && (
        <div className="button-row">
          <SubmitButton busy={state.busy} busyLabel={t('staffSettings.saving')}>
            {t('staffSettings.hours.save')}
          </SubmitButton>
        </div>
      )}
    </Form>
  );
}
