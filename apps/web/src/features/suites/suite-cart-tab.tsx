/**
 * What is left on the suite's tab, in the cart, before checkout (the suite's word on its cart,
 * suite-menu.tsx): the operator ordering on event day, or the owner pre-ordering, learns there that
 * the cart would go over the tab's limit, not only when Place order is refused. The balance is the
 * server's (POST /catering/event-suites/get-tab, asked each time the cart opens); the server still
 * refuses an order over the limit at placement, whatever this said.
 */
import type { SuiteTab } from '@servery/contracts/suites';
import { checkTab } from '@servery/domain/event-suites';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { useSession } from '../../lib/session';
import { useApiClient } from '../../lib/use-api-client';
import { useLocale } from '../../lib/use-locale';
import type { EventSuiteView } from '../../ordering';
import { getSuiteTab } from './suites-api';

export interface SuiteCartTabProps {
  restaurantId: number;
  suite: EventSuiteView;
  /** What the cart would put on the tab (its total with the tip, as the server priced it); null: not priced yet. */
  total: number | null;
}

export function SuiteCartTab({ restaurantId, suite, total }: SuiteCartTabProps) {
  const session = useSession();
  const client = useApiClient(restaurantId);
  const credentials = session.status === 'authenticated' ? session.credentials : null;
  const eventSuiteId = suite.info.eventSuite.id;
  const query = useQuery({
    queryKey: queryKeys.suiteTab(credentials?.userId ?? 0, restaurantId, eventSuiteId),
    enabled: credentials !== null,
    queryFn: ({ signal }) => getSuiteTab(client, credentials!, restaurantId, eventSuiteId, signal),
    staleTime: 0,
    // Not shown is better than a retry loop: the checkout and the server still say it.
    retry: false,
  });
  if (!query.isSuccess) return null;
  // A change of the owner's pre-order replaces it: what it took goes back on the tab first (suite-choice.ts preOrderTab).
  const replacing = suite.owner?.eventSuite.state === 'modifiable' ? (suite.owner.eventSuite.preOrder?.total ?? 0) : 0;
  return <CartTabNote tab={query.data.tab} replacing={replacing} total={total} />;
}

/** What is left on the tab, or that the cart would go over it (`checkTab`, the rule the server applies at placement). */
export function CartTabNote({
  tab,
  replacing,
  total,
}: {
  tab: Pick<SuiteTab, 'limit' | 'spent' | 'closed'>;
  /** What the order replaces on the tab (a change of the pre-order); 0 otherwise. */
  replacing: number;
  total: number | null;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  if (tab.closed) return null;
  if (tab.limit === null) return <p className="notice notice--info">{t('checkout.suite.tabNoLimit')}</p>;
  const spent = Math.max(0, tab.spent - replacing);
  const left = formatMoney(Math.max(0, tab.limit - spent), locale);
  const limit = formatMoney(tab.limit, locale);
  const check = total === null ? null : checkTab(tab.limit, spent, total);
  if (check && !check.ok) {
    return (
      <p className="notice notice--warning" role="alert">
        {t('cart.suiteTab.over', { total: formatMoney(total ?? 0, locale), left, limit })}
      </p>
    );
  }
  return (
    <p className="notice notice--info" role="status">
      {t('cart.suiteTab.left', { left, limit })}
    </p>
  );
}
