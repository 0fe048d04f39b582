/**
 * The saved card a standing order pays with, changed to another of the parent's own cards (decision
 * 0122): only offered when there is another card to choose, or the one it had was removed.
 */
import type { PaymentMethodSummary } from '@servery/contracts/accounts';
import type { StandingOrderView } from '@servery/contracts/standing-orders';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface CardChoiceProps {
  cards: readonly PaymentMethodSummary[];
  standing: StandingOrderView;
  busy: boolean;
  onChoose: (paymentCardId: string) => void;
}

export function CardChoice({ cards, standing, busy, onChoose }: CardChoiceProps) {
  const { t } = useTranslation();
  const id = useId();
  const current = cards.some((card) => card.paymentCardId === standing.paymentCardId) ? standing.paymentCardId : '';
  const [chosen, setChosen] = useState(current || (cards[0]?.paymentCardId ?? ''));
  if (cards.length === 0 || (cards.length === 1 && current)) return null;
  return (
    <div className="standing-card-choice">
      <label htmlFor={`${id}-card`}>{t('standingEdit.payWith')}</label>
      <select id={`${id}-card`} className="text-input" value={chosen} onChange={(event) => setChosen(event.target.value)}>
        {cards.map((card) => (
          <option key={card.paymentCardId} value={card.paymentCardId}>
            {t('standing.card', { brand: card.brand, last4: card.last4 })}
          </option>
        ))}
      </select>
      <button type="button" className="button" disabled={busy || chosen === current || !chosen} onClick={() => onChoose(chosen)}>
        {t('standingEdit.useCard')}
      </button>
    </div>
  );
}
