import type { CartItem } from '@servery/contracts/cart';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useToasts } from '../../components/ui/toasts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
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

/**
 * "Another round" (`?anotherRoundId=` on a dine-in link): the lines of that order, rebuilt by the
 * server on today's menu at today's prices (GET /api/orders/another-round/{id}), become the cart,
 * and the order's table becomes the address's table. Lines that can no longer be made are left out
 * and the server's reason is shown. Done once per order in this tab, so a reload keeps the diner's edits.
 */
export function useAnotherRound(restaurantId: number, ordering: Ordering, cart: Pick<Cart, 'enabled' | 'ready' | 'setItems'>): void {
  const { t } = useTranslation();
  const toasts = useToasts();
  const client = useApiClient(restaurantId);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const id = ordering.config.anotherRoundId;
  const { enabled, ready, setItems } = cart;
  const applied = useRef<string | null>(null);

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
    if (answer) {
      applied.current = wanted;
      apply(wanted, answer.items, answer.tableInfo.tableNum);
      report(t('cart.anotherRound.loaded'));
    } else if (failure !== null) {
      applied.current = wanted;
      // Some lines could not be rebuilt: the others still make a round.
      if (isApiError(failure) && Array.isArray(failure.items) && failure.items.length > 0) apply(wanted, failure.items as CartItem[], null);
      report(`${t('cart.anotherRound.failed')} ${errorMessage(t, failure)}`, 'error');
    }
  }, [wanted, answer, failure, t]);
}
