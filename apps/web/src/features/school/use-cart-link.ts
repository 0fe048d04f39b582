import { useEffect, useEffectEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isOpenCartState } from '../../components/restaurant-shell/restaurant-header';
import { showWeekCart } from './week-cart-section';

/**
 * The header's cart link comes to the school's address with { openCart: true }, as it does to a
 * restaurant's menu (features/menu/use-menu-panels.ts). A school's cart is the week's "Your lunch
 * orders" section, not a panel to open: the week is shown (leaving checkout or the confirmation,
 * `showWeek`), then the section is scrolled to and its heading focused. That waits until the week is
 * on screen with its days (`weekReady`): days loading above the section would push it out of view.
 */
export function useCartLink({ weekReady, showWeek }: { weekReady: boolean; showWeek: () => void }): void {
  const location = useLocation();
  const navigate = useNavigate();
  const [wanted, setWanted] = useState(false);
  const onRequest = useEffectEvent(() => {
    const query = new URLSearchParams(location.search);
    // The link keeps the address the parent had, checkout's step included: the cart is on the week.
    query.delete('step');
    const search = query.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true, state: null });
    showWeek();
    setWanted(true);
  });
  useEffect(() => {
    if (isOpenCartState(location.state)) onRequest();
  }, [location.state]);
  useEffect(() => {
    if (!wanted || !weekReady) return;
    setWanted(false);
    // No section where the school wants a sign-in first: the link then only brings the week back.
    showWeekCart();
  }, [wanted, weekReady]);
}
