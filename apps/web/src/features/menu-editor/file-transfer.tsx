import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmReplaceDraft, draftHasUnpublishedChanges } from '../../staff-draft/replace-draft-confirm';
import type { MenuDraft, MenuEditorCaller } from './menu-editor-api';
import type { EditorFile } from './menu-file';
import type { MenuDraftState } from './use-menu-draft';

interface Props {
  caller: MenuEditorCaller;
  draft: MenuDraft;
  state: MenuDraftState;
  canChange: boolean;
}

/**
 * The tenant file both ways: the draft (or, with none, the published file) downloaded as
 * <slug>.json, the file `npm run tenants:import` takes; and a file chosen here saved as the draft by
 * the same save as any change, so a bad file is refused whole with its paths and nothing changes.
 * A draft holding changes not yet published is replaced only once the person says so (as a restore).
 * Only for a role that reads the whole file (the kitchen's is the menu alone, not a file to import).
 */
export function FileTransfer({ caller, draft, state, canChange }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [unreadable, setUnreadable] = useState<string | null>(null);
  // A read file waiting for "Replace my draft" (the draft holds unpublished changes).
  const [pending, setPending] = useState<{ file: EditorFile; name: string } | null>(null);
  if (!canChange || draft.file_scope !== 'whole') return null;

  function download() {
    const blob = new Blob([`${JSON.stringify(draft.file, null, 2)}\n`], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `${caller.slug}.json`;
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.currentTarget.files?.[0];
    setUnreadable(null);
    if (!chosen) return;
    let file: EditorFile;
    try {
      const parsed: unknown = JSON.parse(await chosen.text());
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
      file = parsed as EditorFile;
    } catch {
      setUnreadable(t('menuEditor.notJson', { name: chosen.name }));
      return;
    } finally {
      if (input.current) input.current.value = '';
    }
    if (draftHasUnpublishedChanges(draft)) setPending({ file, name: chosen.name });
    else await state.save(file, t('menuEditor.imported', { name: chosen.name }));
  }

  return (
    <section aria-labelledby="menu-file-title" className="menu-editor__file">
      <h2 id="menu-file-title">{t('menuEditor.fileTitle')}</h2>
      <p>{t('menuEditor.fileIntro')}</p>
      <div className="button-row">
        <button type="button" className="button" onClick={download}>
          {draft.draft
            ? t('menuEditor.exportDraft', { file: `${caller.slug}.json` })
            : t('menuEditor.exportPublished', { file: `${caller.slug}.json` })}
        </button>
      </div>
      <div className="form-field">
        <label htmlFor="menu-import" className="form-field__label">
          {t('menuEditor.import')}
        </label>
        <p id="menu-import-hint" className="form-field__hint">
          {t('menuEditor.importHint')}
        </p>
        <input
          ref={input}
          id="menu-import"
          type="file"
          accept="application/json,.json"
          aria-describedby={unreadable ? 'menu-import-hint menu-import-error' : 'menu-import-hint'}
          disabled={state.busy}
          onChange={(event) => void choose(event)}
        />
        {unreadable && (
          <p id="menu-import-error" role="alert" className="field-error">
            {unreadable}
          </p>
        )}
      </div>
      {pending && (
        <ConfirmReplaceDraft
          draft={draft}
          title={t('menuEditor.importTitle', { name: pending.name })}
          action={t('menuEditor.importAction', { name: pending.name })}
          confirm={t('menuEditor.importConfirm', { name: pending.name })}
          returnFocusTo={input.current}
          onConfirm={() => {
            setPending(null);
            void state.save(pending.file, t('menuEditor.imported', { name: pending.name }));
          }}
          onCancel={() => setPending(null)}
        />
      )}
    </section>
  );
}
