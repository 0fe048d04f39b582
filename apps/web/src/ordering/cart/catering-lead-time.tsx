import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { combineMenuTimings, schedulingRestrictions, type MenuTimings, type SchedulingRestaurant } from '@servery/domain/scheduling';
import { skipToken, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchQueueTime } from '../../components/restaurant-shell/restaurant-api';
import { formatDateTime } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { useApiClient } from '../../lib/use-api-client';
import { useLocale } from '../../lib/use-locale';

/** "2 days 1 hour" / "2 jours 1 heure": a lead time in whole minutes, largest units first. */
function leadText(t: TFunction, total: number): string {
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const minutes = total % 60;
  const parts = [
    days > 0 ? t('cart.lead.days', { count: days }) : null,
    hours > 0 ? t('cart.lead.hours', { count: hours }) : null,
    minutes > 0 ? t('cart.lead.minutes', { count: minutes }) : null,
  ].filter((part): part is string => part !== null);
  return parts.join(' ');
}

/** The restaurant as the note reads it: its hours and pauses, and whether it keeps a kitchen queue (absent: none). */
export type LeadTimeRestaurant = SchedulingRestaurant & Partial<Pick<PublicRestaurant, 'id' | 'queue'>>;

/**
 * The kitchen queue's wait as the menu's banner reads it (the same query, so the menu's answer is
 * reused: features/menu/use-menu-data.ts `useQueueTime`); undefined when the restaurant keeps no queue.
 */
function useQueueMinutes(restaurant: LeadTimeRestaurant): number | undefined {
  const client = useApiClient();
  const id = restaurant.id;
  const keeps = id !== undefined && restaurant.queue?.enabled === true;
  const { data } = useQuery({
    queryKey: queryKeys.queueTime(id ?? 0),
    queryFn: keeps ? ({ signal }) => fetchQueueTime(client, id, signal) : skipToken,
  });
  return keeps && data?.enabled ? data.minutes : undefined;
}

/**
 * Catering: how far ahead the cart must be ordered (its menus' required notice and preparation,
 * combined as scheduling does: packages/domain/src/scheduling.ts rule 2) and the earliest time it
 * can be ready, said before checkout so nobody plans a lunch for tomorrow that cannot be made. The
 * earliest is the checkout's first time by the same rules (the restaurant's hours, holidays and slots:
 * `schedulingRestrictions`), not the notice added to now, which at night named a time the caterer
 * is closed. Slots already booked are the server's to know: the checkout may start a slot later, and the
 * note says so (a walk read the note's time as a promise when that slot was already full).
 * As soon as possible waits for the kitchen queue where the restaurant keeps one, as the server's
 * checkout does (decision 0131: its lead is the larger of notice plus preparation and the queue's wait).
 * Without any time in reach (closed for the weeks it looks at, paused) the note says the notice only.
 */
export function CateringLeadTime({ menus, now, restaurant }: { menus: readonly MenuTimings[]; now: Date; restaurant: LeadTimeRestaurant }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const queueMinutes = useQueueMinutes(restaurant);
  const timings = combineMenuTimings(menus);
  const lead = timings.requiredNotice + timings.prepTime;
  const earliest = useMemo(
    () => (lead > 0 ? earliestReady(restaurant, menus, now, queueMinutes) : null),
    [lead, restaurant, menus, now, queueMinutes],
  );
  if (lead <= 0) return null;
  return (
    <p className="cart-section cart-lead">
      {earliest === null
        ? t('cart.lead.noTime', { lead: leadText(t, lead) })
        : t('cart.lead.text', { lead: leadText(t, lead), earliest: formatDateTime(earliest, locale, restaurant.zone) })}
    </p>
  );
}

const NO_DATE_LIMITS = { takeoutDateRange: null, takeoutSpecificDates: null } as const;

function earliestReady(
  restaurant: SchedulingRestaurant,
  menus: readonly MenuTimings[],
  now: Date,
  queueMinutes: number | undefined,
): Date | null {
  const offered = schedulingRestrictions({ restaurant, menus, config: NO_DATE_LIMITS, booked: new Map(), queueMinutes }, now);
  const slot = offered.days[0]?.slots[0]?.start ?? null;
  const asap = offered.asap.available ? offered.asap.readyAt : null;
  if (asap === null || slot === null) return asap ?? slot;
  return asap.getTime() <= slot.getTime() ? asap : slot;
}
