import { useLocaleDefaults } from '../use-locale-defaults';
import { PriceScheduleForm } from '@servery/contracts/forms';
import { useTranslation } from 'react-i18next';
import { Form, FormFailure, SubmitButton } from '../../../components/ui/form/form';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { useLocale } from '../../../lib/use-locale';
import { useFieldRefusal, useSaveItem, type OptionsProps } from '../editor-parts';
import { itemPath } from '../menu-file';
import { applySchedule, scheduleFieldOf, scheduleMessages, scheduleValues } from './price-schedule-file';
import { PriceScheduleFields } from './price-schedule-fields';

/**
 * An item's price by weekday and 15-minute slot (spec pricing.md 1.1), its own form with the
 * schedule's fields (price-schedule-fields.tsx, which an option value's choice shares), typed or
 * painted on the week's grid (decision 0120). A day that does not parse is that day's message.
 */
export function PriceScheduleFormView(props: OptionsProps) {
  const { item, place, index, state, canChange } = props;
  const { t } = useTranslation();
  const refuseFields = useFieldRefusal();
  const save = useSaveItem(props);
  const { locale } = useLocale();
  const defaults = scheduleValues(item, locale);
  const messages = scheduleMessages('', Object.keys(defaults.prices));
  const form = useZodForm(PriceScheduleForm, { defaultValues: defaults, messages });
  useLocaleDefaults(form, locale, defaults);
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
        <PriceScheduleFields id={id} canChange={canChange} />
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
