import { useEffect, useRef } from 'react';

/**
 * The phone's Back closes the overlay on top (the item dialog, the cart, checkout) instead of leaving
 * the page, as diners expect of an ordering app. Each open overlay owns one history entry of the
 * same address, pushed over the page's own: `history.state[DEPTH]` says how many overlays that entry
 * has open. The history follows the overlays, never the reverse, except for one thing: a Back (a
 * `popstate` to a shallower entry) closes the overlays above it.
 *
 * - Opening pushes an entry; closing by the overlay's own button or Escape goes back over it, so a
 *   Back afterwards leaves the page as it would have before. One overlay handing over to another in
 *   the same render (the cart to checkout, checkout back to the cart) keeps the entry as it is; one
 *   whose code is still on its way gives the entry back and takes one again once it shows.
 * - An entry deeper than what is open (Forward after a Back, or Back onto the entry of an overlay a
 *   navigation left open) reopens nothing: it goes back to the entry of what is open. An overlay is
 *   never rebuilt from history.
 * - React Router keeps its own fields in the entry's state (`usr`, `key`, `idx`): they are copied to
 *   the pushed entries, so the router sees the same location and index on each of them.
 *
 * Changes are put together in a microtask: the overlays one render closes and opens (their effects
 * run in one flush) touch the history once. The browser restores the page's scroll position on the
 * way back (the entries share the document and `history.scrollRestoration` stays `auto`).
 */
const DEPTH = 'servery-overlays';

interface Overlay {
  close: () => void;
}

/** The overlays open now, the first opened first. */
const open: Overlay[] = [];
/**
 * The depth a `history.go` of ours goes to, until its `popstate` comes: that one is ours, not the
 * diner's (it may come late, after a long task), and an overlay opened meanwhile gets its entry then.
 */
let traversal: number | null = null;
let scheduled = false;
let listening = false;

function depthOf(state: unknown): number {
  const depth = typeof state === 'object' && state !== null ? (state as Record<string, unknown>)[DEPTH] : undefined;
  return typeof depth === 'number' && Number.isInteger(depth) && depth > 0 ? depth : 0;
}

function withDepth(state: unknown, depth: number): Record<string, unknown> {
  const base = typeof state === 'object' && state !== null ? { ...(state as Record<string, unknown>) } : {};
  if (depth > 0) base[DEPTH] = depth;
  else delete base[DEPTH];
  return base;
}

/** Makes the current entry's depth the number of open overlays: pushes entries, or goes back over them. */
function sync(): void {
  scheduled = false;
  if (traversal !== null) return;
  const have = depthOf(window.history.state);
  const want = open.length;
  for (let depth = have + 1; depth <= want; depth++) window.history.pushState(withDepth(window.history.state, depth), '');
  if (want < have) {
    traversal = want;
    window.history.go(want - have);
  }
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(sync);
}

function onPopState(event: PopStateEvent): void {
  const depth = depthOf(event.state);
  if (traversal === depth) {
    traversal = null;
    sync();
    return;
  }
  traversal = null;
  // The diner's Back: the overlays above the entry it reached close, the last opened first. Each
  // leaves the list as it unmounts; one that stays open gets its entry back.
  for (const overlay of open.slice(depth).reverse()) overlay.close();
  schedule();
}

function listen(): void {
  if (listening) return;
  listening = true;
  // An entry left deep by an earlier load of this page (a reload with a dialog open) has no overlay
  // in this one: it becomes the page's own entry (going back over it would load the page again).
  if (depthOf(window.history.state) > 0) window.history.replaceState(withDepth(window.history.state, 0), '');
  window.addEventListener('popstate', onPopState);
}

/**
 * While the calling overlay is mounted (and `enabled`), it owns a history entry, and Back calls its
 * `close`, which must unmount it (or it gets a new entry). The one place the overlays' history lives:
 * lib/use-modal-dialog.ts calls it for the dialogs that ask.
 */
export function useOverlayHistory(close: () => void, enabled = true): void {
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  });
  useEffect(() => {
    if (!enabled) return;
    listen();
    const overlay: Overlay = { close: () => closeRef.current() };
    open.push(overlay);
    schedule();
    return () => {
      const index = open.indexOf(overlay);
      if (index >= 0) open.splice(index, 1);
      schedule();
    };
  }, [enabled]);
}
