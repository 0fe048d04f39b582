import type { CartItem } from '@servery/contracts/cart';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useToasts } from '../../components/ui/toasts';
import { useTranslation } from 'react-i18next';
import { isApiError, type InvalidItem } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';
import { queryKeys } from '../../lib/query-keys';
import { useApiClient } from '../../lib/use-api-client';
import type { Cart } from '../cart/use-cart';
import type { Ordering } from '../../components/restaurant-shell/use-ordering';
import { oncePerTab } from '../../lib/once-per-tab';

interface AnotherRoundAnswer {
  items: CartItem[];
  tableInfo: { tableNum: string | null };
}

// A reload in private mode loads the round again, which only puts the same lines back.
const loaded = oncePerTab('servery.anotherRound.');

/** Why a line of the earlier order is not in the new cart, as the cart's own notice words it (cart.notice.*). */
export type LeftOutReason = 'sold_out' | 'unavailable' | 'invalid' | 'gone';
export interface LeftOutLine {
  orderId: number;
  /** The item in both languages; null: no menu lists it any more. */
  name: InvalidItem['name'] | null;
  reason: LeftOutReason;
}
/** The lines of the earlier order left out of the new cart, until the diner dismisses the list. */
export interface AnotherRound {
  leftOut: readonly LeftOutLine[];
  dismiss: () => void;
}

const REASONS: Record<string, LeftOutReason> = {
  ITEM_SOLD_OUT: 'sold_out',
  ITEM_UNAVAILABLE: 'unavailable',
  OPTION_NOT_FOUND: 'invalid',
  SUB_OPTION_GROUP_NOT_FOUND: 'invalid',
};

/** The server's invalid_items (GET /api/orders/another-round/:id names each one) as the lines to tell the diner about. */
export function leftOutLines(invalid: readonly InvalidItem[]): LeftOutLine[] {
  return invalid.map((line) => ({
    orderId: line.orderId,
    name: line.name ?? null,
    reason: line.name ? (REASONS[line.error] ?? 'unavailable') : 'gone',
  }));
}

/**
 * "Another round" (`?anotherRoundId=` on a dine-in link) and "order this again" (the same with a
 * takeout or catering menu's flags, domain/reorder.ts): the lines of that order, rebuilt by the
 * server on today's menu at today's prices (GET /api/orders/another-round/{id}), become the cart,
 * and a table's order gives the address its table. Lines that can no longer be made are left out
 * and named (`leftOut`, shown by AnotherRoundLeftOut until dismissed). Done once per order in this
 * tab, so a reload keeps the diner's edits.
 */
export function useAnotherRound(
  restaurantId: number,
  ordering: Ordering,
  cart: Pick<Cart, 'enabled' | 'ready' | 'setItems'>,
): AnotherRound {
  const { t } = useTranslation();
  const toasts = useToasts();
  const client = useApiClient(restaurantId);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const id = ordering.config.anotherRoundId;
  const atTable = ordering.orderType === 'dine_in';
  const { enabled, ready, setItems } = cart;
  const applied = useRef<string | null>(null);
  const [leftOut, setLeftOut] = useState<readonly LeftOutLine[]>([]);
  const dismiss = useCallback(() => setLeftOut([]), []);

  // The round is a query keyed by its id, asked once the cart is ready and not yet loaded in this tab;
  // leaving the page aborts it (TanStack's signal). Its answer is applied once, below.
  const wanted = id !== null && id !== undefined && id !== '' && enabled && ready && !loaded.done(id) ? id : null;
  const round = useQuery({
    queryKey: queryKeys.anotherRound(restaurantId, id ?? ''),
    queryFn:
      wanted !== null
        ? ({ signal }) => client.request<AnotherRoundAnswer>(`/api/orders/another-round/${encodeURIComponent(wanted)}`, { signal })
        : skipToken,
    // The lines are rebuilt at today's prices for this one load: nothing to keep.
    gcTime: 0,
  });

  const apply = useEffectEvent((roundId: string, items: CartItem[], tableNum: string | null) => {
    loaded.mark(roundId);
    setItems(items);
    const query = new URLSearchParams(search);
    if (tableNum && !query.get('tableNum')) {
      query.set('tableNum', tableNum);
      void navigate(`${pathname}?${query.toString()}`, { replace: true });
    }
  });
  const report = useEffectEvent((text: string, kind?: 'error') => toasts.show(text, kind));
  const answer = wanted !== null ? round.data : undefined;
  const failure = wanted !== null && round.isError ? round.error : null;
  useEffect(() => {
    if (wanted === null || applied.current === wanted) return;
    const loadedText = t(atTable ? 'cart.anotherRound.loaded' : 'cart.anotherRound.loadedAgain');
    if (answer) {
      applied.current = wanted;
      apply(wanted, answer.items, answer.tableInfo.tableNum);
      report(loadedText);
    } else if (failure !== null) {
      applied.current = wanted;
      const named = isApiError(failure) && failure.invalidItems && failure.invalidItems.length > 0 ? failure.invalidItems : null;
      // Some lines could not be rebuilt: the others still make a round, and the diner is told which are missing.
      const kept = isApiError(failure) && Array.isArray(failure.items) ? (failure.items as CartItem[]) : [];
      if (kept.length > 0) apply(wanted, kept, null);
      if (named) {
        loaded.mark(wanted);
        setLeftOut(leftOutLines(named));
        if (kept.length > 0) report(loadedText);
      } else report(`${t('cart.anotherRound.failed')} ${errorMessage(t, failure)}`, 'error');
    }
  }, [wanted, answer, failure, t, atTable]);
  return { leftOut, dismiss };
}
