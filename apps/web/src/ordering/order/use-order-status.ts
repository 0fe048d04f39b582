import type { OrderStatusEvent, OrderView } from '@servery/contracts/orders';
import { useState } from 'react';
import { isFinalStatus } from '../../lib/order-status';
import { useEventSource } from '../../lib/use-event-source';

type Status = OrderView['status'];

/**
 * The order as its stream follows it: the status, how many partial refunds were given, and when it
 * is brought or ready (a suite order follows its event's moved times, decision 0130).
 */
export interface LiveOrderState {
  status: Status;
  refunds: number;
  pickup_time: string | null;
}

/**
 * The order's status, its count of partial refunds and its time, live: server-sent events from GET /api/restaurants/:id/orders/:orderId/events
 * (apps/api/src/use-cases/orders/watch-order-status.ts), starting from the status the page already has.
 * The stream (lib/use-event-source.ts) closes once the order is done. The profile's lists follow a
 * signed-in diner's orders the same way, on one stream for the page (features/profile-lists/live-statuses.tsx).
 */
export function useOrderStatus(restaurantId: number, orderId: string, token: string, initial: LiveOrderState): LiveOrderState {
  // What the stream said, and from which loaded state: an order read again (a cancellation, a refund) restarts from it.
  const [live, setLive] = useState<{ from: LiveOrderState; state: LiveOrderState } | null>(null);
  const { status, refunds, pickup_time } = initial;
  const url = isFinalStatus(status)
    ? null
    : `/api/restaurants/${restaurantId}/orders/${encodeURIComponent(orderId)}/events?token=${encodeURIComponent(token)}`;
  useEventSource(url, {
    status: (data, close) => {
      const event = data as OrderStatusEvent;
      setLive({
        from: { status, refunds, pickup_time },
        state: { status: event.status, refunds: event.refunds, pickup_time: event.pickup_time },
      });
      if (isFinalStatus(event.status)) close();
    },
  });
  const same = live !== null && live.from.status === status && live.from.refunds === refunds && live.from.pickup_time === pickup_time;
  return same ? live.state : initial;
}
