import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { formatPhone } from '@servery/domain/card';
import { offeredLocales } from '@servery/domain/locales';
import { resetOnMethodChange } from '@servery/domain/payment-method';
import { CHECKOUT_ASKING_NOTHING, checkoutForm, EMPTY_CHECKOUT, type CheckoutFormContext } from '@servery/contracts/forms';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type SetStateAction } from 'react';
import { useWatch, type FieldErrors, type FieldValues } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { Form, FormFailure } from '../../components/ui/form/form';
import { SERVER_ERROR } from '../../components/ui/form/field-problem';
import { useZodForm } from '../../components/ui/form/use-zod-form';
import { useLocation } from 'react-router';
import { LanguageSwitch } from '../../components/ui/language-switch';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { formatMoney } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useApiClient } from '../../lib/use-api-client';
import { useLocale } from '../../lib/use-locale';
import { useNow } from '../../lib/clock';
import { useModalDialog } from '../../lib/use-modal-dialog';
import { isPlaceable } from './checkout-api';
import { checkoutDraftKey, forgetCheckoutDraft, keepCheckoutDraft, readCheckoutDraft } from './checkout-draft';
import { AccountSection, ContactSection, RememberContact, SignedInNote } from './contact/checkout-contact';
import { readRememberedContact } from './contact/remembered-contact';
import { LoyaltyStatus } from './checkout-loyalty';
import { TakeoutNotes } from './checkout-notes';
import { DeliverySection } from './checkout-delivery';
import { deliveryOptions, EMPTY_DELIVERY, requiredDeliveryFields } from './checkout-delivery-model';
import type { CheckoutForm, Update } from './checkout-model';
import { PaymentSection, type SavedCard } from './checkout-payment';
import { QuestionsSection } from './checkout-questions';
import { ReviewSection } from './checkout-review';
import { TabSection } from './checkout-tab';
import { TableLocationSection, useGenericCateringCheckout } from './checkout-table-location';
import {
  useHubParts,
  useNoSuite,
  useSuiteParts,
  type EventSuiteView,
  type HubCheckout,
  type HubParts,
  type SuiteCheckout,
  type SuiteParts,
} from '../plugins';
import { PickupSection } from './checkout-when';
import { usePlaceOrder } from './checkout-place';
import { useCheckoutSetup, type Loaded } from './checkout-setup';
import type { Cart } from '../cart/use-cart';
import type { Ordering } from '../../components/restaurant-shell/use-ordering';
import '../../components/ui/dialog.css';
import '../cart/cart.css';
import './checkout.css';
import { isCateringOrder, orderTypePolicy, type PlaceableOrderType } from '@servery/domain/order-type';

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

