import { useRef, useState } from 'react';
import type { CardEntry } from '../../components/ui/card-fields';
import { useTranslation } from 'react-i18next';
import { isApiError, type ApiClient } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';
import type { SessionCredentials } from '../../lib/session';
import { tokenizeCard } from '../checkout/checkout-api';
import type { DayOrdering, DayOrdersBody, PlacedDays } from './day-ordering';
import type { DayCarts } from './use-day-carts';

interface Attempt {
  key: string;
  /** The body it was made for: a retry of the same checkout reuses the key, a changed one gets a new key. */
  signature: string;
  token: string | null;
}

type DayCheckoutFacts = Omit<NonNullable<DayOrdersBody['data']['checkout']>, 'paymentMethod' | 'card'>;

export interface DayPlacementRequest {
  /** Whether anything is to be paid (a fully subsidised checkout pays nothing). */
  paying: boolean;
  /** A new card to tokenise first; null: a saved card, or nothing to pay. */
  newCard: CardEntry | null;
  /** What the checkout says beside the days and the card: who to reach, a saved card, a guest's diner. */
  checkout: DayCheckoutFacts;
}

/**
 * Placing day carts (the school's checkout), signed in or as a guest, through the vertical's `place`: one Idempotency-Key per attempt at the same
 * checkout (a retry after a dropped answer makes no second order or charge), a new card tokenised
 * once per attempt, a day that closed meanwhile priced again (which drops it with its notice), and
 * the failure said in a line that takes the focus.
 */
export function useDayPlacement({
  client,
  credentials,
  cart,
  plugin,
  onPlaced,
}: {
  client: ApiClient;
  credentials: SessionCredentials | null;
  cart: DayCarts;
  plugin: Pick<DayOrdering, 'place' | 'refusal'>;
  onPlaced: (placed: PlacedDays) => void;
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

  /**
   * Places the days as they stand, unless the vertical refuses them (its limits): false, with the
   * reason said. Everything the order depends on is its signature: the same reuses the attempt's
   * Idempotency-Key and card token, a change starts a new attempt.
   */
  async function place({ paying, newCard, checkout }: DayPlacementRequest): Promise<boolean> {
    const refused = plugin.refusal(cart.orders, cart.priced);
    if (refused) {
      fail(refused);
      return false;
    }
    const signature = JSON.stringify({ orders: cart.orders, paying, newCard, checkout });
    if (attemptRef.current?.signature !== signature) attemptRef.current = { key: crypto.randomUUID(), signature, token: null };
    const attempt = attemptRef.current;
    setPlacing(true);
    try {
      if (newCard && attempt.token === null) {
        const tokenized = await tokenizeCard(client, newCard);
        attempt.token = tokenized.token;
      }
      const token = newCard ? attempt.token : null;
      const body: DayOrdersBody = {
        type: 'school',
        data: {
          rotationalMenuOrders: cart.orders,
          costs: {},
          checkout: { paymentMethod: paying ? 'credit_card' : null, ...checkout, ...(token ? { card: { token } } : {}) },
        },
      };
      const placed = await plugin.place(client, credentials, body, attempt.key);
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
