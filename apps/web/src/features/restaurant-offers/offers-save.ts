import type { FieldProblem } from '../../components/ui/form/field-problem';
import type { OffersFile } from './codes-file';

/** The offers form a save came from: its field for a refused file's path, and its words for the file's rules. */
export interface OffersForm {
  fieldOf: (path: string) => string | undefined;
  wording?: (message: string) => FieldProblem | undefined;
}

/**
 * Saves an offers form's change in the settings draft: the settings screen's own save
 * (restaurant-settings/settings-save.ts `useSettingsSave`), which the app hands over, so a refusal
 * lands on the form's field as on every settings form (decision 0108).
 */
export type OffersSave = (file: OffersFile, notice: string, form: OffersForm) => Promise<void>;
