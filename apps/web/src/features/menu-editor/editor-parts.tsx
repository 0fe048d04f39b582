/**
 * What the menu editor's parts share: the tree's props, up and down buttons, the question before a
 * removal, a server refusal worded for its field, and an item's option groups saved in the draft.
 */
import { CONTROL_CHARACTERS_MESSAGE } from '@servery/contracts/text-input';
import type { ParseKeys } from 'i18next';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldProblem } from '../../components/ui/form/field-problem';
import { withItems, type EditorFile, type FileItem, type FileProblem, type ItemPlace, type OpenForm } from './menu-file';
import type { FieldProblems, MenuDraftState } from './use-menu-draft';

export interface TreeProps {
  file: EditorFile;
  state: MenuDraftState;
  canChange: boolean;
}

/** Up and down by buttons (keyboard as well as pointer); the end a thing cannot go past is disabled. */
export function MoveButtons({
  up,
  down,
  first,
  last,
  busy,
  onMove,
}: {
  /** The buttons' names: "Move the section Starters up". */
  up: string;
  down: string;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove: (step: -1 | 1) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="button button--small" aria-label={up} disabled={busy || first} onClick={() => onMove(-1)}>
        {t('menuEditor.up')}
      </button>
      <button type="button" className="button button--small" aria-label={down} disabled={busy || last} onClick={() => onMove(1)}>
        {t('menuEditor.down')}
      </button>
    </>
  );
}

/** The question before a removal, its buttons focused at once; nothing is removed until "Remove" is pressed. */
export function ConfirmRemove({ question, onConfirm, onCancel }: { question: string; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const confirm = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => confirm.current?.focus(), []);
  return (
    <div role="group" aria-labelledby={id} className="menu-editor__confirm">
      <p id={id}>{question}</p>
      <div className="button-row">
        <button ref={confirm} type="button" className="button button--small button--primary" onClick={onConfirm}>
          {t('menuEditorStructure.confirmRemove')}
        </button>
        <button type="button" className="button button--small" onClick={onCancel}>
          {t('menuEditorStructure.keep')}
        </button>
      </div>
    </div>
  );
}

/**
 * A server's refusal of one field, as that field says it in the person's language: text with a
 * control character in those words, a field with its own message (`messages`, the form's) in that
 * message, any other rule as the file's rule (English, as the import command says it).
 */
export function useProblemText(): (
  field: string,
  problem: FileProblem,
  messages: Readonly<Partial<Record<string, ParseKeys>>>,
) => FieldProblem {
  const { t } = useTranslation();
  return (field, problem, messages) => {
    if (problem.message === CONTROL_CHARACTERS_MESSAGE) return { key: 'message', name: 'menuEditorStructure.controlCharacters' };
    const own = messages[field];
    if (own) return { key: 'message', name: own };
    return { key: 'server', text: t('menuEditor.field.rule', { rule: problem.message }) };
  };
}

export interface OptionsProps extends TreeProps {
  item: FileItem;
  place: ItemPlace;
  index: number;
}

/** Saves the item changed (its option groups) in the draft: the item's place, the file around it. */
export function useSaveItem({ file, state, place, index }: OptionsProps) {
  return (next: FileItem, message: string, open: OpenForm | null = null): Promise<{ saved: boolean; fields: FieldProblems }> =>
    state.trySave(
      withItems(file, place, (items) => items.map((entry, at) => (at === index ? next : entry))),
      message,
      open,
    );
}
