// When the demo restaurants are open, for the browser tests and the orders bench: they start the
// server's clock there (CLOCK_START, decision 0014) so dine-in orders are taken whatever the hour.

/**
 * Today at 1 p.m. in Toronto (every demo restaurant is open then). Today's date, so times read from
 * the machine's own clock stay near the server's.
 */
export function todayAtOnePmInToronto() {
  return todayInToronto(13);
}

/**
 * Today at `hour`:00 in Toronto. At 9 every demo restaurant is still closed: the browser tests of
 * ordering ahead run a second server whose clock starts there (e2e/playwright.config.ts).
 */
export function todayInToronto(hour) {
  const zone = 'America/Toronto';
  const wallClock = (instant) =>
    Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      })
        .formatToParts(instant)
        .map((part) => [part.type, Number(part.value)]),
    );
  // One "today" for a whole test run: the browser tests' config fixes it once (SERVERY_TODAY_AT), and
  // the servers, the specs' workers and their own servers inherit it, so a run that crosses midnight
  // in Toronto never has a server and a spec on two different days.
  const anchor = process.env.SERVERY_TODAY_AT ? new Date(process.env.SERVERY_TODAY_AT) : new Date();
  const today = wallClock(Number.isNaN(anchor.getTime()) ? new Date() : anchor);
  // The hour read as UTC, then moved by the zone's offset at that moment.
  const asUtc = Date.UTC(today.year, today.month - 1, today.day, hour, 0);
  const there = wallClock(new Date(asUtc));
  const offset = Date.UTC(there.year, there.month - 1, there.day, there.hour, there.minute) - asUtc;
  return new Date(asUtc - offset);
}
