import { useEffect, useRef } from 'react';

/**
 * A native <dialog> opened as a modal when mounted, with focus on its close button; on unmount it
 * closes and gives focus back to `returnFocusTo` when that is still on the page, else to <main>.
 */
export function useModalDialog(returnFocusTo?: HTMLElement | null) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    closeRef.current?.focus();
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      (returnFocusTo?.isConnected ? returnFocusTo : document.querySelector<HTMLElement>('main'))?.focus();
    };
  }, [returnFocusTo]);
  return { dialogRef, closeRef };
}
