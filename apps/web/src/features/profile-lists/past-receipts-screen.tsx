import type { TFunction } from 'i18next';
import type { PastReceipt } from '@servery/contracts/accounts';
import { groupByCheckout } from '@servery/domain/receipt-groups';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { formatMoney } from '../../lib/format';
import { useAccountClient, type SessionCredentials } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLocale } from '../../lib/use-locale';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { listPastReceipts } from './profile-api';
import { RequireSession } from '../../components/require-session';
import { orderLabel, SchoolOrderFacts, ZonedDateTime } from './scheduled-orders-screen';
import { LiveStatuses, LiveStatusFact } from './live-statuses';
import { ProfileListPage } from './profile-list-page';
import { ReceiptPdfLink } from '../../ordering';

export function PastReceiptsScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.PastReceipts.title'));
  return (
    <RequireSession>
      {({ credentials }) => (
        <ProfileListPage title={t('screens.PastReceipts.title')}>
          <PastReceipts credentials={credentials} />
        </ProfileListPage>
      )}
    </RequireSession>
  );
}

/**
 * Newest first (the server's order), each dated in its restaurant's time zone. The orders one
 * payment made (a school checkout's days and children, a marketplace hub's vendors) read as one
 * receipt with its orders under it (domain receipt-groups.ts).
 */
function PastReceipts({ credentials }: { credentials: SessionCredentials }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const client = useAccountClient();
  // The server names the lines in the asked language: a language switch reads them again.
  const receipts = useQuery({
    queryKey: queryKeys.pastReceipts(credentials.userId, locale),
    queryFn: ({ signal }) => listPastReceipts(client, credentials, signal),
    // An order placed in another tab shows on coming back here, and is followed live (live-statuses.tsx).
    refetchOnWindowFocus: true,
  });
  if (receipts.isError) {
    return (
      <div className="inline-error" role="alert">
        <p>{errorMessage(t, receipts.error)}</p>
        <button type="button" className="button" onClick={() => void receipts.refetch()}>
          {t('receipts.retry')}
        </button>
      </div>
    );
  }
  if (!receipts.isSuccess) return <Spinner />;
  if (receipts.data.length === 0) return <p>{t('receipts.empty')}</p>;
  const followed = receipts.data.map((receipt) => ({
    id: receipt.id,
    status: receipt.status,
    label: orderLabel(receipt),
    restaurant: receipt.vendorName ?? receipt.restaurantName,
    pickupTime: receipt.pickupTime,
  }));
  return (
    <LiveStatuses orders={followed} reload={() => void receipts.refetch()}>
      <ul className="profile-cards" aria-label={t('screens.PastReceipts.title')}>
        {groupByCheckout(receipts.data).map((group) => {
          const [first] = group.receipts as [PastReceipt, ...PastReceipt[]];
          const several = group.receipts.length > 1;
          return (
            <li key={group.checkoutId ?? first.id} className="profile-card">
              <h2 className="profile-card__title">{first.restaurantName}</h2>
              {several ? (
                <>
                  <dl className="profile-card__facts">
                    <dt>{t('receipts.date')}</dt>
                    <dd>
                      <ZonedDateTime value={first.placedAt} zone={first.restaurantZone} />
                    </dd>
                    <dt>{t('receipts.paidTogether', { count: group.receipts.length })}</dt>
                    <dd>{formatMoney(group.total, locale)}</dd>
                  </dl>
                  <ul className="profile-receipt__orders" aria-label={t('receipts.ordersOf', { restaurant: first.restaurantName })}>
                    {group.receipts.map((receipt) => (
                      <li key={receipt.id} className="profile-receipt__order">
                        <h3 className="profile-receipt__title">{orderTitle(receipt, t, locale)}</h3>
                        <ReceiptOrder receipt={receipt} dated={false} />
                      </li>
                    ))}
                  </ul>
                </>
              ) : (
                <>
                  {first.vendorName !== null && <p className="profile-receipt__vendor">{first.vendorName}</p>}
                  <ReceiptOrder receipt={first} dated />
                </>
              )}
            </li>
          );
        })}
      </ul>
    </LiveStatuses>
  );
}

/** Within a checkout: a hub order by its vendor, a school order by its day, else by its number. */
function orderTitle(receipt: PastReceipt, t: TFunction, locale: string): string {
  if (receipt.vendorName !== null) return receipt.vendorName;
  if (receipt.schoolDate) {
    return new Intl.DateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${receipt.schoolDate}T12:00:00Z`),
    );
  }
  return receipt.number === null ? receipt.id.slice(0, 8) : t('receipts.order', { number: receipt.number });
}

/** One order's facts (number, a school order's day and child, date, total, its status while in progress or once cancelled) and its lines. */
function ReceiptOrder({ receipt, dated }: { receipt: PastReceipt; dated: boolean }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <>
      <dl className="profile-card__facts">
        {receipt.number !== null && (
          <>
            <dt>{t('receipts.number')}</dt>
            <dd>{receipt.number}</dd>
          </>
        )}
        {receipt.schoolDate && <SchoolOrderFacts schoolDate={receipt.schoolDate} studentName={receipt.studentName} />}
        {dated && (
          <>
            <dt>{t('receipts.date')}</dt>
            <dd>
              <ZonedDateTime value={receipt.placedAt} zone={receipt.restaurantZone} />
            </dd>
          </>
        )}
        <dt>{t('receipts.total')}</dt>
        <dd>{formatMoney(receipt.total, locale)}</dd>
        {receipt.refunded > 0 && (
          <>
            <dt>{t('receipts.refunded')}</dt>
            <dd>{formatMoney(receipt.refunded, locale)}</dd>
          </>
        )}
        {receipt.credited > 0 && (
          <>
            <dt>{t('receipts.credited')}</dt>
            <dd>{formatMoney(receipt.credited, locale)}</dd>
          </>
        )}
        <LiveStatusFact orderId={receipt.id} loaded={receipt.status} />
      </dl>
      {receipt.lines.length > 0 && (
        <ul className="profile-lines" aria-label={t('receipts.items')}>
          {receipt.lines.map((line, index) => (
            <li key={index} className="profile-line">
              <span className="profile-line__name">
                {t('scheduledOrders.line', { quantity: line.quantity, name: line.name })}
                {line.options.length > 0 && <span className="profile-line__options">{line.options.join(', ')}</span>}
              </span>
              <span className="profile-line__amount">{formatMoney(line.amount, locale)}</span>
            </li>
          ))}
        </ul>
      )}
      <p>
        <ReceiptPdfLink restaurantId={receipt.restaurantId} orderId={receipt.id} />
      </p>
    </>
  );
}
