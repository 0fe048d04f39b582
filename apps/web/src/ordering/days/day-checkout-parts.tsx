import type { PublicRestaurant } from '@servery/contracts/restaurant';
import type { RefObject } from 'react';
import { FormCardFields, type CardEntry } from '../../components/ui/card-fields';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import { useCardFieldsText } from '../checkout/checkout-payment';
import type { DayCheckoutParts, DayGuestParts, DayOrdering, PlacedDays } from './day-ordering';
import type { DayCarts } from './use-day-carts';

export const EMPTY_CARD: CardEntry = { number: '', expiry_date: '', cvd: '', postal_code: '' };

/** A new card's fields at `card` in the form's values, as the signed-in and the guest day checkouts both ask for them. */
export function DayCardFields({ restaurant }: { restaurant: PublicRestaurant }) {
  const text = useCardFieldsText();
  return (
    <div className="day-checkout__card">
      <FormCardFields id="day-card" path="card" postalCodeRequired={restaurant.avs === true} marks="required" text={text} />
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
  cart: DayCarts;
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
        className="button button--primary day-checkout__place"
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

export interface DayCheckoutProps<Diner> {
  restaurant: PublicRestaurant;
  cart: DayCarts;
  plugin: DayOrdering;
  /** The vertical's parts of a signed-in checkout (the school's child per day, its subsidy code). */
  parts: DayCheckoutParts;
  /** The vertical's parts of a guest's checkout, where guests may order (the school's child form). */
  guestParts: DayGuestParts<Diner>;
  onBack: () => void;
  /** `guestEmail`: where a guest's receipt went (a guest has no scheduled orders to look at). */
  onPlaced: (placed: PlacedDays, guestEmail?: string) => void;
}

/** The checkout's heading, with the way back to the days. */
export function DayCheckoutHead({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="day-checkout__head">
      <h2 id="day-checkout-title" tabIndex={-1}>
        {t('school.checkout.title')}
      </h2>
      <button type="button" className="button" onClick={onBack}>
        <span aria-hidden="true">‹ </span>
        {t('school.checkout.back')}
      </button>
    </div>
  );
}