/**
 * Checkout, a modal <dialog> over the menu (its own chunk): delivery address, when, the restaurant's
 * questions, open tab, contact (and an account for a guest), payment and review, then "Place order";
 * after success, the confirmation page. One form on the form mechanism (useCheckoutForm below). The
 * card number and CVD live only in that form's values and go only to /payment/tokenize.
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
  const id = useId();
  const client = useApiClient(restaurant.id);
  const session = useSession();
  const { dialogRef, closeRef } = useModalDialog(undefined, onClose);
  const titleId = `${id}-title`;
  const type = ordering.orderType;
  const placeable = isPlaceable(type) ? type : null;
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

  const { form, values, setForm, context, forgetDraft } = useCheckoutForm({
    delivery,
    tableLocation: catering.fromLink,
    user,
    draftKey: checkoutDraftKey(restaurant.id, placeable, user?.id ?? null),
  });
  // The checkout's failure is the form's (<FormFailure>, role="alert"), whoever says it: the setup, the suite, the hub, the order.
  const { setError, clearErrors } = form;
  const setFailure = useCallback(
    (text: string | null) => (text === null ? clearErrors('root.server') : setError('root.server', { type: SERVER_ERROR, message: text })),
    [setError, clearErrors],
  );
  // A suite order (the link's eventSuite) is delivered to the suite at the time its preference says
  // (features/suites/suite-checkout.tsx, the suite's plug-in). Which hook runs is fixed for the dialog's life.
  const useSuiteCheckout = suiteParts?.useCheckout ?? useNoSuite;
  const suite = useSuiteCheckout({ id, config: ordering.config, suite: eventSuite, zone: restaurant.zone, setFailure });
  // A suite keeps its own tab (the suite's); the restaurant's open tab is for tables.
  const tabOffered = restaurant.allow_open_tab && placeable === 'dine_in' && suite.value === null;
  const needsPickupTime = placeable !== null && placeable !== 'dine_in' && suite.value === null;
  const submitRef = useRef<HTMLButtonElement | null>(null);

  const { loaded, hub, offersCard, retry } = useCheckoutSetup({
    client,
    restaurant,
    ordering,
    cart,
    id,
    placeable,
    needsPickupTime,
    genericCatering: catering.active,
    suiteOrder: suite.value !== null,
    hubParts,
    savedCards,
    setForm,
    setFailure,
    onClose,
    submitRef,
  });

  // Nothing to pay (account credits, a subsidy or a code cover it all; pricing's paymentNotRequired):
  // no method is asked for and none is sent, as the server ignores one (domain/payment-method.ts).
  const nothingToPay = cart.costs?.paymentNotRequired === true;
  const now = useNow();
  // What the form asks for, from the order type and the restaurant's settings, as the schema reads it when it checks.
  useLayoutEffect(() => {
    context.current = {
      now: () => now,
      needsPickupTime,
      questions: restaurant.customQuestions,
      hideGuestInfo: restaurant.hideGuestInfo,
      paying: loaded.status === 'ready' && loaded.payment.methods.length > 0 && !suite.eventDay && !nothingToPay,
      postalCodeRequired: loaded.status === 'ready' && loaded.payment.postalCodeRequired,
      deliveryRequired: delivery ? requiredDeliveryFields(delivery) : null,
      tabOffered,
      tableLocationRequired: catering.required,
      accountOffered: !signedIn,
      contactOptional: suite.eventDay,
    };
  });

  const { canSend, place, submitting } = usePlaceOrder({
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
  });

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
          {/* The header's switch is behind this full-screen dialog: the diner switches here, and what they typed stays. */}
          <LanguageSwitch offered={offeredLocales(restaurant.locales)} />
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
              <button type="button" className="button" onClick={() => retry()}>
                {t('checkout.retry')}
              </button>
            </div>
          </div>
        ) : (
          <Form form={form} className="checkout-form" onValid={place} canSend={canSend}>
            <div className="item-dialog__body cart-panel__body">
              <CheckoutSections
                id={id}
                restaurant={restaurant}
                ordering={ordering}
                cart={cart}
                form={values}
                update={setForm}
                loaded={loaded}
                hub={hub}
                suite={suite}
                suiteParts={suiteParts}
                catering={catering}
                delivery={delivery}
                delivered={delivered}
                needsPickupTime={needsPickupTime}
                tabOffered={tabOffered}
                user={user}
                savedCards={savedCards}
                offersCard={offersCard}
                nothingToPay={nothingToPay}
                placeable={placeable}
                cateringMinimum={cateringMinimum}
              />
            </div>
            <div className="item-dialog__footer">
              <div role="status" className="cart-panel__status">
                {submitting && t('checkout.placing')}
              </div>
              <FormFailure className="checkout-failure" />
              <button
                ref={submitRef}
                type="submit"
                className="button button--primary item-dialog__add"
                disabled={submitting || cart.costsStatus === 'busy'}
              >
                {cart.costs ? t('checkout.placeWithTotal', { total: formatMoney(cart.costs.amountDue, locale) }) : t('checkout.place')}
              </button>
            </div>
          </Form>
        )}
      </div>
    </dialog>
  );
}

type SessionUser = Extract<ReturnType<typeof useSession>, { status: 'authenticated' }>['user'];

