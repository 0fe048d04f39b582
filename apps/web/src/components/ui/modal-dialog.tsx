import { useId, type FormEvent, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useModalDialog } from '../../lib/use-modal-dialog';
import './dialog.css';

export interface ModalDialogProps {
  /** The heading, which names the dialog. */
  title: ReactNode;
  /** The heading's id where the caller points at it (the cart's lines, its focus when emptied); else its own. */
  titleId?: string;
  /** The heading can take focus from script (the cart moves focus there when its last line goes). */
  titleFocusable?: boolean;
  /** The close button's words ("Close"): it is the only control in the header and takes focus first. */
  closeLabel: string;
  onClose: () => void;
  /** Where focus goes back once it closes (the control that opened it); else <main>. */
  returnFocusTo?: HTMLElement | null | undefined;
  /** Role alertdialog: a question that needs an answer before going on. */
  alert?: boolean;
  describedBy?: string | undefined;
  /** A class beside `item-dialog` on the <dialog> ('school-dialog'). */
  className?: string;
  /** A click on the backdrop closes it (the item dialog); a question (alert) waits for its answer. */
  closeOnBackdrop?: boolean;
  /** The browser's Back closes it rather than leaving the page (the diner's overlays: lib/overlay-history.ts). */
  closeOnBack?: boolean;
  /** The content is a form (the item dialog's choices) submitted with this. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** Marks the form busy while its answer is awaited. */
  busy?: boolean;
  /** What goes under the header: the body (`item-dialog__body`) and any footer. */
  children: ReactNode;
}

/**
 * The one modal <dialog> shell (dialog.css): the item dialog (ordering/item/item-dialog.tsx), the cart
 * (ordering/cart/cart-panel.tsx) and the school's questions and student form
 * (features/school/school-dialogs.tsx) open in it. The browser
 * keeps focus inside and makes the page behind inert; focus starts on the close button and goes back
 * to the opener (useModalDialog); Escape and the close button close it, and Back where it asks. Escape is caught on keydown
 * too: a second Escape's `cancel` cannot be prevented in Chrome, which would close the <dialog>
 * behind React's back.
 */
export function ModalDialog({
  title,
  titleId: givenTitleId,
  titleFocusable = false,
  closeLabel,
  onClose,
  returnFocusTo,
  alert = false,
  describedBy,
  className,
  closeOnBackdrop = false,
  closeOnBack = false,
  onSubmit,
  busy = false,
  children,
}: ModalDialogProps) {
  const ownTitleId = useId();
  const titleId = givenTitleId ?? ownTitleId;
  const { dialogRef, closeRef } = useModalDialog(returnFocusTo, closeOnBack ? onClose : undefined);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onClose();
  };
  const onBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (closeOnBackdrop && event.target === dialogRef.current) onClose();
  };

  const header = (
    <div className="item-dialog__header">
      <h2 id={titleId} className="item-dialog__title" tabIndex={titleFocusable ? -1 : undefined}>
        {title}
      </h2>
      <button ref={closeRef} type="button" className="item-dialog__close" aria-label={closeLabel} onClick={onClose}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
  return (
    // The dialog element itself only catches Escape and clicks on its backdrop; its controls are inside.
    <dialog
      ref={dialogRef}
      className={className ? `item-dialog ${className}` : 'item-dialog'}
      role={alert ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={onBackdrop}
    >
      {onSubmit ? (
        <form className="item-dialog__content" onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
          {header}
          {children}
        </form>
      ) : (
        <div className="item-dialog__content">
          {header}
          {children}
        </div>
      )}
    </dialog>
  );
}
