import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { checkSchoolMeals } from '@servery/domain/school-cart';
import type { RefObject } from 'react';
import { FormCardFields, type CardEntry } from '../../components/ui/card-fields';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { errorMessage, errorNameMessage } from '../../lib/error-message';
import { formatMoney } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import type { SchoolCart } from './use-school-cart';

export const EMPTY_CARD: CardEntry = { number: '', expiry_date: '', cvd: '', postal_code: '' };

/** A new card's fields at `card` in the form's values, as the parent's and the guest's school checkouts both ask for them. */
export function SchoolCardFields({ restaurant }: { restaurant: PublicRestaurant }) {
  const { t } = useTranslation();
  return (
    <div className="school-checkout__card">
      <FormCardFields
        id="school-card"
        path="card"
        postalCodeRequired={restaurant.avs === true}
        marks="required"
        text={{
          number: t('checkout.payment.cardNumber'),
          expiry: t('checkout.payment.expiry'),
          cvd: t('checkout.payment.cvd'),
          postalCode: t('checkout.payment.postalCode'),
          cardType: (type) => t('checkout.payment.cardType', { type }),
        }}
      />
    </div>
  );
}

/** Why the checkout could not be placed (focused when it appears), then "Place N orders: $X". */
export function PlaceRow({
  cart,
  placing,
  failure,
  failureRef,
}: {
  cart: SchoolCart;
  placing: boolean;
  failure: string | null;
  failureRef: RefObject<HTMLParagraphElement | null>;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const amount = cart.priced?.total.amountDue ?? null;
  return (
    <>
      <p ref={failureRef} tabIndex={-1} role={failure ? 'alert' : undefined} className={failure ? 'field-error' : 'visually-hidden'}>
        {failure ?? ''}
      </p>
      <button
        type="submit"
        className="button button--primary school-checkout__place"
        aria-disabled={placing || cart.pricing === 'busy' || amount === null}
        disabled={placing}
      >
        {placing
          ? t('school.checkout.placing')
          : t('school.checkout.place', { count: cart.orders.length, amount: amount === null ? '…' : formatMoney(amount, locale) })}
      </button>
    </>
  );
}

/**
 * Why the cart cannot be placed as it stands (the school's meals per cart, then the meals per day and
 * child the server counted with what is already booked), or null.
 */
export function mealRefusal(
  cart: SchoolCart,
  restaurant: PublicRestaurant,
  isMeal: (line: { id: number; menu_id: number; section_id: number | null }) => boolean,
  dayName: (date: string) => string,
  t: TFunction,
): string | null {
  const meals = checkSchoolMeals(cart.orders, {
    maxMealsPerCart: restaurant.maxMealsPerCart,
    minMealsPerCart: restaurant.minMealsPerCart,
    isMeal,
  });
  if (!meals.ok) return `${dayName(meals.date)}: ${errorNameMessage(t, meals.error)}`;
  const breach = cart.priced?.mealLimits[0];
  return breach ? `${dayName(breach.date)}: ${breach.message}` : null;
}

/** "Updating the prices…", or why they could not be, with a way to try again. */
export function PricingState({ cart }: { cart: SchoolCart }) {
  const { t } = useTranslation();
  if (cart.pricing === 'error') {
    return (
      <div className="inline-error" role="alert">
        <p>
          {t('school.cart.pricingError')} {errorMessage(t, cart.pricingError)}
        </p>
        <button type="button" className="button" onClick={cart.retryPricing}>
          {t('school.cart.retry')}
        </button>
      </div>
    );
  }
  return (
    <p className="school-cart__status" role="status">
      {cart.pricing === 'busy' ? t('school.cart.pricing') : ''}
    </p>
  );
}
