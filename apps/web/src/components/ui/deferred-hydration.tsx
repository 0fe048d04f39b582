import { Suspense, use, useSyncExternalStore, type ReactNode } from 'react';
import { flushSync } from 'react-dom';

/**
 * When a waiting part hydrates by itself: `near`, once it comes within a screen of the viewport (a
 * menu section); `soon`, in the tasks right after the page's first hydration, in page order (a part
 * in view, or inside a part that just hydrated: a section's cards). Either hydrates at once on the
 * first event that reaches it.
 */
export type HydrateWhen = 'near' | 'soon';

/**
 * A part of a server-rendered page that hydrates after the page, so the first load does not pay for
 * hundreds of items in one task: `near` parts when the person comes close to them, `soon` parts a
 * few at a time in short tasks (each task stops after HYDRATION_BUDGET_MS), with the browser free to
 * paint and answer between them (docs/decisions/0040-menu-first-load.md, 0047-preact.md,
 * 0049-menu-hydration-in-short-tasks.md). On the first pointer, focus, key or click inside a part it
 * hydrates at once. Until then it is the server's HTML, complete for reading, Tab and screen
 * readers; only its handlers are attached later.
 *
 * It suspends only while the page hydrates (the server snapshot of useSyncExternalStore says so):
 * a client render (another screen, a filter) renders the children at once. `id` is the id of the
 * part's element: the element around it, rendered by the caller, or the part's own root (a card).
 * The part renders one element at its root (Preact keeps one node for a part that waits).
 *
 * How it works on Preact (preact/compat): a part that suspends while hydrating keeps the server's
 * DOM, and hydrates it when its promise settles. The promise here is a thenable settled
 * synchronously, inside `flushSync`, by the first event that reaches the part: the part hydrates
 * there and then, its handlers are attached before the event reaches its target, and the event is
 * handled (a click is not lost). Parts inside parts (a section's cards) open from the outside in for
 * that event. The part hydrates with the children it had when the page first hydrated (what the
 * server rendered: a hydration patches no attribute), then renders its current children, so a part
 * reached after the page changed (the clock, the cart) shows it.
 *
 * What reaches a waiting part: new children from its parent (it hydrates at once, then renders them)
 * and a store it reads (the clock: it hydrates with the server's snapshot, then reads the live one).
 * Not a context: Preact does not render a suspended part again. The one context such a part reads
 * that changes is the language, so a language switch first hydrates every waiting part, in the
 * language the server rendered it in (`hydrateWaitingParts`, called by i18n/i18n.ts switchLanguage).
 * So the parent of a `soon` part should not give it new children on every render (memoise it): the
 * renders right after the page hydrates (the saved cart, the member cookie) would hydrate it at once.
 */
export function DeferredHydration({ id, when = 'near', children }: { id: string; when?: HydrateWhen; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate id={id} when={when}>
        {children}
      </Gate>
    </Suspense>
  );
}

const subscribeNever = () => () => {};

function Gate({ id, when, children }: { id: string; when: HydrateWhen; children: ReactNode }) {
  const hydrating = useSyncExternalStore(
    subscribeNever,
    () => false,
    () => true,
  );
  // On the server (no document) everything renders; in the browser only a hydration waits.
  if (!hydrating || typeof document === 'undefined') return children;
  const gate = gateFor(id, when, children);
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
 * this same event (it reads a node's listeners when the event reaches that node). The outermost
 * waiting part on the event's path opens first: it renders the parts inside it, which may wait in
 * turn (a section's cards), and the next outermost opens, until none waits on the path.
 */
function onReachingEvent(event: Event): void {
  const target = event.target instanceof Element ? event.target : null;
  for (let gate = outermostWaiting(target); gate; gate = outermostWaiting(target)) gate.open();
}

function outermostWaiting(target: Element | null): Waiting | null {
  let found: Waiting | null = null;
  for (let node = target; node; node = node.parentElement) {
    const gate = node.id ? gates.get(node.id) : undefined;
    if (gate && gate.element === node && gate.reached.status !== 'fulfilled') found = gate;
  }
  return found;
}

/** Listens for the events that reach a part (once), and makes the observer for `near` parts. */
function startWatching(): IntersectionObserver | null {
  if (typeof IntersectionObserver === 'undefined') return null;
  for (const type of REACHING_EVENTS) document.addEventListener(type, onReachingEvent, { capture: true, passive: true });
  // One screen ahead: a part is ready before it scrolls into view.
  return new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const gate = entry.isIntersecting ? gates.get(entry.target.id) : undefined;
        if (gate) queueHydration(gate);
      }
    },
    { rootMargin: '100% 0px' },
  );
}

/**
 * How long one task may spend hydrating queued parts before it lets the browser paint and answer: a
 * phone 4 times slower than this one then stays under the 50 ms that makes a task "long" (a part
 * started always finishes, so a task may run over by one part).
 */
export const HYDRATION_BUDGET_MS = 8;

/** Parts to hydrate, in the order they came near or were rendered, a few per task. */
const queued: Waiting[] = [];
let nextRun: ReturnType<typeof setTimeout> | null = null;

function queueHydration(gate: Waiting): void {
  if (gate.reached.status === 'fulfilled' || queued.includes(gate)) return;
  queued.push(gate);
  nextRun ??= setTimeout(runQueue, 0);
}

function runQueue(): void {
  nextRun = null;
  const started = performance.now();
  while (queued.length > 0 && performance.now() - started < HYDRATION_BUDGET_MS) queued.shift()?.open();
  if (queued.length > 0) nextRun = setTimeout(runQueue, 0);
}

/**
 * The gate of the part `id`, made on its first hydration and kept (its resumed hydration reads it
 * again); open at once where it cannot be watched.
 */
function gateFor(id: string, when: HydrateWhen, children: ReactNode): Waiting {
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
    if (element && when === 'near') watcher?.unobserve(element);
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
  } else if (when === 'near') watcher.observe(element);
  else queueHydration(waiting);
  return waiting;
}

/**
 * Hydrates every part still waiting, at once, before something they all read changes (a language
 * switch): hydrated, they then render the change like the rest of the page. Parts inside them that
 * wait in turn (a section's cards) are hydrated too.
 */
export function hydrateWaitingParts(): void {
  for (let waiting = stillWaiting(); waiting.length > 0; waiting = stillWaiting()) {
    flushSync(() => {
      for (const gate of waiting) gate.release();
    });
  }
}

function stillWaiting(): Waiting[] {
  return [...gates.values()].filter((gate) => gate.reached.status !== 'fulfilled');
}
