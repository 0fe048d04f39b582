import { createContext, useCallback, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';

/** Time-dependent screens (open hours, last call, price schedules) re-render this often. */
export const CLOCK_TICK_MS = 30_000;

/**
 * The clock as a store: the context's value never changes, only the components that read the time
 * re-render on a tick. A changing context value would reach the Suspense boundaries of a
 * server-rendered page not hydrated yet and make React hydrate them all at once to apply it.
 */
interface ClockStore {
  /** The first render's time: what the server rendered with, so hydration matches its HTML. */
  initial: Date;
  now: Date;
  listeners: Set<() => void>;
}

const ClockContext = createContext<ClockStore | null>(null);

const minuteOf = (time: Date) => Math.floor(time.getTime() / 60_000);

function setTime(store: ClockStore, now: Date): void {
  store.now = now;
  for (const listener of store.listeners) listener();
}

/**
 * The app's clock. The first render uses `initialNow` (the server's clock when the page was
 * rendered there), so the browser's first render matches the server's HTML exactly; an effect then
 * switches to the live clock when its minute differs, else the first tick does. `live={false}` freezes it (tests).
 */
export function ClockProvider({ initialNow, live = true, children }: { initialNow?: Date | null; live?: boolean; children: ReactNode }) {
  const [store] = useState<ClockStore>(() => {
    const initial = initialNow ?? new Date();
    return { initial, now: initial, listeners: new Set() };
  });
  useEffect(() => {
    if (!live) return;
    // Everything the time decides on screen (open hours, last call, price schedules) changes on the
    // minute: within the first render's minute the live time would only render every part that reads
    // the clock again right after hydrating, one long task on a phone
    // (docs/decisions/0044-menu-lighter-first-load.md). The first tick brings the live time anyway.
    const current = new Date();
    if (minuteOf(current) !== minuteOf(store.now)) setTime(store, current);
    // A tick within the minute the screen already shows changes nothing on it: it would only render
    // every part that reads the clock again (a 300-item menu's sections, every 30 s).
    const tick = () => {
      const next = new Date();
      if (minuteOf(next) !== minuteOf(store.now)) setTime(store, next);
    };
    const timer = setInterval(tick, CLOCK_TICK_MS);
    // Browsers slow a hidden tab's timers (to once a minute, or stop them on a phone's locked screen):
    // a diner coming back to the page sees its time at once, not up to a tick later (a lock passed
    // while away, a menu's hours).
    const onVisible = () => {
      if (document.visibilityState === 'visible') tick();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [live, store]);
  return <ClockContext value={store}>{children}</ClockContext>;
}

const noStore = { initial: new Date(0), now: new Date(0), listeners: new Set<() => void>() };

/** The current time, from the nearest ClockProvider (or the system clock outside one). */
export function useNow(): Date {
  const store = useContext(ClockContext);
  const source = store ?? noStore;
  const subscribe = useCallback(
    (listener: () => void) => {
      source.listeners.add(listener);
      return () => {
        source.listeners.delete(listener);
      };
    },
    [source],
  );
  const now = useSyncExternalStore(
    subscribe,
    () => source.now,
    // Hydration (now, or later for a part hydrated when reached) renders what the server rendered.
    () => source.initial,
  );
  // Outside a provider (isolated component tests) read the clock once per render.
  return store ? now : new Date();
}
