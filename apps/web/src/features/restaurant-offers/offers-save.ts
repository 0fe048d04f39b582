import { CONTROL_CHARACTERS_MESSAGE } from '@servery/contracts/text-input';
import { useTranslation } from 'react-i18next';
import type { FieldProblem } from '../../components/ui/form/field-problem';
import { FieldsRefused } from '../../components/ui/form/form';
import type { StaffDraftState } from '../../staff-draft/use-staff-draft';
import type { OffersFile } from './codes-file';

/** The offers form a save came from: its field for a refused file's path, and its words for the file's rules. */
export interface OffersForm {
  fieldOf: (path: string) => string | undefined;
  wording?: (message: string) => FieldProblem | undefined;
}

/** The settings screen's draft (its open form is structurally this one: see settings-save.ts in the settings). */
export type OffersDraftState = StaffDraftState<OffersFile, OffersForm>;

/**
 * Saves an offers form's change in the draft; the server's refusal of one of its fields lands on that
 * field (thrown as FieldsRefused, which <Form> shows and focuses), in the person's language where we
 * have the words, else as the file's rule: as the settings forms do (decision 0108).
 */
export function useOffersSave(state: OffersDraftState) {
  const { t } = useTranslation();
  const common = (message: string): FieldProblem =>
    message === CONTROL_CHARACTERS_MESSAGE
      ? { key: 'message', name: 'staffOffers.error.controlCharacters' }
      : { key: 'server', text: t('staffOffers.error.rule', { rule: message }) };
  return async (file: OffersFile, notice: string, form: OffersForm) => {
    const refused = await state.save(file, notice, form);
    if (refused.length > 0)
      throw new FieldsRefused(refused.map(([field, problem]) => [field, form.wording?.(problem.message) ?? common(problem.message)]));
  };
}
