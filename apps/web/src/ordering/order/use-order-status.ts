import type { OrderStatusEvent, OrderView } from '@servery/contracts/orders';
import { useEffect, useState } from 'react';

type Status = OrderView['status'];
const FINAL: ReadonlySet<Status> = new Set(['completed', 'cancelled', 'refunded']);

/** The order as its stream follows it: the status and how many partial refunds were given. */
export interface LiveOrderState {
  status: Status;
  refunds: number;
}

/**
 * The order's status and its count of partial refunds, live: server-sent events from GET /api/restaurants/:id/orders/:orderId/events
 * (apps/api/src/use-cases/orders/watch-order-status.ts), starting from the status the page already has.
 * The browser's EventSource reconnects by itself after a drop; the stream closes once the order is
 * done. Without EventSource (old browsers, tests), the status stays as loaded.
 */
export function useOrderStatus(restaurantId: number, orderId: string, token: string, initial: LiveOrderState): LiveOrderState {
  // What the stream said, and from which loaded state: an order read again (a cancellation, a refund) restarts from it.
  const [live, setLive] = useState<{ from: LiveOrderState; state: LiveOrderState } | null>(null);
  const { status, refunds } = initial;
  useEffect(() => {
    if (FINAL.has(status) || typeof EventSource === 'undefined') return;
    const from = { status, refunds };
    const source = new EventSource(
      `/api/restaurants/${restaurantId}/orders/${encodeURIComponent(orderId)}/events?token=${encodeURIComponent(token)}`,
    );
    source.addEventListener('status', (event) => {
      const data = JSON.parse((event as MessageEvent<string>).data) as OrderStatusEvent;
      setLive({ from, state: { status: data.status, refunds: data.refunds } });
      if (FINAL.has(data.status)) source.close();
    });
    return () => source.close();
  }, [restaurantId, orderId, token, status, refunds]);
  return live !== null && live.from.status === status && live.from.refunds === refunds ? live.state : initial;
}
