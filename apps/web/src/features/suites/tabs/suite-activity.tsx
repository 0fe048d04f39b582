import type { SuiteActivityEntry, SuiteActivityResponse, SuitePerson } from '@servery/contracts/suites';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiClient } from '../../../lib/api';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { queryKeys } from '../../../lib/query-keys';
import type { SessionCredentials } from '../../../lib/session';
import { useLocale } from '../../../lib/use-locale';
import { settlementText } from '../suite-facts';
import { getSuiteActivity } from '../suites-api';

/**
 * One event suite's activity, for its owner and the venue's operator: who ordered what for whom and
 * when (the owner, the operator acting for the owner, a guest), the tab's limit and preference
 * changes, its closing and settlement. Folded until opened; while open it loads again each time
 * `version` moves (a live change of the tab: use-live-suite-tabs.ts), keeping what it shows
 * until the new list is in.
 */
export function SuiteActivity({
  client,
  credentials,
  restaurant,
  eventSuiteId,
  zone,
  version,
}: {
  client: ApiClient;
  credentials: SessionCredentials;
  restaurant: string;
  eventSuiteId: number;
  zone: string;
  version: number;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // A query keyed by the suite and `version`: a live change is a new key (the request for the old one
  // is aborted), and the list shown stays until the new one is in (keepPreviousData). Closed, it is not read.
  const activity = useQuery({
    queryKey: queryKeys.suiteActivity(credentials.userId, restaurant, eventSuiteId, version),
    queryFn: open ? ({ signal }) => getSuiteActivity(client, credentials, restaurant, eventSuiteId, signal) : skipToken,
    placeholderData: keepPreviousData,
  });
  const data: SuiteActivityResponse | null = activity.data ?? null;
  const failure: unknown = activity.isError ? activity.error : null;

  return (
    <details className="suite-activity" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('suites.activity.title')}</summary>
      <div aria-live="polite" aria-busy={open && data === null && failure === null}>
        {failure !== null ? (
          <p role="alert" className="field-error">
            {errorMessage(t, failure)}
          </p>
        ) : data === null ? (
          open && <p>{t('suites.activity.loading')}</p>
        ) : data.entries.length === 0 ? (
          <p>{t('suites.activity.empty')}</p>
        ) : (
          <ol className="suite-activity__list" aria-label={t('suites.activity.title')}>
            {data.entries.map((entry, index) => (
              <li key={`${entry.at}-${entry.kind}-${index}`}>
                <ActivityLine entry={entry} zone={zone} />
              </li>
            ))}
          </ol>
        )}
      </div>
    </details>
  );
}

function ActivityLine({ entry, zone }: { entry: SuiteActivityEntry; zone: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const who = (person: SuitePerson | null) => (person ? t(`suites.activity.person.${person.role}`, { name: person.name }) : '');
  const by = who(entry.by);
  let text = '';
  switch (entry.kind) {
    case 'order': {
      const order = entry.order;
      if (!order) break;
      const lines = order.lines.map((line) => t('suites.line', { quantity: line.quantity, name: line.name })).join(', ');
      text = t(`suites.activity.${order.kind}`, { by, for: who(entry.for), lines, total: formatMoney(order.total, locale) });
      // An event-day order: when it reaches the suite, as the server's clock decided (decision 0130).
      if (order.kind === 'event_day' && order.deliver_at !== undefined)
        text = `${text} — ${
          order.deliver_at
            ? t('suites.activity.deliveredAt', { when: formatDateTime(order.deliver_at, locale, zone) })
            : t('suites.activity.deliveredAsap')
        }`;
      if (order.status === 'cancelled' || order.status === 'refunded') text = `${text} — ${t(`suites.activity.status.${order.status}`)}`;
      break;
    }
    case 'login_as':
      text = t('suites.activity.login_as', { by, for: who(entry.for) });
      break;
    case 'tab_limit':
      text =
        entry.limit === null
          ? t('suites.activity.tab_limit_removed', { by })
          : t('suites.activity.tab_limit', { by, limit: formatMoney(entry.limit, locale) });
      break;
    case 'payment_preference':
      text = entry.preference
        ? t('suites.activity.payment_preference', { by, preference: t(`suites.activity.preference.${entry.preference}`) })
        : '';
      break;
    case 'tab_closed':
      text = t('suites.activity.tab_closed', { by });
      break;
    case 'pre_order_change':
      text = t('preOrderChange.activity', { by, number: entry.changedOrder ?? '', reason: entry.reason ?? '' });
      break;
    case 'pre_order_reminder':
      text = t('suiteReminder.activity', { by, to: entry.for?.name ?? '' });
      break;
    case 'tab_settled':
      text = entry.settlement ? settlementText(t, locale, entry.settlement) : '';
      break;
  }
  return (
    <>
      <time dateTime={entry.at} suppressHydrationWarning>
        {formatDateTime(entry.at, locale, zone)}
      </time>{' '}
      {text}
    </>
  );
}
