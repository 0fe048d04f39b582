import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalDialog } from '../../lib/use-modal-dialog';
import '../../components/ui/dialog.css';

/** A modal question with Cancel (focused first: the safe answer) and a confirming button. */
export function ConfirmDialog({
  title,
  question,
  confirm,
  onConfirm,
  onCancel,
}: {
  title: string;
  question: string;
  confirm: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { dialogRef, closeRef } = useModalDialog();
  return (
    <dialog
      ref={dialogRef}
      className="item-dialog confirm-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-question`}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <div className="confirm-dialog__body">
        <h2 id={`${id}-title`}>{title}</h2>
        <p id={`${id}-question`}>{question}</p>
        <div className="button-row">
          <button ref={closeRef} type="button" className="button" onClick={onCancel}>
            {t('operator.cancel')}
          </button>
          <button type="button" className="button button--primary" onClick={onConfirm}>
            {confirm}
          </button>
        </div>
      </div>
    </dialog>
  );
}
