import type { CartItem } from '@servery/contracts/cart';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useToasts } from '../../components/ui/toasts';
import { useTranslation } from 'react-i18next';
import { isAbortError, isApiError } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';
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
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!id || !enabled || !ready || started.current === id || loaded.done(id)) return;
    started.current = id;
    const controller = new AbortController();
    const apply = (items: CartItem[], tableNum: string | null) => {
      loaded.mark(id);
      setItems(items);
      const query = new URLSearchParams(search);
      if (tableNum && !query.get('tableNum')) {
        query.set('tableNum', tableNum);
        void navigate(`${pathname}?${query.toString()}`, { replace: true });
      }
    };
    client.request<AnotherRoundAnswer>(`/api/orders/another-round/${encodeURIComponent(id)}`, { signal: controller.signal }).then(
      (answer) => {
        apply(answer.items, answer.tableInfo.tableNum);
        toasts.show(t('cart.anotherRound.loaded'));
      },
      (error: unknown) => {
        if (isAbortError(error)) return;
        // Some lines could not be rebuilt: the others still make a round.
        if (isApiError(error) && Array.isArray(error.items) && error.items.length > 0) apply(error.items as CartItem[], null);
        toasts.show(`${t('cart.anotherRound.failed')} ${errorMessage(t, error)}`, 'error');
      },
    );
    return () => {
      controller.abort();
      if (started.current === id) started.current = null;
    };
  }, [id, enabled, ready, client, setItems, navigate, pathname, search, toasts, t]);
}
