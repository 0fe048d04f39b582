import { Link, useParams } from 'react-router';
import { useTranslation } from '../../i18n/i18n-context';
import { pathTo } from '../../lib/route-paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ActiveEvents, EventName, StartsLine, SuiteStatus } from './operator-parts';
import { OrderForSuite } from './order-for-suite';
import { OPERATOR_QUERY, RequireOperator } from './require-operator';
import './operator.css';

/** /{slug}/events/{event_id} (OperatorSuiteList): one event's suites with their owners, pre-order state and tab. */
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
              return (
                <>
                  <h1 id="screen-title">
                    <EventName event={entry.event} />
                  </h1>
                  <StartsLine event={entry.event} zone={data.zone} />
                  <ul className="operator-cards" aria-label={t('screens.OperatorSuiteList.title')}>
                    {entry.suites.map((suite) => {
                      const query = new URLSearchParams({
                        suiteOperator: 'true',
                        event: String(entry.event.id),
                        suite: String(suite.suite.id),
                      });
                      return (
                        <li key={suite.eventSuiteId} className="operator-card">
                          <h2 id={`suite-${suite.eventSuiteId}`}>{suite.suite.name}</h2>
                          <SuiteStatus suite={suite} />
                          <OrderForSuite operator={operator} slug={slug} event={entry.event} zone={data.zone} suite={suite} />
                          <Link
                            className="button"
                            to={`${pathTo('SuiteSettings', { restaurantSlug: slug })}?${query.toString()}`}
                            aria-describedby={`suite-${suite.eventSuiteId}`}
                          >
                            {t('operator.settings')}
                          </Link>
                        </li>
                      );
                    })}
                  </ul>
                  <Link to={`${pathTo('OperatorEventList', { restaurantSlug: slug })}?${OPERATOR_QUERY}`}>
                    {t('operator.backToEvents')}
                  </Link>
                </>
              );
            }}
          </ActiveEvents>
        </section>
      )}
    </RequireOperator>
  );
}
