import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isOpenCartState } from '../../components/restaurant-shell/restaurant-header';

/**
 * The cart screen and checkout over the menu (menu-screen.tsx): which is open, what opened the cart
 * (focus goes back to it), a stale cart at checkout back to the cart, checkout's code fetched once the
 * cart screen is open, and the header's cart link, which comes here with { openCart: true }.
 */
export function useMenuPanels({ cartEnabled, preloadCheckout }: { cartEnabled: boolean; preloadCheckout: () => void }) {
  // The cart button that opened the cart screen (focus goes back to it); null while the screen is closed.
  const [cartOpener, setCartOpener] = useState<HTMLElement | null>(null);
  const lastCartOpener = useRef<HTMLElement | null>(null);
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  const cartOpen = cartOpener !== null;
  const closeCart = useCallback(() => setCartOpener(null), []);
  const openCart = useCallback((opener: HTMLElement | null) => {
    if (opener) lastCartOpener.current = opener;
    setCartOpener(opener);
  }, []);
  const toCheckout = useCallback(() => {
    setCartOpener(null);
    setCheckoutOpen(true);
  }, []);
  const closeCheckout = useCallback(() => setCheckoutOpen(false), []);
  // Stale cart at checkout: back to the cart, whose notice says what changed.
  const backToCart = useCallback(() => {
    setCheckoutOpen(false);
    const opener = lastCartOpener.current;
    setCartOpener(opener?.isConnected ? opener : document.querySelector<HTMLElement>('main'));
  }, []);
  // Checkout's chunk (and a suite order's parts of it) once the cart screen is open.
  const preload = useEffectEvent(preloadCheckout);
  useEffect(() => {
    if (cartOpen) preload();
  }, [cartOpen]);

  // The header's cart link comes here with { openCart: true }: open the cart, focus back to that link.
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!isOpenCartState(location.state)) return;
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
    if (cartEnabled)
      openCart(document.querySelector<HTMLElement>('.restaurant-header__cart') ?? document.querySelector<HTMLElement>('main'));
  }, [location.state, location.pathname, location.search, navigate, cartEnabled, openCart]);

  return { cartOpener, cartOpen, checkoutOpen, openCart, closeCart, toCheckout, closeCheckout, backToCart };
}
