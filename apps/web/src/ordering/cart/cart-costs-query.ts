/**
 * The cart's costs (useCart, use-cart.ts): a query keyed by what they depend on (the cart's content,
 * who prices it). A change moves to a new key, and TanStack cancels the stale request (its signal) as
 * the old key loses its last observer; the query waits the debounce on that signal first, so typing a
 * quantity sends one request. What an answer changes in the cart (a refused code, a stale cart) is done here.
 *
 * The query is on the menu's first load (the first render has no cart to price); what builds the
 * request and calls the server comes with the cart's engine after hydration (cart-costs.ts,
 * cart-engine.ts): until it is there the cart is empty and nothing is asked.
 */
import type { OrderType } from '@servery/domain/order-type';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import type { ApiClient } from '../../lib/api';
import { PRICING_QUERY } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { bearer, useSession } from '../../lib/session';
import type { CartItem, Costs, SetCostsBody, StaleCart } from './cart-api';
import type { CodeError, CodeField, CostsStatus } from './cart-costs';
import type * as CartEngine from './cart-engine';
import type { CartChoices } from './cart-state';

export interface CartCostsOptions {
  restaurantId: number;
  clientRef: RefObject<ApiClient>;
  enabled: boolean;
  ready: boolean;
  /** The cart's engine (cart-engine.ts), once fetched after hydration; null until then. */
  engine: typeof CartEngine | null;
  choices: CartChoices;
  orderType: OrderType;
  tableNum: string | null;
  setChoices: Dispatch<SetStateAction<CartChoices>>;
  replaceWithFresh: (stale: StaleCart, previous: CartItem[]) => boolean;
  setCodeError: (field: CodeField, error: CodeError | null) => void;
}

export function useCartCosts({
  restaurantId,
  clientRef,
  enabled,
  ready,
  engine,
  choices,
  orderType,
  tableNum,
  setChoices,
  replaceWithFresh,
  setCodeError,
}: CartCostsOptions): { costsState: { costs: Costs | null; status: CostsStatus; error: unknown }; refetchCosts: () => unknown } {
  // A signed-in diner's cart is priced as theirs: their credits are a tender and their subsidy code
  // counts (spec accounts-and-suites.md section 4, "on login, credits are applied to the cart"), the
  // same way POST /orders will price it. Signing in or out prices the cart again.
  const session = useSession();
  const credentials = session.status === 'authenticated' ? session.credentials : null;
  // The costs are a query keyed by what they depend on (the cart's content, who prices it): a change
  // moves to a new key, and TanStack cancels the stale request (its signal) as the old key loses its
  // last observer. The query function waits the debounce on that signal first, so typing a quantity
  // sends one request. The last costs stay shown while the next are asked (PRICING_QUERY, lib/query-client.ts).
  const { items, tip, discountCode, voucher, delivery, payWhatYouCan } = choices;
  const costsBody = useMemo<SetCostsBody | null>(
    () =>
      engine && enabled && ready && items.length > 0
        ? engine.costsBodyOf({ items, tip, discountCode, voucher, delivery, payWhatYouCan }, orderType, tableNum)
        : null,
    [engine, enabled, ready, items, tip, discountCode, voucher, delivery, payWhatYouCan, orderType, tableNum],
  );
  const costsQuery = useQuery({
    queryKey: queryKeys.cartCosts(restaurantId, credentials?.userId ?? null, costsBody),
    queryFn:
      costsBody && engine
        ? ({ signal }) => engine.priceCart(clientRef.current, costsBody, signal, credentials ? bearer(credentials) : undefined)
        : skipToken,
    ...PRICING_QUERY,
  });
  // The last costs the server gave, shown while a retry or an error replaces the answer.
  const [shownCosts, setShownCosts] = useState<Costs | null>(null);
  const answered = costsQuery.data;
  const answeredCosts = answered ? (answered.kind === 'priced' ? answered.result.costs : answered.stale.costs) : null;
  if (answeredCosts && answeredCosts !== shownCosts) setShownCosts(answeredCosts);

  // What an answer changes in the cart: a code the server could not apply is dropped, with its reason
  // (the costs come without it); a stale cart is replaced by the server's fresh lines.
  const settled = costsQuery.isPlaceholderData ? undefined : answered;
  useEffect(() => {
    if (!settled) return;
    if (settled.kind === 'stale') {
      replaceWithFresh(settled.stale, settled.items);
      return;
    }
    const dropped: Partial<CartChoices> = {};
    for (const rejected of settled.result.rejected) {
      if (rejected.field === 'discount') dropped.discountCode = null;
      else if (rejected.field === 'voucher') dropped.voucher = null;
      else if (rejected.field === 'subsidyDiscount') dropped.payWhatYouCan = null;
      else continue;
      setCodeError(rejected.field === 'subsidyDiscount' ? 'payWhatYouCan' : rejected.field, { name: rejected.error });
    }
    if (Object.keys(dropped).length > 0) setChoices((current) => ({ ...current, ...dropped }));
  }, [settled, replaceWithFresh, setCodeError, setChoices]);

  const costsState: { costs: Costs | null; status: CostsStatus; error: unknown } =
    costsBody === null
      ? { costs: null, status: 'idle', error: null }
      : costsQuery.isFetching
        ? { costs: shownCosts, status: 'busy', error: null }
        : costsQuery.isError
          ? { costs: shownCosts, status: 'error', error: costsQuery.error }
          : { costs: answeredCosts ?? shownCosts, status: 'idle', error: null };

  return { costsState, refetchCosts: costsQuery.refetch };
}
