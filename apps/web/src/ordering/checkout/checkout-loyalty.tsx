/**
 * The loyalty check on the contact e-mail (spec ordering.md section 5: "Loyalty check runs on email"):
 * once the e-mail looks complete, POST /api/auth/get-user-enrolled-program-status says whether it is
 * enrolled in the restaurant's loyalty program, and the answer is shown (and read out) under the field.
 */
import type { LoyaltyStatusResponse } from '@servery/contracts/cart';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../lib/query-keys';
import { useApiClient } from '../../lib/use-api-client';

/** Asked only for what could be an address; the server validates it again. */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** The diner is still typing until the field rests this long. */
const TYPING_PAUSE_MS = 500;

export function LoyaltyStatus({ restaurant, email }: { restaurant: PublicRestaurant; email: string }) {
  const { t } = useTranslation();
  const client = useApiClient(restaurant.id);
  const program = restaurant.loyalty_program;
  const enabled = program?.enabled === true;
  const wanted = email.trim();
  // The address once the field has rested: only that one is asked about (a timer, not a fetch to cancel).
  const [rested, setRested] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled || !LOOKS_LIKE_EMAIL.test(wanted)) return;
    const timer = window.setTimeout(() => setRested(wanted), TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [enabled, wanted]);

  // A query keyed by the address: a newer address is a new key, and TanStack aborts the older request.
  const asked = enabled && rested === wanted && LOOKS_LIKE_EMAIL.test(wanted) ? wanted : null;
  const check = useQuery({
    queryKey: queryKeys.loyaltyStatus(restaurant.id, asked ?? ''),
    queryFn:
      asked !== null
        ? ({ signal }) =>
            client.request<LoyaltyStatusResponse>('/api/auth/get-user-enrolled-program-status', {
              method: 'POST',
              body: { email: asked },
              signal,
            })
        : skipToken,
    // A failed check changes nothing about the order: say nothing rather than a wrong answer.
    retry: false,
  });

  if (!enabled) return null;
  const name = program?.name ?? t('checkout.loyalty.defaultName');
  let text = '';
  if (asked === null) text = '';
  else if (check.isFetching) text = t('checkout.loyalty.checking', { name });
  else if (check.isSuccess)
    text = check.data.userStatus === 'enrolled' ? t('checkout.loyalty.enrolled', { name }) : t('checkout.loyalty.notEnrolled', { name });
  return (
    <p className="checkout-hint checkout-loyalty" aria-live="polite">
      {text}
    </p>
  );
}
