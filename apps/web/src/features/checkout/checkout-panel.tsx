import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { digitsOnly, formatPhone } from '@servery/domain/card';
import { resetOnMethodChange } from '@servery/domain/payment-method';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loginRedirectPath } from '../../components/require-session';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from '../../i18n/i18n-context';
import { isApiError } from '../../lib/api';
import { useNow } from '../../lib/clock';
import { errorMessage } from '../../lib/error-message';
import { formatMoney } from '../../lib/format';
import { pathTo } from '../../lib/route-paths';
import { bearer, getOperatorSession, getSession, signIn, useSession } from '../../lib/session';
import { useApiClient } from '../../lib/use-api-client';
import { useLocale } from '../../lib/use-locale';
import { useModalDialog } from '../../lib/use-modal-dialog';
import { staleCartOf } from '../cart/cart-api';
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
import { TableLocationSection } from './checkout-table-location';
import {
  preOrderTab,
  suiteChoiceOf,
  SuiteLoginNotice,
  SuitePaymentSection,
  SuiteSection,
  SuiteTabNote,
  suitesInfoOf,
  type SuiteChoice,
} from './checkout-suite';
import type { EventSuiteView } from '../../lib/event-suite';
import { keepBrowserWallets, payWithApplePay, payWithGooglePay, WalletCancelled } from './checkout-wallets';
import { PickupSection } from './checkout-when';
import type { Cart } from '../cart/use-cart';
import type { Ordering } from '../../components/restaurant-shell/use-ordering';
import '../../components/ui/dialog.css';
import '../cart/cart.css';
import './checkout.css';
import { placeMarketplaceOrder } from '../marketplace/marketplace-api';
import { isMarketplace, vendorOfMenus } from '../marketplace/vendor-groups';
import { heldVendors, placementHolds, vendorKey, withoutVendor, type HeldVendor, type ServerHold } from '../marketplace/vendor-state';
import { HeldVendorNotice } from '../marketplace/held-vendor-notice';
import { isCateringOrder, orderTypePolicy } from '@servery/domain/order-type';
import { EMPTY_PAYMENT } from '@servery/domain/payment-method';
import { loginRequired, tableLocationChoices } from '@servery/domain/generic-catering';

