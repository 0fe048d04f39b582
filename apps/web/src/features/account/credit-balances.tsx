/**
 * The profile's account credit (issue 30, defect 5): a cancelled order's refund is credit at its
 * restaurant and is spent only there, so the balance is shown per restaurant, with when each part of
 * it expires. The cart applies it (the server's costs, `credits`), so nothing here is a control.
 */
import type { RestaurantCredits } from '@servery/contracts/accounts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/error-message';
import { formatDate, formatMoney } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { useAccountClient, type SessionCredentials } from '../../lib/session';
import { useLocale } from '../../lib/use-locale';
import { fetchCreditBalances } from './account-api';

export function CreditBalances({ credentials }: { credentials: SessionCredentials }) {
  const { t } = useTranslation();
  const client = useAccountClient();
  // Read on every visit (no stale time): a cancel or an order paid with credit changes it.
  const balances = useQuery({
    queryKey: queryKeys.creditBalances(credentials.userId),
    queryFn: ({ signal }) => fetchCreditBalances(client, credentials, signal),
  });
  return (
    <section className="account-section" aria-labelledby="credit-title">
      <h2 id="credit-title">{t('account.profile.creditTitle')}</h2>
      {balances.isError && (
        <p role="alert" className="inline-error">
          {errorMessage(t, balances.error)}
        </p>
      )}
      {balances.isPending && <Spinner />}
      {balances.isSuccess && balances.data.length === 0 && <p>{t('account.profile.creditNone')}</p>}
      {balances.isSuccess && balances.data.length > 0 && (
        <>
          <dl className="account-credits">
            {balances.data.map((place) => (
              <div key={place.restaurantId} className="account-credits__row">
                <dt>{place.restaurantName}</dt>
                <CreditAmount place={place} />
              </div>
            ))}
          </dl>
          <p>{t('account.profile.creditHint')}</p>
        </>
      )}
    </section>
  );
}

/** The balance with its expiry; a balance made of several grants names each one's amount and expiry. */
function CreditAmount({ place }: { place: RestaurantCredits }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { balance, entries } = place.credits;
  const expiry = (entry: (typeof entries)[number]) => ({
    amount: formatMoney(entry.amount, locale),
    date: formatDate(entry.expiresAt, place.restaurantZone),
  });
  const [only] = entries;
  if (entries.length === 1 && only) return <dd>{t('account.profile.creditOne', expiry(only))}</dd>;
  return (
    <dd>
      {formatMoney(balance, locale)}
      <ul className="account-credits__parts">
        {entries.map((entry, index) => (
          <li key={index}>{t('account.profile.creditPart', expiry(entry))}</li>
        ))}
      </ul>
    </dd>
  );
}
