/**
 * What the menu editor's parts share: the tree's props, up and down buttons, a row of a list (an item,
 * an option group) with its edit, move and remove buttons, the question before a removal, a server refusal worded for its field, and an item's option groups saved in the draft.
 */
import { CONTROL_CHARACTERS_MESSAGE } from '@servery/contracts/text-input';
import type { ParseKeys } from 'i18next';
import { useEffect, useId, useRef, useState, type DragEvent, type FocusEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldProblem } from '../../components/ui/form/field-problem';
import { FieldsRefused } from '../../components/ui/form/form';
import { withItems, type EditorFile, type FileItem, type FileProblem, type ItemPlace, type OpenForm } from './menu-file';
import type { FieldProblems, MenuDraftState } from './use-menu-draft';

export interface TreeProps {
  file: EditorFile;
  state: MenuDraftState;
  canChange: boolean;
}

/**
 * A small button that opens and closes a form under it (an item's Edit, a menu's Rename, Ordering,
 * Photo, Taxes): its state in aria-expanded, the form it opens in aria-controls while open, and what
 * it acts on for a screen reader ("Taxes the section Starters").
 */
export function DisclosureButton({
  open,
  controls,
  what,
  onToggle,
  children,
}: {
  open: boolean;
  controls: string;
  what: string;
  onToggle: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="button button--small"
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      onClick={onToggle}
    >
      {children}
      <span className="visually-hidden"> {what}</span>
    </button>
  );
}

/**
 * Up and down by buttons (keyboard as well as pointer); the end a thing cannot go past is disabled.
 * While a save is on, the buttons say so with aria-disabled and ignore a press rather than being
 * disabled: a disabled button loses the focus, and the keyboard's place with it. The buttons are the
 * moved row's own (its key is its id), so once the save is done the one pressed takes the focus back
 * (the row moved in the page, which drops it); at the end of the list, where that one is now
 * disabled, its counterpart does.
 */
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
  const upButton = useRef<HTMLButtonElement>(null);
  const downButton = useRef<HTMLButtonElement>(null);
  const pressed = useKeptFocus(busy, first, last, upButton, downButton);
  const button = (step: -1 | 1) => ({
    ref: step === -1 ? upButton : downButton,
    type: 'button' as const,
    className: 'button button--small',
    'aria-label': step === -1 ? up : down,
    disabled: step === -1 ? first : last,
    'aria-disabled': busy || undefined,
    onClick: () => {
      if (busy) return;
      pressed(step);
      onMove(step);
    },
    // The person took the focus elsewhere: nothing to give back.
    onBlur: (event: FocusEvent<HTMLButtonElement>) => {
      if (event.relatedTarget) pressed(null);
    },
  });
  return (
    <>
      <button {...button(-1)}>{t('menuEditor.up')}</button>
      <button {...button(1)}>{t('menuEditor.down')}</button>
    </>
  );
}

/**
 * The focus given back to an up or down button after the move it started is saved (MoveButtons): the
 * button pressed, or its counterpart when the pressed one is now disabled (the list's end). Only when
 * the focus was lost (on the page's body, or on the disabled button): a person who has gone on is left
 * where they are. The settings' forms keep it their way (staff-draft/use-focus-kept.ts), which looks
 * for a form by its label; these buttons are in none.
 */
function useKeptFocus(
  busy: boolean,
  first: boolean,
  last: boolean,
  upButton: RefObject<HTMLButtonElement | null>,
  downButton: RefObject<HTMLButtonElement | null>,
): (step: -1 | 1 | null) => void {
  const pending = useRef<-1 | 1 | null>(null);
  useEffect(() => {
    const step = pending.current;
    if (step === null || busy) return;
    pending.current = null;
    const same = (step === -1 ? upButton : downButton).current;
    const other = (step === -1 ? downButton : upButton).current;
    const active = document.activeElement;
    const lost = !active || active === document.body || (active === same && same.disabled);
    if (!lost) return;
    const target = same && !same.disabled ? same : other;
    if (target && !target.disabled) target.focus();
  }, [busy, first, last, upButton, downButton]);
  return (step) => {
    pending.current = step;
  };
}

