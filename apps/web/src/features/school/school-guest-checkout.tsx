import type { StudentRequest } from '@servery/contracts/accounts';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import type { CreateK12OrderResponse } from '@servery/contracts/school';
import { schoolGuestCheckoutForm, type SchoolGuestCheckoutForm } from '@servery/contracts/forms';
import type { CartItem } from '@servery/domain/cart';
import { takesSubsidyCodes } from '@servery/domain/subsidy-codes';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { loginRedirectPath } from '../../components/require-session';
import { Form, FormTextField } from '../../components/ui/form/form';
import { useZodForm, type FormOutput } from '../../components/ui/form/use-zod-form';
import { schoolChoices, StudentForm } from './students/student-form';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../lib/clock';
import { useApiClient } from '../../lib/use-api-client';
import { useLocale } from '../../lib/use-locale';
import { SchoolCartList, studentName } from './school-cart-list';
import { EMPTY_CARD, mealRefusal, PlaceRow, PricingState, SchoolCardFields } from './school-checkout-parts';
import { formatSchoolDay } from './school-week';
import { useK12Placement } from './use-k12-placement';
import type { SchoolCart } from './use-school-cart';

export interface GuestCheckoutProps {
  restaurant: PublicRestaurant;
  cart: SchoolCart;
  lineName: (line: { id: number; menu_id: number; section_id: number | null }) => string;
  lineOptions: (line: CartItem) => string;
  isMeal: (line: { id: number; menu_id: number; section_id: number | null }) => boolean;
  onBack: () => void;
  onPlaced: (placed: CreateK12OrderResponse, guestEmail?: string) => void;
}

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
 * The school checkout of a guest, where the school lets guests order (`k12RequiresLogin` false):
 * first the child the meals are for (the same form as a parent's saved student, without the allergen
 * list, which has no account to live on), then who to reach and a card. A subsidy code counts for
 * signed-in users only (pricing.md 2.3), so a guest is not offered the field: where the school takes
 * codes, the guest is told to sign in to use one. The server names the child on every day's order
 * from these fields (domain school-order.ts `guestStudent`) and checks the school's lists itself.
 */
export function GuestCheckout({ restaurant, cart, lineName, lineOptions, isMeal, onBack, onPlaced }: GuestCheckoutProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const now = useNow();
  const { pathname, search } = useLocation();
  const client = useApiClient(restaurant.id);
  const [child, setChild] = useState<StudentRequest | null>(null);
  const [naming, setNaming] = useState(true);
  const paymentNeeded = cart.priced ? !cart.priced.total.paymentNotRequired : true;
  const schema = schoolGuestCheckoutForm({ now: () => now, postalCodeRequired: restaurant.avs === true, paying: paymentNeeded });
  const form = useZodForm(schema, { defaultValues: { contact: { full_name: '', email: '', phone_number: '' }, card: EMPTY_CARD } });
  const placement = useK12Placement({
    client,
    credentials: null,
    cart,
    onPlaced: (placed) => onPlaced(placed, form.getValues('contact.email').trim()),
  });
  const dayName = (date: string) => formatSchoolDay(date, locale);

  const head = (
    <div className="school-checkout__head">
      <h2 id="school-checkout-title" tabIndex={-1}>
        {t('school.checkout.title')}
      </h2>
      <button type="button" className="button" onClick={onBack}>
        <span aria-hidden="true">‹ </span>
        {t('school.checkout.back')}
      </button>
    </div>
  );
  const signInLine = (
    <p>
      {t('school.guest.lead')} <Link to={loginRedirectPath(pathname, search)}>{t('school.guest.signIn')}</Link>
    </p>
  );

  if (cart.orders.length === 0) {
    return (
      <section className="school-checkout" aria-labelledby="school-checkout-title">
        {head}
        <p>{t('school.cart.empty')}</p>
      </section>
    );
  }

  if (naming || child === null) {
    return (
      <section className="school-checkout" aria-labelledby="school-checkout-title">
        {head}
        {signInLine}
        <section className="school-checkout__part" aria-labelledby="school-guest-child-title">
          <h3 id="school-guest-child-title">{t('school.guest.childTitle')}</h3>
          <StudentForm
            initial={child ?? undefined}
            askAllergens={false}
            schools={schoolChoices(restaurant)}
            submitLabel={t('school.guest.childContinue')}
            onSubmit={async (value) => {
              setChild(value);
              setNaming(false);
              requestAnimationFrame(() => document.getElementById('school-checkout-title')?.focus());
            }}
            cancel={{ onCancel: onBack }}
          />
        </section>
      </section>
    );
  }

  async function place({ contact, card }: FormOutput<typeof schema>) {
    if (placement.placing || child === null) return;
    placement.clearFailure();
    const refused = mealRefusal(cart, restaurant, isMeal, dayName, t);
    if (refused) {
      placement.fail(refused);
      return;
    }
    const placed = await placement.place({
      signature: JSON.stringify({ orders: cart.orders, child, contact, card: paymentNeeded ? card : null }),
      newCard: paymentNeeded ? card : null,
      body: (token) => ({
        type: 'school',
        data: {
          rotationalMenuOrders: cart.orders,
          costs: {},
          checkout: {
            paymentMethod: paymentNeeded ? 'credit_card' : null,
            contact,
            delivery: {
              type: 'school',
              student: studentName(child),
              school: child.school,
              grade: child.grade,
              classroom: child.classroom,
              teacher: child.teacher,
            },
            ...(token ? { card: { token } } : {}),
          },
        },
      }),
    });
    if (placed) form.setValue('card', EMPTY_CARD);
  }

  return (
    <section className="school-checkout" aria-labelledby="school-checkout-title">
      {head}
      {signInLine}
      <section className="school-checkout__part" aria-labelledby="school-guest-child-title">
        <h3 id="school-guest-child-title">{t('school.guest.childTitle')}</h3>
        <p>
          {t('school.guest.childSummary', {
            name: studentName(child),
            school: child.school,
            grade: child.grade,
            classroom: child.classroom,
            teacher: child.teacher,
          })}
        </p>
        <button type="button" className="button" onClick={() => setNaming(true)}>
          {t('school.guest.childChange')}
        </button>
      </section>
      <SchoolCartList
        orders={cart.orders}
        priced={cart.priced}
        students={[]}
        unnamed={t('school.cart.forStudent', { name: studentName(child) })}
        lineName={lineName}
        lineOptions={lineOptions}
        onQuantity={cart.setQuantity}
        headingLevel={2}
      />
      <PricingState cart={cart} />
      <Form form={form} className="school-checkout__part" onValid={place} aria-labelledby="school-guest-contact-title">
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
        {takesSubsidyCodes(restaurant.subsidiesEnabled ? restaurant.subsidies : null) && (
          <>
            <h3 id="school-subsidy-title">{t('school.checkout.subsidyTitle')}</h3>
            <p>
              {t('school.guest.subsidyNote')} <Link to={loginRedirectPath(pathname, search)}>{t('school.guest.subsidySignIn')}</Link>
            </p>
          </>
        )}
        <h3 id="school-payment-title">{t('school.checkout.paymentTitle')}</h3>
        {paymentNeeded ? <SchoolCardFields restaurant={restaurant} /> : <p>{t('school.checkout.noCardNeeded')}</p>}
        <PlaceRow cart={cart} placing={placement.placing} failure={placement.failure} failureRef={placement.failureRef} />
      </Form>
    </section>
  );
}
