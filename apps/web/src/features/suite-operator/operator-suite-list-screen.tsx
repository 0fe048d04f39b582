import type { ActiveEvent, OperatorEventSuite } from '@servery/contracts/suites';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pathTo } from '../../lib/route-paths';
import { useApiClient } from '../../lib/use-api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLiveSuiteTabs, type LiveSuiteTabs } from '../suites/tabs/use-live-suite-tabs';
import { SuiteActivity } from '../suites/tabs/suite-activity';
import { ChangePreOrder } from './change-pre-order';
import { CloseTab } from './close-tab';
import { ActiveEvents, EventName, StartsLine, SuiteStatus } from './operator-parts';
import { OrderForSuite } from './order-for-suite';
import { OPERATOR_QUERY, RequireOperator, type SignedInOperator } from './require-operator';
import './operator.css';
import '../suites/suites.css';
import { localizedName } from '../../lib/localize';
import { useLocale } from '../../lib/use-locale';

/**
 * /{slug}/events/{event_id} (OperatorSuiteList): one event's suites with their owners, pre-order
 * state and tab (kept live: an order placed for a suite shows here within a second), ordering for a
 * suite's owner or guest on event day, closing a tab, and each suite's activity.
 */
export function OperatorSuiteListScreen() {
  const { t } = useTranslation();
  const { eventId = '' } = useParams();
  useDocumentTitle(t('screens.OperatorSuiteList.title'));
  return (
    <RequireOperator>
      {(operator, slug) => (
        <section className="operator-screen" aria-labelledby="screen-title">
          <ActiveEvents operator={operator} slug={slug}>
            {(data) => {
              const entry = data.events.find(({ event }) => String(event.id) === eventId);
              if (!entry)
                return (
                  <>
                    <h1 id="screen-title">{t('screens.OperatorSuiteList.title')}</h1>
                    <p>{t('operator.eventNotFound')}</p>
                  </>
                );
              return <EventSuites operator={operator} slug={slug} entry={entry} zone={data.zone} />;
            }}
          </ActiveEvents>
          <Link to={`${pathTo('OperatorEventList', { restaurantSlug: slug })}?${OPERATOR_QUERY}`}>{t('operator.backToEvents')}</Link>
        </section>
      )}
    </RequireOperator>
  );
}

function EventSuites({ operator, slug, entry, zone }: { operator: SignedInOperator; slug: string; entry: ActiveEvent; zone: string }) {
  const live = useLiveSuiteTabs(slug);
  return (
    <>
      <h1 id="screen-title">
        <EventName event={entry.event} />
      </h1>
      <StartsLine event={entry.event} zone={zone} />
      <ManifestLink slug={slug} eventId={entry.event.id} />
      <ul className="operator-cards" aria-labelledby="screen-title">
        {entry.suites.map((suite) => (
          <SuiteCard key={suite.eventSuiteId} operator={operator} slug={slug} entry={entry} zone={zone} initial={suite} live={live} />
        ))}
      </ul>
    </>
  );
}

/** The event's production and delivery manifest across its suites (operator-manifest-screen.tsx). */
function ManifestLink({ slug, eventId }: { slug: string; eventId: number }) {
  const { t } = useTranslation();
  return (
    <p>
      <Link className="button" to={`${pathTo('OperatorManifest', { restaurantSlug: slug, eventId: String(eventId) })}?${OPERATOR_QUERY}`}>
        {t('suiteManifest.open')}
      </Link>
    </p>
  );
}

function SuiteCard({
  operator,
  slug,
  entry,
  zone,
  initial,
  live,
}: {
  operator: SignedInOperator;
  slug: string;
  entry: ActiveEvent;
  zone: string;
  initial: OperatorEventSuite;
  live: LiveSuiteTabs;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const client = useApiClient();
  // The suite as the close-tab answer left it; the live tab (the stream) wins once it has news.
  const [suite, setSuite] = useState(initial);
  const [notice, setNotice] = useState('');
  const tab = live.tabs.get(suite.eventSuiteId) ?? suite.tab;
  const query = new URLSearchParams({ suiteOperator: 'true', event: String(entry.event.id), suite: String(suite.suite.id) });
  const titleId = `suite-${suite.eventSuiteId}`;
  return (
    <li className="operator-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{localizedName(suite.suite, locale)}</h2>
      <div aria-live="polite">
        <SuiteStatus suite={suite} tab={tab} />
      </div>
      <OrderForSuite operator={operator} slug={slug} event={entry.event} zone={zone} suite={suite} closed={tab.closed} />
      {!tab.closed && (
        <ChangePreOrder
          operator={operator}
          slug={slug}
          event={entry.event}
          suite={suite}
          onChanged={(changed, number) => {
            setSuite(changed);
            setNotice(t('preOrderChange.saved', { suite: localizedName(changed.suite, locale), number }));
          }}
        />
      )}
      <CloseTab
        operator={operator}
        slug={slug}
        event={entry.event}
        zone={zone}
        suite={suite}
        tab={tab}
        onClosed={(closed) => {
          setSuite(closed);
          setNotice(t('operator.tabClosedNotice', { suite: localizedName(closed.suite, locale) }));
        }}
      />
      <p role="status">{notice}</p>
      <Link className="button" to={`${pathTo('SuiteSettings', { restaurantSlug: slug })}?${query.toString()}`} aria-describedby={titleId}>
        {t('operator.settings')}
      </Link>
      <SuiteActivity
        client={client}
        credentials={operator.credentials}
        restaurant={slug}
        eventSuiteId={suite.eventSuiteId}
        zone={zone}
        version={live.version}
      />
    </li>
  );
}
