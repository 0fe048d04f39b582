/**
 * /{restaurant_slug}/order-confirmation: the order just placed in this tab, read again from the
 * server with its access token (GET /api/orders/:id?token=), so a reload keeps the confirmation.
 * The receipt e-mail's "See your order's status" link opens it in any window: the address then names
 * the order and its token (`?order=…&token=…`), which win over what this tab placed. So it is titled by
 * where the order stands now (order-headline.ts), not always "Order confirmed".
 */
import type { OrderLine, OrderView } from '@servery/contracts/orders';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import type { OrderSuitePlace } from '@servery/contracts/suites';
import { useEffect, useRef, useState } from 'react';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { queryKeys } from '../../lib/query-keys';
import { useApiClient } from '../../lib/use-api-client';
import { getOrder } from './order-api';
import { isServedByDay, OrderCosts, OrderFacts, OrderLines } from './order-facts';
import { ReorderLink } from './reorder-link';
import { ReceiptPdfLink } from './receipt-pdf-link';
import { CancelReason, GuestCancel } from './guest-cancel';
import { OrderRefunds } from './order-refunds';
import { useHubParts } from '../plugins';
import { useOrderStatus } from './use-order-status';
import { readPlacedOrder, type PlacedOrderRef } from '../checkout/checkout-storage';
import { notificationHandOver } from './notification-hand-over';
import { RestaurantFrame } from '../../components/restaurant-shell/restaurant-frame';
import { useAdoptServerTime } from '../../lib/clock';
import { isFinalStatus } from '../../lib/order-status';
import { useOrderHeadline } from './order-headline-text';
import '../checkout/checkout.css';

export function CheckoutConfirmationScreen() {
  return <RestaurantFrame>{(restaurant) => <Confirmation restaurant={restaurant} />}</RestaurantFrame>;
}

type State =
  | { status: 'loading' }
  | { status: 'none' }
  | { status: 'error'; error: unknown; ref: PlacedOrderRef }
  | {
      status: 'ready';
      order: OrderView;
      lines: OrderLine[];
      cancellable: boolean;
      ref: PlacedOrderRef;
      split: OrderView[] | null;
      suitePlace: OrderSuitePlace | null;
    };

function Confirmation({ restaurant }: { restaurant: PublicRestaurant }) {
  const { t } = useTranslation();
  const client = useApiClient(restaurant.id);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The order the address names (the receipt's link, in any window), else the order this tab placed
  // (session storage): read after hydration, as the server render has no session storage.
  const [searchParams] = useSearchParams();
  const linkedId = searchParams.get('order');
  const linkedToken = searchParams.get('token');
  const [ref, setRef] = useState<PlacedOrderRef | null | undefined>(undefined);
  useEffect(() => {
    setRef(linkedOrder(restaurant.slug, linkedId, linkedToken) ?? readPlacedOrder(restaurant.slug));
  }, [restaurant.slug, linkedId, linkedToken]);

  // A marketplace hub's checkout: every vendor order it became, each read with its own token.
  const refs = ref ? (ref.split?.orders ?? [{ orderId: ref.orderId, token: ref.token }]) : null;
  // Each answer says the server's time: the headline's "today" goes by it (a browser's clock may be a day off).
  const adoptServerTime = useAdoptServerTime();
  const orders = useQuery({
    queryKey: queryKeys.placedOrders(restaurant.id, refs?.map((one) => one.orderId) ?? []),
    queryFn: refs
      ? ({ signal }) =>
          Promise.all(refs.map((one) => getOrder(client, one.orderId, one.token, signal))).then((answers) => {
            if (answers[0]?.now) adoptServerTime(answers[0].now);
            return answers;
          })
      : skipToken,
  });
  const first = orders.data?.[0];
  let state: State;
  if (ref === null) state = { status: 'none' };
  else if (ref === undefined) state = { status: 'loading' };
  else if (orders.isError) state = { status: 'error', error: orders.error, ref };
  else if (orders.data && first)
    state = {
      status: 'ready',
      order: first.order,
      lines: first.lines,
      cancellable: first.guestCancellable === true,
      ref,
      split: ref.split ? orders.data.map((answer) => answer.order) : null,
      suitePlace: first.suitePlace ?? null,
    };
  else state = { status: 'loading' };
  const retry = orders.refetch;
  // The guest's own cancellation says what goes back to the card itself (guest-cancel.tsx): the headline does not repeat it.
  const [cancelledHere, setCancelledHere] = useState(false);
  const headline = useOrderHeadline(
    state.status === 'ready' ? (state.split ?? [state.order]) : null,
    restaurant.zone,
    state.status === 'ready' && !state.split && !cancelledHere,
  );

  useEffect(() => {
    if (state.status === 'ready') headingRef.current?.focus();
  }, [state.status]);

  const menuPath = state.status === 'ready' || state.status === 'error' ? state.ref.menuPath : `/${restaurant.slug}`;
  return (
    <section className="checkout-page" aria-labelledby="checkout-confirmation-title">
      <h2 id="checkout-confirmation-title" ref={headingRef} tabIndex={-1} className="checkout-page__title">
        {state.status === 'none'
          ? t('checkout.confirmation.noneTitle')
          : (headline?.title ?? t('checkout.confirmation.headline.title.other'))}
      </h2>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'none' && <p>{t('checkout.confirmation.none')}</p>}
      {state.status === 'error' && (
        <div role="alert" className="inline-error">
          <p>
            {t('checkout.confirmation.loadError')} {errorMessage(t, state.error)}
          </p>
          <button type="button" className="button" onClick={() => void retry()}>
            {t('checkout.retry')}
          </button>
        </div>
      )}
      {state.status === 'ready' && (
        <div className="checkout-confirmation">
          {/* The order's status is live (LiveOrderFacts): a new one reads the order again, and the new first line is announced here. */}
          <div role="status">
            <p className="checkout-confirmation__lead">{headline?.lead}</p>
            {headline?.money && <p className="checkout-confirmation__lead">{headline.money}</p>}
            {state.split ? (
              <SplitOrders restaurant={restaurant} orders={state.split} placed={state.ref} />
            ) : (
              <LiveOrderFacts restaurant={restaurant} order={state.order} token={state.ref.token} suitePlace={state.suitePlace} />
            )}
          </div>
          {!state.split && <CancelReason order={state.order} />}
          {!state.split && <OrderRefunds order={state.order} />}
          {!state.split && (
            <GuestCancel
              restaurantId={restaurant.id}
              order={state.order}
              token={state.ref.token}
              cancellable={state.cancellable}
              onCancelled={() => setCancelledHere(true)}
            />
          )}
          <div className="button-row">
            {/* Brought on its day (a school's lunches): no one waits for it to be ready; nor for an order already done. */}
            {state.order.number !== null && !isServedByDay(state.order) && !isFinalStatus(state.order.status) && (
              <Link
                className="button"
                to={`/${restaurant.slug}/order-notification?order=${state.order.number}`}
                state={notificationHandOver(state.order, state.ref)}
              >
                {t('checkout.confirmation.notify')}
              </Link>
            )}
            {!state.split && <ReorderLink restaurant={restaurant} order={state.order} />}
            {!state.split && <ReceiptPdfLink restaurantId={restaurant.id} orderId={state.order.id} token={state.ref.token} />}
          </div>
          {/* A hub's vendor orders list their own lines above; one order shows its lines and costs here. */}
          {!state.split && <OrderLines lines={state.lines} />}
          {!state.split && <OrderCosts costs={state.order.costs} splitTaxes={restaurant.showSplitTaxes} />}
        </div>
      )}
      <p>
        <Link className="button button--primary" to={menuPath}>
          {t('checkout.confirmation.done')}
        </Link>
      </p>
    </section>
  );
}

