import type { StaffMe } from '@servery/contracts/staff-team';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { DraftFrame } from '../../staff-draft/draft-frame';
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
  return (
    <DraftFrame
      caller={caller}
      state={state}
      canChange={canChange}
      title={t('menuEditor.title')}
      readOnly={t('menuEditor.readOnly')}
      className="menu-editor"
    >
      {(draft) => (
        <>
          <FileTransfer caller={caller} draft={draft} state={state} canChange={canChange} />
          <MenuTree file={draft.file} state={state} canChange={canChange} />
          <DraftPreview caller={caller} file={draft.file} List={PreviewList} />
        </>
      )}
    </DraftFrame>
  );
}
