import type { SuiteTab, SuiteTabEvent } from '@servery/contracts/suites';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { queryKeys } from '../../../lib/query-keys';

export interface LiveSuiteTabs {
  /** The tabs that changed since the screen loaded, by event suite id, as the server sent them. */
  tabs: ReadonlyMap<number, SuiteTab>;
  /** Moves on every change and each time the stream opens: what the screen shows beside the tab (its activity) reloads on it. */
  version: number;
  /** True while the stream is open. */
  live: boolean;
}

const NONE: ReadonlyMap<number, SuiteTab> = new Map();

/**
 * The suite tabs the signed-in owner, operator or login-as session may see, kept live by the server's
 * stream (GET /api/restaurants/{restaurant}/suite-tabs/events, signed in by the session cookies):
 * an order placed by the owner shows on the operator's screen and the reverse, within a second,
 * whichever server process took it. The stream sends changes only, from the moment it is ready: a tab
 * that changed before (between the screen's read and the stream's start, or while it reconnected)
 * would stay as read. So each `ready`, the first one too, reads the screens' tab lists again
 * (`queryKeys.suiteTabLists`) and moves `version`, and the changes kept so far give way to that read
 * (the staff board does the same: features/staff/use-live-orders.ts). Without EventSource (old
 * browsers, tests) the tabs stay as loaded.
 */
export function useLiveSuiteTabs(restaurant: string | null): LiveSuiteTabs {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveSuiteTabs>({ tabs: NONE, version: 0, live: false });
  useEffect(() => {
    if (restaurant === null || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/restaurants/${encodeURIComponent(restaurant)}/suite-tabs/events`, { withCredentials: true });
    source.addEventListener('ready', () => {
      setState((current) => ({ tabs: NONE, live: true, version: current.version + 1 }));
      for (const queryKey of queryKeys.suiteTabLists) void queryClient.invalidateQueries({ queryKey });
    });
    source.addEventListener('tab', (event) => {
      const data = JSON.parse((event as MessageEvent<string>).data) as SuiteTabEvent;
      setState((current) => ({ tabs: new Map(current.tabs).set(data.eventSuiteId, data.tab), version: current.version + 1, live: true }));
    });
    source.addEventListener('error', () => setState((current) => ({ ...current, live: false })));
    return () => source.close();
  }, [restaurant, queryClient]);
  return state;
}
