import type { AccountUser, PaymentMethodSummary } from '@servery/contracts/accounts';
import type { SavedCardForm } from '@servery/contracts/forms';
import { digitsOnly } from '@servery/domain/card';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_BRAND_NAMES } from '../../components/ui/card-fields';
import { errorMessage } from '../../lib/error-message';
import { isSessionExpired, useAccountClient, type SessionCredentials } from '../../lib/session';
import { useUserMutation } from '../../lib/session-mutations';
import { addPaymentMethod, deletePaymentMethod, setDefaultPaymentMethod } from './payment-methods-api';

/** A saved card as the screen names it: "Visa ending in 4242". */
export function cardName(t: TFunction, card: PaymentMethodSummary): string {
  return t('paymentMethods.cardName', { brand: CARD_BRAND_NAMES[card.brand], last4: card.last4 });
}

/**
 * The saved cards' changes (add, make default, delete), one at a time: `busy` while one runs, then
 * `notice` says what was done or `failure` why not. Each action resolves to whether it succeeded.
 */
export function usePaymentMethodActions(user: AccountUser, credentials: SessionCredentials) {
  const { t } = useTranslation();
  const client = useAccountClient();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const cards = user.paymentMethods;

  // A card added, removed or made the default: the session's user gets the new cards, and the
  // checkout (reason 'payment-methods') resets its payment info.
  const cardChange = useUserMutation({
    mutationFn: (action: () => Promise<{ user: AccountUser }>) => action(),
    // These calls change the cards only: the rest of the session user (per-restaurant credits, students) stays.
    user: (answer) => ({ ...user, paymentMethods: answer.user.paymentMethods }),
    reason: 'payment-methods',
  });

  async function run(action: () => Promise<{ user: AccountUser }>, done: (user: AccountUser) => void): Promise<boolean> {
    setBusy(true);
    setFailure(null);
    setNotice('');
    try {
      const answer = await cardChange.mutateAsync(action);
      done({ ...user, paymentMethods: answer.user.paymentMethods });
      return true;
    } catch (error) {
      // An expired session already went to /login.
      if (!isSessionExpired(error)) setFailure(errorMessage(t, error));
      return false;
    } finally {
      setBusy(false);
    }
  }

  return {
    busy,
    notice,
    failure,
    setFailure,
    makeDefault: (card: PaymentMethodSummary) =>
      run(
        () => setDefaultPaymentMethod(client, credentials, card.paymentCardId),
        () => setNotice(t('paymentMethods.defaultSet', { card: cardName(t, card) })),
      ),
    /** `then`: with the cards left. */
    remove: (card: PaymentMethodSummary, then: (next: AccountUser) => void) =>
      run(
        () => deletePaymentMethod(client, credentials, card.paymentCardId),
        (next) => {
          then(next);
          setNotice(t('paymentMethods.deleted', { card: cardName(t, card) }));
        },
      ),
    /** `then`: with the card the server added (undefined if it cannot be told from the others). */
    add: (form: SavedCardForm, then: (added: PaymentMethodSummary | undefined) => void) =>
      run(
        () =>
          addPaymentMethod(
            client,
            credentials,
            {
              number: digitsOnly(form.card.number),
              expiry: digitsOnly(form.card.expiry_date),
              cvd: form.card.cvd,
              postal_code: form.card.postal_code,
            },
            form.makeDefault,
          ),
        (next) => {
          const added = next.paymentMethods.find((card) => !cards.some((old) => old.paymentCardId === card.paymentCardId));
          if (added) setNotice(t('paymentMethods.added', { card: cardName(t, added) }));
          then(added);
        },
      ),
  };
}