/** What a row spreads on itself to be dragged and dropped on (useDragReorder); nothing when it cannot move. */
export type DragProps = {
  draggable?: boolean;
  onDragStart?: (event: DragEvent) => void;
  onDragOver?: (event: DragEvent) => void;
  onDragLeave?: () => void;
  onDrop?: (event: DragEvent) => void;
  onDragEnd?: () => void;
  'data-drop-target'?: boolean;
  'data-dragging'?: boolean;
};

/**
 * Reordering a list by dragging a row onto another (native HTML drag and drop; the up and down
 * buttons stay for the keyboard and for touch screens, where it is not offered by every browser). A
 * drag belongs to its own list: a row of a nested list is not dropped in the list around it.
 * `onMove(from, to)` gets display ranks.
 */
export function useDragReorder(enabled: boolean, onMove: (from: number, to: number) => void): (rank: number) => DragProps {
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const end = () => {
    setDragging(null);
    setOver(null);
  };
  return (rank) => {
    if (!enabled) return {};
    return {
      draggable: true,
      onDragStart: (event) => {
        event.stopPropagation();
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', String(rank));
        setDragging(rank);
      },
      onDragOver: (event) => {
        if (dragging === null) return;
        event.preventDefault();
        event.stopPropagation();
        event.dataTransfer.dropEffect = 'move';
        if (over !== rank) setOver(rank);
      },
      onDragLeave: () => setOver((current) => (current === rank ? null : current)),
      onDrop: (event) => {
        if (dragging === null) return;
        event.preventDefault();
        event.stopPropagation();
        if (dragging !== rank) onMove(dragging, rank);
        end();
      },
      onDragEnd: end,
      'data-drop-target': (over === rank && dragging !== rank) || undefined,
      'data-dragging': dragging === rank || undefined,
    };
  };
}

/**
 * One row of a list the editor orders (an item, an option group): its name, then "Edit" (or
 * "Details" for who cannot change it) opening its form, up and down, and "Remove". Each button's
 * name ends with `what` ("Remove the group Sauces"), heard and not seen.
 */
export function EditorRow({
  name,
  what,
  formId,
  editing,
  onEdit,
  canChange,
  busy,
  move,
  onRemove,
  drag = {},
}: {
  name: ReactNode;
  what: string;
  formId: string;
  editing: boolean;
  onEdit: (on: boolean) => void;
  canChange: boolean;
  busy: boolean;
  move: { up: string; down: string; first: boolean; last: boolean; onMove: (step: -1 | 1) => void };
  onRemove: () => void;
  /** Dragged onto another row to move it there (useDragReorder). */
  drag?: DragProps;
}) {
  const { t } = useTranslation();
  return (
    <div className="menu-editor__row" {...drag}>
      {name}
      <div className="button-row menu-editor__controls">
        <DisclosureButton open={editing} controls={formId} what={what} onToggle={() => onEdit(!editing)}>
          {canChange ? t('menuEditor.edit') : t('menuEditor.details')}
        </DisclosureButton>
        {canChange && (
          <>
            <MoveButtons {...move} busy={busy} />
            <button type="button" className="button button--small" disabled={busy} onClick={onRemove}>
              {t('menuEditor.remove')}
              <span className="visually-hidden"> {what}</span>
            </button>
          </>
        )}
      </div>
    </div>
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
 * A save's refusal on the form's own fields (thrown as FieldsRefused, which <Form> shows and focuses);
 * nothing when it was saved. Each field says it in the person's language: text with a control
 * character in those words, a field with its own message (`messages`, the form's) in that message,
 * any other rule as the file's rule (English, as the import command says it).
 */
export function useFieldRefusal(): (refused: FieldProblems, messages?: Readonly<Partial<Record<string, ParseKeys>>>) => void {
  const { t } = useTranslation();
  const say = (field: string, problem: FileProblem, messages: Readonly<Partial<Record<string, ParseKeys>>>): FieldProblem => {
    if (problem.message === CONTROL_CHARACTERS_MESSAGE) return { key: 'message', name: 'menuEditorStructure.controlCharacters' };
    const own = messages[field];
    if (own) return { key: 'message', name: own };
    return { key: 'server', text: t('menuEditor.field.rule', { rule: problem.message }) };
  };
  return (refused, messages = {}) => {
    if (refused.length > 0) throw new FieldsRefused(refused.map(([field, problem]) => [field, say(field, problem, messages)]));
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
