import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../components/ui/confirm-dialog';
import type { StaffDraft } from './draft-api';
import { useSavedBy } from './draft-status';

/**
 * Whether replacing the draft loses work: there is a draft, a revision saved since the last publish,
 * so it differs from what diners see (a publish removes the draft; draft-api.ts).
 */
export const draftHasUnpublishedChanges = (draft: StaffDraft<unknown>): boolean => draft.draft;

/**
 * The question before the whole draft is replaced (a version of the history restored, a file
 * imported) while it holds changes not yet published: what will be lost, by whom and when, and what
 * replaces it. Cancel, "Keep my draft", is focused first; Escape keeps it. The same dialog as the
 * app's other destructive questions (components/ui/confirm-dialog.tsx).
 */
export function ConfirmReplaceDraft({
  draft,
  title,
  action,
  confirm,
  onConfirm,
  onCancel,
  returnFocusTo,
}: {
  draft: StaffDraft<unknown>;
  /** "Restore version 3 as the draft?" */
  title: string;
  /** What replaces the draft, as the question's subject: "Restoring version 3". */
  action: string;
  /** The confirming button: "Replace my draft with version 3". */
  confirm: string;
  onConfirm: () => void;
  onCancel: () => void;
  returnFocusTo?: HTMLElement | null;
}) {
  const { t } = useTranslation();
  const savedBy = useSavedBy(draft.file);
  const who = savedBy(draft.saved_by, draft.saved_at);
  const question = who
    ? t('menuEditor.replaceDraftQuestion', { revision: draft.revision, who, action })
    : t('menuEditor.replaceDraftQuestionNoOne', { revision: draft.revision, action });
  return (
    <ConfirmDialog
      title={title}
      question={question}
      confirm={confirm}
      cancelLabel={t('menuEditor.keepDraft')}
      onConfirm={onConfirm}
      onCancel={onCancel}
      returnFocusTo={returnFocusTo ?? null}
    />
  );
}
