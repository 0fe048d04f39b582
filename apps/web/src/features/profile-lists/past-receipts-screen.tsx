import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from '../../i18n/i18n-context';
import { errorMessage } from '../../lib/error-message';
import { formatMoney } from '../../lib/format';
import { useAccountClient, type SessionCredentials } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLocale } from '../../lib/use-locale';
import { useResource } from '../../lib/use-resource';
import { listPastReceipts } from './profile-api';
import { RequireSession } from '../../components/require-session';
import { ZonedDateTime } from './scheduled-orders-screen';
import '../account/account.css';
import './profile-lists.css';

export function PastReceiptsScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.PastReceipts.title'));
  return (
    <RequireSession>
      {({ credentials }) => (
        <section className="account-screen profile-lists" aria-labelledby="screen-title">
          <h1 id="screen-title">{t('screens.PastReceipts.title')}</h1>
          <PastReceipts credentials={credentials} />
        </section>
      )}
    </RequireSession>
  );
}

/** Newest first (the server's order), each dated in its restaurant's time zone. */
function PastReceipts({ credentials }: { credentials: SessionCredentials }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const client = useAccountClient();
  const { state, reload } = useResource(String(credentials.userId), (abort) => listPastReceipts(client, credentials, abort));
  if (state.status === 'error') {
    return (
      <div className="inline-error" role="alert">
        <p>{errorMessage(t, state.error)}</p>
        <button type="button" className="button" onClick={reload}>
          {t('receipts.retry')}
        </button>
      </div>
    );
  }
  if (state.status !== 'ready') return <Spinner />;
  if (state.data.length === 0) return <p>{t('receipts.empty')}</p>;
  return (
    <ul className="profile-cards" aria-label={t('screens.PastReceipts.title')}>
      {state.data.map((receipt) => (
        <li key={receipt.id} className="profile-card">
          <h2 className="profile-card__title">{receipt.restaurantName}</h2>
          <dl className="profile-card__facts">
            {receipt.number !== null && (
              <>
                <dt>{t('receipts.number')}</dt>
                <dd>{receipt.number}</dd>
              </>
            )}
            <dt>{t('receipts.date')}</dt>
            <dd>
              <ZonedDateTime value={receipt.placedAt} zone={receipt.restaurantZone} />
            </dd>
            <dt>{t('receipts.total')}</dt>
            <dd>{formatMoney(receipt.total, locale)}</dd>
            {receipt.status === 'cancelled' || receipt.status === 'refunded' ? (
              <>
                <dt>{t('receipts.status')}</dt>
                <dd>{t(`receipts.statuses.${receipt.status}`)}</dd>
              </>
            ) : null}
          </dl>
        </li>
      ))}
    </ul>
  );
}
