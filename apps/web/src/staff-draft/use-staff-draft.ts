import type { MenuDraftConflict } from '@servery/contracts/staff-menu';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api';
import { errorMessage } from '../lib/error-message';
import { queryKeys } from '../lib/query-keys';
import { getDraft, saveDraft, type StaffDraftCaller } from './draft-api';

/** One of a refused file's problems: its JSON path ("$.hours[2].end_time") and the file's rule. */
export interface FileProblem {
  path: string;
  message: string;
}

/** What a refused save leaves for the form that sent it: the problems on its own fields. */
export type FieldProblems = Array<[field: string, problem: FileProblem]>;

/**
 * Splits a refused file's problems into those of the form that sent it (`open`: which form, in the
 * screen's own terms) by its field names, and the others, which the screen lists with their paths.
 */
export type SplitProblems<TOpen> = (
  details: readonly FileProblem[],
  open: TOpen | null,
) => { fields: FieldProblems; others: FileProblem[] };

export interface StaffDraftState<TFile, TOpen> {
  draft: ReturnType<typeof useDraftQuery<TFile>>;
  /** The last thing done, said politely (role="status"). */
  notice: string;
  /** What went wrong with the last change, said at once (role="alert"). */
  failure: string | null;
  /** The file's problems no field on screen shows, with their paths (a save or an import refused, 400). */
  problems: FileProblem[];
  /** The file those paths are in: the one sent (an import's is not the draft on screen); undefined: the draft's. */
  problemsFile: unknown;
  /** A save refused because someone else saved first (409): who, when and what changed. */
  conflict: MenuDraftConflict | null;
  /** What to do after that conflict, when the change refused was not a save (a publish, a restore); null: make the change again. */
  conflictWayOn: string | null;
  /**
   * Counts the refusals to show where the person is (draft-frame.tsx moves the focus to the message):
   * every refusal but a save's whose problems all land on the open form's fields, which that form shows and focuses.
   */
  refusals: number;
  busy: boolean;
  /**
   * Saves `file` as the draft on the revision on screen. `openItem`: the form that sent it (the menu
   * editor's item or option group, a settings section), whose fields take their own problems. Never
   * throws: the outcome is shown, and the open form's problems are given back.
   */
  save: (file: TFile, message: string, openItem?: TOpen | null) => Promise<FieldProblems>;
  /** As `save`, saying also whether the draft was saved (a conflict or a failure: not). */
  trySave: (file: TFile, message: string, openItem?: TOpen | null) => Promise<{ saved: boolean; fields: FieldProblems }>;
  /**
   * Runs another change (publish, restore, import) with the same reporting of what came of it.
   * `conflict`: its own words when it is refused because the draft changed since it was read (409).
   */
  run: (call: () => Promise<unknown>, message: (answer: unknown) => string, conflict?: ConflictWording) => Promise<void>;
  /** Reads the draft again as it is now, leaving the conflict behind. */
  reload: () => Promise<void>;
}

/** A refused change's words when the draft changed since it was read: what was not done, and what to do now. */
export interface ConflictWording {
  failure: string;
  wayOn: string;
}

function useDraftQuery<TFile>(caller: StaffDraftCaller) {
  return useQuery({
    queryKey: queryKeys.staff.menuDraft(caller.slug, caller.credentials.userId),
    queryFn: ({ signal }) => getDraft<TFile>(caller, signal),
  });
}

/**
 * The draft, and every change to it as a TanStack mutation: a change is saved at once (PUT with the
 * revision the screen read), then the draft, its preview and the history are read again. A change
 * based on an older revision is refused by the server and shown as a conflict, never sent again.
 */
export function useStaffDraft<TFile, TOpen>(caller: StaffDraftCaller, split: SplitProblems<TOpen>): StaffDraftState<TFile, TOpen> {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const draft = useDraftQuery<TFile>(caller);
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [problems, setProblems] = useState<FileProblem[]>([]);
  const [problemsFile, setProblemsFile] = useState<unknown>(undefined);
  const [conflict, setConflict] = useState<MenuDraftConflict | null>(null);
  const [conflictWayOn, setConflictWayOn] = useState<string | null>(null);
  const [refusals, setRefusals] = useState(0);
  const write = useMutation({
    mutationFn: (call: () => Promise<unknown>) => call(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.staff.menuOf(caller.slug) }),
  });

  async function attempt(
    call: () => Promise<unknown>,
    openItem: TOpen | null,
    { wording = null, sent }: { wording?: ConflictWording | null; sent?: unknown } = {},
  ): Promise<{ answer?: unknown; fields: FieldProblems }> {
    setNotice('');
    setFailure(null);
    try {
      const answer = await write.mutateAsync(call);
      setProblems([]);
      setConflict(null);
      setConflictWayOn(null);
      return { answer, fields: [] };
    } catch (error) {
      const changed = isApiError(error) && error.error === 'MENU_DRAFT_CHANGED';
      setFailure(changed && wording ? wording.failure : errorMessage(t, error));
      if (changed) {
        setConflict(error.draftConflict ?? null);
        setConflictWayOn(wording?.wayOn ?? null);
        // A refused publish or restore left nothing typed on screen: the draft is read again at once,
        // so its status, publish and history say what it is now. A refused save is not: its forms
        // (keyed by revision) would lose what the person typed; they load the draft when they choose.
        if (wording) void queryClient.invalidateQueries({ queryKey: queryKeys.staff.menuOf(caller.slug) });
      }
      let fields: FieldProblems = [];
      // A file's rule (TENANT_FILE_INVALID) or a text the server refuses before reading the file
      // (VALIDATION_FAILED: a control character), both naming the field's path.
      if (isApiError(error) && (error.error === 'TENANT_FILE_INVALID' || (error.error === 'VALIDATION_FAILED' && error.details))) {
        const parts = split(error.details ?? [], openItem);
        setProblems(parts.others);
        setProblemsFile(sent);
        fields = parts.fields;
      }
      // The open form shows and focuses its own fields' problems; anything else is said where the person is.
      if (fields.length === 0 || changed) setRefusals((count) => count + 1);
      return { fields };
    }
  }

  async function trySave(file: TFile, message: string, openItem: TOpen | null = null) {
    const revision = draft.data?.revision ?? 0;
    const outcome = await attempt(() => saveDraft(caller, revision, file), openItem, { sent: file });
    if (outcome.answer !== undefined) setNotice(message);
    return { saved: outcome.answer !== undefined, fields: outcome.fields };
  }

  return {
    draft,
    notice,
    failure,
    problems,
    problemsFile,
    conflict,
    conflictWayOn,
    refusals,
    busy: write.isPending,
    save: async (file, message, openItem = null) => (await trySave(file, message, openItem)).fields,
    trySave,
    run: async (call, message, wording) => {
      const outcome = await attempt(call, null, { wording: wording ?? null });
      if (outcome.answer !== undefined) setNotice(message(outcome.answer));
    },
    reload: async () => {
      setConflict(null);
      setConflictWayOn(null);
      setFailure(null);
      await queryClient.invalidateQueries({ queryKey: queryKeys.staff.menuOf(caller.slug) });
      setNotice(t('menuEditor.reloaded'));
    },
  };
}
