import type { MenusResponse, PublicRestaurant } from '@servery/contracts/restaurant';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequireEventDaySession } from '../../components/require-session';
import { RestaurantFrame } from '../../components/restaurant-shell/restaurant-frame';
import { useOrdering } from '../../components/restaurant-shell/use-ordering';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/error-message';
import { useOrderingPlugins, type ItemChoice, type ItemChoiceResult } from '../../ordering';
import { MenuBody } from './menu-body';
import { Membership, readMemberCookie } from './membership';
import { OrderingChoice } from './ordering-choice';
import { useAnnouncements, useMenus, useQueueTime } from './use-menu-data';

/** The menus (or the suite's event) could not be loaded: the reason and a retry. */
function MenusError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="inline-error">
      <p>
        {t('restaurant.menusError')} {errorMessage(t, error)}
      </p>
      <button type="button" className="button" onClick={onRetry}>
        {t('restaurant.retry')}
      </button>
    </div>
  );
}

export interface MenuScreenProps {
  /**
   * Receives the diner's valid choice from the item dialog instead of the cart (an embedding screen,
   * or a test of the dialog alone). Without it, choices go to the restaurant's cart.
   */
  onSelect?: (choice: ItemChoice) => void | Promise<ItemChoiceResult>;
}

/** /{restaurant_slug}: the restaurant's menu for the order type the address gives. */
export function MenuScreen({ onSelect }: MenuScreenProps = {}) {
  return <RestaurantFrame>{(restaurant) => <RestaurantMenu restaurant={restaurant} onSelect={onSelect} />}</RestaurantFrame>;
}

/**
 * The menu of a restaurant already loaded (the app's restaurant screen picks it for any restaurant
 * that is not K-12). On a server-rendered page it is a Suspense boundary: React hydrates it after the
 * page's frame (header, brand), its own boundaries (featured strip, list, each section) after it, and
 * first whichever the diner touches (docs/decisions/0053-react.md).
 */
export function RestaurantMenu({ restaurant, onSelect }: { restaurant: PublicRestaurant; onSelect?: MenuScreenProps['onSelect'] }) {
  return (
    <Suspense fallback={null}>
      <RequireEventDaySession>
        <OrderingMenu restaurant={restaurant} onSelect={onSelect} />
      </RequireEventDaySession>
    </Suspense>
  );
}

function OrderingMenu({ restaurant, onSelect }: { restaurant: PublicRestaurant; onSelect?: MenuScreenProps['onSelect'] }) {
  const ordering = useOrdering(restaurant);
  const plugins = useOrderingPlugins();
  // A suite order (`?eventSuite=`): the event's menus only, and for its owner the pre-order to change.
  const eventSuite = ordering.ok ? ordering.config.eventSuite : null;
  const suite = plugins.suite.useEventSuite(restaurant.id, eventSuite, !ordering.config.eventDayOrdering);
  // The member the `{slug}-member` cookie names (read once hydrated); each change by the form asks
  // the server for the menus again (`version`), which then includes or drops the member-only menus.
  const [member, setMember] = useState<{ id: string | null; version: number }>({ id: null, version: 0 });
  useEffect(
    () => setMember((current) => (current.version === 0 ? { id: readMemberCookie(restaurant.slug), version: 0 } : current)),
    [restaurant.slug],
  );
  const changeMember = useCallback((id: string | null) => setMember((current) => ({ id, version: current.version + 1 })), []);
  const orderType = ordering.ok ? ordering.orderType : null;
  const menus = useMenus(restaurant, orderType, member.version);
  const announcements = useAnnouncements(restaurant);
  const queue = useQueueTime(restaurant);
  // While the menus are asked again for a new member, the page keeps the ones it shows (and its cart).
  const shown = useRef<{ orderType: string | null; data: MenusResponse } | null>(null);
  if (menus.isSuccess) shown.current = { orderType, data: menus.data };
  const previous = menus.isLoading && shown.current?.orderType === orderType ? shown.current.data : null;
  const membership = <Membership restaurant={restaurant} member={member.id} onChange={changeMember} />;

  if (!ordering.ok) return <OrderingChoice restaurant={restaurant} />;
  if (eventSuite !== null && !suite.isSuccess)
    return suite.isError ? <MenusError error={suite.error} onRetry={() => void suite.refetch()} /> : <Spinner />;
  const groups = previous?.menu_groups ?? (menus.isSuccess ? menus.data.menu_groups : null);
  if (groups === null) return menus.isError ? <MenusError error={menus.error} onRetry={() => void menus.refetch()} /> : <Spinner />;
  return (
    <MenuBody
      restaurant={restaurant}
      groups={groups}
      ordering={ordering}
      notices={{ announcements, queue }}
      membership={membership}
      suite={suite.isSuccess ? suite.data : null}
      onSelect={onSelect}
    />
  );
}
