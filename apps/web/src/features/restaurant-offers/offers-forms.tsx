import type { StaffDraft, StaffDraftCaller } from '../../staff-draft/draft-api';
import { CodesForm } from './codes-form';
import type { OffersFile } from './codes-file';
import type { OffersSave } from './offers-save';
import { ItemPromosForm } from './promos-form';
import './offers.css';

export interface OffersFormsProps {
  /** Who asks: the codes form reads how many orders used each code. */
  caller: StaffDraftCaller;
  draft: StaffDraft<OffersFile>;
  canChange: boolean;
  busy: boolean;
  /** The settings screen's save (restaurant-settings/settings-save.ts), given by the app. */
  save: OffersSave;
}

/**
 * The restaurant's offers on the settings screen's draft (decision 0110): its discount codes and its
 * item promos. Only a draft of the whole file has them: the kitchen's (`file_scope: 'menu'`) carries
 * neither (decision 0108), so it is shown nothing of them, not even an empty list.
 */
export function OffersForms({ caller, draft, canChange, busy, save }: OffersFormsProps) {
  if (draft.file_scope !== 'whole') return null;
  return (
    <>
      <CodesForm key={`codes-${draft.revision}`} caller={caller} file={draft.file} busy={busy} save={save} canChange={canChange} />
      <ItemPromosForm key={`promos-${draft.revision}`} file={draft.file} busy={busy} save={save} canChange={canChange} />
    </>
  );
}
