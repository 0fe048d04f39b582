import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { digitsOnly, formatPhone } from '@servery/domain/card';
import { resetOnMethodChange } from '@servery/domain/payment-method';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { useNow } from '../../lib/clock';
import { errorMessage } from '../../lib/error-message';
import { formatMoney } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { pathTo } from '../../lib/route-paths';
import { bearer, useSession, useSessionActions } from '../../lib/session';
import { useSignInMutation } from '../../lib/session-mutations';
import { useApiClient } from '../../lib/use-api-client';
import { useLocale } from '../../lib/use-locale';
import { useModalDialog } from '../../lib/use-modal-dialog';
import { staleCartOf, type CartItem } from '../cart/cart-api';
import {
  getApplePaySession,
  getPaymentConfig,
  getScheduling,
  isPlaceable,
  placeOrder,
  registerAtCheckout,
  tokenizeCard,
  type PaymentConfig,
  type SchedulingResponse,
} from './checkout-api';
import { AccountSection, ContactSection, SignedInNote } from './checkout-contact';
import { LoyaltyStatus } from './checkout-loyalty';
import { TakeoutNotes } from './checkout-notes';
import { DeliverySection, deliveryFieldOrder } from './checkout-delivery';
import { deliveryFieldOfPath, deliveryOptions, EMPTY_DELIVERY } from './checkout-delivery-model';
import { checkForm, FIELD_ORDER, omit, orderBody, type CheckoutForm, type FieldErrors, type PickupChoice } from './checkout-model';
import { defaultSavedCard, PaymentSection, type SavedCard } from './checkout-payment';
import { QuestionsSection } from './checkout-questions';
import { ReviewSection } from './checkout-review';
import { savePlacedOrder } from './checkout-storage';
import { TabSection } from './checkout-tab';
import { TableLocationSection, useGenericCateringCheckout } from './checkout-table-location';
import { useHubParts, useSuiteParts, type EventSuiteView, type HubParts, type SuiteParts } from '../plugins';
import { useNoHub, useNoSuite } from './no-vertical';
import { keepBrowserWallets, payWithApplePay, payWithGooglePay, WalletCancelled } from './checkout-wallets';
import { PickupSection } from './checkout-when';
import type { Cart } from '../cart/use-cart';
import type { Ordering } from '../../components/restaurant-shell/use-ordering';
import '../../components/ui/dialog.css';
import '../cart/cart.css';
import './checkout.css';
import { isCateringOrder, orderTypePolicy, type PlaceableOrderType } from '@servery/domain/order-type';
import { EMPTY_PAYMENT } from '@servery/domain/payment-method';

export interface CheckoutPanelProps {
  cart: Cart;
  restaurant: PublicRestaurant;
  ordering: Ordering;
  /** The event suite of a suite order, as the menu loaded it (the suite's plug-in, ordering/plugins.tsx). */
  suite?: EventSuiteView | null;
  onClose: () => void;
  /** The server found the cart stale (415/426/428): back to the cart, whose notice says what changed. */
  onStaleCart: () => void;
}

type Loaded =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; payment: PaymentConfig; scheduling: SchedulingResponse | null };

/** One checkout attempt: its Idempotency-Key, card token and wallet answer, reused by a retry of the same form. */
interface Attempt {
  key: string;
  token: string | null;
  wallet: { applePayPaymentToken?: string; googlePayPaymentPayload?: string } | null;
}

