import type { PaymentMethodSummary } from '@servery/contracts/accounts';
import { schoolCheckoutForm } from '@servery/contracts/forms';
import { useWatch } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { loginRedirectPath } from '../../components/require-session';
import { CARD_BRAND_NAMES } from '../../components/ui/card-fields';
import { Form, FormTextField } from '../../components/ui/form/form';
import { useZodForm, type FormOutput } from '../../components/ui/form/use-zod-form';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../lib/clock';
import { useSession, type AuthenticatedSession } from '../../lib/session';
import { useApiClient } from '../../lib/use-api-client';
import { defaultSavedCard } from '../checkout/checkout-payment';
import { DayCartList, DayPricingState } from './day-cart-list';
import { DayCardFields, DayCheckoutHead, EMPTY_CARD, PlaceRow, type DayCheckoutProps } from './day-checkout-parts';
import { DayGuestCheckout } from './day-guest-checkout';
import { useDayPlacement } from './use-day-placement';

/**
 * Checking out the day carts: each day's diner (the vertical's control), the vertical's sections,
 * one payment for every day (a saved card, or a new card tokenised first), then the vertical's
 * `place` with an Idempotency-Key kept while the same checkout is retried. A guest is asked to sign
 * in first and comes back here with the same carts, unless guests may order (day-guest-checkout.tsx).
 */
export function DayCheckout<Diner>(props: DayCheckoutProps<Diner>) {
  const { t } = useTranslation();
  const session = useSession();
  const { pathname, search } = useLocation();
  if (session.status !== 'authenticated' && props.cart.guest) return <DayGuestCheckout {...props} parts={props.guestParts} />;
  if (session.status !== 'authenticated') {
    return (
      <section className="day-checkout" aria-labelledby="day-checkout-title">
        <h2 id="day-checkout-title">{t('school.checkout.title')}</h2>
        <p>{t('school.checkout.signInLead')}</p>
        <div className="button-row">
          <Link className="button button--primary" to={loginRedirectPath(pathname, search)}>
            {t('school.checkout.signIn')}
          </Link>
          <button type="button" className="button" onClick={props.onBack}>
            {t('school.checkout.back')}
          </button>
        </div>
      </section>
    );
  }
  return <SignedInCheckout {...props} session={session} />;
}

function SignedInCheckout<Diner>({
  restaurant,
  cart,
  plugin,
  parts,
  onBack,
  onPlaced,
  session,
}: DayCheckoutProps<Diner> & { session: AuthenticatedSession }) {
  const { t } = useTranslation();
  const now = useNow();
  const client = useApiClient(restaurant.id);
  const { user, credentials } = session;
  const cards: readonly PaymentMethodSummary[] = user.paymentMethods;
  const placement = useDayPlacement({ client, credentials, cart, plugin, onPlaced });
  const paymentNeeded = cart.priced ? !cart.priced.total.paymentNotRequired : true;
  // An account may be made without a phone number; the order needs one (who to reach): asked here then.
  const askPhone = !user.phoneNumber;
  const schema = schoolCheckoutForm({ now: () => now, postalCodeRequired: restaurant.avs === true, paying: paymentNeeded, askPhone });
  const form = useZodForm(schema, { defaultValues: { savedCard: defaultSavedCard(cards), card: EMPTY_CARD, phone: '' } });
  const savedCard = useWatch({ control: form.control, name: 'savedCard' });
  const failureShown = placement.failure !== null;

  /** Each day needs its diner before anything is checked (the days come first on the page). */
  function canSend(): boolean {
    if (placement.placing) return false;
    placement.clearFailure();
    const missing = parts.missingDiner?.(cart.orders) ?? null;
    if (missing) placement.fail(missing);
    return missing === null;
  }

  async function place({ savedCard: chosen, card, phone }: FormOutput<typeof schema>) {
    const savedCard = paymentNeeded ? chosen : null;
    const paying = paymentNeeded && savedCard === null;
    const placed = await placement.place({
      paying: paymentNeeded,
      newCard: paying ? card : null,
      checkout: {
        contact: { full_name: `${user.firstName} ${user.lastName}`.trim(), email: user.email, phone_number: user.phoneNumber || phone },
        ...(savedCard !== null ? { chosenCreditCard: savedCard } : {}),
      },
    });
    if (placed) form.setValue('card', EMPTY_CARD);
  }

  return (
    <section className="day-checkout" aria-labelledby="day-checkout-title">
      <DayCheckoutHead onBack={onBack} />
      {cart.orders.length === 0 ? (
        <p>{t('school.cart.empty')}</p>
      ) : (
        <>
          <DayCartList
            orders={cart.orders}
            priced={cart.priced}
            plugin={plugin}
            onQuantity={cart.setQuantity}
            dayControl={parts.dayControl && ((order) => parts.dayControl?.(order, failureShown))}
            headingLevel={2}
          />
          <DayPricingState cart={cart} />
          {parts.sections}
          <Form form={form} className="day-checkout__part" onValid={place} canSend={canSend} aria-labelledby="day-payment-title">
            {askPhone && (
              <FormTextField
                field="phone"
                id="day-phone"
                type="tel"
                label={t('checkout.contact.phone')}
                required
                marks="required"
                autoComplete="tel"
                inputMode="tel"
                maxLength={30}
              />
            )}
            <h3 id="day-payment-title">{t('school.checkout.paymentTitle')}</h3>
            {!paymentNeeded ? (
              <p>{t('school.checkout.noCardNeeded')}</p>
            ) : (
              <>
                {cards.length > 0 && (
                  <fieldset className="day-checkout__cards">
                    <legend className="form-field__label">{t('school.checkout.savedCard')}</legend>
                    {cards.map((saved) => (
                      <label key={saved.paymentCardId} className="day-checkout__choice">
                        <input
                          type="radio"
                          name="day-card-choice"
                          checked={savedCard === saved.paymentCardId}
                          onChange={() => form.setValue('savedCard', saved.paymentCardId)}
                        />
                        <span>{t('checkout.payment.savedCard', { brand: CARD_BRAND_NAMES[saved.brand], last4: saved.last4 })}</span>
                      </label>
                    ))}
                    <label className="day-checkout__choice">
                      <input
                        type="radio"
                        name="day-card-choice"
                        checked={savedCard === null}
                        onChange={() => form.setValue('savedCard', null)}
                      />
                      <span>{t('school.checkout.newCard')}</span>
                    </label>
                  </fieldset>
                )}
                {savedCard === null && <DayCardFields restaurant={restaurant} />}
              </>
            )}
            <PlaceRow cart={cart} placing={placement.placing} failure={placement.failure} failureRef={placement.failureRef} />
          </Form>
        </>
      )}
    </section>
  );
}
