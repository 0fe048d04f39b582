import type { StaffOrder } from '@servery/contracts/staff';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError } from '../../lib/api';
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
 * The board's orders, kept live by the server's event stream (GET /api/staff/orders/events, signed
 * in by the session cookie): each event reloads the list, and a reconnection reloads it too, so a
 * dropped connection never leaves the board wrong. `onArrival` hears each order that is new since
 * the board's first load (the sound and the announcement).
 */
export function useLiveOrders(caller: StaffCaller, onArrival: (orders: StaffOrder[]) => void): LiveOrders {
  const [orders, setOrders] = useState<StaffOrder[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [live, setLive] = useState(false);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const known = useRef<Set<string> | null>(null);
  const arrival = useRef(onArrival);
  useEffect(() => {
    arrival.current = onArrival;
  });
  const inFlight = useRef<AbortController | null>(null);

  const load = useCallback(() => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    listOrders(caller, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        const seen = known.current;
        const arrived = seen ? answer.orders.filter((order) => !seen.has(order.id)) : [];
        known.current = new Set([...(seen ?? []), ...answer.orders.map((order) => order.id)]);
        // An order that did not change keeps its object, so its memoised card does not render again.
        setOrders((previous) => {
          const before = new Map((previous ?? []).map((order) => [order.id, order]));
          return answer.orders.map((order) => {
            const old = before.get(order.id);
            return old && sameOrder(old, order) ? old : order;
          });
        });
        setError(null);
        if (arrived.length > 0) {
          const ids = arrived.map((order) => order.id);
          setFresh((current) => new Set([...current, ...ids]));
          setTimeout(() => setFresh((current) => new Set([...current].filter((id) => !ids.includes(id)))), FLASH_MS);
          arrival.current(arrived);
        }
      },
      (caught: unknown) => {
        if (!controller.signal.aborted && !isAbortError(caught)) setError(caught);
      },
    );
  }, [caller]);

  useEffect(() => {
    load();
    if (typeof EventSource === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const soon = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        load();
      }, COALESCE_MS);
    };
    const source = new EventSource(`/api/staff/orders/events?restaurant=${encodeURIComponent(caller.slug)}`, { withCredentials: true });
    let opened = false;
    source.addEventListener('ready', () => {
      setLive(true);
      // After a reconnection: whatever happened meanwhile.
      if (opened) soon();
      opened = true;
    });
    source.addEventListener('order', soon);
    source.addEventListener('error', () => setLive(false));
    const refresh = setInterval(soon, MESSAGES_REFRESH_MS);
    return () => {
      source.close();
      clearInterval(refresh);
      if (timer) clearTimeout(timer);
      inFlight.current?.abort();
    };
  }, [caller, load]);

  const replace = useCallback((order: StaffOrder) => {
    setOrders((current) => current?.map((entry) => (entry.id === order.id ? order : entry)) ?? current);
  }, []);

  return { orders, error, live, fresh, reload: load, replace };
}

/** What can change on a placed order: its status (and so its moves), the card's capture, the reason, its messages. */
function sameOrder(a: StaffOrder, b: StaffOrder): boolean {
  return (
    a.status === b.status &&
    a.payment_captured === b.payment_captured &&
    a.cancel_reason === b.cancel_reason &&
    a.payment.amount === b.payment.amount &&
    a.pickup_time === b.pickup_time &&
    a.messages.length === b.messages.length &&
    a.messages.every((message, index) => message.channel === b.messages[index]?.channel && message.status === b.messages[index]?.status)
  );
}
