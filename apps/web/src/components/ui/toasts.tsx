import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

/** Toasts disappear after 5 seconds (spec accounts-and-suites.md section 8). */
export const TOAST_DURATION_MS = 5000;

export type ToastKind = 'info' | 'success' | 'error';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export interface ToastApi {
  show: (message: string, kind?: ToastKind) => number;
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Holds the toasts and renders their live region after the page content. */
export function ToastProvider({ children, durationMs = TOAST_DURATION_MS }: { children: ReactNode; durationMs?: number }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);
  const show = useCallback((message: string, kind: ToastKind = 'info') => {
    const id = nextId.current++;
    setToasts((list) => [...list, { id, kind, message }]);
    return id;
  }, []);
  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <ToastContext value={api}>
      {children}
      <ToastRegion toasts={toasts} onDismiss={dismiss} durationMs={durationMs} />
    </ToastContext>
  );
}

export function useToasts(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToasts needs a <ToastProvider> above it');
  return api;
}

/**
 * The polite live region exists before any toast so screen readers announce what is added to it;
 * an error toast is an alert and interrupts.
 */
function ToastRegion({ toasts, onDismiss, durationMs }: { toasts: Toast[]; onDismiss: (id: number) => void; durationMs: number }) {
  const region = useRef<HTMLDivElement>(null);
  const place = useClearOfField(region, toasts.length);
  return (
    <div ref={region} className={place === 'top' ? 'toasts toasts--top' : 'toasts'} aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} durationMs={durationMs} />
      ))}
    </div>
  );
}

function ToastItem({ toast, onDismiss, durationMs }: { toast: Toast; onDismiss: (id: number) => void; durationMs: number }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), durationMs);
    return () => clearTimeout(timer);
  }, [toast.id, onDismiss, durationMs]);

  return (
    <div role={toast.kind === 'error' ? 'alert' : 'status'} className={`toast toast--${toast.kind}`}>
      <p className="toast__message">{toast.message}</p>
      <button type="button" className="toast__close" aria-label={t('toast.dismiss')} onClick={() => onDismiss(toast.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/** Space kept under the toasts at the foot of the screen: their margin, or the cart button they rise above (restaurant.css). */
const FOOT_ROOM_PX = 96;

/**
 * Where the toasts sit: at the foot of the screen, or at its head while they would cover what has
 * the focus, a field the diner is filling in or the button they are pressing (a phone's postal code
 * or the subsidy code's Apply at the foot of the school checkout, issue 30 defect 8; WCAG 2.2's
 * "focus not obscured").
 *
 * They never move during a press: a tap that starts on a button and ends on a toast that moved
 * under the finger is lost (the mouseup lands on the toast, and the click on neither). The place is
 * decided again once the press is over, after its click.
 */
function useClearOfField(region: RefObject<HTMLDivElement | null>, count: number): 'bottom' | 'top' {
  const [place, setPlace] = useState<'bottom' | 'top'>('bottom');
  useEffect(() => {
    if (count === 0) return;
    let pressing = false;
    const check = () => {
      if (pressing) return;
      const focused = document.activeElement;
      const toasts = region.current;
      // Nothing focused (the body), or a toast's own close button: the toasts stay where they are.
      if (!(focused instanceof HTMLElement) || focused === document.body || toasts?.contains(focused)) return;
      const height = toasts?.getBoundingClientRect().height ?? 0;
      setPlace(focused.getBoundingClientRect().bottom > window.innerHeight - height - FOOT_ROOM_PX ? 'top' : 'bottom');
    };
    const press = () => {
      pressing = true;
    };
    // The click follows the pointerup in the same task: the timeout runs after it.
    const release = () =>
      setTimeout(() => {
        pressing = false;
        check();
      }, 0);
    check();
    document.addEventListener('pointerdown', press, true);
    document.addEventListener('pointerup', release, true);
    document.addEventListener('pointercancel', release, true);
    document.addEventListener('focusin', check);
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      document.removeEventListener('pointerdown', press, true);
      document.removeEventListener('pointerup', release, true);
      document.removeEventListener('pointercancel', release, true);
      document.removeEventListener('focusin', check);
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [region, count]);
  return place;
}