export interface CheckoutPanelProps {
  cart: Cart;
  restaurant: PublicRestaurant;
  ordering: Ordering;
  /** The event suite of a suite order, as the menu loaded it (lib/event-suite.ts). */
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

/** A hub's vendors that the checkout's times say can take nothing (scheduling `vendors`), as holds of the cart. */
function timesHolds(scheduling: SchedulingResponse | null): ReadonlyMap<string, ServerHold> {
  return new Map(
    (scheduling?.vendors ?? []).map((vendor) => [
      vendorKey(vendor.vendorId),
      { error: vendor.error, message: vendor.message, source: 'times' },
    ]),
  );
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
export function CheckoutPanel({ cart, restaurant, ordering, suite, onClose, onStaleCart }: CheckoutPanelProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const now = useNow();
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const client = useApiClient(restaurant.id);
  const session = useSession();
  const { dialogRef, closeRef } = useModalDialog();
  const titleId = `${id}-title`;
  const type = ordering.orderType;
  const placeable = isPlaceable(type) ? type : null;
  // A suite order (the link's eventSuite) is delivered to the suite at the time its preference says.
  const suiteValue = ordering.config.eventSuite;
  const marketplace = placeable === 'take-out' && isMarketplace(restaurant) && suiteValue === null;
  const suitePreOrder = suiteValue !== null && !ordering.config.eventDayOrdering;
  // Event day: the order goes on the suite's tab, settled by the operator's payment preference after the event.
  const suiteEventDay = suiteValue !== null && ordering.config.eventDayOrdering;
  // A pre-order's event (its times) and, for its owner, the pre-order it changes and the suite's tab.
  const suiteEvent = suitePreOrder ? (suite?.info ?? null) : null;
  const ownerSuite = suitePreOrder ? (suite?.owner?.eventSuite ?? null) : null;
  // A suite keeps its own tab (the suite's); the restaurant's open tab is for tables.
  const tabOffered = restaurant.allow_open_tab && placeable === 'dine_in' && suiteValue === null;
  const needsPickupTime = placeable !== null && placeable !== 'dine_in' && suiteValue === null;
  // Take-out and catering deliver where the restaurant does (ORDER_TYPE_POLICIES.allowsDelivery).
  const delivered =
    placeable !== null && orderTypePolicy(placeable).allowsDelivery && restaurant.delivery !== null && cart.choices.delivery;
  const delivery = useMemo(() => (delivered ? deliveryOptions(restaurant, locale) : null), [delivered, restaurant, locale]);

  const user = session.status === 'authenticated' ? session.user : null;
  const signedIn = user !== null;
  // Generic catering (generic-catering.ts): the restaurant may ask for a signed-in diner, and lists
  // the table locations (rooms, tables) its orders go to; one is needed unless the order is picked up.
  const genericCatering = placeable === 'generic_catering';
  const tableLocations = useMemo(
    () => (genericCatering ? tableLocationChoices(restaurant.generic_table_locations?.locations) : []),
    [genericCatering, restaurant.generic_table_locations],
  );
  const tableLocationRequired = tableLocations.length > 0 && (delivered || !restaurant.genericCateringShowPickupOption);
  const mustSignIn = genericCatering && session.status === 'anonymous' && loginRequired(restaurant, false);
  // A guest goes to sign in and comes back to this menu, its mode (the query) and its cart (kept in storage).
  useEffect(() => {
    if (mustSignIn) void navigate(loginRedirectPath(location.pathname, location.search));
  }, [mustSignIn, navigate, location.pathname, location.search]);
  const savedCards: SavedCard[] = useMemo(() => user?.paymentMethods ?? [], [user]);
  const cateringMinimum = placeable !== null && isCateringOrder(placeable) ? restaurant.min_catering_amount : null;

  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [reload, setReload] = useState(0);
  const [form, setForm] = useState<CheckoutForm>(() => ({
    pickup: { kind: 'none' },
    delivery: { ...EMPTY_DELIVERY, type: delivery?.types.length === 1 ? (delivery.types[0] ?? null) : null },
    // The link's genericTableLocation (a QR code on the table) is chosen already when it is one of the list.
    tableLocation: tableLocations.some((choice) => choice.value === ordering.config.genericTableLocation)
      ? (ordering.config.genericTableLocation ?? '')
      : '',
    tab: { open: false, owner: '' },
    account: { create: false, password: '' },
    savedCard: null,
    answers: {},
    contact: { full_name: '', email: '', phone_number: '' },
    payment: EMPTY_PAYMENT,
    notes: '',
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [suiteChoice, setSuiteChoice] = useState<SuiteChoice>(() =>
    suiteChoiceOf(ownerSuite?.preOrder ?? null, suiteEvent?.zone ?? restaurant.zone),
  );
  const [suiteError, setSuiteError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const submittingRef = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
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

  // Payment methods (wallets only where this browser has them) and times, once per opening (or retry).
  const items = cart.choices.items;
  const itemsRef = useRef(items);
  const { setVendorHolds } = cart;
  const marketplaceRef = useRef(marketplace);
  useEffect(() => {
    itemsRef.current = items;
    marketplaceRef.current = marketplace;
  });
  const savedDefault = defaultSavedCard(savedCards);
  const savedDefaultRef = useRef(savedDefault);
  useEffect(() => {
    savedDefaultRef.current = savedDefault;
  }, [savedDefault]);
  useEffect(() => {
    let cancelled = false;
    setLoaded({ status: 'loading' });
    Promise.all([
      getPaymentConfig(client, { applePay: true, googlePay: true, genericCatering: placeable === 'generic_catering' }).then(
        keepBrowserWallets,
      ),
      needsPickupTime && placeable
        ? getScheduling(client, {
            type: placeable,
            items: itemsRef.current,
            config: { takeoutDateRange: ordering.config.takeoutDateRange, takeoutSpecificDates: ordering.config.takeoutSpecificDates },
          })
        : Promise.resolve(null),
    ]).then(
      ([payment, scheduling]) => {
        if (cancelled) return;
        setLoaded({ status: 'ready', payment, scheduling });
        if (marketplaceRef.current) setVendorHolds(() => timesHolds(scheduling));
        setForm((current) => {
          const pickup = current.pickup.kind === 'none' ? defaultPickup(scheduling) : current.pickup;
          if (current.payment.paymentMethod !== null) return { ...current, pickup };
          // The first method shown is already the right one: a diner with saved cards pays by card with
          // the default one (chosen here, in the same update, so "Use a new card" never flashes first).
          const saved = payment.methods.includes('credit_card') ? savedDefaultRef.current : null;
          const method = saved !== null ? 'credit_card' : (payment.methods[0] ?? null);
          return { ...current, pickup, savedCard: saved, payment: resetOnMethodChange(current.payment, method) };
        });
      },
      (error: unknown) => {
        if (!cancelled) setLoaded({ status: 'error', error });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [client, needsPickupTime, placeable, ordering.config.takeoutDateRange, ordering.config.takeoutSpecificDates, reload, setVendorHolds]);

  // A hub's times are those every vendor of the cart can take (marketplace.ts hubScheduling): once a
  // vendor's items come out (or go in), the times are asked again, in place, without blanking the form.
  const vendorsInCart = useMemo(() => {
    if (!marketplace) return '';
    const vendorOfMenu = vendorOfMenus(cart.groups);
    return [...new Set(items.map((line) => vendorOfMenu.get(line.menu_id) ?? 'hub'))].sort().join(',');
  }, [marketplace, items, cart.groups]);
  const askedVendors = useRef<string | null>(null);
  const ready = loaded.status === 'ready';
  useEffect(() => {
    if (!ready || !marketplace || items.length === 0) return;
    if (askedVendors.current === null || askedVendors.current === vendorsInCart) {
      askedVendors.current = vendorsInCart;
      return;
    }
    askedVendors.current = vendorsInCart;
    let cancelled = false;
    getScheduling(client, {
      type: 'take-out',
      items,
      config: { takeoutDateRange: ordering.config.takeoutDateRange, takeoutSpecificDates: ordering.config.takeoutSpecificDates },
    }).then(
      (scheduling) => {
        if (cancelled) return;
        setLoaded((current) => (current.status === 'ready' ? { ...current, scheduling } : current));
        setVendorHolds(() => timesHolds(scheduling));
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
    // Asked again only when the set of vendors changes, not for a quantity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, vendorsInCart]);

  // A hub's vendors that cannot take their lines: the server's word (times, a refused placement), else the menu's state.
  const held = useMemo(
    () => (marketplace ? heldVendors(items, cart.groups, restaurant, 'take-out', cart.vendorHolds, now, t, locale) : []),
    [marketplace, items, cart.groups, restaurant, cart.vendorHolds, now, t, locale],
  );
  const heldButtonRef = useRef<HTMLButtonElement | null>(null);
  const submitRef = useRef<HTMLButtonElement | null>(null);
  const [removedVendor, setRemovedVendor] = useState('');
  const heldLines = useMemo(() => {
    const lines = new Map<number, string>();
    if (held.length === 0) return lines;
    const vendorOfMenu = vendorOfMenus(cart.groups);
    for (const line of items) {
      const vendorId = vendorOfMenu.get(line.menu_id) ?? null;
      if (held.some((vendor) => vendor.vendorId === vendorId)) lines.set(line.orderId, `${id}-held-${vendorKey(vendorId)}`);
    }
    return lines;
  }, [held, items, cart.groups, id]);
  const removeVendor = (vendor: HeldVendor) => {
    const rest = withoutVendor(items, cart.groups, vendor.vendorId);
    cart.setItems(rest);
    setVendorHolds((current) => {
      const next = new Map(current);
      next.delete(vendorKey(vendor.vendorId));
      return next;
    });
    setFailure(null);
    setRemovedVendor(t('marketplace.removedVendor', { vendor: vendor.name }));
    if (rest.length === 0) onClose();
    else requestAnimationFrame(() => submitRef.current?.focus());
  };

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
      const answer = await registerAtCheckout(client, {
        firstName,
        lastName: rest.join(' ') || firstName,
        email: form.contact.email.trim(),
        password: form.account.password,
        phoneNumber: form.contact.phone_number ? digitsOnly(form.contact.phone_number) : null,
      });
      signIn(answer);
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
    const suiteInfo = suiteEvent ? suitesInfoOf(suiteChoice, suiteEvent.zone, ownerSuite?.tab.limit ?? null) : suiteEventDay ? {} : null;
    if (suitePreOrder) {
      if (!signedIn) {
        setFailure(t('checkout.suite.logIn'));
        return;
      }
      // The server refuses these too; saying so here keeps the owner on the field to fix.
      if (form.savedCard === null) {
        setFailure(t('errors.PRE_ORDER_REQUIRES_SAVED_CARD'));
        return;
      }
      if (suiteInfo?.deliveryPreference === 'custom' && !suiteInfo.deliveryTime) {
        setSuiteError(t('errors.SUITE_DELIVERY_TIME_INVALID'));
        requestAnimationFrame(() => document.getElementById(`${id}-suite-time`)?.focus());
        return;
      }
    }
    const found = checkForm(form, {
      restaurant,
      needsPickupTime,
      methods: suiteEventDay || nothingToPay ? [] : loaded.payment.methods,
      postalCodeRequired: loaded.payment.postalCodeRequired,
      now,
      delivery,
      tabOffered,
      tableLocationRequired,
      accountOffered: !signedIn,
      contactOptional: suiteEventDay,
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
    const method = suiteEventDay || nothingToPay ? null : form.payment.paymentMethod;
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
          suiteEventDay || nothingToPay
            ? { ...form, savedCard: null, payment: { ...form.payment, paymentMethod: null } }
            : { ...form, savedCard },
        hideGuestInfo: restaurant.hideGuestInfo,
        cardToken: attempt.token,
        delivery,
        tabOffered,
        genericCatering,
        wallet: attempt.wallet,
        signedIn: nowSignedIn,
        suite: suiteInfo ? { info: suiteInfo } : null,
      });
      // An operator ordering for the suite (login-as) sends its own token with the order (spec section 7).
      const operator = getOperatorSession();
      if (suiteEventDay && operator.status === 'authenticated') body.operatorToken = operator.credentials.token;
      const headers = current.status === 'authenticated' ? bearer(current.credentials) : {};
      const menuPath = `${location.pathname}${location.search}`;
      if (marketplace) {
        // A hub's take-out cart: one payment, one order per vendor (features/marketplace).
        const { date: _date, ...data } = body.data;
        const response = await placeMarketplaceOrder(client, { type: 'take-out', data }, attempt.key, headers);
        attemptRef.current = null;
        const orders = response.orders.map((placed) => ({ orderId: placed.order.id, token: placed.access_token }));
        savePlacedOrder(restaurant.slug, { ...orders[0]!, menuPath, split: { orders, paid: response.payment.amount } });
      } else {
        const response = await placeOrder(client, body, attempt.key, headers);
        attemptRef.current = null;
        savePlacedOrder(restaurant.slug, { orderId: response.order.id, token: response.access_token, menuPath });
      }
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
      else if (isApiError(error) && error.error === 'SUITE_DELIVERY_TIME_INVALID') setSuiteError(text);
      else if (isApiError(error) && error.error === 'TAB_LIMIT_EXCEEDED' && error.remaining !== undefined) {
        setFailure(`${text} ${t('checkout.suite.tabLeft', { remaining: formatMoney(error.remaining, locale) })}`);
      } else if (isApiError(error) && error.error === 'BELOW_CATERING_MINIMUM' && cateringMinimum !== null) {
        setFailure(`${text} ${t('checkout.review.cateringMinimum', { minimum: formatMoney(cateringMinimum, locale) })}`);
      } else if (isApiError(error) && marketplace && placementHolds(error.error, error.details)) {
        // A vendor refused its lines: they are marked with its reason, and its removal is the next step.
        const holds = placementHolds(error.error, error.details)!;
        setVendorHolds(() => holds);
        setFailure(text);
        requestAnimationFrame(() => heldButtonRef.current?.focus());
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
        {loaded.status === 'loading' || mustSignIn ? (
          <div className="item-dialog__body">
            <Spinner />
          </div>
        ) : loaded.status === 'error' ? (
          <div className="item-dialog__body">
            <div role="alert" className="inline-error">
              <p>
                {t('checkout.loadError')} {errorMessage(t, loaded.error)}
              </p>
              <button type="button" className="button" onClick={() => setReload((n) => n + 1)}>
                {t('checkout.retry')}
              </button>
            </div>
          </div>
        ) : (
          <form className="checkout-form" noValidate onSubmit={(event) => void submit(event)}>
            <div className="item-dialog__body cart-panel__body">
              <p role="status" className="visually-hidden">
                {removedVendor}
              </p>
              {held.map((vendor, index) => (
                <HeldVendorNotice
                  key={vendorKey(vendor.vendorId)}
                  held={vendor}
                  id={`${id}-held-${vendorKey(vendor.vendorId)}`}
                  onRemove={removeVendor}
                  buttonRef={index === 0 ? heldButtonRef : undefined}
                />
              ))}
              {delivery && <DeliverySection id={id} options={delivery} form={form.delivery} errors={errors} update={update} />}
              {tableLocations.length > 0 && (
                <TableLocationSection
                  id={id}
                  choices={tableLocations}
                  required={tableLocationRequired}
                  form={form}
                  errors={errors}
                  update={update}
                />
              )}
              {suiteEvent && (
                <SuiteSection
                  id={id}
                  info={suiteEvent}
                  tab={ownerSuite ? preOrderTab(ownerSuite.tab, ownerSuite.preOrder?.total ?? 0) : null}
                  choice={suiteChoice}
                  error={suiteError}
                  onChange={(choice) => {
                    setSuiteChoice(choice);
                    setSuiteError(null);
                  }}
                />
              )}
              {needsPickupTime && (
                <PickupSection
                  id={id}
                  delivery={delivered}
                  scheduling={loaded.scheduling}
                  pickup={form.pickup}
                  error={errors.pickup}
                  onChange={(pickup) => {
                    update((current) => ({ ...current, pickup }), 'pickup');
                    // Another time may suit a vendor that was full or closed at the one asked; a pause stays.
                    if (marketplace)
                      setVendorHolds((current) =>
                        [...current.values()].some((hold) => hold.source === 'placing' && hold.error !== 'VENDOR_PAUSED')
                          ? new Map([...current].filter(([, hold]) => hold.source !== 'placing' || hold.error === 'VENDOR_PAUSED'))
                          : current,
                      );
                  }}
                />
              )}
              {needsPickupTime && !suitePreOrder && !restaurant.hide_takeout_special_instructions && (
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
                optional={suiteEventDay}
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
              {suiteEventDay ? (
                <SuiteTabNote />
              ) : suitePreOrder && !signedIn && suiteValue !== null ? (
                <SuiteLoginNotice eventSuite={suiteValue} restaurant={restaurant.slug} />
              ) : suitePreOrder ? (
                <SuitePaymentSection
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
                heldLines={heldLines}
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
