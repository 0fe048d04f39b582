import { CONTROL_CHARACTERS_MESSAGE } from '@servery/contracts/text-input';
import { useTranslation } from 'react-i18next';
import { FieldsRefused } from '../../components/ui/form/form';
import type { FieldProblem } from '../../components/ui/form/field-problem';
import type { StaffDraftState } from '../../staff-draft/use-staff-draft';
import type { SettingsFile } from './settings-file';

/** The settings form a save came from: its field for a refused file's path. */
export interface SettingsForm {
  fieldOf: (path: string) => string | undefined;
  /** The form's own words for one of the file's rules (undefined: the common wording below). */
  wording?: (message: string) => FieldProblem | undefined;
}

export type SettingsDraftState = StaffDraftState<SettingsFile, SettingsForm>;

/**
 * Saves a settings form's change in the draft; the server's refusal of one of its fields lands on
 * that field (thrown as FieldsRefused, which <Form> shows and focuses), worded in the person's
 * language where the rule is one we have words for, else as the file's rule.
 */
export function useSettingsSave(state: SettingsDraftState) {
  const { t } = useTranslation();
  const wording = (message: string): FieldProblem =>
    message === CONTROL_CHARACTERS_MESSAGE
      ? { key: 'message', name: 'staffSettings.error.controlCharacters' }
      : { key: 'server', text: t('staffSettings.error.rule', { rule: message }) };
  return async (file: SettingsFile, notice: string, form: SettingsForm) => {
    const refused = await state.save(file, notice, form);
    if (refused.length > 0)
      throw new FieldsRefused(refused.map(([field, problem]) => [field, form.wording?.(problem.message) ?? wording(problem.message)]));
  };
}
