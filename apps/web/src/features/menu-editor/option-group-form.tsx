import { useLocaleDefaults } from './use-locale-defaults';
import { OptionGroupForm as GroupFormSchema } from '@servery/contracts/forms';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Form, FormFailure, FormTextField, SubmitButton } from '../../components/ui/form/form';
import { useZodForm } from '../../components/ui/form/use-zod-form';
import { useLocale } from '../../lib/use-locale';
import { filePromos } from './item/item-promos-file';
import { itemPath } from './menu-file';
import {
  addGroup,
  applyGroupValues,
  groupFieldOf,
  groupsAt,
  groupSuffix,
  groupValues,
  nextOptionIds,
  withGroupsAt,
  type FileOptionGroup,
} from './option-file';
import { useFieldRefusal, useSaveItem, type OptionsProps } from './editor-parts';
import { OptionValues } from './option-values';
import { valuePricingMessages } from './option/value-pricing-file';

/** Each field's own message, whatever rule found it wrong (the form's or the file's); values by their place, with their letters. */
function fieldMessages(required: boolean, letters: ReadonlyArray<readonly string[]>): Record<string, ParseKeys> {
  const messages: Record<string, ParseKeys> = {
    name_en: 'menuEditorOptions.field.groupNameRequired',
    limit: 'menuEditorOptions.field.limitInvalid',
    values: required ? 'menuEditorOptions.field.requiredNeedsValue' : 'menuEditorOptions.field.needsValue',
  };
  for (let at = 0; at < Math.max(letters.length, 1); at += 1) {
    messages[`values.${at}.name_en`] = 'menuEditorOptions.field.valueNameRequired';
    messages[`values.${at}.price`] = 'menuEditorOptions.field.priceInvalid';
    Object.assign(messages, valuePricingMessages(`values.${at}.`, letters[at] ?? []));
  }
  return messages;
}

interface GroupFormProps extends OptionsProps {
  id?: string;
  /** The group edited; null: a new group, put at `route` when saved. */
  group: FileOptionGroup | null;
  route: readonly number[];
  onClose: () => void;
}

/**
 * An option group's fields: its name in English and French side by side, whether a diner must
 * choose, may choose several and at most how many, and its values (option-values.tsx). A group
 * without values, a malformed or negative price, are the fields' messages and nothing is saved; the
 * server's refusal of one of these fields (a control character…) lands on it.
 */
export function OptionGroupForm({ id, group, route, onClose, ...props }: GroupFormProps) {
  const { t } = useTranslation();
  const { item, place, index, file, state, canChange } = props;
  const save = useSaveItem(props);
  const refuseFields = useFieldRefusal();
  const formId = id ?? `menu-editor-new-group-${item.id}-${route.join('-')}`;
  const promos = filePromos(file);
  const { locale } = useLocale();
  const defaults = groupValues(group, promos, locale);
  const form = useZodForm(GroupFormSchema, { defaultValues: defaults, messages: {} });
  useLocaleDefaults(form, locale, defaults);
  const required = form.watch('required');
  const watched = form.watch('values') ?? [];
  form.messages = fieldMessages(
    required === true,
    watched.map((value) => Object.keys(value.schedule?.prices ?? {})),
  );

  async function onValid(values: GroupFormSchema) {
    const ids = nextOptionIds(file);
    const parent = route.slice(0, -1);
    const base: FileOptionGroup = group ?? { id: ids.group, name: values.name_en, values: [] };
    const saved = applyGroupValues(base, values, ids.value, promos);
    const at = group ? route[route.length - 1]! : groupsAt(item, parent).length;
    const next = group
      ? withGroupsAt(item, parent, (groups) => groups.map((entry, g) => (g === at ? saved : entry)))
      : addGroup(item, parent, saved);
    const { saved: done, fields: refused } = await save(
      next,
      t(group ? 'menuEditorOptions.groupSaved' : 'menuEditorOptions.groupAdded', { name: saved.name }),
      {
        path: `${itemPath(place, index)}${groupSuffix([...parent, at])}`,
        fieldOf: groupFieldOf,
      },
    );
    refuseFields(refused, form.messages);
    if (!done) return;
    // The values now have their ids in the file: a second save changes them rather than adding them again.
    if (group) form.reset(groupValues(saved, promos, locale));
    else onClose();
  }

  const label = group ? t('menuEditorOptions.formLabel', { name: group.name }) : t('menuEditorOptions.newFormLabel', { name: item.name });
  return (
    <Form form={form} onValid={onValid} failureMessage={() => null} id={formId} className="menu-editor__form" aria-label={label}>
      <fieldset disabled={!canChange} className="menu-editor__fieldset">
        <div className="menu-editor__languages">
          <div lang="en">
            <FormTextField
              id={`${formId}-name_en`}
              field="name_en"
              label={t('menuEditorOptions.field.groupNameEn')}
              required
              maxLength={200}
            />
          </div>
          <div lang="fr">
            <FormTextField
              id={`${formId}-name_fr`}
              field="name_fr"
              label={t('menuEditorOptions.field.groupNameFr')}
              maxLength={200}
              hint={t('menuEditor.field.frenchHint')}
            />
          </div>
        </div>
        <div className="menu-editor__flags">
          <label className="menu-editor__flag">
            <input type="checkbox" {...form.register('required')} /> {t('menuEditorOptions.field.required')}
          </label>
          <label className="menu-editor__flag">
            <input type="checkbox" {...form.register('allow_multiple_selection')} /> {t('menuEditorOptions.field.multiple')}
          </label>
        </div>
        <div className="menu-editor__numbers">
          <FormTextField
            id={`${formId}-limit`}
            field="limit"
            label={t('menuEditorOptions.field.limit')}
            hint={t('menuEditorOptions.field.limitHint')}
            inputMode="numeric"
            maxLength={3}
          />
        </div>
        <OptionValues formId={formId} form={form} canChange={canChange} promos={promos} />
      </fieldset>
      <FormFailure />
      <div className="button-row">
        {canChange && (
          <SubmitButton busy={state.busy} busyLabel={t('menuEditor.saving')}>
            {group ? t('menuEditorOptions.saveGroup') : t('menuEditorOptions.addGroupSubmit')}
          </SubmitButton>
        )}
        <button type="button" className="button" onClick={onClose}>
          {group ? t('menuEditor.close') : t('menuEditorOptions.cancel')}
        </button>
      </div>
    </Form>
  );
}
