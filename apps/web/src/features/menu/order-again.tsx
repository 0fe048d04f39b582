/**
 * "Order again" on the menu (spec ordering.md section 2): for a signed-in diner, the lines of their
 * latest orders here (the user snapshot's lastItemsOrdered, apps/api/src/use-cases/accounts/account-view.ts),
 * each added again in one tap with the same choices, at today's price. A line whose item is no longer
 * on this menu is left out; one whose choices no longer pass opens the item dialog instead. Hidden
 * when the restaurant sets disable_order_again.
 */
import type { UserSnapshotResponse } from '@servery/contracts/accounts';
import type { CartItem } from '@servery/contracts/cart';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import type { OptionGroupFile } from '@servery/contracts/tenant-file';
import type { SelectedGroup } from '@servery/domain/item-selection';
import { useMemo } from 'react';
import { LocalizedText } from '../../components/ui/localized';
import { useTranslation } from 'react-i18next';
import { bearer, useSession, useSessionBanners } from '../../lib/session';
import { localizedText } from '../../lib/localize';
import type { MenuItemEntry } from '../../lib/menu-model';
import { useApiClient } from '../../lib/use-api-client';
import { useLocale } from '../../lib/use-locale';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import './order-again.css';

type CartOptionGroup = CartItem['orderOptions'][number];

/** A stored line's choices as the item dialog's selection (one item's units, as the cart keeps them). */
export function selectionOf(groups: readonly CartOptionGroup[] | undefined): SelectedGroup[] {
  return (groups ?? []).map((group) => ({
    id: group.id,
    values: group.values.map((value) => ({ id: value.id, quantity: value.quantity, options: selectionOf(value.options) })),
  }));
}

function chosenNames(
  chosen: readonly CartOptionGroup[] | undefined,
  offered: readonly OptionGroupFile[],
  name: (value: OptionGroupFile['values'][number]) => string,
): string[] {
  const names: string[] = [];
  for (const group of chosen ?? []) {
    const match = offered.find((candidate) => candidate.id === group.id);
    for (const value of group.values) {
      const found = match?.values.find((candidate) => candidate.id === value.id);
      if (!found) continue;
      names.push(value.quantity > 1 ? `${value.quantity} × ${name(found)}` : name(found));
      names.push(...chosenNames(value.options, found.options, name));
    }
  }
  return names;
}

export function OrderAgain({
  restaurant,
  entries,
  onAdd,
}: {
  restaurant: PublicRestaurant;
  entries: readonly MenuItemEntry[];
  /** Adds one of the entry with these choices (or opens its dialog when they no longer pass); null while nothing can be added. */
  onAdd: ((entry: MenuItemEntry, opener: HTMLElement, selection: SelectedGroup[]) => void) | undefined;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const session = useSession();
  const client = useApiClient(restaurant.id);
  const { loginAs } = useSessionBanners();
  const credentials = session.status === 'authenticated' ? session.credentials : null;
  // An operator acting as the user (login-as) may not read the user's past orders (the server answers
  // LOGIN_AS_FORBIDDEN, a 403 in the console: issue 31 defect 8); the suite's menu offers none then.
  const acting = loginAs || (session.status === 'authenticated' && Boolean(session.user.loginAs));
  const asked = credentials !== null && !restaurant.disable_order_again && !acting;
  const snapshot = useQuery({
    queryKey: queryKeys.userSnapshot(restaurant.id, credentials?.userId ?? null),
    queryFn: ({ signal }) =>
      client.request<UserSnapshotResponse>('/api/auth/get-user-snapshot', {
        method: 'POST',
        body: {},
        signal,
        ...(credentials ? { headers: bearer(credentials) } : {}),
      }),
    enabled: asked,
  });
  const lines = useMemo(() => {
    if (!snapshot.isSuccess) return [];
    return snapshot.data.items.flatMap((line) => {
      const entry = entries.find((candidate) => candidate.item.id === line.id && candidate.menu.id === line.menu_id);
      return entry && !entry.item.sold_out && !entry.section?.sold_out ? [{ line, entry }] : [];
    });
  }, [snapshot, entries]);

  if (!asked || lines.length === 0) return null;
  return (
    <section className="order-again" aria-labelledby="order-again-heading">
      <h2 id="order-again-heading" className="featured__heading">
        {t('menu.orderAgain.title')}
      </h2>
      <ul className="order-again__list">
        {lines.map(({ line, entry }, index) => {
          const name = localizedText(entry.item, 'name', locale);
          const options = chosenNames(line.orderOptions, entry.item.options, (value) => localizedText(value, 'name', locale).text);
          return (
            <li key={`${line.id}-${index}`} className="order-again__item">
              <LocalizedText className="order-again__name" text={name.text} locale={name.locale} />
              {options.length > 0 && <span className="order-again__options">{options.join(', ')}</span>}
              <button
                type="button"
                className="button button--small"
                aria-label={t('menu.orderAgain.addLabel', { name: name.text })}
                disabled={!onAdd}
                onClick={(event) => onAdd?.(entry, event.currentTarget, selectionOf(line.orderOptions))}
              >
                {t('menu.orderAgain.add')}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
