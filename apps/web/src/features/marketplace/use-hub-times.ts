import type { SchedulingResponse } from '@servery/contracts/orders';
import type { MenuGroupFile } from '@servery/contracts/tenant-file';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { queryKeys } from '../../lib/query-keys';
import { useLocale } from '../../lib/use-locale';
import { vendorOfMenus } from './vendor-groups';
import { vendorKey } from './vendor-state';

interface TimesAgainOptions<T extends { menu_id: number }> {
  restaurantId: number;
  /** The cart is split by vendor (use-hub-checkout.ts); otherwise nothing is asked. */
  active: boolean;
  items: T[];
  groups: readonly Pick<MenuGroupFile, 'vendor_id' | 'menus'>[];
  /** The checkout's first times are on screen. */
  timesShown: boolean;
  askTimes: (items: T[], signal?: AbortSignal) => Promise<SchedulingResponse>;
  /** Shows the times asked again. */
  show: (scheduling: SchedulingResponse) => void;
}

/**
 * Once a vendor's items come out (or go in), the times are asked again: a query keyed by the set of
 * vendors (not by a quantity), asked only after the checkout's first times are shown and once the set
 * differs from the one they were asked for. A newer set aborts the older read (TanStack's signal).
 */
export function useTimesAgain<T extends { menu_id: number }>({
  restaurantId,
  active,
  items,
  groups,
  timesShown,
  askTimes,
  show,
}: TimesAgainOptions<T>): void {
  const { locale } = useLocale();
  const vendorsInCart = useMemo(() => {
    if (!active) return '';
    const vendorOfMenu = vendorOfMenus(groups);
    return [...new Set(items.map((line) => vendorKey(vendorOfMenu.get(line.menu_id) ?? null)))].sort().join(',');
  }, [active, items, groups]);
  const [openedWith, setOpenedWith] = useState<string | null>(null);
  const [moved, setMoved] = useState(false);
  const asking = timesShown && active && items.length > 0;
  if (asking && openedWith === null) setOpenedWith(vendorsInCart);
  if (asking && openedWith !== null && !moved && vendorsInCart !== openedWith) setMoved(true);
  const again = useQuery({
    queryKey: queryKeys.hubTimes(restaurantId, locale, vendorsInCart),
    queryFn: asking && moved ? ({ signal }) => askTimes(items, signal) : skipToken,
    // Times are for the cart as it is now; a failed ask keeps the times shown.
    gcTime: 0,
    retry: false,
  });
  const showAnswer = useEffectEvent(show);
  const answer = asking && moved ? again.data : undefined;
  useEffect(() => {
    if (answer) showAnswer(answer);
  }, [answer]);
}
