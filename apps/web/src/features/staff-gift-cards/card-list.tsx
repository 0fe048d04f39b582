import type { StaffGiftCard, StaffGiftCardsResponse } from '@servery/contracts/staff-gift-cards';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/error-message';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import type { Locale } from '../../i18n/locales';

/** The restaurant's cards, newest first: last four, balance of amount issued, when, by whom, for whom. */
export function CardList({ cards }: { cards: UseQueryResult<StaffGiftCardsResponse> }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="gift-card-list-title" className="gift-cards__panel">
      <h2 id="gift-card-list-title">{t('staffGiftCards.listTitle')}</h2>
      {cards.isError && <p role="alert">{errorMessage(t, cards.error)}</p>}
      {cards.isLoading && <Spinner />}
      {cards.isSuccess &&
        (cards.data.cards.length === 0 ? (
          <p>{t('staffGiftCards.none')}</p>
        ) : (
          <ul className="staff-list gift-cards__list" aria-labelledby="gift-card-list-title">
            {cards.data.cards.map((card, index) => (
              // A card has no id to show: its last four may repeat, so its place in the list keys it.
              <CardRow key={`${card.last_four}-${index}`} card={card} />
            ))}
          </ul>
        ))}
    </section>
  );
}

export function CardRow({ card, as = 'li' }: { card: StaffGiftCard; as?: 'li' | 'div' }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const Element = as;
  return (
    <Element className="staff-list__row gift-cards__card">
      <div className="staff-list__who">
        <strong>{t('staffGiftCards.cardName', { lastFour: card.last_four })}</strong>
        <span>
          {card.issued_amount === null
            ? t('staffGiftCards.balanceOnly', { balance: formatMoney(card.balance, locale) })
            : t('staffGiftCards.balanceOf', {
                balance: formatMoney(card.balance, locale),
                issued: formatMoney(card.issued_amount, locale),
              })}
        </span>
        {card.recipient && <span>{t('staffGiftCards.for', { recipient: card.recipient })}</span>}
        {card.note && <span className="staff-list__email">{card.note}</span>}
        <span className="staff-list__email">{issuedLine(card, t, locale)}</span>
      </div>
    </Element>
  );
}

function issuedLine(card: StaffGiftCard, t: TFunction, locale: Locale): string {
  if (card.source === 'file') {
    return card.issued_at ? t('staffGiftCards.fromFileOn', { date: formatDateTime(card.issued_at, locale) }) : t('staffGiftCards.fromFile');
  }
  const date = card.issued_at ? formatDateTime(card.issued_at, locale) : '';
  return card.issued_by ? t('staffGiftCards.issuedBy', { date, name: card.issued_by }) : t('staffGiftCards.issuedOn', { date });
}
