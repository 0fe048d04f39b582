import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalDialog } from '../../lib/use-modal-dialog';
import './dialog.css';

/**
 * A modal question with Cancel (focused first: the safe answer) and a confirming button; Escape is
 * Cancel. `cancelLabel` words the safe answer where "Cancel" would be read as the action itself
 * ("Keep my order" beside "Cancel order"); `busy` holds both buttons while the answer is sent;
 * `children` (an error) shows under the question.
 */
export function ConfirmDialog({
  title,
  question,
  confirm,
  onConfirm,
  onCancel,
  cancelLabel,
  busy = false,
  returnFocusTo,
  children,
}: {
  title: string;
  question: string;
  confirm: string;
  onConfirm: () => void;
  onCancel: () => void;
  cancelLabel?: string;
  busy?: boolean;
  /** Where focus goes back once it closes (the button that opened it); else <main>. */
  returnFocusTo?: HTMLElement | null;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { dialogRef, closeRef } = useModalDialog(returnFocusTo);
  return (
    <dialog
      ref={dialogRef}
      className="item-dialog confirm-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-question`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <div className="confirm-dialog__body">
        <h2 id={`${id}-title`}>{title}</h2>
        <p id={`${id}-question`}>{question}</p>
        {children}
        <div className="button-row">
          <button ref={closeRef} type="button" className="button" disabled={busy} onClick={onCancel}>
            {cancelLabel ?? t('operator.cancel')}
          </button>
          <button type="button" className="button button--primary" disabled={busy} onClick={onConfirm}>
            {confirm}
          </button>
        </div>
      </div>
    </dialog>
  );
}
