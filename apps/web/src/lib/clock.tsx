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
  /**
   * The server's clock minus the browser's (ms): learnt from a server-rendered page's time when the
   * clock goes live, or from an API answer that says the server's time (`useAdoptServerTime`); 0 until then.
   */
  serverOffset: number;
  /** The server's time: `now` moved by `serverOffset` (`useServerNow`). */
  server: Date;
  listeners: Set<() => void>;
}

const ClockContext = createContext<ClockStore | null>(null);

const minuteOf = (time: Date) => Math.floor(time.getTime() / 60_000);

function setTime(store: ClockStore, now: Date): void {
  store.now = now;
  store.server = new Date(now.getTime() + store.serverOffset);
  notify(store);
}

function notify(store: ClockStore): void {
  for (const listener of store.listeners) listener();
}

/**
 * The app's clock. The first render uses `initialNow` (the server's clock when the page was
 * rendered there), so the browser's first render matches the server's HTML exactly; an effect then
 * switches to the live clock when its minute differs, else the first tick does. `live={false}` freezes it (tests).
 * `fromServer`: `initialNow` is the server's clock (a server-rendered page); the browser's may be
 * another day, so the clock keeps the gap for the screens the server's day decides (`useServerNow`).
 */
export function ClockProvider({
  initialNow,
  fromServer = false,
  live = true,
  children,
}: {
  initialNow?: Date | null;
  fromServer?: boolean;
  live?: boolean;
  children: ReactNode;
}) {
  const [store] = useState<ClockStore>(() => {
    const initial = initialNow ?? new Date();
    return { initial, now: initial, serverOffset: 0, server: initial, listeners: new Set() };
  });
  useEffect(() => {
    if (!live) return;
    // The server's time as the page came with it, against the browser's now: off by the page's
    // transfer and start-up (seconds), nothing to the day it decides.
    if (fromServer) store.serverOffset = store.initial.getTime() - Date.now();
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
  }, [live, fromServer, store]);
  return <ClockContext value={store}>{children}</ClockContext>;
}

const noStore: ClockStore = { initial: new Date(0), now: new Date(0), serverOffset: 0, server: new Date(0), listeners: new Set() };

/** The current time, from the nearest ClockProvider (or the system clock outside one). */
export function useNow(): Date {
  return useClockTime('now');
}

/**
 * The server's current time, for what the server decides by its clock (the canteen's "today"): the
 * browser's clock moved by the gap to the server's, as a server-rendered page or an API answer told
 * it (ClockProvider `fromServer`, `useAdoptServerTime`); the browser's own until one has.
 */
export function useServerNow(): Date {
  return useClockTime('server');
}

/**
 * Takes the server's time from an API answer (ISO-8601, read as it arrives): `useServerNow` goes by
 * it from then on, on a page the server did not render.
 */
export function useAdoptServerTime(): (serverNow: string) => void {
  const store = useContext(ClockContext);
  return useCallback(
    (serverNow: string) => {
      const server = Date.parse(serverNow);
      if (!store || Number.isNaN(server)) return;
      store.serverOffset = server - Date.now();
      // The browser's time (what `useNow` readers show) stays as it is until its next tick.
      store.server = new Date(server);
      notify(store);
    },
    [store],
  );
}

function useClockTime(which: 'now' | 'server'): Date {
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
    () => source[which],
    // Hydration (now, or later for a part hydrated when reached) renders what the server rendered.
    () => source.initial,
  );
  // Outside a provider (isolated component tests) read the clock once per render.
  return store ? now : new Date();
}
