import { useEffect, useRef } from 'react';
import { useToasts } from '../../components/ui/toasts';
import { useTranslation } from 'react-i18next';
import type { Cart, EventSuiteView } from '../../ordering';
import { oncePerTab } from '../../lib/once-per-tab';

// A reload in private mode puts the pre-order's lines back into an empty cart, which is what it holds.
const loaded = oncePerTab('servery.preOrderInCart.');

/**
 * Changing a pre-order starts from it: when its owner opens the suite's menu, the current pre-order's
 * lines (POST /catering/events/auth-get-event-info, `preOrderItems`) become the cart, which the
 * server prices again. Once per pre-order in this tab, and only into an empty cart: lines the owner
 * has already put in the suite's cart (kept per event suite, cart-storage.ts) stay as they are.
 * The delivery preference, time and notes come back at checkout (suite-checkout.tsx).
 */
export function usePreOrderInCart(suite: EventSuiteView | null, cart: Pick<Cart, 'enabled' | 'ready' | 'count' | 'setItems'>): void {
  const { t } = useTranslation();
  const { show } = useToasts();
  // A locked pre-order cannot change (the server refuses): nothing to start from.
  const preOrder = suite?.owner?.eventSuite.state === 'modifiable' ? suite.owner.eventSuite.preOrder : null;
  const items = suite?.owner?.preOrderItems;
  const { enabled, ready, count, setItems } = cart;
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!preOrder || !items || items.length === 0 || !enabled || !ready || done.current === preOrder.id) return;
    done.current = preOrder.id;
    if (loaded.done(preOrder.id)) return;
    loaded.mark(preOrder.id);
    if (count > 0) return;
    setItems(items);
    show(t('cart.preOrderLoaded', { number: preOrder.number }));
  }, [preOrder, items, enabled, ready, count, setItems, show, t]);
}
