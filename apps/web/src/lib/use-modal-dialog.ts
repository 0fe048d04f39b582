import { useEffect, useRef } from 'react';
import { useOverlayHistory } from './overlay-history';

const NO_BACK = () => undefined;

/**
 * A native <dialog> opened as a modal when mounted, with focus on its close button; on unmount it
 * closes and gives focus back to `returnFocusTo` when that is still on the page, else to <main>.
 * With `closeOnBack` (the diner's overlays over the menu: the item dialog, the cart, checkout) it owns
 * a history entry while open, and the browser's Back calls it instead of leaving the page
 * (lib/overlay-history.ts).
 */
export function useModalDialog(returnFocusTo?: HTMLElement | null, closeOnBack?: () => void) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useOverlayHistory(closeOnBack ?? NO_BACK, closeOnBack !== undefined);
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
