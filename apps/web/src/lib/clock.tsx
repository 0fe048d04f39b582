import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

/** Time-dependent screens (open hours, last call, price schedules) re-render this often. */
export const CLOCK_TICK_MS = 30_000;

const ClockContext = createContext<Date | null>(null);

/**
 * The app's clock. The first render uses `initialNow` (the server's clock when the page was
 * rendered there), so the browser's first render matches the server's HTML exactly; an effect then
 * switches to the live clock. `live={false}` freezes it (tests).
 */
export function ClockProvider({ initialNow, live = true, children }: { initialNow?: Date | null; live?: boolean; children: ReactNode }) {
  const [now, setNow] = useState<Date>(() => initialNow ?? new Date());
  useEffect(() => {
    if (!live) return;
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, [live]);
  return <ClockContext value={now}>{children}</ClockContext>;
}

/** The current time, from the nearest ClockProvider (or the system clock outside one). */
export function useNow(): Date {
  const now = useContext(ClockContext);
  // Outside a provider (isolated component tests) read the clock once per render.
  return now ?? new Date();
}
