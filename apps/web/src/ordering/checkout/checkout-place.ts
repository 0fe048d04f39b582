/**
 * Placing the order from checkout (checkout-panel.tsx), once the form mechanism (components/ui/form/)
 * has found its values valid: an account for a guest who asked for one, the card's token or the wallet's answer, then POST /orders (or the hub's one
 * order per vendor, through its plug-in) with one Idempotency-Key per attempt, and the confirmation.
 * A refusal is said where it belongs: on a field (a thrown FieldsRefused, which the form lands there), by
 * the suite or the hub, or as the checkout's failure.
 */
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { digitsOnly } from '@servery/domain/card';
import type { PlaceableOrderType } from '@servery/domain/order-type';
import { EMPTY_PAYMENT } from '@servery/domain/payment-method';
import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { Ordering } from '../../components/restaurant-shell/use-ordering';
import type { FieldProblem } from '../../components/ui/form/field-problem';
import { FieldsRefused } from '../../components/ui/form/form';
import { isApiError, type ApiClient } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';
import { formatMoney } from '../../lib/format';
import { pathTo } from '../../lib/route-paths';
import { bearer, useSessionActions } from '../../lib/session';
import { useSignInMutation } from '../../lib/session-mutations';
import { useLocale } from '../../lib/use-locale';
import { staleCartOf } from '../cart/cart-api';
import type { Cart } from '../cart/use-cart';
import type { HubCheckout, SuiteCheckout } from '../plugins';
import { getApplePaySession, placeOrder, registerAtCheckout, tokenizeCard } from './checkout-api';
import { deliveryFieldOfPath, type deliveryOptions } from './checkout-delivery-model';
import { orderBody, type CheckoutForm } from './checkout-model';
import type { Loaded } from './checkout-setup';
import { savePlacedOrder } from './checkout-storage';
import { forgetRememberedContact, rememberContact } from './contact/remembered-contact';
import type { useGenericCateringCheckout } from './checkout-table-location';
import { payWithApplePay, payWithGooglePay, WalletCancelled } from './checkout-wallets';

/** One checkout attempt: its Idempotency-Key, card token and wallet answer, reused by a retry of the same form. */
interface Attempt {
  key: string;
  token: string | null;
  wallet: { applePayPaymentToken?: string; googlePayPaymentPayload?: string } | null;
}

/** A registration at checkout that failed, already said: the order is not sent. */
class RegistrationRefused extends Error {}

