import type { StaffMe } from '@servery/contracts/staff-team';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/error-message';
import { DraftConflict, DraftStatus, FileProblems } from '../../staff-draft/draft-status';
import { PublishAndHistory } from '../../staff-draft/publish-history';
import { DraftPreview, type PreviewListProps } from './draft-preview';
import { FileTransfer } from './file-transfer';
import type { MenuEditorCaller } from './menu-editor-api';
import { MenuTree } from './menu-tree';
import { useMenuDraft } from './use-menu-draft';
import './menu-editor.css';

export interface MenuEditorProps {
  /** The staff console's signed-in caller and who they are on the team (the console's gate gives them). */
  access: { caller: MenuEditorCaller; me: StaffMe };
  /** Shows the preview's menus as the diner's menu does (the app gives the diner's own list). */
  PreviewList: ComponentType<PreviewListProps>;
}

/**
 * /{slug}/staff/menu (issue 32): the menu's draft as a tree of menu groups, menus, sections and items,
 * each change saved to the draft at once on the revision read (docs/menu-drafts.md); publish, history
 * and restore; the file exported and imported; the draft previewed as a diner sees it. Owners and
 * managers change it (staff area `menu`); the kitchen (`menu_view`) sees all of it and changes nothing.
 */
export function MenuEditor({ access, PreviewList }: MenuEditorProps) {
  const { t } = useTranslation();
  const { caller, me } = access;
  const canChange = me.areas.includes('menu');
  const state = useMenuDraft(caller);
  const { draft } = state;

  return (
    <section aria-labelledby="staff-title" className="menu-editor">
      <h1 id="staff-title">{t('menuEditor.title')}</h1>
      {!canChange && <p className="notice">{t('menuEditor.readOnly')}</p>}
      <p role="status" className="staff-notice">
        {state.notice}
      </p>
      {state.failure && (
        <p role="alert" className="field-error">
          {state.failure}
        </p>
      )}
      {state.conflict && <DraftConflict conflict={state.conflict} onReload={() => void state.reload()} />}
      <FileProblems problems={state.problems} />
      {draft.isError && <p role="alert">{errorMessage(t, draft.error)}</p>}
      {!draft.data && draft.isLoading && <Spinner />}
      {draft.data && (
        <>
          <DraftStatus draft={draft.data} />
          <PublishAndHistory caller={caller} draft={draft.data} state={state} canChange={canChange} />
          <FileTransfer caller={caller} draft={draft.data} state={state} canChange={canChange} />
          <MenuTree file={draft.data.file} state={state} canChange={canChange} />
          <DraftPreview
            caller={caller}
            zone={typeof draft.data.file.zone === 'string' ? draft.data.file.zone : undefined}
            List={PreviewList}
          />
        </>
      )}
    </section>
  );
}
