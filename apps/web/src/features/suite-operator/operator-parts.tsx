import type { ActiveEventsResponse, OperatorEventSuite, SuiteEvent, SuiteTab } from '@servery/contracts/suites';
import { LocalizedText } from '../../components/ui/localized';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { formatDateTime, formatMoney } from '../../lib/format';
import { localizedText } from '../../lib/localize';
import { useApiClient } from '../../lib/use-api-client';
import { useLocale } from '../../lib/use-locale';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { TabSettlementLine } from '../suites/suite-facts';
import { getActiveEvents } from './operator-api';
import type { SignedInOperator } from './require-operator';

export function EventName({ event }: { event: SuiteEvent }) {
  const { locale } = useLocale();
  const name = localizedText(event, 'name', locale);
  return <LocalizedText text={name.text} locale={name.locale} />;
}

/** The venue's active events, loaded with the operator's token; `children` renders them once loaded. */
export function ActiveEvents({
  operator,
  slug,
  children,
}: {
  operator: SignedInOperator;
  slug: string;
  children: (data: ActiveEventsResponse, reload: () => void) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const client = useApiClient();
  const events = useQuery({
    queryKey: queryKeys.activeEvents(operator.credentials.userId, slug),
    queryFn: ({ signal }) => getActiveEvents(client, operator.credentials, slug, signal),
  });
  const reload = () => void events.refetch();
  if (events.isError)
    return (
      <div className="inline-error" role="alert">
        <p>
          {t('errors.OPERATOR_INFO_FAILED')} {errorMessage(t, events.error)}
        </p>
        <button type="button" className="button" onClick={() => void events.refetch()}>
          {t('operator.retry')}
        </button>
      </div>
    );
  if (!events.isSuccess) return <Spinner />;
  return <>{children(events.data, reload)}</>;
}

export function StartsLine({ event, zone }: { event: SuiteEvent; zone: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return <p suppressHydrationWarning>{t('operator.starts', { when: formatDateTime(event.starts_at, locale, zone) })}</p>;
}

/**
 * The pre-order's state as its badge names it. It says "pre-order" in its words: beside the payment
 * preference's "(submitted)" a bare "Not submitted" read as the preference's state. Pre-orders closed
 * with none placed is said so, not "Locked" as if one were kept.
 */
export function preOrderStateKey(suite: Pick<OperatorEventSuite, 'state' | 'preOrder'>) {
  if (suite.state === 'locked' && !suite.preOrder) return 'operator.state.closedNone' as const;
  return `operator.state.${suite.state}` as const;
}

/** A suite's owner, pre-order, tab (`tab`: the live one when the screen follows the tabs) and payment preference. */
export function SuiteStatus({ suite, tab = suite.tab }: { suite: OperatorEventSuite; tab?: SuiteTab }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <>
      <p>
        {suite.owner
          ? t('operator.owner', { name: suite.owner.name ?? suite.owner.email, email: suite.owner.email })
          : t('operator.noOwner')}
      </p>
      <p>
        <span className="operator-state">{t(preOrderStateKey(suite))}</span>{' '}
        {suite.preOrder
          ? t('operator.preOrderTotal', { number: suite.preOrder.number, total: formatMoney(suite.preOrder.total, locale) })
          : ''}
      </p>
      <p>
        {tab.limit === null
          ? t('operator.tabNoLimit', { spent: formatMoney(tab.spent, locale) })
          : t('operator.tab', {
              spent: formatMoney(tab.spent, locale),
              limit: formatMoney(tab.limit, locale),
              remaining: formatMoney(tab.remaining ?? 0, locale),
            })}
      </p>
      <p>
        {t('operator.paymentLine', {
          preference: tab.event_day_payment_preference
            ? t(`operator.preference.${tab.event_day_payment_preference}`)
            : t('operator.preference.none'),
        })}
        {tab.preference_submitted ? ` ${t('operator.submitted')}` : ''}
      </p>
      <TabSettlementLine tab={tab} />
    </>
  );
}
