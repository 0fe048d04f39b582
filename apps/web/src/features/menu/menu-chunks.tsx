import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../../components/ui/error-boundary';
import { Spinner } from '../../components/ui/spinner';
import { loadAllMessages } from '../../i18n/i18n';
import { cartPanelModule, checkoutPanelModule, itemDialogModule } from '../../ordering';
import { preloadQuickAdd } from './use-quick-add';

/** The dialogs and panels use messages beyond the menu's first-load part: they come with the whole catalogue. */
function withAllMessages<T>(module: Promise<T>): Promise<T> {
  return Promise.all([module, loadAllMessages()]).then(([loaded]) => loaded);
}

/**
 * A part of the menu screen that is its own chunk, with the whole message catalogue: fetched once
 * (again after a failure) by `load`; `preload` fetches it ahead and leaves a failure to the render.
 */
function menuChunk<T>(importChunk: () => Promise<T>): { load: () => Promise<T>; preload: () => void } {
  let pending: Promise<T> | null = null;
  const load = () => {
    pending ??= withAllMessages(importChunk()).catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
  return {
    load,
    preload: () => {
      load().catch(() => undefined);
    },
  };
}

/** The item dialog: fetched when the browser is idle, on hover or focus of an item, or on first open. */
export const itemDialogChunk = menuChunk(itemDialogModule);
export const ItemDialog = lazy(() => itemDialogChunk.load().then((module) => ({ default: module.ItemDialog })));

/** The cart screen: fetched once the cart has something in it, on hover or focus of its button, or on first open. */
export const cartPanelChunk = menuChunk(cartPanelModule);
export const CartPanel = lazy(() => cartPanelChunk.load().then((module) => ({ default: module.CartPanel })));

/** Checkout: fetched once the cart screen is open, or on first use. */
export const checkoutPanelChunk = menuChunk(checkoutPanelModule);
export const CheckoutPanel = lazy(() => checkoutPanelChunk.load().then((module) => ({ default: module.CheckoutPanel })));

/** Runs `task` when the browser is idle (or after a moment where it cannot say); returns the cancel. */
function whenIdle(task: () => void): () => void {
  const idle = window.requestIdleCallback?.(task, { timeout: 4000 });
  const timer = idle === undefined ? window.setTimeout(task, 2000) : undefined;
  return () => {
    if (idle !== undefined) window.cancelIdleCallback(idle);
    if (timer !== undefined) window.clearTimeout(timer);
  };
}

/**
 * Fetches the item dialog's code (and a card's "Add" rules) once the page has settled, so the first
 * open or quick add is instant; the cart's
 * (and a hub's parts, `hubParts`) once the cart has something.
 */
export function usePreloadChunks(cartHasItems: boolean, hubParts: (() => Promise<unknown>) | null): void {
  useEffect(
    () =>
      whenIdle(() => {
        itemDialogChunk.preload();
        preloadQuickAdd();
      }),
    [],
  );
  useEffect(
    () =>
      cartHasItems
        ? whenIdle(() => {
            cartPanelChunk.preload();
            hubParts?.().catch(() => undefined);
          })
        : undefined,
    [cartHasItems, hubParts],
  );
}

/** A chunk's panel over the menu: a spinner while it loads, and if it cannot, the reason and a way out. */
export function ChunkBoundary({ loadError, onClose, children }: { loadError: string; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ErrorBoundary
      fallback={({ reset }) => (
        <div role="alert" className="inline-error menu-dialog-error">
          <p>{loadError}</p>
          <button
            type="button"
            className="button"
            onClick={() => {
              onClose();
              reset();
            }}
          >
            {t('item.close')}
          </button>
        </div>
      )}
    >
      <Suspense fallback={<Spinner />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