interface CheckoutSectionsProps {
  id: string;
  restaurant: PublicRestaurant;
  ordering: Ordering;
  cart: Cart;
  form: CheckoutForm;
  update: Update;
  loaded: Extract<Loaded, { status: 'ready' }>;
  hub: HubCheckout;
  suite: SuiteCheckout;
  suiteParts: SuiteParts | null;
  catering: ReturnType<typeof useGenericCateringCheckout>;
  delivery: ReturnType<typeof deliveryOptions> | null;
  delivered: boolean;
  needsPickupTime: boolean;
  tabOffered: boolean;
  user: SessionUser | null;
  savedCards: SavedCard[];
  offersCard: boolean;
  nothingToPay: boolean;
  placeable: PlaceableOrderType | null;
  cateringMinimum: number | null;
}

/** Checkout's sections, in the order the diner fills them: the generic ones, and a hub's or a suite's where they plug in. */
function CheckoutSections({
  id,
  restaurant,
  ordering,
  cart,
  form,
  update,
  loaded,
  hub,
  suite,
  suiteParts,
  catering,
  delivery,
  delivered,
  needsPickupTime,
  tabOffered,
  user,
  savedCards,
  offersCard,
  nothingToPay,
  placeable,
  cateringMinimum,
}: CheckoutSectionsProps) {
  const location = useLocation();
  const signedIn = user !== null;
  return (
    <>
      {hub.notices}
      {delivery && <DeliverySection id={id} options={delivery} form={form.delivery} update={update} />}
      {catering.asked && <TableLocationSection id={id} choices={catering.choices} required={catering.required} />}
      {suite.section}
      {needsPickupTime && (
        <PickupSection
          id={id}
          delivery={delivered}
          scheduling={loaded.scheduling}
          pickup={form.pickup}
          onChange={(pickup) => {
            update((current) => ({ ...current, pickup }));
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
          onChange={(questionId, answers) => update((current) => ({ ...current, answers: { ...current.answers, [questionId]: answers } }))}
        />
      )}
      {tabOffered && <TabSection id={id} form={form} update={update} />}
      <ContactSection
        id={id}
        form={form}
        hide={restaurant.hideGuestInfo}
        optional={suite.eventDay}
        loyalty={<LoyaltyStatus restaurant={restaurant} email={form.contact.email} />}
      />
      {user ? (
        // An operator ordering for a suite (login-as) is not signed in as anyone it could show here.
        !user.loginAs && <SignedInNote email={user.email} />
      ) : (
        <>
          <AccountSection id={id} form={form} update={update} />
          <RememberContact
            checked={form.rememberContact}
            onChange={(rememberContact) => update((current) => ({ ...current, rememberContact }))}
          />
        </>
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
        restaurant={restaurant}
      />
    </>
  );
}

/** The paths of the fields whose message is the server's (a refused address, an e-mail already taken). */
function serverErrorPaths(errors: FieldErrors, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([key, error]) => {
    if (!error || typeof error !== 'object' || key === 'root') return [];
    const path = prefix ? `${prefix}.${key}` : key;
    if ('type' in error && error.type === SERVER_ERROR) return [path];
    return 'type' in error && typeof error.type === 'string' ? [] : serverErrorPaths(error as FieldErrors, path);
  });
}

/** A delivery address is refused as a whole (outside the zone): a change to any of its fields answers it. */
const scopeOf = (name: string) => (name === 'delivery' || name.startsWith('delivery.') ? 'delivery' : name);

/**
 * The checkout's form (docs/decisions/0076-forms-on-react-hook-form.md): its values in React Hook Form,
 * checked by `checkoutForm` (packages/contracts/src/forms.ts) against what this order asks for. That
 * is known once the setup has answered, after the form is made, so the dialog keeps it in `context`
 * and the schema reads it each time it checks. As checkout opens: what the diner typed before in this
 * page (checkout-draft.ts), else the only delivery type chosen, the link's table location; a signed-in
 * diner's contact from their account (fields they already typed stay). A server's message on a field
 * goes as soon as the diner changes that field (the others stay until the next send).
 */
function useCheckoutForm({
  delivery,
  tableLocation,
  user,
  draftKey,
}: {
  delivery: ReturnType<typeof deliveryOptions> | null;
  tableLocation: CheckoutForm['tableLocation'];
  user: SessionUser | null;
  /** Whose draft this checkout is (checkout-draft.ts): it changes when the diner signs in. */
  draftKey: string;
}) {
  // Until the dialog's first render has said what this order asks for: only what every order does.
  const context = useRef<CheckoutFormContext>(CHECKOUT_ASKING_NOTHING);
  const [schema] = useState(() => z.lazy(() => checkoutForm(context.current)));
  const page = useQueryClient();
  const [draft] = useState(() => readCheckoutDraft(page, draftKey));
  const onlyType = delivery?.types.length === 1 ? (delivery.types[0] ?? null) : null;
  const form = useZodForm(schema, {
    defaultValues: draft
      ? {
          ...draft,
          delivery: {
            ...draft.delivery,
            type: draft.delivery.type !== null && delivery?.types.includes(draft.delivery.type) ? draft.delivery.type : onlyType,
          },
          tableLocation: draft.tableLocation || tableLocation,
        }
      : {
          ...EMPTY_CHECKOUT,
          delivery: { ...EMPTY_DELIVERY, type: onlyType },
          // The link's genericTableLocation (a QR code on the table), chosen already when it is one of the list.
          tableLocation,
        },
  });
  const values = useWatch({ control: form.control }) as CheckoutForm;
  const { getValues, setValue, watch, clearErrors, formState } = form;

  // What is typed is kept for the next opening, under whose draft it is now, until the order is placed.
  const draftKeyRef = useRef(draftKey);
  const placedRef = useRef(false);
  useEffect(() => {
    if (placedRef.current) return;
    if (draftKeyRef.current !== draftKey) forgetCheckoutDraft(page, draftKeyRef.current);
    draftKeyRef.current = draftKey;
    keepCheckoutDraft(page, draftKey, values);
  }, [page, draftKey, values]);
  const forgetDraft = useCallback(() => {
    placedRef.current = true;
    forgetCheckoutDraft(page, draftKeyRef.current);
  }, [page]);

  // A server's field message (the form's own stay until the next send, use-zod-form.ts) goes once that field changes.
  useEffect(() => {
    const subscription = watch((_, { name }) => {
      if (!name) return;
      const scope = scopeOf(name);
      const answered = serverErrorPaths(formState.errors as FieldErrors<FieldValues>).filter(
        (path) => path === scope || path.startsWith(`${scope}.`) || scope.startsWith(`${path}.`),
      );
      if (answered.length > 0) clearErrors(answered as never);
    });
    return () => subscription.unsubscribe();
  }, [watch, clearErrors, formState]);
  /** Changes the values as a state setter would: each section that changed is set anew. */
  const setForm = useCallback(
    (change: SetStateAction<CheckoutForm>) => {
      const current = getValues();
      const next = typeof change === 'function' ? change(current) : change;
      for (const key of Object.keys(next) as Array<keyof CheckoutForm>) {
        if (next[key] !== current[key]) setValue(key, next[key] as never);
      }
    },
    [getValues, setValue],
  );
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
  }, [user, setForm]);
  // A guest's contact kept on this device by an earlier checkout (contact/remembered-contact.ts), read once
  // the checkout is open in the browser, unless it opens on what was typed in this page; fields already typed stay.
  const guest = user === null;
  const drafted = draft !== null;
  useEffect(() => {
    if (!guest || drafted) return;
    const kept = readRememberedContact();
    if (!kept) return;
    setForm((current) => ({
      ...current,
      rememberContact: true,
      contact: {
        full_name: current.contact.full_name || kept.full_name,
        email: current.contact.email || kept.email,
        phone_number: current.contact.phone_number || kept.phone_number,
      },
      payment: {
        ...current.payment,
        card: { ...current.payment.card, postal_code: current.payment.card.postal_code || kept.postalCode },
      },
    }));
  }, [guest, drafted, setForm]);
  return { form, values, setForm, context, forgetDraft };
}
