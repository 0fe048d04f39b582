import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLOCK_TICK_MS, ClockProvider, useAdoptServerTime, useNow, useServerNow } from './clock';

let renders = 0;
function Time() {
  renders += 1;
  return <p>{useNow().toISOString()}</p>;
}

afterEach(() => {
  vi.useRealTimers();
  renders = 0;
});

/** The clock first rendered at `initial` (the server's time) on a browser whose time is `system`. */
function renderClock(initial: string, system: string) {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(new Date(system));
  render(
    <ClockProvider initialNow={new Date(initial)}>
      <Time />
    </ClockProvider>,
  );
}

describe('ClockProvider', () => {
  it('keeps the first render’s time within its minute (no second render after hydrating), then ticks to the live time', () => {
    renderClock('2026-10-14T17:00:05Z', '2026-10-14T17:00:40Z');
    expect(screen.getByText('2026-10-14T17:00:05.000Z')).toBeTruthy();
    expect(renders).toBe(1);
    act(() => vi.advanceTimersByTime(CLOCK_TICK_MS));
    expect(screen.getByText('2026-10-14T17:01:10.000Z')).toBeTruthy();
  });

  it('moves to the live time at once when the first render’s minute is over', () => {
    renderClock('2026-10-14T17:00:59Z', '2026-10-14T17:01:02Z');
    expect(screen.getByText('2026-10-14T17:01:02.000Z')).toBeTruthy();
  });

  it('does not render its readers again on a tick within the minute they show', () => {
    renderClock('2026-10-14T17:00:05Z', '2026-10-14T17:00:05Z');
    act(() => vi.advanceTimersByTime(CLOCK_TICK_MS));
    expect(renders).toBe(1);
    expect(screen.getByText('2026-10-14T17:00:05.000Z')).toBeTruthy();
    act(() => vi.advanceTimersByTime(CLOCK_TICK_MS));
    expect(screen.getByText('2026-10-14T17:01:05.000Z')).toBeTruthy();
  });

  it('reads the time at once when the page is shown again, without waiting for a tick', () => {
    renderClock('2026-10-14T17:00:05Z', '2026-10-14T17:00:05Z');
    // Away for ten minutes, with the tab's timers held back.
    vi.setSystemTime(new Date('2026-10-14T17:10:07Z'));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(screen.getByText('2026-10-14T17:10:07.000Z')).toBeTruthy();
  });
});

function Times() {
  const adopt = useAdoptServerTime();
  return (
    <>
      <p>browser {useNow().toISOString()}</p>
      <p>server {useServerNow().toISOString()}</p>
      <button type="button" onClick={() => adopt('2026-10-16T09:00:00.000Z')}>
        adopt
      </button>
    </>
  );
}

describe('useServerNow', () => {
  it('keeps the server’s time of a server-rendered page, live, where the browser’s clock says another day', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-10-15T17:00:00Z'));
    render(
      <ClockProvider initialNow={new Date('2026-10-14T17:00:00Z')} fromServer>
        <Times />
      </ClockProvider>,
    );
    expect(screen.getByText('browser 2026-10-15T17:00:00.000Z')).toBeTruthy();
    expect(screen.getByText('server 2026-10-14T17:00:00.000Z')).toBeTruthy();
    act(() => vi.advanceTimersByTime(CLOCK_TICK_MS * 2));
    expect(screen.getByText('server 2026-10-14T17:01:00.000Z')).toBeTruthy();
  });

  it('goes by the server’s time an API answer said, on a page the server did not render', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-10-15T17:00:00Z'));
    render(
      <ClockProvider>
        <Times />
      </ClockProvider>,
    );
    expect(screen.getByText('server 2026-10-15T17:00:00.000Z')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'adopt' }).click());
    expect(screen.getByText('server 2026-10-16T09:00:00.000Z')).toBeTruthy();
    act(() => vi.advanceTimersByTime(CLOCK_TICK_MS * 2));
    expect(screen.getByText('server 2026-10-16T09:01:00.000Z')).toBeTruthy();
    expect(screen.getByText('browser 2026-10-15T17:01:00.000Z')).toBeTruthy();
  });
});
