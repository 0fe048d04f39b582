import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pathTo } from '../../lib/route-paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ActiveEvents, EventName, StartsLine } from './operator-parts';
import { OPERATOR_QUERY, RequireOperator } from './require-operator';
import './operator.css';

/** /{slug}/events (OperatorEventList): the venue's events that have not ended, each leading to its suites. */
export function OperatorEventListScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.OperatorEventList.title'));
  return (
    <RequireOperator>
      {(operator, slug) => (
        <section className="operator-screen" aria-labelledby="screen-title">
          <h1 id="screen-title">{t('screens.OperatorEventList.title')}</h1>
          <p>
            <Link className="button" to={`${pathTo('OperatorOpenTabs', { restaurantSlug: slug })}?${OPERATOR_QUERY}`}>
              {t('openTabs.open')}
            </Link>
          </p>
          <ActiveEvents operator={operator} slug={slug}>
            {(data) =>
              data.events.length === 0 ? (
                <p>{t('operator.noEvents')}</p>
              ) : (
                <ul className="operator-cards" aria-labelledby="screen-title">
                  {data.events.map(({ event, suites }) => (
                    <li key={event.id} className="operator-card">
                      <h2 id={`event-${event.id}`}>
                        <EventName event={event} />
                      </h2>
                      <StartsLine event={event} zone={data.zone} />
                      <p>{t('operator.suiteCount', { count: suites.length })}</p>
                      <Link
                        className="button button--primary"
                        to={`${pathTo('OperatorSuiteList', { restaurantSlug: slug, eventId: String(event.id) })}?${OPERATOR_QUERY}`}
                        aria-describedby={`event-${event.id}`}
                      >
                        {t('operator.seeSuites')}
                      </Link>
                    </li>
                  ))}
                </ul>
              )
            }
          </ActiveEvents>
        </section>
      )}
    </RequireOperator>
  );
}
