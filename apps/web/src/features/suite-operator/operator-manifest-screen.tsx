import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/error-message';
import { queryKeys } from '../../lib/query-keys';
import { pathTo } from '../../lib/route-paths';
import { useApiClient } from '../../lib/use-api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLocale } from '../../lib/use-locale';
import { ManifestView } from './manifest-parts';
import { getSuiteManifest, getSuiteManifestCsv } from './operator-api';
import { OPERATOR_QUERY, RequireOperator, type SignedInOperator } from './require-operator';
import './operator.css';
import './manifest.css';

/**
 * /{slug}/events/{event_id}/manifest (the venue's operator): one event's production and delivery
 * manifest across its suites, as the server computes it (GET /api/catering/events/{event}/manifest):
 * the pre-orders by delivery time, each time's totals per item for the kitchen and each suite's
 * lines for the runners; printed as it shows (manifest.css, @media print) and downloaded as CSV.
 */
export function OperatorManifestScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('suiteManifest.title'));
  return <RequireOperator>{(operator, slug) => <Manifest operator={operator} slug={slug} />}</RequireOperator>;
}

function Manifest({ operator, slug }: { operator: SignedInOperator; slug: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const client = useApiClient();
  const { eventId = '' } = useParams();
  const query = useQuery({
    queryKey: queryKeys.suiteManifest(operator.credentials.userId, slug, eventId, locale),
    queryFn: ({ signal }) => getSuiteManifest(client, operator.credentials, slug, eventId, signal),
  });
  const [downloading, setDownloading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function download(fileName: string) {
    setFailure(null);
    setDownloading(true);
    try {
      const csv = await getSuiteManifestCsv(client, operator.credentials, slug, eventId);
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.click();
      // The click has started the download; the URL is no longer needed.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (error) {
      setFailure(errorMessage(t, error));
    } finally {
      setDownloading(false);
    }
  }

  const suitesPath = `${pathTo('OperatorSuiteList', { restaurantSlug: slug, eventId })}?${OPERATOR_QUERY}`;
  return (
    <section className="operator-screen manifest" aria-labelledby="screen-title">
      <h1 id="screen-title">{t('suiteManifest.title')}</h1>
      {query.isPending && <Spinner />}
      {query.isError && (
        <div className="inline-error" role="alert">
          <p>{errorMessage(t, query.error)}</p>
          <button type="button" className="button" onClick={() => void query.refetch()}>
            {t('suiteManifest.retry')}
          </button>
        </div>
      )}
      {query.isSuccess && (
        <>
          <div className="button-row manifest__actions">
            <button type="button" className="button button--primary" onClick={() => window.print()}>
              {t('suiteManifest.print')}
            </button>
            <button type="button" className="button" disabled={downloading} onClick={() => void download(query.data.fileName)}>
              {t('suiteManifest.download')}
            </button>
          </div>
          {failure && <p role="alert">{failure}</p>}
          <ManifestView manifest={query.data} />
        </>
      )}
      <Link className="manifest__back" to={suitesPath}>
        {t('suiteManifest.backToSuites')}
      </Link>
    </section>
  );
}
