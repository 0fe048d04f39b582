import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Ordering } from '../../components/restaurant-shell/use-ordering';
import { loadCartEngine, type CartEngine } from '../cart/cart-saved';
import type { Cart } from '../cart/use-cart';

export interface AnotherRoundProps {
  restaurantId: number;
  ordering: Ordering;
  cart: Pick<Cart, 'enabled' | 'ready' | 'setItems'>;
}

/**
 * "Another round" and "order this again" on the menu (`?anotherRoundId=`, use-another-round.ts): the
 * earlier order's lines become the cart once it is ready, and what could not go in is named until
 * dismissed. Nothing of it is server-rendered or in the first render (the cart is empty until the saved
 * cart is read after hydration), so its code comes with the cart's engine (cart-engine.ts, fetched
 * after hydration) and is not on the menu's first load (docs/decisions/0096-menu-first-load-lazy-parts.md,
 * amended 2026-12-01). Until the engine is in, nothing is shown, as before the cart was ready.
 */
export function AnotherRound({ restaurantId, ordering, cart }: AnotherRoundProps) {
  const { t } = useTranslation();
  const id = ordering.config.anotherRoundId;
  const wanted = id !== null && id !== undefined && id !== '';
  const [part, setPart] = useState<{ Part: CartEngine['AnotherRoundPart'] } | 'failed' | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let cancelled = false;
    loadCartEngine().then(
      (engine) => {
        if (!cancelled) setPart({ Part: engine.AnotherRoundPart });
      },
      () => {
        if (!cancelled) setPart('failed');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [wanted]);
  if (!wanted || part === null) return null;
  // The engine could not be fetched (offline): said as the round's own failure would be.
  if (part === 'failed')
    return (
      <p role="alert" className="notice notice--warning">
        {t('cart.anotherRound.failed')}
      </p>
    );
  return <part.Part restaurantId={restaurantId} ordering={ordering} cart={cart} />;
}
