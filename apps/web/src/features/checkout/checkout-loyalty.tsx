/**
 * The loyalty check on the contact e-mail (spec ordering.md section 5: "Loyalty check runs on email"):
 * once the e-mail looks complete, POST /api/auth/get-user-enrolled-program-status says whether it is
 * enrolled in the restaurant's loyalty program, and the answer is shown (and read out) under the field.
 */
import type { LoyaltyStatusResponse } from '@servery/contracts/cart';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../lib/use-api-client';

/** Asked only for what could be an address; the server validates it again. */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** The diner is still typing until the field rests this long. */
const TYPING_PAUSE_MS = 500;

type Check = { email: string; status: 'checking' } | { email: string; status: 'done'; enrolled: boolean } | null;

export function LoyaltyStatus({ restaurant, email }: { restaurant: PublicRestaurant; email: string }) {
  const { t } = useTranslation();
  const client = useApiClient(restaurant.id);
  const program = restaurant.loyalty_program;
  const enabled = program?.enabled === true;
  const wanted = email.trim();
  const [check, setCheck] = useState<Check>(null);

  useEffect(() => {
    if (!enabled || !LOOKS_LIKE_EMAIL.test(wanted)) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setCheck({ email: wanted, status: 'checking' });
      client
        .request<LoyaltyStatusResponse>('/api/auth/get-user-enrolled-program-status', {
          method: 'POST',
          body: { email: wanted },
          signal: controller.signal,
        })
        .then(
          (answer) => setCheck({ email: wanted, status: 'done', enrolled: answer.userStatus === 'enrolled' }),
          // A failed check changes nothing about the order: say nothing rather than a wrong answer.
          () => {
            if (!controller.signal.aborted) setCheck(null);
          },
        );
    }, TYPING_PAUSE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [enabled, wanted, client]);

  if (!enabled) return null;
  const name = program?.name ?? t('checkout.loyalty.defaultName');
  const current = check?.email === wanted ? check : null;
  let text = '';
  if (current?.status === 'checking') text = t('checkout.loyalty.checking', { name });
  else if (current?.status === 'done')
    text = current.enrolled ? t('checkout.loyalty.enrolled', { name }) : t('checkout.loyalty.notEnrolled', { name });
  return (
    <p className="checkout-hint checkout-loyalty" aria-live="polite">
      {text}
    </p>
  );
}
