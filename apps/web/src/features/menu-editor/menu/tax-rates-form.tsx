import { TaxRatesForm } from '@servery/contracts/forms';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, FormFailure, SubmitButton } from '../../../components/ui/form/form';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { DisclosureButton, useFieldRefusal } from '../editor-parts';
import { applyTaxRates, FACT_FIELD_OF_SUFFIX, taxRateValues } from '../item/item-facts-file';
import { TaxRateFields } from '../item/item-facts-fields';
import type { EditorFile } from '../menu-file';
import { structurePath } from '../structure-controls';
import { changeAt, entryAt, type StructurePlace } from '../structure-file';
import type { MenuDraftState } from '../use-menu-draft';

const FIELD_MESSAGES = { tax1: 'menuEditorItemFields.taxInvalid', tax2: 'menuEditorItemFields.taxInvalid' } as const;
const taxFieldOf = (suffix: string) => (suffix.startsWith('.tax_rate') ? FACT_FIELD_OF_SUFFIX[suffix] : undefined);

interface Props {
  /** "the menu Drinks", "the section Starters": for the toggle's and the form's names. */
  what: string;
  place: StructurePlace;
  file: EditorFile;
  state: MenuDraftState;
}

/**
 * A menu's or a section's own tax rates (issue 32 item 1: "tax rates"), a toggle in its row of
 * buttons and the form under it: percentages, each empty for the rate of the level above (the menu's,
 * then the restaurant's); an item's own rate wins over both (item-facts-fields.tsx). Saved in the draft.
 */
export function TaxRatesToggle({ what, place, file, state }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = `menu-editor-taxes-${structurePath(place).replace(/[^a-z0-9]+/gi, '-')}`;
  return (
    <>
      <DisclosureButton open={open} controls={id} what={what} onToggle={() => setOpen(!open)}>
        {t('menuEditorItemFields.taxesOpen')}
      </DisclosureButton>
      {open && <TaxRatesFormView id={id} what={what} place={place} file={file} state={state} onClose={() => setOpen(false)} />}
    </>
  );
}

function TaxRatesFormView({ id, what, place, file, state, onClose }: Props & { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const refuseFields = useFieldRefusal();
  const entry = (entryAt(file, place) ?? {}) as Record<string, unknown>;
  const form = useZodForm(TaxRatesForm, { defaultValues: taxRateValues(entry), messages: FIELD_MESSAGES });

  async function onValid(values: TaxRatesForm) {
    const refused = await state.save(
      changeAt(file, place, (at) => applyTaxRates(at, values)),
      t('menuEditorItemFields.taxesSaved', { what }),
      { path: structurePath(place), fieldOf: taxFieldOf },
    );
    refuseFields(refused, FIELD_MESSAGES);
  }

  return (
    <Form
      form={form}
      onValid={onValid}
      failureMessage={() => null}
      id={id}
      className="menu-editor__form menu-editor__row-form"
      aria-label={t('menuEditorItemFields.taxesLabel', { what })}
    >
      <TaxRateFields id={id} legend={t('menuEditorItemFields.ownTaxes', { what })} hint={t('menuEditorItemFields.ownTaxesHint')} />
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
