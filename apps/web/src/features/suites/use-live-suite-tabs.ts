import type { SuiteTab, SuiteTabEvent } from '@servery/contracts/suites';
import { useEffect, useState } from 'react';

export interface LiveSuiteTabs {
  /** The tabs that changed since the screen loaded, by event suite id, as the server sent them. */
  tabs: ReadonlyMap<number, SuiteTab>;
  /** Moves on every change and after a reconnection: what the screen shows beside the tab (its activity) reloads on it. */
  version: number;
  /** True while the stream is open. */
  live: boolean;
}

const NONE: ReadonlyMap<number, SuiteTab> = new Map();

/**
 * The suite tabs the signed-in owner, operator or login-as session may see, kept live by the server's
 * stream (GET /api/restaurants/{restaurant}/suite-tabs/events, signed in by the session cookies):
 * an order placed by the owner shows on the operator's screen and the reverse, within a second,
 * whichever server process took it. A reconnection moves `version`, so a missed event costs one
 * reload. Without EventSource (old browsers, tests) the tabs stay as loaded.
 */
export function useLiveSuiteTabs(restaurant: string | null): LiveSuiteTabs {
  const [state, setState] = useState<LiveSuiteTabs>({ tabs: NONE, version: 0, live: false });
  useEffect(() => {
    if (restaurant === null || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/restaurants/${encodeURIComponent(restaurant)}/suite-tabs/events`, { withCredentials: true });
    let opened = false;
    source.addEventListener('ready', () => {
      setState((current) => ({ ...current, live: true, version: opened ? current.version + 1 : current.version }));
      opened = true;
    });
    source.addEventListener('tab', (event) => {
      const data = JSON.parse((event as MessageEvent<string>).data) as SuiteTabEvent;
      setState((current) => ({ tabs: new Map(current.tabs).set(data.eventSuiteId, data.tab), version: current.version + 1, live: true }));
    });
    source.addEventListener('error', () => setState((current) => ({ ...current, live: false })));
    return () => source.close();
  }, [restaurant]);
  return state;
}
