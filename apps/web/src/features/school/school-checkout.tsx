import type { PaymentMethodSummary, Student } from '@servery/contracts/accounts';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import type { CreateK12OrderResponse } from '@servery/contracts/school';
import { schoolCheckoutForm, SubsidyCodeForm } from '@servery/contracts/forms';
import type { CartItem } from '@servery/domain/cart';
import { allergensInLines, type SchoolCartOrder } from '@servery/domain/school-cart';
import { takesSubsidyCodes } from '@servery/domain/subsidy-codes';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { loginRedirectPath } from '../../components/require-session';
import { CARD_BRAND_NAMES } from '../../components/ui/card-fields';
import { FieldsRefused, Form, FormTextField } from '../../components/ui/form/form';
import { useZodForm, type FormOutput } from '../../components/ui/form/use-zod-form';
import { useToasts } from '../../components/ui/toasts';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../lib/clock';
import { errorMessage, errorNameMessage, errorToast } from '../../lib/error-message';
import { queryKeys } from '../../lib/query-keys';
import { useSession, type AuthenticatedSession } from '../../lib/session';
import { useUserMutation } from '../../lib/session-mutations';
import { addSubsidyCode, deleteSubsidyCode } from './subsidy-code-api';
import { useApiClient } from '../../lib/use-api-client';
import { useLocale } from '../../lib/use-locale';
import { SchoolCartList, studentName } from './school-cart-list';
import { EMPTY_CARD, mealRefusal, PlaceRow, PricingState, SchoolCardFields } from './school-checkout-parts';
import { MoveAllergenDialog } from './school-dialogs';
import { GuestCheckout } from './school-guest-checkout';
import { useK12Placement } from './use-k12-placement';
import type { SchoolCart } from './use-school-cart';
import { formatSchoolDay } from './school-week';

export interface SchoolCheckoutProps {
  restaurant: PublicRestaurant;
  cart: SchoolCart;
  students: readonly Student[];
  lineName: (line: { id: number; menu_id: number; section_id: number | null }) => string;
  lineOptions: (line: CartItem) => string;
  /** A line's allergens as a comma list (its item's and every value chosen): asked before a day goes to a child allergic to one. */
  lineAllergens: (line: CartItem) => string;
  isMeal: (line: { id: number; menu_id: number; section_id: number | null }) => boolean;
  /** Opens the add-student dialog; `then` gets the new student (to give it the day whose button opened it). */
  onAddStudent: (opener: HTMLElement, then: (student: Student) => void) => void;
  onBack: () => void;
  /** `guestEmail`: where a guest's receipt went (a guest has no scheduled orders to look at). */
  onPlaced: (placed: CreateK12OrderResponse, guestEmail?: string) => void;
}

/**
 * The school checkout: each day's child, the subsidy code, one payment for every day (a saved card,
 * or a new card tokenised first), then POST create-k12-order with an Idempotency-Key kept while the
 * same checkout is retried. A guest is asked to sign in first and comes back here with the same cart,
 * unless the school lets guests order (school-guest-checkout.tsx).
 */
