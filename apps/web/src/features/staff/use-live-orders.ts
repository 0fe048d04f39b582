import type { StaffOrder, StaffOrdersResponse } from '@servery/contracts/staff';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { queryKeys } from '../../lib/query-keys';
import { listOrders, type StaffCaller } from './staff-api';

export interface LiveOrders {
  orders: StaffOrder[] | null;
  error: unknown;
  /** True while the event stream is open: new orders appear without a reload. */
  live: boolean;
  /** Orders that arrived since the board opened, for their flash; cleared after FLASH_MS. */
  fresh: ReadonlySet<string>;
  reload: () => void;
  /** Puts a changed order in place at once (the answer of a move), before the stream's reload. */
  replace: (order: StaffOrder) => void;
  /**
   * How far the server's clock is ahead of this browser's, in ms, by its last answer (0 before one),
   * to 5 s: the same from one answer to the next, so the cards' memo holds (tickets' ages are in minutes).
   */
  serverOffset: number;
}

/** How long a new order stays flashed. */
export const FLASH_MS = 6000;
/** Events that come together (a rush, a refund with its cancel) make one reload. */
const COALESCE_MS = 100;
/**
 * A receipt or a text leaving (the relay, docs/decisions/0033-message-relay.md) is no order event,
 * so the board also reloads this often to show where each order's messages stand.
 */
export const MESSAGES_REFRESH_MS = 30_000;

/**
 * The board's orders: a query kept live by the server's event stream (GET /api/staff/orders/events,
 * signed in by the session cookie). Each event, and a reconnection, invalidates the query, so a
 * dropped connection never leaves the board wrong; TanStack Query cancels a reload a newer one
 * replaces, and its structural sharing keeps an unchanged order's object, so its memoised card does
 * not render again. `onArrival` hears each order that is new since the board's first load (the sound
 * and the announcement).
 */
export function useLiveOrders(caller: StaffCaller, onArrival: (orders: StaffOrder[]) => void): LiveOrders {
  const queryClient = useQueryClient();
  const { slug, credentials, client } = caller;
  const queryKey = queryKeys.staff.orders(slug, credentials.userId, client.locale);
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => listOrders(caller, signal),
    // The stream says when the list changed; the timer brings the messages' states.
    staleTime: Infinity,
    refetchInterval: MESSAGES_REFRESH_MS,
  });
  const [live, setLive] = useState(false);
  const fresh = useArrivals(query.data, onArrival);

  const keyText = JSON.stringify(queryKey);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const key = JSON.parse(keyText) as typeof queryKey;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const soon = () => {
      timer ??= setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
      }, COALESCE_MS);
    };
    const source = new EventSource(`/api/staff/orders/events?restaurant=${encodeURIComponent(slug)}`, { withCredentials: true });
    source.addEventListener('ready', () => {
      setLive(true);
      // Whatever happened before the stream was open: since the list was last read (a board opened
      // again from another staff screen shows the kept list, which the stream never heard change),
      // or while it reconnected.
      soon();
    });
    source.addEventListener('order', soon);
    source.addEventListener('error', () => setLive(false));
    return () => {
      source.close();
      if (timer) clearTimeout(timer);
    };
  }, [queryClient, slug, keyText]);

  const replace = useCallback(
    (order: StaffOrder) =>
      queryClient.setQueryData<StaffOrdersResponse>(JSON.parse(keyText) as typeof queryKey, (current) =>
        current ? { ...current, orders: current.orders.map((entry) => (entry.id === order.id ? order : entry)) } : current,
      ),
    [queryClient, keyText],
  );
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  // Read when an answer arrives (a move's `replace` keeps the answer's clock reading, so not its time).
  const serverNow = query.data?.now;
  const serverOffset = useMemo(() => (serverNow ? Math.round((Date.parse(serverNow) - Date.now()) / 5000) * 5000 : 0), [serverNow]);

  return { orders: query.data?.orders ?? null, error: query.error, live, fresh, reload, replace, serverOffset };
}

/** The orders that were not on the board before, flashed for FLASH_MS; none on the first load. */
function useArrivals(data: StaffOrdersResponse | undefined, onArrival: (orders: StaffOrder[]) => void): ReadonlySet<string> {
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const known = useRef<Set<string> | null>(null);
  const arrival = useRef(onArrival);
  useEffect(() => {
    arrival.current = onArrival;
  });
  useEffect(() => {
    if (!data) return;
    const seen = known.current;
    known.current = new Set([...(seen ?? []), ...data.orders.map((order) => order.id)]);
    const arrived = seen ? data.orders.filter((order) => !seen.has(order.id)) : [];
    if (arrived.length === 0) return;
    const ids = arrived.map((order) => order.id);
    setFresh((current) => new Set([...current, ...ids]));
    setTimeout(() => setFresh((current) => new Set([...current].filter((id) => !ids.includes(id)))), FLASH_MS);
    arrival.current(arrived);
  }, [data]);
  return fresh;
}
