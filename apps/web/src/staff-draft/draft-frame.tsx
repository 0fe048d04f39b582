import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
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
 * Gives the page the sticky notice's height (--draft-notice-size, staff-draft.css), so that a field
 * scrolled to (a refused one focused, a form opened) lands under the notice rather than behind it.
 */
function useNoticeSize(notice: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = notice.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--draft-notice-size', `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--draft-notice-size');
    };
  }, [notice]);
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
  const failure = useRef<HTMLParagraphElement>(null);
  const notice = useRef<HTMLParagraphElement>(null);
  useNoticeSize(notice);
  // A refused save or publish is said at the top of the screen, often thousands of pixels above the
  // button pressed: the focus goes to the message (read out, and scrolled into sight under the
  // sticky notice), rather than staying on a button far away or falling to <body>.
  useEffect(() => {
    const message = failure.current;
    if (state.refusals === 0 || !message) return;
    message.focus({ preventScroll: true });
    message.scrollIntoView?.({ block: 'start' });
  }, [state.refusals]);
  return (
    <section aria-labelledby="staff-title" className={className}>
      <h1 id="staff-title">{title}</h1>
      {!canChange && <p className="notice">{readOnly}</p>}
      <p ref={notice} role="status" className="staff-notice draft-notice">
        {state.notice}
      </p>
      {state.failure && (
        <p ref={failure} role="alert" tabIndex={-1} className="field-error draft-failure">
          {state.failure}
        </p>
      )}
      {state.conflict && (
        <DraftConflict conflict={state.conflict} wayOn={state.conflictWayOn} file={draft.data?.file} onReload={() => void state.reload()} />
      )}
      <FileProblems problems={state.problems} file={state.problemsFile ?? draft.data?.file} />
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