export function SchoolCheckout(props: SchoolCheckoutProps) {
  const { t } = useTranslation();
  const session = useSession();
  const { pathname, search } = useLocation();
  if (session.status !== 'authenticated' && props.cart.guest) return <GuestCheckout {...props} />;
  if (session.status !== 'authenticated') {
    return (
      <section className="school-checkout" aria-labelledby="school-checkout-title">
        <h2 id="school-checkout-title">{t('school.checkout.title')}</h2>
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

function SignedInCheckout({
  restaurant,
  cart,
  students,
  lineName,
  lineOptions,
  lineAllergens,
  isMeal,
  onAddStudent,
  onBack,
  onPlaced,
  session,
}: SchoolCheckoutProps & { session: AuthenticatedSession }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { show } = useToasts();
  const now = useNow();
  const client = useApiClient(restaurant.id);
  const { user, credentials } = session;
  // Add (a code) or remove (null) the subsidy code: the user in the session carries it, and the
  // profile's own read of it is asked again.
  const subsidyChange = useUserMutation({
    mutationFn: async (code: string | null) =>
      code === null
        ? deleteSubsidyCode(client, credentials, String(restaurant.id)).then(() => null)
        : addSubsidyCode(client, credentials, String(restaurant.id), code),
    user: (saved) => ({ ...user, subsidyCode: saved }),
    invalidates: [queryKeys.subsidyCodes],
  });
  const cards: readonly PaymentMethodSummary[] = user.paymentMethods;
  const [subsidyBusy, setSubsidyBusy] = useState(false);
  // What the last change of code did, said in the section rather than in a toast: a toast at the
  // foot of a phone's screen covered the card's fields below it (issue 30 defect 8).
  const [subsidyNote, setSubsidyNote] = useState<string | null>(null);
  // A day about to go to a child allergic to something in it: asked first, as when a meal is added.
  const [moving, setMoving] = useState<{
    order: SchoolCartOrder;
    student: Student;
    found: Array<{ line: CartItem; allergens: string[] }>;
  } | null>(null);
  const placement = useK12Placement({ client, credentials, cart, onPlaced });

  const priced = cart.priced;
  // The field is offered only where a code can count (an active subsidy for users with a code); a
  // code saved before the school changed that is still shown, to be removed.
  const takesCodes = takesSubsidyCodes(restaurant.subsidiesEnabled ? restaurant.subsidies : null);
  // Unknown (null) until the pricing of the current cart and code is back: a code just added is not
  // said to fail on the pricing from before it.
  const subsidyApplied =
    priced && cart.pricing === 'idle' ? priced.orders.some((order) => order.costs.subsidyDiscount.type !== null) : null;
  const paymentNeeded = priced ? !priced.total.paymentNotRequired : true;
  const schema = schoolCheckoutForm({ now: () => now, postalCodeRequired: restaurant.avs === true, paying: paymentNeeded });
  const form = useZodForm(schema, {
    defaultValues: { savedCard: (cards.find((card) => card.isDefault) ?? cards[0])?.paymentCardId ?? null, card: EMPTY_CARD },
  });
  const savedCard = useWatch({ control: form.control, name: 'savedCard' });
  const dayName = (date: string) => formatSchoolDay(date, locale);

  const childControl = (order: SchoolCartOrder) => {
    const selectId = childSelectId(order);
    // A day without a child is the cart's refusal (canSend below), said as the checkout's failure.
    const missing = order.studentId === null && placement.failure !== null;
    return (
      <div className="school-cart__child-choice">
        <label htmlFor={selectId} className="form-field__label">
          {t('school.checkout.child', { day: dayName(order.date) })}
        </label>
        <div className="school-cart__child-row">
          <select
            id={selectId}
            className="text-input"
            value={order.studentId ?? ''}
            aria-invalid={missing || undefined}
            onChange={(event) => {
              const target = students.find((student) => student.id === Number(event.target.value));
              if (target) requestMove(order, target);
            }}
          >
            <option value="" disabled>
              {t('students.choose')}
            </option>
            {students.map((student) => (
              <option key={student.id} value={student.id}>
                {studentName(student)}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button"
            onClick={(event) => onAddStudent(event.currentTarget, (student) => requestMove(order, student))}
          >
            {t('school.addStudent')}
          </button>
        </div>
      </div>
    );
  };

  /** The day's meals go to `student` once the parent has said yes to any of the child's allergens in them. */
  function requestMove(order: SchoolCartOrder, student: Student) {
    if (order.studentId === student.id) return;
    const found = allergensInLines(order.items, lineAllergens, student.allergens);
    if (found.length > 0) setMoving({ order, student, found });
    else moveDay(order, student);
  }

  function moveDay(order: SchoolCartOrder, student: Student) {
    const result = cart.moveTo({ date: order.date, studentId: order.studentId }, student.id);
    if (!result.ok) show(errorNameMessage(t, result.error), 'error');
    else show(t('school.checkout.moved', { day: dayName(order.date), name: studentName(student) }), 'info');
  }

  /** The server's refusal of a code is said on its field (SubsidyCodeEntry). */
  async function applySubsidy(code: string) {
    setSubsidyBusy(true);
    try {
      await subsidyChange.mutateAsync(code);
      // The section's own status says it is applied (subsidyOn).
      setSubsidyNote(null);
    } catch (error) {
      throw new FieldsRefused([['code', { key: 'server', text: errorMessage(t, error) }]]);
    } finally {
      setSubsidyBusy(false);
    }
  }

  async function removeSubsidy() {
    setSubsidyBusy(true);
    try {
      await subsidyChange.mutateAsync(null);
      setSubsidyNote(t('school.checkout.subsidyRemoved'));
    } catch (error) {
      show(errorToast(t, error), 'error');
    } finally {
      setSubsidyBusy(false);
    }
  }

  /** Each day needs its child before anything is checked (the days come first on the page). */
  function canSend(): boolean {
    if (placement.placing) return false;
    placement.clearFailure();
    const withoutChild = cart.orders.find((order) => order.studentId === null);
    if (withoutChild) placement.fail(t('school.checkout.needChild', { day: dayName(withoutChild.date) }));
    return withoutChild === undefined;
  }

  async function place({ savedCard: chosen, card }: FormOutput<typeof schema>) {
    const savedCard = paymentNeeded ? chosen : null;
    const paying = paymentNeeded && savedCard === null;
    const refused = mealRefusal(cart, restaurant, isMeal, dayName, t);
    if (refused) {
      placement.fail(refused);
      return;
    }
    const placed = await placement.place({
      signature: JSON.stringify({ orders: cart.orders, savedCard, card: paying ? card : null }),
      newCard: paying ? card : null,
      body: (token) => ({
        type: 'school',
        data: {
          rotationalMenuOrders: cart.orders,
          costs: {},
          checkout: {
            paymentMethod: paymentNeeded ? 'credit_card' : null,
            contact: {
              full_name: `${user.firstName} ${user.lastName}`.trim(),
              email: user.email,
              phone_number: user.phoneNumber ?? '',
            },
            ...(savedCard !== null ? { chosenCreditCard: savedCard } : {}),
            ...(token ? { card: { token } } : {}),
          },
        },
      }),
    });
    if (placed) form.setValue('card', EMPTY_CARD);
  }

  const count = cart.orders.length;
  return (
    <section className="school-checkout" aria-labelledby="school-checkout-title">
      <div className="school-checkout__head">
        <h2 id="school-checkout-title" tabIndex={-1}>
          {t('school.checkout.title')}
        </h2>
        <button type="button" className="button" onClick={onBack}>
          <span aria-hidden="true">‹ </span>
          {t('school.checkout.back')}
        </button>
      </div>
      {count === 0 ? (
        <p>{t('school.cart.empty')}</p>
      ) : (
        <>
          <SchoolCartList
            orders={cart.orders}
            priced={priced}
            students={students}
            lineName={lineName}
            lineOptions={lineOptions}
            onQuantity={cart.setQuantity}
            dayControl={childControl}
            headingLevel={2}
          />
          <PricingState cart={cart} />
          {(user.subsidyCode || takesCodes) && (
            <section className="school-checkout__part" aria-labelledby="school-subsidy-title">
              <h3 id="school-subsidy-title">{t('school.checkout.subsidyTitle')}</h3>
              {user.subsidyCode ? (
                <div className="school-checkout__subsidy">
                  {/* Said as the server priced it: applied only when the days' costs carry the subsidy. */}
                  <p role="status">
                    {subsidyApplied === null
                      ? t('school.checkout.subsidySaved', { code: user.subsidyCode })
                      : subsidyApplied
                        ? t('school.checkout.subsidyOn', { code: user.subsidyCode })
                        : t('school.checkout.subsidyNotApplied', { code: user.subsidyCode })}
                  </p>
                  <button type="button" className="button" disabled={subsidyBusy} onClick={() => void removeSubsidy()}>
                    {t('school.checkout.subsidyRemove')}
                  </button>
                </div>
              ) : (
                <SubsidyCodeEntry busy={subsidyBusy} apply={applySubsidy} />
              )}
              {subsidyNote && !user.subsidyCode && <p role="status">{subsidyNote}</p>}
            </section>
          )}
          <Form form={form} className="school-checkout__part" onValid={place} canSend={canSend} aria-labelledby="school-payment-title">
            <h3 id="school-payment-title">{t('school.checkout.paymentTitle')}</h3>
            {!paymentNeeded ? (
              <p>{t('school.checkout.noCardNeeded')}</p>
            ) : (
              <>
                {cards.length > 0 && (
                  <fieldset className="school-checkout__cards">
                    <legend className="form-field__label">{t('school.checkout.savedCard')}</legend>
                    {cards.map((saved) => (
                      <label key={saved.paymentCardId} className="school-checkout__choice">
                        <input
                          type="radio"
                          name="school-card"
                          checked={savedCard === saved.paymentCardId}
                          onChange={() => form.setValue('savedCard', saved.paymentCardId)}
                        />
                        <span>{t('checkout.payment.savedCard', { brand: CARD_BRAND_NAMES[saved.brand], last4: saved.last4 })}</span>
                      </label>
                    ))}
                    <label className="school-checkout__choice">
                      <input
                        type="radio"
                        name="school-card"
                        checked={savedCard === null}
                        onChange={() => form.setValue('savedCard', null)}
                      />
                      <span>{t('school.checkout.newCard')}</span>
                    </label>
                  </fieldset>
                )}
                {savedCard === null && <SchoolCardFields restaurant={restaurant} />}
              </>
            )}
            <PlaceRow cart={cart} placing={placement.placing} failure={placement.failure} failureRef={placement.failureRef} />
          </Form>
        </>
      )}
      {moving && (
        <MoveAllergenDialog
          day={dayName(moving.order.date)}
          student={studentName(moving.student)}
          lines={moving.found.map((entry) => ({ name: lineName(entry.line), allergens: entry.allergens }))}
          returnFocusTo={document.getElementById(childSelectId(moving.order))}
          onConfirm={() => {
            moveDay(moving.order, moving.student);
            setMoving(null);
          }}
          onClose={() => setMoving(null)}
        />
      )}
    </section>
  );
}

const childSelectId = (order: SchoolCartOrder) => `school-child-${order.date}-${order.studentId ?? 'none'}`;

/** A subsidy code to add (SubsidyCodeForm in packages/contracts/src/forms.ts); the server's refusal lands on the field. */
function SubsidyCodeEntry({ busy, apply }: { busy: boolean; apply: (code: string) => Promise<void> }) {
  const { t } = useTranslation();
  const form = useZodForm(SubsidyCodeForm, { defaultValues: { code: '' } });
  return (
    <Form form={form} className="school-checkout__subsidy" onValid={({ code }) => apply(code)}>
      <FormTextField field="code" id="school-subsidy" label={t('school.checkout.subsidyLabel')} maxLength={100} />
      <button type="submit" className="button" disabled={busy}>
        {t('school.checkout.subsidyApply')}
      </button>
    </Form>
  );
}
