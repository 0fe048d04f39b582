import type { PublicRestaurant } from '@servery/contracts/restaurant';
import type { OrderType } from '@servery/domain/order-type';
import { orderTypeOf, parseOrderingConfig, type OrderingConfig } from '@servery/domain/ordering-config';
import { useMemo } from 'react';
import { useLocation } from 'react-router';

export interface Ordering {
  /** false: the address says neither table, takeout, catering, K-12 nor another round (NO_FLAGS_PROVIDED). */
  ok: boolean;
  config: OrderingConfig;
  orderType: OrderType;
}

/** The ordering configuration of the address's query (spec ordering.md section 2) and the order type it gives (section 4). */
export function useOrdering(restaurant: Pick<PublicRestaurant, 'k12'>): Ordering {
  const { search } = useLocation();
  const { k12 } = restaurant;
  return useMemo(() => {
    const parsed = parseOrderingConfig(new URLSearchParams(search), { k12 });
    return { ok: parsed.ok, config: parsed.config, orderType: orderTypeOf(parsed.config, { k12 }) };
  }, [search, k12]);
}
