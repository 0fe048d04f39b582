import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/use-locale';
import type { AnotherRoundProps } from './another-round';
import { useAnotherRound, type AnotherRound } from './use-another-round';

/**
 * The lines of the earlier order that could not go into the new cart, each named with why (in the
 * cart notice's own words), kept on the menu until dismissed: a toast would be gone before the
 * diner has read which dish is missing (issue 30 item 2).
 */
export function AnotherRoundLeftOut({ round }: { round: AnotherRound }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  if (round.leftOut.length === 0) return null;
  return (
    <div role="alert" className="notice notice--warning cart-notice">
      <p className="notice__title">{t('cart.anotherRound.leftOutTitle')}</p>
      <ul className="cart-notice__list">
        {round.leftOut.map((line) => (
          <li key={line.orderId}>{line.name ? t(`cart.notice.${line.reason}`, { name: line.name[locale] }) : t('cart.notice.gone')}</li>
        ))}
      </ul>
      <button type="button" className="button button--small" onClick={round.dismiss}>
        {t('cart.notice.dismiss')}
      </button>
    </div>
  );
}

/** The round's query and its notice (another-round.tsx fetches this chunk after hydration, for a round's address only). */
export function AnotherRoundPart({ restaurantId, ordering, cart }: AnotherRoundProps) {
  const round = useAnotherRound(restaurantId, ordering, cart);
  return <AnotherRoundLeftOut round={round} />;
}
