import type { PublicRestaurant } from '@servery/contracts/restaurant';
import type { CartItem } from '@servery/domain/cart';
import { addToSchoolCart, dropClosedDates, moveToStudent, setSchoolLineQuantity, type SchoolCartKey } from '@servery/domain/school-cart';
import { DEFAULT_SCHOOL_ZONE, isOrderableDate, schoolCutoff } from '@servery/domain/school-days';
import { skipToken, useQuery } from '@tanstack/react-query';
import { PRICING_QUERY } from '../../lib/query-client';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { abortableDelay } from '../../lib/abortable-delay';
import { useNow } from '../../lib/clock';
import { queryKeys } from '../../lib/query-keys';
import { useSession } from '../../lib/session';
import { useApiClient } from '../../lib/use-api-client';
import { COSTS_DEBOUNCE_MS } from '../cart/cart-costs';
import { browserStorage, forgetDayCarts, readDayCarts, saveDayCarts } from './day-cart-storage';
import type { DayCosts, DayOrder, DayOrdering } from './day-ordering';

export type DayAddResult =
  | { ok: true; added: number; capped: boolean }
  | { ok: false; error: 'MAX_MEALS_PER_CART' | 'MAX_ITEMS_PER_CART' | 'INVALID_QUANTITY'; limit?: number };

export interface DayCarts {
  /** The saved cart has been read (after hydration). */
  ready: boolean;
  orders: DayOrder[];
  /** The diner (the school's child) new lines are for. */
  studentId: number | null;
  setStudentId: (id: number | null) => void;
  add: (key: SchoolCartKey, line: Omit<CartItem, 'orderId'>) => DayAddResult;
  setQuantity: (key: SchoolCartKey, lineOrderId: number, quantity: number) => void;
  moveTo: (key: SchoolCartKey, studentId: number) => ReturnType<typeof moveToStudent>;
  /** Dates just dropped because their cut-off passed while the cart was open (cleared by `dismissDropped`). */
  dropped: string[];
  dismissDropped: () => void;
  priced: DayCosts | null;
  pricing: 'idle' | 'busy' | 'error';
  pricingError: unknown;
  retryPricing: () => void;
  /** After the orders are placed: the cart and its saved copy go. */
  clear: () => void;
  /**
   * Ordering as a guest (the school lets guests order): the server prices the cart without an
   * account, and without a subsidy code, which counts for signed-in users only (pricing.md 2.3).
   */
  guest: boolean;
}

export interface DayCartsOptions {
  restaurant: PublicRestaurant;
  /** The vertical's pricing call, meal rule and what else the price depends on (day-ordering.ts). */
  plugin: Pick<DayOrdering, 'price' | 'priceKey' | 'isMeal'>;
  /**
   * False while the visitor may only read (a school that wants an account, before signing in): the
   * saved carts are neither read nor written, so a parent's carts wait for the parent to sign in
   * rather than being forgotten as another's.
   */
  enabled?: boolean;
}

/**
 * The day carts: one cart per (date, diner) (packages/domain/src/school-cart.ts), kept in the
 * browser, the dates whose cut-off passes while they are open dropped with a notice, and priced by
 * the server (the vertical's `price`: the school's POST set-k12-costs) whenever they change, or
 * what else the price depends on does (the parent's subsidy code).
 */
