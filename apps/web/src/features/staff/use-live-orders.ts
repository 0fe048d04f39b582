import type { StaffOrder, StaffOrderEvent, StaffOrdersResponse } from '@servery/contracts/staff';
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
  /**
   * Orders the server moved to a new time while the board was open (a suite order following its
   * event's moved times, decision 0130), for their flash and badge; cleared after FLASH_MS.
   */
  retimed: ReadonlySet<string>;
  reload: () => void;
  /** Puts a changed order in place at once (the answer of a move), before the stream's reload. */
  replace: (order: StaffOrder) => void;
  /**
   * How far the server's clock is ahead of this browser's, in ms, by its last answer (0 before one),
   * to 5 s: the same from one answer to the next, so the cards' memo holds (tickets' ages are in minutes).
   */
  serverOffset: number;
}

/** What the board tells its staff of: orders new since it opened, and orders given a new time. */
export interface BoardChanges {
  onArrival: (orders: StaffOrder[]) => void;
  onRetimed: (orders: StaffOrder[]) => void;
}

/** How long a new or moved order stays flashed. */
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
 * and the announcement); `onRetimed` each order the stream said was `rescheduled`, once the reload
 * shows its new time.
 */
export function useLiveOrders(caller: StaffCaller, changes: BoardChanges): LiveOrders {
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
  // The ids the stream said were given a new time, until a reload shows them (useChanges).
  const rescheduled = useRef(new Set<string>());
  const { fresh, retimed } = useChanges(query.data, rescheduled.current, changes);

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
    source.addEventListener('order', (message: MessageEvent<string>) => {
      const event = readEvent(message.data);
      if (event?.type === 'rescheduled') rescheduled.current.add(event.order_id);
      soon();
    });
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

  return { orders: query.data?.orders ?? null, error: query.error, live, fresh, retimed, reload, replace, serverOffset };
}

/**
 * What the board reads of an event's body (contracts/staff.ts `StaffOrderEvent`): its order and type, or
 * null when it has none (the board then only reloads). Read by hand: two fields need no schema.
 */
function readEvent(data: string): Pick<StaffOrderEvent, 'order_id' | 'type'> | null {
  try {
    const body = JSON.parse(data) as { order_id?: unknown; type?: unknown } | null;
    return typeof body?.order_id === 'string' && typeof body.type === 'string'
      ? { order_id: body.order_id, type: body.type as StaffOrderEvent['type'] }
      : null;
  } catch {
    return null;
  }
}

/** A set of ids flashed for FLASH_MS each, from when they are added. */
function useFlash(): [ReadonlySet<string>, (ids: string[]) => void] {
  const [flashed, setFlashed] = useState<ReadonlySet<string>>(new Set());
  const flash = useCallback((ids: string[]) => {
    setFlashed((current) => new Set([...current, ...ids]));
    setTimeout(() => setFlashed((current) => new Set([...current].filter((id) => !ids.includes(id)))), FLASH_MS);
  }, []);
  return [flashed, flash];
}

/**
 * What changed on the board since it opened: the orders that were not on it before (none on the
 * first load), and the orders in `rescheduled` whose time the answer shows changed (each told once: it
 * then leaves the set; one still at its old time, in an answer read before the move, waits for the next).
 */
function useChanges(
  data: StaffOrdersResponse | undefined,
  rescheduled: Set<string>,
  changes: BoardChanges,
): { fresh: ReadonlySet<string>; retimed: ReadonlySet<string> } {
  const [fresh, flashArrivals] = useFlash();
  const [retimed, flashRetimed] = useFlash();
  // Each order's time as the board last showed it; null before the first answer.
  const known = useRef<Map<string, string | null> | null>(null);
  const told = useRef(changes);
  useEffect(() => {
    told.current = changes;
  });
  useEffect(() => {
    if (!data) return;
    const seen = known.current;
    known.current = new Map([...(seen ?? []), ...data.orders.map((order) => [order.id, order.pickup_time] as const)]);
    if (!seen) {
      rescheduled.clear();
      return;
    }
    const arrived = data.orders.filter((order) => !seen.has(order.id));
    const moved = data.orders.filter(
      (order) => rescheduled.has(order.id) && seen.has(order.id) && seen.get(order.id) !== order.pickup_time,
    );
    const onBoard = new Set(data.orders.map((order) => order.id));
    for (const id of rescheduled) if (!onBoard.has(id) || moved.some((order) => order.id === id)) rescheduled.delete(id);
    if (arrived.length > 0) {
      flashArrivals(arrived.map((order) => order.id));
      told.current.onArrival(arrived);
    }
    if (moved.length > 0) {
      flashRetimed(moved.map((order) => order.id));
      told.current.onRetimed(moved);
    }
  }, [data, rescheduled, flashArrivals, flashRetimed]);
  return { fresh, retimed };
}
