/** How the diner pays: card (new or saved), wallets, references, on premise (packages/domain/src/payment-method.ts). */
import { needsReference, resetOnMethodChange, type PaymentMethod } from '@servery/domain/payment-method';
import { useTranslation } from 'react-i18next';
import type { PaymentConfig } from './checkout-api';
import { CARD_BRAND_NAMES, FormCardFields, type CardFieldsText } from '../../components/ui/card-fields';
import { FieldError } from '../../components/ui/form/field';
import { FormTextField, useFieldProblem } from '../../components/ui/form/form';
import { EMPTY_PAYMENT, REFERENCE_FIELD } from '@servery/domain/payment-method';
import type { CheckoutForm, Update } from './checkout-model';

/** One of the signed-in diner's saved cards (`user.paymentMethods[]`). */
export interface SavedCard {
  paymentCardId: string;
  isDefault: boolean;
  brand?: string | null | undefined;
  last4?: string | null | undefined;
  expiry?: string | null | undefined;
}

/** The diner's default saved card, else the first; null without any. */
export function defaultSavedCard(cards: readonly SavedCard[]): string | null {
  return (cards.find((card) => card.isDefault) ?? cards[0])?.paymentCardId ?? null;
}

/** The card fields' labels (components/ui/card-fields.tsx), as every checkout of the core words them. */
export function useCardFieldsText(): CardFieldsText {
  const { t } = useTranslation();
  return {
    number: t('checkout.payment.cardNumber'),
    expiry: t('checkout.payment.expiry'),
    cvd: t('checkout.payment.cvd'),
    postalCode: t('checkout.payment.postalCode'),
    cardType: (type) => t('checkout.payment.cardType', { type }),
  };
}

export function PaymentSection({
  id,
  config,
  savedCards,
  signedIn,
  form,
  update,
}: {
  id: string;
  config: PaymentConfig;
  /** The signed-in diner's saved cards (empty for a guest). */
  savedCards: readonly SavedCard[];
  signedIn: boolean;
  form: CheckoutForm;
  update: Update;
}) {
  const { t } = useTranslation();
  const cardText = useCardFieldsText();
  const headingId = `${id}-payment-heading`;
  const { payment } = form;
  const method = payment.paymentMethod;
  const methodError = useFieldProblem('payment.paymentMethod');
  const choose = (next: PaymentMethod) => {
    update((current) => ({
      ...current,
      payment: resetOnMethodChange(current.payment, next),
      savedCard: next === 'credit_card' ? defaultSavedCard(savedCards) : null,
    }));
  };
  const chooseSaved = (savedCard: string | null) =>
    update((current) => ({
      ...current,
      savedCard,
      payment: { ...current.payment, card: EMPTY_PAYMENT.card, savePaymentMethodOnCheckout: false },
    }));
  const savedCardLabel = (saved: SavedCard) => {
    const brand =
      saved.brand && saved.brand in CARD_BRAND_NAMES ? CARD_BRAND_NAMES[saved.brand as keyof typeof CARD_BRAND_NAMES] : saved.brand;
    const expiry = saved.expiry && /^\d{4}$/.test(saved.expiry) ? `${saved.expiry.slice(0, 2)}/${saved.expiry.slice(2)}` : null;
    const name = saved.last4
      ? t('checkout.payment.savedCard', { brand: brand ?? t('checkout.payment.methods.credit_card'), last4: saved.last4 })
      : t('checkout.payment.savedCardUnnamed');
    const parts = [name, expiry ? t('checkout.payment.expires', { expiry }) : null, saved.isDefault ? t('checkout.payment.default') : null];
    return parts.filter(Boolean).join(' · ');
  };
  const referenceLabel = (reference: 'invoice' | 'cost_center' | 'purchase_order') =>
    config.referenceLabels[reference] ?? t(`checkout.payment.methods.${reference}`);
  return (
    <section className="cart-section checkout-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="cart-section__title">
        {t('checkout.payment.title')}
      </h3>
      {config.methods.length > 1 && (
        <fieldset
          id={`${id}-method`}
          data-field="payment.paymentMethod"
          tabIndex={-1}
          className="checkout-fieldset"
          aria-describedby={methodError ? `${id}-method-error` : undefined}
        >
          <legend className="form-field__label">{t('checkout.payment.method')}</legend>
          {config.methods.map((entry) => (
            <label key={entry} className="checkout-choice">
              <input type="radio" name={`${id}-method`} checked={method === entry} onChange={() => choose(entry)} />
              <span>{needsReference(entry) ? referenceLabel(entry) : t(`checkout.payment.methods.${entry}`)}</span>
            </label>
          ))}
          <FieldError id={`${id}-method-error`} error={methodError} />
        </fieldset>
      )}
      {method === 'credit_card' && savedCards.length > 0 && (
        <fieldset id={`${id}-saved_card`} tabIndex={-1} className="checkout-fieldset">
          <legend className="form-field__label">{t('checkout.payment.savedCards')}</legend>
          {savedCards.map((saved) => (
            <label key={saved.paymentCardId} className="checkout-choice">
              <input
                type="radio"
                name={`${id}-saved_card`}
                checked={form.savedCard === saved.paymentCardId}
                onChange={() => chooseSaved(saved.paymentCardId)}
              />
              <span>{savedCardLabel(saved)}</span>
            </label>
          ))}
          <label className="checkout-choice">
            <input type="radio" name={`${id}-saved_card`} checked={form.savedCard === null} onChange={() => chooseSaved(null)} />
            <span>{t('checkout.payment.newCard')}</span>
          </label>
        </fieldset>
      )}
      {method === 'credit_card' && form.savedCard === null && (
        <div className="checkout-card">
          {config.testMode && <p className="checkout-hint">{t('checkout.payment.testMode')}</p>}
          <FormCardFields id={id} path="payment.card" postalCodeRequired={config.postalCodeRequired} marks="required" text={cardText} />
          {signedIn && (
            <label className="checkout-choice">
              <input
                type="checkbox"
                checked={payment.savePaymentMethodOnCheckout}
                onChange={(event) => {
                  const save = event.target.checked;
                  update((current) => ({ ...current, payment: { ...current.payment, savePaymentMethodOnCheckout: save } }));
                }}
              />
              <span>{t('checkout.payment.saveCard')}</span>
            </label>
          )}
        </div>
      )}
      {(method === 'apple_pay' || method === 'google_pay') && <p className="checkout-hint">{t(`checkout.payment.wallet.${method}`)}</p>}
      {method !== null && needsReference(method) && (
        <FormTextField
          // One field per method: a reference typed for another method is not this one's.
          key={method}
          field={`payment.${REFERENCE_FIELD[method]}`}
          id={`${id}-reference`}
          required
          marks="required"
          label={referenceLabel(method)}
          maxLength={100}
        />
      )}
      {method === 'pay_on_premise' && <p className="checkout-hint">{t('checkout.payment.payOnPremise')}</p>}
    </section>
  );
}
