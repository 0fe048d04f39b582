import { Suspense, use, useSyncExternalStore, type ReactNode } from 'react';

/**
 * A part of a server-rendered page that hydrates only once the person reaches it: when it comes
 * within a screen of the viewport, or on the first pointer, focus, key or click inside it. Until then
 * it is the server's HTML, complete for reading, Tab and screen readers; React only attaches its
 * handlers later, so the first load does not pay for hundreds of items at once
 * (docs/decisions/0040-menu-first-load.md).
 *
 * It suspends only while React hydrates (the server snapshot of useSyncExternalStore says so): a
 * client render (another screen, a filter) renders the children at once. `id` is the id of the
 * element around it, rendered by the caller outside this component (it is what is watched).
 *
 * Keep its props stable (memoised parents, no changing context above it): an update that reaches a
 * part not hydrated yet makes React drop that part's HTML and render it in the browser at once.
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
  if (hydrating && typeof document !== 'undefined') use(reached(id));
  return children;
}

interface Waiting {
  promise: Promise<void> & { status?: 'fulfilled'; value?: undefined };
  open: () => void;
}

const gates = new Map<string, Waiting>();
let observer: IntersectionObserver | null = null;

/** Events that mean the person is inside a part: the part hydrates before React handles them. */
const REACHING_EVENTS = ['pointerdown', 'mousedown', 'touchstart', 'focusin', 'keydown', 'click'] as const;

/**
 * Listened for on the document in the capture phase, so they run before React's own listener on the
 * root: the part is then allowed to hydrate, React hydrates it at once for this event and hands the
 * event to it (a click on a part React cannot hydrate yet would be dropped).
 */
function onReachingEvent(event: Event): void {
  for (let node = event.target instanceof Element ? event.target : null; node; node = node.parentElement) {
    if (node.id && gates.has(node.id)) gates.get(node.id)?.open();
  }
}

function startWatching(): IntersectionObserver | null {
  if (typeof IntersectionObserver === 'undefined') return null;
  for (const type of REACHING_EVENTS) document.addEventListener(type, onReachingEvent, { capture: true, passive: true });
  // One screen ahead: a part is ready before it scrolls into view.
  return new IntersectionObserver(
    (entries) => {
      for (const entry of entries) if (entry.isIntersecting) gates.get(entry.target.id)?.open();
    },
    { rootMargin: '100% 0px' },
  );
}

/** Resolves once the element `id` is reached; at once where it cannot be watched. */
function reached(id: string): Promise<void> {
  const known = gates.get(id);
  if (known) return known.promise;
  let open = () => {};
  const promise: Waiting['promise'] = new Promise<void>((resolve) => {
    open = () => {
      // Marked fulfilled at once, the way React's `use` reads a settled promise: a click dispatched
      // by a script (no microtask between listeners) still finds the part ready to hydrate.
      promise.status = 'fulfilled';
      promise.value = undefined;
      resolve();
    };
  });
  const element = document.getElementById(id);
  observer ??= startWatching();
  const watcher = observer;
  const waiting: Waiting = {
    promise,
    open: () => {
      if (element) watcher?.unobserve(element);
      open();
    },
  };
  gates.set(id, waiting);
  if (!element || !watcher) waiting.open();
  else watcher.observe(element);
  return promise;
}
