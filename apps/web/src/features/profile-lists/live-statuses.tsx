import type { DinerOrderStatusEvent } from '@servery/contracts/orders';
import { createContext, useContext, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentStatus, isInProgress, statusLabelKey, withStatus, type LiveStatuses as Statuses } from '../../lib/order-status';
import { useEventSource } from '../../lib/use-event-source';

/** An order a profile page shows: its loaded status, and the words that name it in an announcement. */
export interface FollowedOrder {
  id: string;
  status: string;
  /** "#12" (orderLabel), as the page names it. */
  label: string;
  restaurant: string;
  /** Its time as the page shows it: a suite order's moves with its event's, and the stream says so. */
  pickupTime: string | null;
}

/** Whether the stream's time for an order is not the one the page read (compared as instants). */
function timeMoved(order: FollowedOrder, sent: string | null | undefined): boolean {
  if (sent === undefined || sent === order.pickupTime) return false;
  return (sent === null ? null : Date.parse(sent)) !== (order.pickupTime === null ? null : Date.parse(order.pickupTime));
}

/** The diner's orders in progress, live (GET /api/auth/orders/events, use-cases/accounts/watch-diner-orders.ts). */
export const DINER_EVENTS_URL = '/api/auth/orders/events';

const LiveContext = createContext<Statuses>(new Map());

/**
 * The statuses of a profile page's orders, kept live on one stream for the whole page (not one per
 * order; signed in by the session cookie), opened only while one of them is still in progress and
 * closed once the server says none is. Each change is announced once, politely, in one region
 * ("Order #12 at Maple Bistro: Ready"), so a screen reader hears the order that moved and not the
 * whole list again. `onChange` hears each order that moved (the detail reads itself again).
 * `reload` reads the page's orders again: the server follows the orders in progress when its stream
 * starts, so an order that ended between the page's read and that start is not among them, and the
 * stream's `done` comes without its last move; what the page still shows in progress then is read anew.
 * It also reads them again when the stream says an order's time is not the one shown (a suite order
 * moved with its event, a 'rescheduled' event, or moved between the page's read and the stream's
 * start): the page shows the new time without a reload.
 */
export function LiveStatuses({
  orders,
  onChange,
  reload,
  children,
}: {
  orders: readonly FollowedOrder[];
  onChange?: (orderId: string) => void;
  reload: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [live, setLive] = useState<Statuses>(() => new Map());
  const [announcement, setAnnouncement] = useState('');
  // The statuses as of the last event, so two events in one tick compare with each other.
  const known = useRef(live);
  const following = orders.some((order) => isInProgress(currentStatus(live, order.id, order.status)));
  // The server follows the orders in progress when the stream starts (decision 0113): a list read
  // again with an order placed since (another tab, on coming back to this one) starts a new stream.
  const loadedInProgress = orders
    .filter((order) => isInProgress(order.status))
    .map((order) => order.id)
    .sort()
    .join(' ');
  useEventSource(
    following ? DINER_EVENTS_URL : null,
    {
      status: (data) => {
        const { orderId, status, pickup_time: pickupTime } = data as DinerOrderStatusEvent;
        const order = orders.find((shown) => shown.id === orderId);
        if (!order) return;
        // After the read the page shows the new time, so the next event of this order reads nothing.
        const moved = timeMoved(order, pickupTime);
        if (moved) reload();
        if (currentStatus(known.current, orderId, order.status) === status) {
          // A new time alone is said once too, in the same region (the page shows it after its read).
          if (moved) setAnnouncement(t('liveStatus.announceTime', { number: order.label, restaurant: order.restaurant }));
          return;
        }
        known.current = withStatus(known.current, orderId, status);
        setLive(known.current);
        setAnnouncement(t('liveStatus.announce', { number: order.label, restaurant: order.restaurant, status: t(statusLabelKey(status)) }));
        onChange?.(orderId);
      },
      done: (_data, close) => {
        close();
        // A new read that still shows an order in progress opens no new stream (the same `key`): no loop.
        if (orders.some((order) => isInProgress(currentStatus(known.current, order.id, order.status)))) reload();
      },
    },
    { withCredentials: true, key: loadedInProgress },
  );
  return (
    <LiveContext.Provider value={live}>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      {children}
    </LiveContext.Provider>
  );
}

/**
 * An order's status row (a term and its description, inside the order's facts): shown while the
 * order is in progress, and for one that ended cancelled or refunded, in the confirmation's words.
 */
export function LiveStatusFact({ orderId, loaded }: { orderId: string; loaded: string }) {
  const { t } = useTranslation();
  const status = currentStatus(useContext(LiveContext), orderId, loaded);
  if (!isInProgress(loaded) && status !== 'cancelled' && status !== 'refunded') return null;
  return (
    <>
      <dt>{t('scheduledOrders.status')}</dt>
      <dd className="profile-card__status" data-status={status}>
        {t(statusLabelKey(status))}
      </dd>
    </>
  );
}
