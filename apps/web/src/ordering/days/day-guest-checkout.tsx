import { schoolGuestCheckoutForm, type SchoolGuestCheckoutForm } from '@servery/contracts/forms';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { loginRedirectPath } from '../../components/require-session';
import { Form, FormTextField } from '../../components/ui/form/form';
import { useZodForm, type FormOutput } from '../../components/ui/form/use-zod-form';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../lib/clock';
import { useApiClient } from '../../lib/use-api-client';
import { DayCartList, DayPricingState } from './day-cart-list';
import { DayCardFields, DayCheckoutHead, EMPTY_CARD, PlaceRow, type DayCheckoutProps } from './day-checkout-parts';
import type { DayGuestParts } from './day-ordering';
import { useDayPlacement } from './use-day-placement';

type ContactField = keyof SchoolGuestCheckoutForm['contact'];
const CONTACT_FIELDS = [
  { name: 'full_name', type: 'text', label: 'checkout.contact.fullName', autoComplete: 'name', inputMode: null, maxLength: 200 },
  { name: 'email', type: 'email', label: 'checkout.contact.email', autoComplete: 'email', inputMode: 'email', maxLength: 254 },
  { name: 'phone_number', type: 'tel', label: 'checkout.contact.phone', autoComplete: 'tel', inputMode: 'tel', maxLength: 30 },
] as const satisfies ReadonlyArray<{
  name: ContactField;
  type: 'text' | 'email' | 'tel';
  label: string;
  autoComplete: string;
  inputMode: 'email' | 'tel' | null;
  maxLength: number;
}>;

/**
 * The day carts' checkout of a guest, where the vertical lets guests order (a school's
 * `k12RequiresLogin` false): first the diner the days are for (the vertical's `NameDiner`: the school's
 * child form without the allergen list, which has no account to live on), then who to reach and a
 * card. The server names the diner on every day's order from what `delivery` says (domain
 * school-order.ts `guestStudent`) and checks the vertical's lists itself.
 */
export function DayGuestCheckout<Diner>({
  restaurant,
  cart,
  plugin,
  parts,
  onBack,
  onPlaced,
}: Omit<DayCheckoutProps<Diner>, 'parts' | 'guestParts'> & { parts: DayGuestParts<Diner> }) {
  const { t } = useTranslation();
  const now = useNow();
  const { pathname, search } = useLocation();
  const client = useApiClient(restaurant.id);
  const [child, setChild] = useState<Diner | null>(null);
  const [naming, setNaming] = useState(true);
  const paymentNeeded = cart.priced ? !cart.priced.total.paymentNotRequired : true;
  const schema = schoolGuestCheckoutForm({ now: () => now, postalCodeRequired: restaurant.avs === true, paying: paymentNeeded });
  const form = useZodForm(schema, { defaultValues: { contact: { full_name: '', email: '', phone_number: '' }, card: EMPTY_CARD } });
  const placement = useDayPlacement({
    client,
    credentials: null,
    cart,
    plugin,
    onPlaced: (placed) => onPlaced(placed, form.getValues('contact.email').trim()),
  });

  const head = <DayCheckoutHead onBack={onBack} />;
  const signInLine = (
    <p>
      {t('school.guest.lead')} <Link to={loginRedirectPath(pathname, search)}>{t('school.guest.signIn')}</Link>
    </p>
  );

  if (cart.orders.length === 0) {
    return (
      <section className="day-checkout" aria-labelledby="day-checkout-title">
        {head}
        <p>{t('school.cart.empty')}</p>
      </section>
    );
  }

  const named = naming ? null : child;
  // Who the meals are for: the vertical's form until the diner is named, then who it is, to change.
  const childSection = (
    <section className="day-checkout__part" aria-labelledby="school-guest-child-title">
      <h3 id="school-guest-child-title">{t('school.guest.childTitle')}</h3>
      {named === null ? (
        <parts.NameDiner
          initial={child}
          onNamed={(value) => {
            setChild(value);
            setNaming(false);
            requestAnimationFrame(() => document.getElementById('day-checkout-title')?.focus());
          }}
          onCancel={onBack}
        />
      ) : (
        <>
          <p>{parts.describe(named)}</p>
          <button type="button" className="button" onClick={() => setNaming(true)}>
            {t('school.guest.childChange')}
          </button>
        </>
      )}
    </section>
  );

  if (named === null) {
    return (
      <section className="day-checkout" aria-labelledby="day-checkout-title">
        {head}
        {signInLine}
        {childSection}
      </section>
    );
  }

  const diner = named;
  async function place({ contact, card }: FormOutput<typeof schema>) {
    if (placement.placing) return;
    placement.clearFailure();
    const placed = await placement.place({
      paying: paymentNeeded,
      newCard: paymentNeeded ? card : null,
      checkout: { contact, delivery: parts.delivery(diner) },
    });
    if (placed) form.setValue('card', EMPTY_CARD);
  }

  return (
    <section className="day-checkout" aria-labelledby="day-checkout-title">
      {head}
      {signInLine}
      {childSection}
      <DayCartList
        orders={cart.orders}
        priced={cart.priced}
        plugin={plugin}
        unnamed={{ heading: parts.heading(named), name: parts.name(named) }}
        onQuantity={cart.setQuantity}
        headingLevel={2}
      />
      <DayPricingState cart={cart} />
      <Form form={form} className="day-checkout__part" onValid={place} aria-labelledby="school-guest-contact-title">
        <h3 id="school-guest-contact-title">{t('checkout.contact.title')}</h3>
        {CONTACT_FIELDS.map((field) => (
          <FormTextField
            key={field.name}
            field={`contact.${field.name}`}
            id={`school-guest-${field.name}`}
            type={field.type}
            label={t(field.label)}
            required
            marks="required"
            autoComplete={field.autoComplete}
            {...(field.inputMode && { inputMode: field.inputMode })}
            maxLength={field.maxLength}
          />
        ))}
        {parts.note}
        <h3 id="day-payment-title">{t('school.checkout.paymentTitle')}</h3>
        {paymentNeeded ? <DayCardFields restaurant={restaurant} /> : <p>{t('school.checkout.noCardNeeded')}</p>}
        <PlaceRow cart={cart} placing={placement.placing} failure={placement.failure} failureRef={placement.failureRef} />
      </Form>
    </section>
  );
}
