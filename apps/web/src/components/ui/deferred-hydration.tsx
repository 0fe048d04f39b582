import { Suspense, use, useSyncExternalStore, type ReactNode } from 'react';
import { flushSync } from 'react-dom';

/**
 * A part of a server-rendered page that hydrates only once the person reaches it: when it comes
 * within a screen of the viewport, or on the first pointer, focus, key or click inside it. Until then
 * it is the server's HTML, complete for reading, Tab and screen readers; only its handlers are
 * attached later, so the first load does not pay for hundreds of items at once
 * (docs/decisions/0040-menu-first-load.md, docs/decisions/0047-preact.md).
 *
 * It suspends only while the page hydrates (the server snapshot of useSyncExternalStore says so):
 * a client render (another screen, a filter) renders the children at once. `id` is the id of the
 * element around it, rendered by the caller outside this component (it is what is watched).
 *
 * How it works on Preact (preact/compat): a part that suspends while hydrating keeps the server's
 * DOM, and hydrates it when its promise settles. The promise here is a thenable settled
 * synchronously, inside `flushSync`, by the first event that reaches the part: the part hydrates
 * there and then, its handlers are attached before the event reaches its target, and the event is
 * handled (a click is not lost). The part hydrates with the children it had when the page first
 * hydrated (what the server rendered: a hydration patches no attribute), then renders its current
 * children, so a part reached after the page changed (the clock, the cart) shows it.
 *
 * What reaches a waiting part: new children from its parent (it hydrates at once, then renders them)
 * and a store it reads (the clock: it hydrates with the server's snapshot, then reads the live one).
 * Not a context: Preact does not render a suspended part again. The one context such a part reads
 * that changes is the language, so a language switch first hydrates every waiting part, in the
 * language the server rendered it in (`hydrateWaitingParts`, called by i18n/i18n.ts switchLanguage).
 */
export function DeferredHydration({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate id={id}>{children}</Gate>
    </Suspense>
  );
}

const subscribeNever = () => () => {};

function Gate({ id, children }: { id: string; children: ReactNode }) {
  const hydrating = useSyncExternalStore(
    subscribeNever,
    () => false,
    () => true,
  );
  // On the server (no document) everything renders; in the browser only a hydration waits.
  if (!hydrating || typeof document === 'undefined') return children;
  const gate = gateFor(id, children);
  // New children reached the part while it waited (its parent rendered again): it hydrates now, as
  // the server rendered it, then renders them.
  if (children !== gate.first) gate.release();
  // (Typed as a plain thenable: React's types say a thenable with a status is one of its own.)
  use(gate.reached as PromiseLike<void>);
  // Once hydrated, the store's client snapshot (false) differs from the server's: the gate renders
  // again, at once, with its current children.
  return gate.first;
}

/** A thenable that `use` and Suspense read, settled synchronously by `open`. */
interface Reached extends PromiseLike<void> {
  status?: 'pending' | 'fulfilled';
  value?: undefined;
}

interface Waiting {
  reached: Reached;
  /** Stops watching and settles `reached`, calling back Suspense and `use` (who renders is the caller's). */
  release: () => void;
  /** The children of the part's first hydration: what the server rendered. */
  first: ReactNode;
  /** The element watched (the same id in a later page is another gate). */
  element: Element | null;
  open: () => void;
}

const gates = new Map<string, Waiting>();
let observer: IntersectionObserver | null = null;

/**
 * Events that mean the person is inside a part: the part hydrates before they reach their target.
 * `focus` as well as `focusin`: `focus` comes first, and the target may handle it (a preload).
 */
const REACHING_EVENTS = ['pointerdown', 'mousedown', 'touchstart', 'focus', 'focusin', 'keydown', 'click'] as const;

/**
 * Listened for on the document in the capture phase, so they run before any listener of the part:
 * the part hydrates synchronously here, attaching its listeners, which the browser then calls for
 * this same event (it reads a node's listeners when the event reaches that node).
 */
function onReachingEvent(event: Event): void {
  for (let node = event.target instanceof Element ? event.target : null; node; node = node.parentElement) {
    if (node.id && gates.has(node.id)) gates.get(node.id)?.open();
  }
}

function startWatching(): IntersectionObserver | null {
  if (typeof IntersectionObserver === 'undefined') return null;
  for (const type of REACHING_EVENTS) document.addEventListener(type, onReachingEvent, { capture: true, passive: true });
  // One screen ahead: a part is ready before it scrolls into view. The parts seen hydrate one per
  // task, so that the page answers between them (an event reaching one still hydrates it at once).
  return new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const gate = entry.isIntersecting ? gates.get(entry.target.id) : undefined;
        if (gate && !seen.includes(gate)) seen.push(gate);
      }
      hydrateNextSeen();
    },
    { rootMargin: '100% 0px' },
  );
}

/** Parts that came near the screen, hydrated in turn, one per task. */
const seen: Waiting[] = [];
let nextSeen: ReturnType<typeof setTimeout> | null = null;

function hydrateNextSeen(): void {
  if (nextSeen !== null) return;
  nextSeen = setTimeout(() => {
    nextSeen = null;
    seen.shift()?.open();
    if (seen.length > 0) hydrateNextSeen();
  }, 0);
}

/**
 * The gate of the part `id`, made on its first hydration and kept (its resumed hydration reads it
 * again); open at once where it cannot be watched.
 */
function gateFor(id: string, children: ReactNode): Waiting {
  const element = document.getElementById(id);
  const known = gates.get(id);
  if (known && known.element === element) return known;

  const callbacks: Array<() => void> = [];
  const reached: Reached = {
    then(onFulfilled) {
      // The value is never read; callers only learn that the part may hydrate now.
      const call = () => void onFulfilled?.(undefined);
      if (reached.status === 'fulfilled') queueMicrotask(call);
      else callbacks.push(call);
      // Nothing chains on it (Suspense and `use` ignore the result).
      return reached as PromiseLike<never>;
    },
  };
  const settle = () => {
    reached.status = 'fulfilled';
    reached.value = undefined;
    for (const callback of callbacks.splice(0)) callback();
  };
  observer ??= startWatching();
  const watcher = observer;
  const release = () => {
    if (reached.status === 'fulfilled') return;
    if (element) watcher?.unobserve(element);
    settle();
  };
  const waiting: Waiting = {
    reached,
    release,
    first: children,
    element,
    // Renders the part now: the event that opened it finds its listeners in place.
    open: () => {
      if (reached.status !== 'fulfilled') flushSync(release);
    },
  };
  gates.set(id, waiting);
  if (!element || !watcher) {
    // Called while rendering: nothing waits on it yet, so it is simply settled.
    reached.status = 'fulfilled';
  } else watcher.observe(element);
  return waiting;
}

/**
 * Hydrates every part still waiting, at once, before something they all read changes (a language
 * switch): hydrated, they then render the change like the rest of the page.
 */
export function hydrateWaitingParts(): void {
  const waiting = [...gates.values()].filter((gate) => gate.reached.status !== 'fulfilled');
  if (waiting.length === 0) return;
  flushSync(() => {
    for (const gate of waiting) gate.release();
  });
}
