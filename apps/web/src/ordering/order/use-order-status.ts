import type { OrderStatusEvent, OrderView } from '@servery/contracts/orders';
import { useEffect, useState } from 'react';

type Status = OrderView['status'];
const FINAL: ReadonlySet<Status> = new Set(['completed', 'cancelled', 'refunded']);

/**
 * The order's status, live: server-sent events from GET /api/restaurants/:id/orders/:orderId/events
 * (apps/api/src/use-cases/orders/watch-order-status.ts), starting from the status the page already has.
 * The browser's EventSource reconnects by itself after a drop; the stream closes once the order is
 * done. Without EventSource (old browsers, tests), the status stays as loaded.
 */
export function useOrderStatus(restaurantId: number, orderId: string, token: string, initial: Status): Status {
  // What the stream said, and from which loaded status: an order read again (a cancellation) restarts from its new status.
  const [live, setLive] = useState<{ from: Status; status: Status } | null>(null);
  useEffect(() => {
    if (FINAL.has(initial) || typeof EventSource === 'undefined') return;
    const source = new EventSource(
      `/api/restaurants/${restaurantId}/orders/${encodeURIComponent(orderId)}/events?token=${encodeURIComponent(token)}`,
    );
    source.addEventListener('status', (event) => {
      const data = JSON.parse((event as MessageEvent<string>).data) as OrderStatusEvent;
      setLive({ from: initial, status: data.status });
      if (FINAL.has(data.status)) source.close();
    });
    return () => source.close();
  }, [restaurantId, orderId, token, initial]);
  return live !== null && live.from === initial ? live.status : initial;
}