/**
 * The order a link names with its token (the receipt's "See your order's status"); null when the
 * address names none. This tab's own placement of the same order keeps where "Back to the menu" goes.
 */
function linkedOrder(slug: string, orderId: string | null, token: string | null): PlacedOrderRef | null {
  if (!orderId || !token || !/^[\w-]{1,100}$/.test(orderId) || !/^[\w-]{1,200}$/.test(token)) return null;
  const placed = readPlacedOrder(slug);
  if (placed && placed.orderId === orderId && placed.token === token) return placed;
  return { orderId, token, menuPath: `/${slug}` };
}

/** A hub's checkout: each vendor's order and the one payment, as the hub's plug-in shows them (features/marketplace). */
function SplitOrders({ restaurant, orders, placed }: { restaurant: PublicRestaurant; orders: OrderView[]; placed: PlacedOrderRef }) {
  const { parts: hub, pending } = useHubParts(restaurant);
  if (pending) return <Spinner />;
  const facts = orders.map((order, index) => (
    <LiveOrderFacts
      key={order.id}
      restaurant={restaurant}
      order={order}
      token={placed.split?.orders[index]?.token ?? ''}
      inSplit={Boolean(hub)}
    />
  ));
  if (!hub) return <>{facts}</>;
  return (
    <hub.Split count={orders.length} paid={placed.split?.paid ?? 0}>
      {orders.map((order, index) => (
        <hub.VendorOrder key={order.id} order={order}>
          {facts[index]}
        </hub.VendorOrder>
      ))}
    </hub.Split>
  );
}

/**
 * The facts with the status kept live (inside the confirmation's status region, so a change is
 * announced). A status the page did not load it with is read again in full: a cancellation's reason
 * and whether the guest may still cancel come only with the order.
 */
function LiveOrderFacts({
  restaurant,
  order,
  token,
  suitePlace = null,
  inSplit = false,
}: {
  restaurant: PublicRestaurant;
  order: OrderView;
  token: string;
  suitePlace?: OrderSuitePlace | null;
  /** Under the hub's vendor heading (SplitOrders): the heading names the vendor. */
  inSplit?: boolean;
}) {
  const loadedRefunds = order.refunds?.length ?? 0;
  const loaded = { status: order.status, refunds: loadedRefunds, pickup_time: order.pickup_time };
  const { status, refunds, pickup_time } = useOrderStatus(restaurant.id, order.id, token, loaded);
  const queryClient = useQueryClient();
  // A new status, a new partial refund or a new time (a suite order whose event moved): the order is
  // read again, so its facts and refunds show at once.
  useEffect(() => {
    if (status !== order.status || refunds !== loadedRefunds || pickup_time !== order.pickup_time)
      void queryClient.invalidateQueries({ queryKey: queryKeys.placedOrdersAt(restaurant.id) });
  }, [status, order.status, refunds, loadedRefunds, pickup_time, order.pickup_time, queryClient, restaurant.id]);
  return (
    <OrderFacts
      order={{ ...order, status }}
      // Ahead of the order as read (a cancel heard before it is read again): where its money went is not known yet.
      moneyKnown={status === order.status}
      zone={restaurant.zone}
      suitePlace={suitePlace}
      concourse={restaurant.concourse}
      inSplit={inSplit}
    />
  );
}