function newKey(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

function defaultPickup(scheduling: SchedulingResponse | null): PickupChoice {
  if (!scheduling) return { kind: 'none' };
  if (scheduling.asap.available) return { kind: 'asap' };
  const day = scheduling.days.find((entry) => entry.slots.length > 0);
  const slot = day?.slots[0];
  return day && slot ? { kind: 'slot', date: day.date, time: slot.startTime } : { kind: 'none' };
}

/** The server's field details that name a delivery field or the table location, as messages under those fields. */
function deliveryErrorsOf(error: unknown, text: string): FieldErrors {
  if (isApiError(error) && error.details?.some((detail) => detail.path === 'data.config.genericTableLocation'))
    return { table_location: { key: 'server', text } };
  if (!isApiError(error) || !error.error.startsWith('DELIVERY_')) return {};
  const found: FieldErrors = {};
  for (const detail of error.details ?? []) {
    const field = deliveryFieldOfPath(detail.path);
    if (field) found[field] = { key: 'server', text };
  }
  return found;
}

/**
 * Checkout, a modal <dialog> over the menu (its own chunk): delivery address, when, the restaurant's
 * questions, open tab, contact (and an account for a guest), payment and review, then "Place order";
 * after success, the confirmation page. The card number and CVD live only in this component's state
 * and go only to /payment/tokenize.
 */
export function CheckoutPanel(props: CheckoutPanelProps) {
  // A suite order's and a hub's parts of checkout (features/suites, features/marketplace: the
  // verticals' plug-ins, ordering/plugins.tsx) are fetched for those orders only, before the form mounts.
  const suite = useSuiteParts(props.ordering.config.eventSuite);
  const hub = useHubParts(props.restaurant);
  if (suite.pending || hub.pending) return <Spinner />;
  return <CheckoutDialog {...props} suiteParts={suite.parts} hubParts={hub.parts} />;
}

function CheckoutDialog({
  cart,
  restaurant,
  ordering,
  suite: eventSuite,
  onClose,
  onStaleCart,
  suiteParts,
  hubParts,
}: CheckoutPanelProps & { suiteParts: SuiteParts | null; hubParts: HubParts | null }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const now = useNow();
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const client = useApiClient(restaurant.id);
  const session = useSession();
  // Read when the order is sent: a registration at checkout has signed the guest in since this render.
  const { getSession } = useSessionActions();
  // Register at checkout: the new account is signed in (no welcome banner) before the order is sent.
  const registration = useSignInMutation({
    mutationFn: (body: Parameters<typeof registerAtCheckout>[1]) => registerAtCheckout(client, body),
    onSignedIn: (answer, actions) => actions.signIn(answer, 'register'),
  });
  const { dialogRef, closeRef } = useModalDialog();
  const titleId = `${id}-title`;
  const type = ordering.orderType;
  const placeable = isPlaceable(type) ? type : null;
  const [failure, setFailure] = useState<string | null>(null);
  // A suite order (the link's eventSuite) is delivered to the suite at the time its preference says
  // (features/suites/suite-checkout.tsx, the suite's plug-in). Which hook runs is fixed for the dialog's life.
  const useSuiteCheckout = suiteParts?.useCheckout ?? useNoSuite;
  const suite = useSuiteCheckout({ id, config: ordering.config, suite: eventSuite, zone: restaurant.zone, setFailure });
  // A suite keeps its own tab (the suite's); the restaurant's open tab is for tables.
  const tabOffered = restaurant.allow_open_tab && placeable === 'dine_in' && suite.value === null;
  const needsPickupTime = placeable !== null && placeable !== 'dine_in' && suite.value === null;
  // Take-out and catering deliver where the restaurant does (ORDER_TYPE_POLICIES.allowsDelivery).
  const delivered =
    placeable !== null && orderTypePolicy(placeable).allowsDelivery && restaurant.delivery !== null && cart.choices.delivery;
  const delivery = useMemo(() => (delivered ? deliveryOptions(restaurant, locale) : null), [delivered, restaurant, locale]);

  const user = session.status === 'authenticated' ? session.user : null;
  const signedIn = user !== null;
  const catering = useGenericCateringCheckout({
    orderType: placeable,
    restaurant,
    delivered,
    linkLocation: ordering.config.genericTableLocation,
  });
  const savedCards: SavedCard[] = useMemo(() => user?.paymentMethods ?? [], [user]);
  const cateringMinimum = placeable !== null && isCateringOrder(placeable) ? restaurant.min_catering_amount : null;

  const [form, setForm] = useState<CheckoutForm>(() => ({
    pickup: { kind: 'none' },
    delivery: { ...EMPTY_DELIVERY, type: delivery?.types.length === 1 ? (delivery.types[0] ?? null) : null },
    // The link's genericTableLocation (a QR code on the table) is chosen already when it is one of the list.
    tableLocation: catering.fromLink,
    tab: { open: false, owner: '' },
    account: { create: false, password: '' },
    savedCard: null,
    answers: {},
    contact: { full_name: '', email: '', phone_number: '' },
    payment: EMPTY_PAYMENT,
    notes: '',
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const submittingRef = useRef(false);
  const submitRef = useRef<HTMLButtonElement | null>(null);
  const attemptRef = useRef<Attempt | null>(null);

  // A signed-in diner's contact comes from their account (fields they already typed stay).
  useEffect(() => {
    if (!user) return;
    setForm((current) => ({
      ...current,
      contact: {
        full_name: current.contact.full_name || `${user.firstName} ${user.lastName}`.trim(),
        email: current.contact.email || user.email,
        phone_number: current.contact.phone_number || (user.phoneNumber ? formatPhone(user.phoneNumber) : ''),
      },
    }));
  }, [user]);

  const items = cart.choices.items;
  const { takeoutDateRange, takeoutSpecificDates } = ordering.config;
  const askTimes = useCallback(
    (orderType: PlaceableOrderType, lines: CartItem[], signal?: AbortSignal) =>
      getScheduling(client, { type: orderType, items: lines, config: { takeoutDateRange, takeoutSpecificDates } }, signal),
    [client, takeoutDateRange, takeoutSpecificDates],
  );
  // Payment methods (wallets only where this browser has them) and times: one query per opening
  // (gcTime 0: closed, it is dropped, and the next opening reads afresh) or retry. A change of what it
  // depends on is a new key and TanStack aborts the read in flight (decision 0054). The times are for
  // the lines as they are when asked; the hub asks again when its vendors change (showTimes below).
  const queryClient = useQueryClient();
  const setupKey = queryKeys.checkoutSetup(restaurant.id, locale, placeable, needsPickupTime, catering.active, {
    takeoutDateRange,
    takeoutSpecificDates,
  });
  const setupQuery = useQuery({
    queryKey: setupKey,
    queryFn: async ({ signal }) => {
      const [payment, scheduling] = await Promise.all([
        getPaymentConfig(client, { applePay: true, googlePay: true, genericCatering: catering.active }, signal).then(keepBrowserWallets),
        needsPickupTime && placeable ? askTimes(placeable, items, signal) : Promise.resolve(null),
      ]);
      return { payment, scheduling };
    },
    gcTime: 0,
  });
  // A hub's take-out cart is placed as one order per vendor (features/marketplace, the hub's plug-in).
  const useHubCheckout = hubParts?.useCheckout ?? useNoHub;
  const hub = useHubCheckout({
    restaurant,
    orderType: placeable,
    suiteOrder: suite.value !== null,
    cart,
    id,
    timesShown: setupQuery.isSuccess,
    askTimes: (lines, signal) => askTimes('take-out', lines, signal),
    showTimes: (scheduling) =>
      queryClient.setQueryData(setupKey, (current: typeof setupQuery.data) => (current ? { ...current, scheduling } : current)),
    setFailure,
    afterRemove: (empty) => {
      if (empty) onClose();
      else requestAnimationFrame(() => submitRef.current?.focus());
    },
  });
  const { takeTimes } = hub;
  const savedDefault = defaultSavedCard(savedCards);

  // What the setup's answer sets in the form, in the same render as the answer shows (so "Use a new
  // card" never flashes first): the first pickup time, and the first method shown is already the right
  // one (a diner with saved cards pays by card with the default one).
  const setup = setupQuery.data;
  const [appliedSetup, setAppliedSetup] = useState<typeof setup>(undefined);
  if (setup && setup !== appliedSetup) {
    setAppliedSetup(setup);
    setForm((current) => {
      const pickup = current.pickup.kind === 'none' ? defaultPickup(setup.scheduling) : current.pickup;
      if (current.payment.paymentMethod !== null) return { ...current, pickup };
      const saved = setup.payment.methods.includes('credit_card') ? savedDefault : null;
      const method = saved !== null ? 'credit_card' : (setup.payment.methods[0] ?? null);
      return { ...current, pickup, savedCard: saved, payment: resetOnMethodChange(current.payment, method) };
    });
  }
  // The cart's vendor holds follow the times (a hub's vendor that can take nothing).
  const setupTimes = setup?.scheduling;
  useEffect(() => {
    if (setupTimes !== undefined) takeTimes(setupTimes);
  }, [setupTimes, takeTimes]);
  const loaded: Loaded =
    setup && setup === appliedSetup
      ? { status: 'ready', payment: setup.payment, scheduling: setup.scheduling }
      : setupQuery.isError && !setupQuery.isFetching
        ? { status: 'error', error: setupQuery.error }
        : { status: 'loading' };

  // A diner who signs in once checkout is open pays by card with their default one, unless they already chose otherwise.
  const offersCard = loaded.status === 'ready' && loaded.payment.methods.includes('credit_card');
  useEffect(() => {
    if (!offersCard || savedDefault === null) return;
    setForm((current) =>
      current.savedCard !== null || (current.payment.paymentMethod !== 'credit_card' && current.payment.paymentMethod !== null)
        ? current
        : { ...current, savedCard: savedDefault, payment: resetOnMethodChange(current.payment, 'credit_card') },
    );
  }, [offersCard, savedDefault]);

  // Any change to what would be sent starts a new attempt (a new key): the server refuses a key reused for another body.
  useEffect(() => {
    attemptRef.current = null;
  }, [form, items]);

  const update = useCallback((change: (current: CheckoutForm) => CheckoutForm, field?: string) => {
    setForm(change);
    if (field) setErrors((current) => (field in current ? omit(current, field) : current));
  }, []);

  const focusFirstError = (found: FieldErrors) => {
    const questions = Object.keys(found).filter((field) => field.startsWith('question-'));
    const deliveryFields = delivery ? deliveryFieldOrder(form.delivery, delivery) : [];
    const name = FIELD_ORDER.flatMap((field) => (field === 'questions' ? questions : field === 'delivery' ? deliveryFields : [field])).find(
      (field) => field in found,
    );
    if (!name) return;
    requestAnimationFrame(() => document.getElementById(`${id}-${name}`)?.focus());
  };

  const showFieldErrors = (found: FieldErrors) => {
    setErrors((current) => ({ ...current, ...found }));
    focusFirstError(found);
  };

  /** A guest who asked for an account: created and signed in before the order, which is then theirs. */
  const register = async (): Promise<boolean> => {
    const [firstName = '', ...rest] = form.contact.full_name.trim().split(/\s+/);
    try {
      await registration.mutateAsync({
        firstName,
        lastName: rest.join(' ') || firstName,
        email: form.contact.email.trim(),
        password: form.account.password,
        phoneNumber: form.contact.phone_number ? digitsOnly(form.contact.phone_number) : null,
      });
      return true;
    } catch (error) {
      const text = errorMessage(t, error);
      if (isApiError(error) && error.error === 'EMAIL_TAKEN') {
        showFieldErrors({ email: { key: 'server', text } });
      } else if (isApiError(error) && error.details?.some((detail) => /password$/.test(detail.path))) {
        showFieldErrors({ password: { key: 'server', text } });
      } else {
        setFailure(text);
      }
      return false;
    }
  };

  // Nothing to pay (account credits, a subsidy or a code cover it all; pricing's paymentNotRequired):
  // no method is asked for and none is sent, as the server ignores one (domain/payment-method.ts).
  const nothingToPay = cart.costs?.paymentNotRequired === true;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (submittingRef.current || loaded.status !== 'ready' || !placeable || items.length === 0) return;
    if (suite.stopped(signedIn, form.savedCard)) return;
    const found = checkForm(form, {
      restaurant,
      needsPickupTime,
      methods: suite.eventDay || nothingToPay ? [] : loaded.payment.methods,
      postalCodeRequired: loaded.payment.postalCodeRequired,
      now,
      delivery,
      tabOffered,
      tableLocationRequired: catering.required,
      accountOffered: !signedIn,
      contactOptional: suite.eventDay,
    });
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      focusFirstError(found);
      return;
    }
    submittingRef.current = true;
    setSubmitting(true);
    const attempt: Attempt = attemptRef.current ?? { key: newKey(), token: null, wallet: null };
    attemptRef.current = attempt;
    // Event day: nothing is paid now (the suite's tab), so no card is tokenised and none is sent.
    const method = suite.eventDay || nothingToPay ? null : form.payment.paymentMethod;
    try {
      if (!signedIn && form.account.create && !(await register())) {
        attemptRef.current = null;
        return;
      }
      const current = getSession();
      const nowSignedIn = current.status === 'authenticated';
      const savedCard = nowSignedIn ? form.savedCard : null;
      if (method === 'credit_card' && savedCard === null && attempt.token === null) {
        const card = form.payment.card;
        const tokenized = await tokenizeCard(client, {
          number: digitsOnly(card.number),
          expiry: digitsOnly(card.expiry_date),
          cvd: card.cvd.trim(),
          postal_code: card.postal_code.trim(),
        });
        attempt.token = tokenized.token;
      }
      const amount = cart.costs?.amountDue ?? 0;
      if (method === 'apple_pay' && attempt.wallet === null) {
        const token = await payWithApplePay(restaurant.name, amount, (validationUrl) =>
          getApplePaySession(client, { validationUrl, domain: window.location.hostname }),
        );
        attempt.wallet = { applePayPaymentToken: token };
      } else if (method === 'google_pay' && attempt.wallet === null) {
        attempt.wallet = { googlePayPaymentPayload: await payWithGooglePay(restaurant.name, amount) };
      }
      const body = orderBody({
        type: placeable,
        config: ordering.config,
        items,
        choices: cart.choices,
        form:
          suite.eventDay || nothingToPay
            ? { ...form, savedCard: null, payment: { ...form.payment, paymentMethod: null } }
            : { ...form, savedCard },
        hideGuestInfo: restaurant.hideGuestInfo,
        cardToken: attempt.token,
        delivery,
        tabOffered,
        genericCatering: catering.active,
        wallet: attempt.wallet,
        signedIn: nowSignedIn,
        suite: suite.info ? { info: suite.info } : null,
      });
      suite.addOperator(body);
      const headers = current.status === 'authenticated' ? bearer(current.credentials) : {};
      // A hub's take-out cart is one payment and one order per vendor (features/marketplace).
      const placed = hub.active
        ? await hub.place(client, body, attempt.key, headers)
        : await placeOrder(client, body, attempt.key, headers).then((response) => ({
            orderId: response.order.id,
            token: response.access_token,
          }));
      attemptRef.current = null;
      savePlacedOrder(restaurant.slug, { ...placed, menuPath: `${location.pathname}${location.search}` });
      setForm((previous) => ({ ...previous, payment: { ...previous.payment, card: EMPTY_PAYMENT.card } }));
      cart.clear();
      void navigate(pathTo('OrderConfirmation', { restaurantSlug: restaurant.slug }));
    } catch (error) {
      if (error instanceof WalletCancelled) {
        attemptRef.current = null;
        return;
      }
      const stale = staleCartOf(error);
      if (stale) {
        cart.acceptStaleCart(stale, items);
        onStaleCart();
        return;
      }
      const text = errorMessage(t, error);
      const onFields = deliveryErrorsOf(error, text);
      if (Object.keys(onFields).length > 0) showFieldErrors(onFields);
      else if (suite.refused(error, text) || hub.refused(error, text)) {
        // Said where the suite or the hub shows it.
      } else if (isApiError(error) && error.error === 'BELOW_CATERING_MINIMUM' && cateringMinimum !== null) {
        setFailure(`${text} ${t('checkout.review.cateringMinimum', { minimum: formatMoney(cateringMinimum, locale) })}`);
      } else setFailure(text);
      // No answer, or the server failed: the same attempt may be retried with its key. Any answer
      // that refused the order ends the attempt; a declined card is typed again.
      const retryable = !isApiError(error) || error.status === 0 || error.status >= 500;
      if (!retryable) {
        attemptRef.current = null;
        if (method === 'credit_card' && form.savedCard === null) {
          setForm((previous) => ({
            ...previous,
            payment: { ...previous.payment, card: { ...previous.payment.card, number: '', cvd: '', type: null } },
          }));
        }
      }
    } finally {
      submittingRef.current = false;
      setSubmitting(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onClose();
  };

  return (
    <dialog
      ref={dialogRef}
      className="item-dialog cart-panel checkout-panel"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="item-dialog__content">
        <div className="item-dialog__header">
          <h2 id={titleId} className="item-dialog__title" tabIndex={-1}>
            {t('checkout.title')}
          </h2>
          <button ref={closeRef} type="button" className="item-dialog__close" aria-label={t('checkout.close')} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {loaded.status === 'loading' || catering.mustSignIn ? (
          <div className="item-dialog__body">
            <Spinner />
          </div>
        ) : loaded.status === 'error' ? (
          <div className="item-dialog__body">
            <div role="alert" className="inline-error">
              <p>
                {t('checkout.loadError')} {errorMessage(t, loaded.error)}
              </p>
              <button type="button" className="button" onClick={() => void setupQuery.refetch()}>
                {t('checkout.retry')}
              </button>
            </div>
          </div>
        ) : (
          <form className="checkout-form" noValidate onSubmit={(event) => void submit(event)}>
            <div className="item-dialog__body cart-panel__body">
              {hub.notices}
              {delivery && <DeliverySection id={id} options={delivery} form={form.delivery} errors={errors} update={update} />}
              {catering.choices.length > 0 && (
                <TableLocationSection
                  id={id}
                  choices={catering.choices}
                  required={catering.required}
                  form={form}
                  errors={errors}
                  update={update}
                />
              )}
              {suite.section}
              {needsPickupTime && (
                <PickupSection
                  id={id}
                  delivery={delivered}
                  scheduling={loaded.scheduling}
                  pickup={form.pickup}
                  error={errors.pickup}
                  onChange={(pickup) => {
                    update((current) => ({ ...current, pickup }), 'pickup');
                    hub.timeChosen();
                  }}
                />
              )}
              {needsPickupTime && !restaurant.hide_takeout_special_instructions && (
                <TakeoutNotes id={id} value={form.notes} onChange={(notes) => update((current) => ({ ...current, notes }))} />
              )}
              {restaurant.customQuestions.length > 0 && (
                <QuestionsSection
                  id={id}
                  questions={restaurant.customQuestions}
                  answers={form.answers}
                  errors={errors}
                  onChange={(questionId, answers) =>
                    update((current) => ({ ...current, answers: { ...current.answers, [questionId]: answers } }), `question-${questionId}`)
                  }
                />
              )}
              {tabOffered && <TabSection id={id} form={form} errors={errors} update={update} />}
              <ContactSection
                id={id}
                form={form}
                hide={restaurant.hideGuestInfo}
                optional={suite.eventDay}
                errors={errors}
                update={update}
                loyalty={<LoyaltyStatus restaurant={restaurant} email={form.contact.email} />}
              />
              {user ? (
                // An operator ordering for a suite (login-as) is not signed in as anyone it could show here.
                !user.loginAs && <SignedInNote email={user.email} />
              ) : (
                <AccountSection id={id} form={form} errors={errors} update={update} />
              )}
              {suiteParts && suite.eventDay ? (
                <suiteParts.TabNote />
              ) : suiteParts && suite.preOrder && !signedIn && suite.value !== null ? (
                <suiteParts.LoginNotice eventSuite={suite.value} restaurant={restaurant.slug} />
              ) : suiteParts && suite.preOrder ? (
                <suiteParts.PaymentSection
                  id={id}
                  savedCards={savedCards}
                  chosen={form.savedCard}
                  backTo={{ path: location.pathname, search: location.search }}
                  onChoose={(savedCard) =>
                    update((current) => ({ ...current, savedCard, payment: resetOnMethodChange(current.payment, 'credit_card') }))
                  }
                />
              ) : (
                loaded.payment.methods.length > 0 &&
                !nothingToPay && (
                  <PaymentSection
                    id={id}
                    config={loaded.payment}
                    savedCards={signedIn && offersCard ? savedCards : []}
                    signedIn={signedIn}
                    form={form}
                    errors={errors}
                    update={update}
                  />
                )
              )}
              <ReviewSection
                id={id}
                cart={cart}
                tableNum={placeable === 'dine_in' ? ordering.config.tableNum : null}
                cateringMinimum={cateringMinimum}
                splitTaxes={restaurant.showSplitTaxes}
                heldLines={hub.heldLines}
              />
            </div>
            <div className="item-dialog__footer">
              <div role="status" className="cart-panel__status">
                {submitting && t('checkout.placing')}
              </div>
              {failure && (
                <p role="alert" className="field-error checkout-failure">
                  {failure}
                </p>
              )}
              <button
                ref={submitRef}
                type="submit"
                className="button button--primary item-dialog__add"
                disabled={submitting || cart.costsStatus === 'busy'}
              >
                {cart.costs ? t('checkout.placeWithTotal', { total: formatMoney(cart.costs.amountDue, locale) }) : t('checkout.place')}
              </button>
            </div>
          </form>
        )}
      </div>
    </dialog>
  );
}
