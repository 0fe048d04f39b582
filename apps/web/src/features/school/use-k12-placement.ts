import type { CreateK12OrderBody, CreateK12OrderResponse } from '@servery/contracts/school';
import { digitsOnly } from '@servery/domain/card';
import { useRef, useState } from 'react';
import type { CardEntry } from '../../components/ui/card-fields';
import { useTranslation } from 'react-i18next';
import { isApiError, type ApiClient } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';
import type { SessionCredentials } from '../../lib/session';
import { createK12Order, tokenizeCard } from './school-api';
import type { SchoolCart } from './use-school-cart';

interface Attempt {
  key: string;
  /** The body it was made for: a retry of the same checkout reuses the key, a changed one gets a new key. */
  signature: string;
  token: string | null;
}

export interface K12PlacementRequest {
  /** Everything the order depends on: the same text reuses the Idempotency-Key (and the card token). */
  signature: string;
  /** A new card to tokenise first; null: a saved card, or nothing to pay. */
  newCard: CardEntry | null;
  /** The body, given the new card's token (null without one). */
  body: (token: string | null) => CreateK12OrderBody;
}

/**
 * Placing a school checkout, signed in or as a guest: one Idempotency-Key per attempt at the same
 * checkout (a retry after a dropped answer makes no second order or charge), a new card tokenised
 * once per attempt, a day that closed meanwhile priced again (which drops it with its notice), and
 * the failure said in a line that takes the focus.
 */
export function useK12Placement({
  client,
  credentials,
  cart,
  onPlaced,
}: {
  client: ApiClient;
  credentials: SessionCredentials | null;
  cart: SchoolCart;
  onPlaced: (placed: CreateK12OrderResponse) => void;
}) {
  const { t } = useTranslation();
  const attemptRef = useRef<Attempt | null>(null);
  const failureRef = useRef<HTMLParagraphElement>(null);
  const [placing, setPlacing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  function fail(message: string) {
    setFailure(message);
    requestAnimationFrame(() => failureRef.current?.focus());
  }

  async function place({ signature, newCard, body }: K12PlacementRequest): Promise<boolean> {
    if (attemptRef.current?.signature !== signature) attemptRef.current = { key: crypto.randomUUID(), signature, token: null };
    const attempt = attemptRef.current;
    setPlacing(true);
    try {
      if (newCard && attempt.token === null) {
        const tokenized = await tokenizeCard(client, {
          number: digitsOnly(newCard.number),
          expiry: digitsOnly(newCard.expiry_date),
          cvd: newCard.cvd.trim(),
          postal_code: newCard.postal_code.trim(),
        });
        attempt.token = tokenized.token;
      }
      const placed = await createK12Order(client, credentials, body(newCard ? attempt.token : null), attempt.key);
      attemptRef.current = null;
      cart.clear();
      onPlaced(placed);
      return true;
    } catch (error) {
      if (isApiError(error) && error.error === 'K12_DATE_PAST_CUTOFF') cart.retryPricing();
      fail(errorMessage(t, error));
      return false;
    } finally {
      setPlacing(false);
    }
  }

  return { placing, failure, failureRef, fail, clearFailure: () => setFailure(null), place };
}