export function useDayCarts({ restaurant, plugin, enabled = true }: DayCartsOptions): DayCarts {
  const { price, priceKey, isMeal } = plugin;
  const now = useNow();
  const client = useApiClient(restaurant.id);
  const session = useSession();
  const credentials = session.status === 'authenticated' ? session.credentials : null;
  const userId = credentials?.userId ?? null;
  const sessionKnown = session.status === 'authenticated' || session.status === 'anonymous';
  const guest = session.status === 'anonymous' && restaurant.k12RequiresLogin === false;
  const [orders, setOrders] = useState<DayOrder[]>([]);
  const [studentId, setStudentId] = useState<number | null>(null);
  const [ready, setReady] = useState(false);
  const [dropped, setDropped] = useState<string[]>([]);
  const limits = useMemo(
    () => ({ maxItemsPerCart: restaurant.maxItemsPerCart, maxMealsPerCart: restaurant.maxMealsPerCart, isMeal }),
    [restaurant.maxItemsPerCart, restaurant.maxMealsPerCart, isMeal],
  );

  // Read the saved cart once the session is known (after hydration), again if another parent signs in.
  useEffect(() => {
    if (!sessionKnown) return;
    if (!enabled) {
      // Signed out on the page: the carts in hand are the parent's, never to be saved as a guest's.
      setReady(false);
      setOrders([]);
      return;
    }
    const saved = readDayCarts(browserStorage(), restaurant.slug, userId, Date.now());
    setOrders(saved?.orders ?? []);
    setStudentId(saved?.studentId ?? null);
    setReady(true);
  }, [sessionKnown, enabled, restaurant.slug, userId]);

  useEffect(() => {
    if (!ready) return;
    saveDayCarts(browserStorage(), restaurant.slug, { userId, savedAt: Date.now(), studentId, orders });
  }, [ready, restaurant.slug, userId, studentId, orders]);

  // The clock ticks: a date whose cut-off has passed leaves the cart, and the parent is told.
  const zone = restaurant.zone || DEFAULT_SCHOOL_ZONE;
  const cutoff = schoolCutoff(now, restaurant).getTime();
  useEffect(() => {
    if (!ready) return;
    const closed = orders.filter((order) => !isOrderableDate(order.date, new Date(cutoff), zone));
    if (closed.length === 0) return;
    const firstOpen = orders.map((order) => order.date).find((date) => isOrderableDate(date, new Date(cutoff), zone)) ?? '9999-12-31';
    const result = dropClosedDates(orders, firstOpen);
    setOrders(result.orders);
    setDropped((current) => [...new Set([...current, ...result.dropped])]);
  }, [ready, orders, cutoff, zone]);

  const ordersRef = useRef(orders);
  useEffect(() => {
    ordersRef.current = orders;
  });

  // Signed out (where the school wants an account), or a day still without its child, the cart shows
  // its own prices: the server prices a parent's children, or a guest's one child named at checkout.
  const priceable = ready && orders.length > 0 && (guest || (credentials !== null && orders.every((order) => order.studentId !== null)));
  // The pricing is a query keyed by what is priced (as the cart's costs, decision 0054): a change of
  // cart is a new key, TanStack aborts the old request, and the debounce waits on the same signal so a
  // burst of stepper clicks sends one request. The last prices stay shown meanwhile (PRICING_QUERY, lib/query-client.ts).
  // The vertical's priceKey is in the key: adding or deleting a school's subsidy code reprices every
  // date's cart (spec accounts-and-suites.md section 4).
  const pricingQuery = useQuery({
    queryKey: queryKeys.dayCosts(restaurant.id, userId, priceKey, guest, orders),
    queryFn: priceable
      ? async ({ signal }) => {
          await abortableDelay(COSTS_DEBOUNCE_MS, signal);
          return price(client, credentials, orders, signal);
        }
      : skipToken,
    ...PRICING_QUERY,
  });
  // The last prices the server gave, shown while a retry or an error replaces the answer.
  const [shownPriced, setShownPriced] = useState<DayCosts | null>(null);
  const answered = pricingQuery.data;
  if (answered && answered !== shownPriced) setShownPriced(answered);

  // Dates (for a child) the server would not price any more leave the cart, and the parent is told.
  const settled = pricingQuery.isPlaceholderData ? undefined : answered;
  useEffect(() => {
    if (!settled || settled.dropped.length === 0) return;
    const gone = new Set(settled.dropped.map((entry) => `${entry.date}:${entry.studentId}`));
    setOrders((current) => current.filter((order) => !gone.has(`${order.date}:${order.studentId}`)));
    setDropped((current) => [...new Set([...current, ...settled.dropped.map((entry) => entry.date)])]);
  }, [settled]);

  const pricingState: { priced: DayCosts | null; status: 'idle' | 'busy' | 'error'; error: unknown } = !priceable
    ? { priced: null, status: 'idle', error: null }
    : pricingQuery.isFetching
      ? { priced: shownPriced, status: 'busy', error: null }
      : pricingQuery.isError
        ? { priced: shownPriced, status: 'error', error: pricingQuery.error }
        : { priced: answered ?? shownPriced, status: 'idle', error: null };
  const { refetch } = pricingQuery;

  const add = useCallback(
    (key: SchoolCartKey, line: Omit<CartItem, 'orderId'>): DayAddResult => {
      const result = addToSchoolCart(ordersRef.current, key, line, limits);
      if (!result.ok)
        return 'limit' in result ? { ok: false, error: result.error, limit: result.limit } : { ok: false, error: result.error };
      const next = result.orders ?? ordersRef.current;
      ordersRef.current = next;
      setOrders(next);
      return { ok: true, added: result.added, capped: result.capped };
    },
    [limits],
  );

  const setQuantity = useCallback(
    (key: SchoolCartKey, lineOrderId: number, quantity: number) => {
      const next = setSchoolLineQuantity(ordersRef.current, key, lineOrderId, quantity, limits).orders;
      ordersRef.current = next;
      setOrders(next);
    },
    [limits],
  );

  const moveTo = useCallback(
    (key: SchoolCartKey, target: number) => {
      const result = moveToStudent(ordersRef.current, key, target, limits);
      if (result.ok) {
        ordersRef.current = result.orders;
        setOrders(result.orders);
      }
      return result;
    },
    [limits],
  );

  const clear = useCallback(() => {
    ordersRef.current = [];
    setOrders([]);
    setDropped([]);
    forgetDayCarts(browserStorage(), restaurant.slug);
  }, [restaurant.slug]);

  return {
    ready,
    orders,
    studentId,
    setStudentId,
    add,
    setQuantity,
    moveTo,
    dropped,
    dismissDropped: useCallback(() => setDropped([]), []),
    priced: orders.length === 0 ? null : pricingState.priced,
    pricing: pricingState.status,
    pricingError: pricingState.error,
    retryPricing: useCallback(() => void refetch(), [refetch]),
    clear,
    guest,
  };
}
