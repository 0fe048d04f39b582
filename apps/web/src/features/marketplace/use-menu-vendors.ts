import type { PublicRestaurant } from '@servery/contracts/restaurant';
import type { MenuGroupFile } from '@servery/contracts/tenant-file';
import type { OrderType } from '@servery/domain/order-type';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../lib/clock';
import type { MenuItemEntry } from '../../lib/menu-model';
import { useLocale } from '../../lib/use-locale';
import type { GroupNote, MenuVendors } from '../../ordering';
import { vendorOfMenus } from './vendor-groups';
import { pauseMessage, vendorStates, vendorStateText } from './vendor-state';

/**
 * A hub's vendors on its menu (take-out, one order per vendor): each says its state under its name,
 * and one that cannot take its items now adds none (the menu screen, features/menu/menu-screen.tsx,
 * asks through the core's hub plug-in). Inert where the restaurant has no vendors.
 */
export function useMenuVendors(restaurant: PublicRestaurant, orderType: OrderType, groups: readonly MenuGroupFile[]): MenuVendors {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const now = useNow();
  const zone = restaurant.zone;
  const vendors = useMemo(() => vendorStates(restaurant, orderType, now), [restaurant, orderType, now]);
  const vendorOfMenu = useMemo(() => vendorOfMenus(groups), [groups]);
  const groupNotes = useMemo(() => {
    const notes = new Map<number, GroupNote>();
    for (const group of groups) {
      const view = group.vendor_id === undefined ? undefined : vendors.get(group.vendor_id);
      const text = view && vendorStateText(t, locale, view, pauseMessage(restaurant, group.vendor_id!, locale), now, zone);
      if (view && text) notes.set(group.id, { text, blocked: !view.takes });
    }
    return notes;
  }, [groups, vendors, restaurant, t, locale, now, zone]);
  const gate = useCallback(
    (entry: MenuItemEntry): 'paused' | 'closed' | null => {
      const vendorId = vendorOfMenu.get(entry.menu.id);
      const view = vendorId === undefined ? undefined : vendors.get(vendorId);
      if (!view || view.takes) return null;
      return view.state.kind === 'closed' ? 'closed' : 'paused';
    },
    [vendorOfMenu, vendors],
  );
  return useMemo(() => ({ groupNotes, gate }), [groupNotes, gate]);
}
