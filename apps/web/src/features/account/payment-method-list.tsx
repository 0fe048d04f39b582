import type { PaymentMethodSummary } from '@servery/contracts/accounts';
import { formatExpiry } from '@servery/domain/card';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_BRAND_NAMES } from '../../components/ui/card-fields';
import { cardName } from './use-payment-method-actions';

interface PaymentMethodListProps {
  cards: PaymentMethodSummary[];
  /** The radios' shared name. */
  name: string;
  /** The card chosen to continue with. */
  selected: string | null;
  busy: boolean;
  /** The card whose deletion is being confirmed. */
  confirming: string | null;
  onChoose: (paymentCardId: string) => void;
  onMakeDefault: (card: PaymentMethodSummary) => void;
  /** Opens or closes the confirmation of a card's deletion (null: none open). */
  onConfirming: (paymentCardId: string | null) => void;
  onDelete: (card: PaymentMethodSummary) => void;
}

/** The saved cards, each with its brand, last four and expiry, to choose one, make one the default or delete one. */
export function PaymentMethodList({
  cards,
  name: radioName,
  selected,
  busy,
  confirming,
  onChoose,
  onMakeDefault,
  onConfirming,
  onDelete,
}: PaymentMethodListProps) {
  const { t } = useTranslation();
  const name = (card: PaymentMethodSummary) => cardName(t, card);
  return (
    <fieldset className="payment-methods__list">
      <legend className="form-field__label">{t('paymentMethods.choose')}</legend>
      <ul className="payment-methods__cards">
        {cards.map((card) => (
          <li key={card.paymentCardId} className="payment-methods__card">
            <label className="payment-methods__choice">
              <input
                type="radio"
                name={radioName}
                checked={selected === card.paymentCardId}
                onChange={() => onChoose(card.paymentCardId)}
              />
              <span className="payment-methods__card-text">
                <span className="payment-methods__card-name">
                  {CARD_BRAND_NAMES[card.brand]} <span aria-hidden="true">•••• </span>
                  <span className="visually-hidden">{t('paymentMethods.endingIn')} </span>
                  {card.last4}
                </span>
                <span>{t('paymentMethods.expires', { expiry: formatExpiry(card.expiry) })}</span>
                {card.isDefault && <span className="payment-methods__badge">{t('paymentMethods.default')}</span>}
              </span>
            </label>
            <div className="button-row">
              {!card.isDefault && (
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  aria-label={t('paymentMethods.setDefaultLabel', { card: name(card) })}
                  onClick={() => onMakeDefault(card)}
                >
                  {t('paymentMethods.setDefault')}
                </button>
              )}
              <button
                type="button"
                className="button"
                disabled={busy}
                aria-label={t('paymentMethods.deleteLabel', { card: name(card) })}
                aria-expanded={confirming === card.paymentCardId}
                onClick={() => onConfirming(confirming === card.paymentCardId ? null : card.paymentCardId)}
              >
                {t('paymentMethods.delete')}
              </button>
            </div>
            {confirming === card.paymentCardId && (
              <ConfirmDelete
                question={t('paymentMethods.confirmDelete', { card: name(card) })}
                busy={busy}
                onConfirm={() => onDelete(card)}
                onCancel={() => onConfirming(null)}
              />
            )}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function ConfirmDelete({
  question,
  busy,
  onConfirm,
  onCancel,
}: {
  question: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  return (
    <div role="group" aria-label={question} className="payment-methods__confirm">
      <p>{question}</p>
      <div className="button-row">
        <button ref={confirm} type="button" className="button button--primary" disabled={busy} onClick={onConfirm}>
          {t('paymentMethods.confirm')}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t('paymentMethods.keep')}
        </button>
      </div>
    </div>
  );
}