function newKey(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

type Problems = Array<[string, FieldProblem]>;

/** After a guest's order: the contact and card postal code kept on this device when asked, else forgotten. */
function keepGuestContact(form: CheckoutForm): void {
  if (!form.rememberContact) return forgetRememberedContact();
  rememberContact({ ...form.contact, postalCode: form.payment.card.postal_code });
}

/**
 * The card itself was refused (declined, its brand not taken, its token spent): it is typed again, so
 * its number and CVD are emptied. Any other refusal (an address outside the zone, a closed time, a
 * sold-out item) leaves the card as the diner typed it.
 */
export function cardRefused(error: unknown): boolean {
  return isApiError(error) && (error.error === 'TRANSACTION_FAILED' || error.error.startsWith('CARD_'));
}

/** The server's field details that name a delivery field or the table location, as messages under those fields. */
function deliveryErrorsOf(error: unknown, text: string): Problems {
  if (isApiError(error) && error.details?.some((detail) => detail.path === 'data.config.genericTableLocation'))
    return [['tableLocation', { key: 'server', text }]];
  if (!isApiError(error) || !error.error.startsWith('DELIVERY_')) return [];
  return (error.details ?? []).flatMap((detail): Problems => {
    const field = deliveryFieldOfPath(detail.path);
    return field ? [[field, { key: 'server', text }]] : [];
  });
}

export interface PlaceOrderOptions {
  client: ApiClient;
  restaurant: PublicRestaurant;
  ordering: Ordering;
  cart: Cart;
  /** The form's values as they are now: a change starts a new attempt. */
  values: CheckoutForm;
  setForm: Dispatch<SetStateAction<CheckoutForm>>;
  setFailure: (text: string | null) => void;
  loaded: Loaded;
  placeable: PlaceableOrderType | null;
  delivery: ReturnType<typeof deliveryOptions> | null;
  tabOffered: boolean;
  catering: ReturnType<typeof useGenericCateringCheckout>;
  cateringMinimum: number | null;
  signedIn: boolean;
  nothingToPay: boolean;
  suite: SuiteCheckout;
  hub: HubCheckout;
  /** The server found the cart stale: back to the cart, whose notice says what changed. */
  onStaleCart: () => void;
  /** The order is placed: what was typed is not kept for the next checkout (checkout-draft.ts). */
  forgetDraft: () => void;
}

export function usePlaceOrder({
  client,
  restaurant,
  ordering,
  cart,
  values,
  setForm,
  setFailure,
  loaded,
  placeable,
  delivery,
  tabOffered,
  catering,
  cateringMinimum,
  signedIn,
  nothingToPay,
  suite,
  hub,
  onStaleCart,
  forgetDraft,
}: PlaceOrderOptions): { canSend: () => boolean; place: (form: CheckoutForm) => Promise<void>; submitting: boolean } {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  // Read when the order is sent: a registration at checkout has signed the guest in since this render.
  const { getSession } = useSessionActions();
  // Register at checkout: the new account is signed in (no welcome banner) before the order is sent.
  const registration = useSignInMutation({
    mutationFn: (body: Parameters<typeof registerAtCheckout>[1]) => registerAtCheckout(client, body),
    onSignedIn: (answer, actions) => actions.signIn(answer, 'register'),
  });
  const [submitting, setSubmitting] = useState(false);
  const submittingRef = useRef(false);
  const attemptRef = useRef<Attempt | null>(null);
  const items = cart.choices.items;

  // Any change to what would be sent starts a new attempt (a new key): the server refuses a key reused for another body.
  useEffect(() => {
    attemptRef.current = null;
  }, [values, items]);

  /** A guest who asked for an account: created and signed in before the order, which is then theirs. */
  const register = async (form: CheckoutForm): Promise<void> => {
    const [firstName = '', ...rest] = form.contact.full_name.trim().split(/\s+/);
    try {
      await registration.mutateAsync({
        firstName,
        lastName: rest.join(' ') || firstName,
        email: form.contact.email.trim(),
        password: form.account.password,
        phoneNumber: form.contact.phone_number ? digitsOnly(form.contact.phone_number) : null,
      });
    } catch (error) {
      attemptRef.current = null;
      const text = errorMessage(t, error);
      if (isApiError(error) && error.error === 'EMAIL_TAKEN') throw new FieldsRefused([['contact.email', { key: 'server', text }]]);
      if (isApiError(error) && error.details?.some((detail) => /password$/.test(detail.path)))
        throw new FieldsRefused([['account.password', { key: 'server', text }]]);
      setFailure(text);
      throw new RegistrationRefused();
    }
  };

  /** Before the form is checked: nothing is sent while checkout loads or sends, nor a suite order the suite stops. */
  const canSend = (): boolean => {
    if (submittingRef.current || loaded.status !== 'ready' || !placeable || items.length === 0) return false;
    return !suite.stopped(signedIn, values.savedCard);
  };

  const place = async (form: CheckoutForm) => {
    if (loaded.status !== 'ready' || !placeable) return;
    setFailure(null);
    submittingRef.current = true;
    setSubmitting(true);
    const attempt: Attempt = attemptRef.current ?? { key: newKey(), token: null, wallet: null };
    attemptRef.current = attempt;
    // Event day: nothing is paid now (the suite's tab), so no card is tokenised and none is sent.
    const method = suite.eventDay || nothingToPay ? null : form.payment.paymentMethod;
    try {
      if (!signedIn && form.account.create) await register(form);
      const current = getSession();
      const nowSignedIn = current.status === 'authenticated';
      const savedCard = nowSignedIn ? form.savedCard : null;
      if (method === 'credit_card' && savedCard === null && attempt.token === null) {
        const tokenized = await tokenizeCard(client, form.payment.card);
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
      if (!nowSignedIn) keepGuestContact(form);
      savePlacedOrder(restaurant.slug, { ...placed, menuPath: `${location.pathname}${location.search}` });
      forgetDraft();
      setForm((previous) => ({ ...previous, payment: { ...previous.payment, card: EMPTY_PAYMENT.card } }));
      cart.clear();
      void navigate(pathTo('OrderConfirmation', { restaurantSlug: restaurant.slug }));
    } catch (error) {
      if (error instanceof FieldsRefused) throw error;
      if (error instanceof WalletCancelled || error instanceof RegistrationRefused) {
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
      if (onFields.length > 0) {
        // Said on those fields, by the form (thrown below).
      } else if (suite.refused(error, text) || hub.refused(error, text)) {
        // Said where the suite or the hub shows it.
      } else if (isApiError(error) && error.error === 'BELOW_CATERING_MINIMUM' && cateringMinimum !== null) {
        setFailure(`${text} ${t('checkout.review.cateringMinimum', { minimum: formatMoney(cateringMinimum, locale) })}`);
      } else setFailure(text);
      // No answer, or the server failed: the same attempt may be retried with its key. Any answer
      // that refused the order ends the attempt; a refused card is typed again, and nothing else is cleared.
      const retryable = !isApiError(error) || error.status === 0 || error.status >= 500;
      if (!retryable) {
        attemptRef.current = null;
        if (method === 'credit_card' && form.savedCard === null && cardRefused(error)) {
          setForm((previous) => ({
            ...previous,
            payment: { ...previous.payment, card: { ...previous.payment.card, number: '', cvd: '', type: null } },
          }));
        }
      }
      if (onFields.length > 0) throw new FieldsRefused(onFields);
    } finally {
      submittingRef.current = false;
      setSubmitting(false);
    }
  };

  return { canSend, place, submitting };
}
