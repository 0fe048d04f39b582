import type { ActiveEvent, SuiteTab } from '@servery/contracts/suites';
import { isEventDay } from '@servery/domain/event-suites';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../lib/clock';
import { formatMoney } from '../../lib/format';
import { pathTo } from '../../lib/route-paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLocale } from '../../lib/use-locale';
import { useLiveSuiteTabs } from '../suites/tabs/use-live-suite-tabs';
import { ActiveEvents, EventName, StartsLine } from './operator-parts';
import { OPERATOR_QUERY, RequireOperator } from './require-operator';
import './operator.css';
import './manifest.css';
import { localizedName } from '../../lib/localize';

/**
 * /{slug}/open-tabs (the venue's operator): every open suite tab of today's events, venue-wide, kept
 * live by the suite tabs' stream (use-live-suite-tabs.ts; decision 0058): an order placed for any
 * suite, by its owner or by an operator, moves its line within a second; a tab closed leaves the list.
 */
export function OperatorOpenTabsScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('openTabs.title'));
  return (
    <RequireOperator>
      {(operator, slug) => (
        <section className="operator-screen" aria-labelledby="screen-title">
          <h1 id="screen-title">{t('openTabs.title')}</h1>
          <ActiveEvents operator={operator} slug={slug}>
            {(data) => <OpenTabs events={data.events} zone={data.zone} slug={slug} />}
          </ActiveEvents>
          <Link to={`${pathTo('OperatorEventList', { restaurantSlug: slug })}?${OPERATOR_QUERY}`}>{t('operator.backToEvents')}</Link>
        </section>
      )}
    </RequireOperator>
  );
}

function OpenTabs({ events, zone, slug }: { events: readonly ActiveEvent[]; zone: string; slug: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const now = useNow();
  const live = useLiveSuiteTabs(slug);
  const today = events
    .filter(({ event }) => isEventDay(event, zone, now))
    .map((entry) => ({
      entry,
      open: entry.suites.map((suite) => ({ suite, tab: live.tabs.get(suite.eventSuiteId) ?? suite.tab })).filter(({ tab }) => !tab.closed),
    }));
  const all = today.flatMap(({ open }) => open);
  if (today.length === 0) return <p>{t('openTabs.noEventToday')}</p>;
  const spent = all.reduce((sum, { tab }) => sum + tab.spent, 0);
  return (
    <>
      <p aria-live="polite">
        {t('openTabs.summary', { count: all.length, spent: formatMoney(spent, locale) })}{' '}
        <span className="operator-state">{live.live ? t('openTabs.live') : t('openTabs.notLive')}</span>
      </p>
      {today.map(({ entry, open }) => (
        <section key={entry.event.id} className="operator-card" aria-labelledby={`open-tabs-${entry.event.id}`}>
          <h2 id={`open-tabs-${entry.event.id}`}>
            <EventName event={entry.event} />
          </h2>
          <StartsLine event={entry.event} zone={zone} />
          {open.length === 0 ? (
            <p>{t('openTabs.none')}</p>
          ) : (
            <table className="manifest__table">
              <caption className="visually-hidden">{t('openTabs.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('openTabs.suite')}</th>
                  <th scope="col">{t('openTabs.spent')}</th>
                  <th scope="col">{t('openTabs.left')}</th>
                </tr>
              </thead>
              <tbody>
                {open.map(({ suite, tab }) => (
                  <tr key={suite.eventSuiteId}>
                    <th scope="row">
                      {localizedName(suite.suite, locale)}
                      <br />
                      <small>{suite.owner ? (suite.owner.name ?? suite.owner.email) : t('operator.noOwner')}</small>
                    </th>
                    <td>{formatMoney(tab.spent, locale)}</td>
                    <td>{leftOn(tab, t('openTabs.noLimit'), locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Link
            className="button"
            to={`${pathTo('OperatorSuiteList', { restaurantSlug: slug, eventId: String(entry.event.id) })}?${OPERATOR_QUERY}`}
          >
            {t('operator.seeSuites')}
          </Link>
        </section>
      ))}
    </>
  );
}

function leftOn(tab: SuiteTab, noLimit: string, locale: Parameters<typeof formatMoney>[1]): string {
  return tab.remaining === null ? noLimit : formatMoney(tab.remaining, locale);
}
