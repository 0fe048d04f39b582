import type { StaffMe } from '@servery/contracts/staff-team';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffDraft, StaffDraftCaller } from '../../staff-draft/draft-api';
import { DraftFrame } from '../../staff-draft/draft-frame';
import { splitByField } from '../../staff-draft/file-problems';
import { useFocusKept } from '../../staff-draft/use-focus-kept';
import { useStaffDraft } from '../../staff-draft/use-staff-draft';
import { HoursForm } from './hours-form';
import { OrderingForm } from './ordering-form';
import { QuestionsForm } from './questions-form';
import type { SettingsFile } from './settings-file';
import { useSettingsSave, type SettingsForm } from './settings-save';
import { StationsForm } from './stations-form';
import './settings.css';

export interface SettingsScreenProps {
  /** The staff console's signed-in caller and who they are on the team (the console's gate gives them). */
  access: { caller: StaffDraftCaller; me: StaffMe };
  /**
   * Forms of other features on the same draft, after this screen's own (the app composes them:
   * features never import each other): the delivery (features/restaurant-delivery), the discount
   * codes and promos (features/restaurant-offers).
   */
  moreForms?: (form: SettingsFormSlot) => ReactNode;
}

/**
 * What a form the app adds is given: who asks (for a form that reads more than the draft), the draft
 * (its file, scope and revision), whether the person may change it, and the save every form here uses.
 */
export interface SettingsFormSlot {
  caller: StaffDraftCaller;
  draft: StaffDraft<SettingsFile>;
  canChange: boolean;
  busy: boolean;
  save: ReturnType<typeof useSettingsSave>;
}

/**
 * /{slug}/staff/settings (issue 32 item 2): the restaurant's settings in the same draft as the menu
 * (docs/decisions/0108-restaurant-settings-on-the-menu-draft.md): each form saves its part of the
 * tenant file to the draft on the revision read, and the draft's status, publish and history bar is
 * the menu editor's. The kitchen stations (decision 0107) are one of its forms. Owners and managers
 * change them (staff area `menu`); the kitchen reads them (`menu_view`: its draft holds the menu and
 * the settings diners see, and the stations its boards show; not codes or gift cards).
 */
export function SettingsScreen({ access, moreForms }: SettingsScreenProps) {
  const { t } = useTranslation();
  const { caller, me } = access;
  const canChange = me.areas.includes('menu');
  const state = useStaffDraft<SettingsFile, SettingsForm>(caller, (details, open) => splitByField(details, open?.fieldOf ?? null));
  const save = useSettingsSave(state);
  const focus = useFocusKept(state.draft.data?.revision);
  return (
    <DraftFrame
      caller={caller}
      state={state}
      canChange={canChange}
      title={t('staffSettings.title')}
      readOnly={t('staffSettings.readOnly')}
      className="settings"
    >
      {(draft) =>
        draft.file_scope === 'whole' || 'hours' in draft.file ? (
          <div onFocus={focus.onFocus}>
            <HoursForm key={`hours-${draft.revision}`} file={draft.file} state={state} canChange={canChange} />
            <OrderingForm key={`ordering-${draft.revision}`} file={draft.file} state={state} canChange={canChange} />
            {(draft.file_scope === 'whole' || 'kitchen_stations' in draft.file) && (
              <StationsForm key={`stations-${draft.revision}`} file={draft.file} state={state} canChange={canChange} />
            )}
            <QuestionsForm key={`questions-${draft.revision}`} file={draft.file} state={state} canChange={canChange} />
            <Fragment key={`more-${draft.revision}`}>{moreForms?.({ caller, draft, canChange, busy: state.busy, save })}</Fragment>
          </div>
        ) : (
          <p className="notice">{t('staffSettings.menuOnly')}</p>
        )
      }
    </DraftFrame>
  );
}
