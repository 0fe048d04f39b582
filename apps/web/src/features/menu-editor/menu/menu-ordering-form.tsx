import { MENU_ORDERING_WAYS, MenuOrderingForm } from '@servery/contracts/forms';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Form, FormFailure, FormTextField, SubmitButton } from '../../../components/ui/form/form';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { useFieldRefusal } from '../editor-parts';
import type { EditorFile, FileMenu } from '../menu-file';
import { structurePath } from '../structure-controls';
import type { MenuDraftState } from '../use-menu-draft';
import { MENU_TIMINGS, orderMenu, orderingFieldOf, orderingValues } from './menu-ordering-file';

const FIELD_MESSAGES = {
  last_call_time: 'menuEditorItemFields.minutesInvalid',
  required_notice: 'menuEditorItemFields.minutesInvalid',
  ordering_interval: 'menuEditorItemFields.intervalInvalid',
  max_orders_per_interval: 'menuEditorItemFields.countInvalid',
} as const satisfies Record<string, ParseKeys>;

/** What a menu's own form (Ordering, Photo: menu-tree.tsx's panels) is given: the menu, its place, the draft. */
export interface MenuPanelProps {
  id: string;
  menu: FileMenu;
  group: number;
  index: number;
  file: EditorFile;
  state: MenuDraftState;
  onClose: () => void;
}

/**
 * How diners order from a menu: on demand, scheduled, dine-in, members only (boxes with their
 * legend), and its last call, required notice, slot length and capacity. Saved in the draft; the
 * server's refusal of one of them lands on its field.
 */
export function MenuOrderingFormView({ id, menu, group, index, file, state, onClose }: MenuPanelProps) {
  const { t } = useTranslation();
  const refuseFields = useFieldRefusal();
  const form = useZodForm(MenuOrderingForm, { defaultValues: orderingValues(menu), messages: FIELD_MESSAGES });

  async function onValid(values: MenuOrderingForm) {
    const refused = await state.save(orderMenu(file, group, index, values), t('menuEditorItemFields.saved', { name: menu.name }), {
      path: structurePath({ group, menu: index }),
      fieldOf: orderingFieldOf,
    });
    refuseFields(refused, FIELD_MESSAGES);
  }

  return (
    <Form
      form={form}
      onValid={onValid}
      failureMessage={() => null}
      id={id}
      className="menu-editor__form"
      aria-label={t('menuEditorItemFields.orderingLabel', { name: menu.name })}
    >
      <fieldset className="menu-editor__flags">
        <legend>{t('menuEditorItemFields.ways')}</legend>
        <p className="menu-editor__kind">{t('menuEditorItemFields.waysHint')}</p>
        {MENU_ORDERING_WAYS.map((way) => (
          <label key={way} className="menu-editor__flag">
            <input type="checkbox" {...form.register(`ways.${way}`)} /> {t(`menuEditorItemFields.${way}`)}
          </label>
        ))}
      </fieldset>
      <fieldset className="menu-editor__flags">
        <legend>{t('menuEditorItemFields.timings')}</legend>
        <p className="menu-editor__kind">{t('menuEditorItemFields.timingsHint')}</p>
        <div className="menu-editor__numbers">
          {MENU_TIMINGS.map((timing) => (
            <FormTextField
              key={timing}
              id={`${id}-${timing}`}
              field={timing}
              label={t(`menuEditorItemFields.${timing}`)}
              inputMode="numeric"
              maxLength={4}
            />
          ))}
        </div>
      </fieldset>
      <FormFailure />
      <div className="button-row">
        <SubmitButton busy={state.busy} busyLabel={t('menuEditor.saving')}>
          {t('menuEditor.saveItem')}
        </SubmitButton>
        <button type="button" className="button" onClick={onClose}>
          {t('menuEditor.close')}
        </button>
      </div>
    </Form>
  );
}
