import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../components/ui/spinner';
import { errorMessage } from '../lib/error-message';
import type { StaffDraft, StaffDraftCaller } from './draft-api';
import { DraftConflict, DraftStatus, FileProblems } from './draft-status';
import { PublishAndHistory } from './publish-history';
import type { StaffDraftState } from './use-staff-draft';

interface DraftFrameProps<TFile, TOpen> {
  caller: StaffDraftCaller;
  state: StaffDraftState<TFile, TOpen>;
  canChange: boolean;
  title: string;
  /** Said to the kitchen's role, which reads the draft and changes nothing. */
  readOnly: string;
  className: string;
  /** The screen's own parts, once the draft is read. */
  children: (draft: StaffDraft<TFile>) => ReactNode;
}

/**
 * What every screen of the restaurant's draft shows around its own forms (the menu editor, the
 * settings): its title, what happened (the notice, a failure, a conflict with another editor's save,
 * the file's problems), the draft's status, and publish with its history.
 */
export function DraftFrame<TFile, TOpen>({
  caller,
  state,
  canChange,
  title,
  readOnly,
  className,
  children,
}: DraftFrameProps<TFile, TOpen>) {
  const { t } = useTranslation();
  const { draft } = state;
  return (
    <section aria-labelledby="staff-title" className={className}>
      <h1 id="staff-title">{title}</h1>
      {!canChange && <p className="notice">{readOnly}</p>}
      <p role="status" className="staff-notice draft-notice">
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
          {children(draft.data)}
        </>
      )}
    </section>
  );
}
