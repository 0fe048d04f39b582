import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
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
  return (
    <div className="toasts" aria-live="polite">
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
