import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { cardType, digitsOnly, formatCardNumber, formatExpiry, formatPhone, type FieldMessage } from '@servery/domain/card';
import { needsReference, resetOnMethodChange, type PaymentMethod } from '@servery/domain/payment-method';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { useModalDialog } from '../../lib/use-modal-dialog';
import { useTranslation } from '../../i18n/i18n-context';
import { isApiError } from '../../lib/api';
import { useNow } from '../../lib/clock';
import { errorMessage } from '../../lib/error-message';
import { formatDate, formatMoney, formatTime } from '../../lib/format';
import { useApiClient } from '../../lib/use-api-client';
import { useLocale } from '../../lib/use-locale';
import { staleCartOf } from './cart-api';
import {
  getPaymentConfig,
  getScheduling,
  isPlaceable,
  placeOrder,
  tokenizeCard,
  type PaymentConfig,
  type PlaceOrderResponse,
  type SchedulingResponse,
} from './checkout-api';
import {
  checkForm,
  EMPTY_PAYMENT,
  FIELD_ORDER,
  orderBody,
  REFERENCE_FIELD,
  type CheckoutForm,
  type FieldErrors,
  type PickupChoice,
} from './checkout-model';
import { CostSummary } from './cost-breakdown';
import type { Cart } from './use-cart';
import type { Ordering } from './use-ordering';
import './item-dialog.css';
import './cart.css';
import './checkout.css';

export interface CheckoutPanelProps {
  cart: Cart;
  restaurant: PublicRestaurant;
  ordering: Ordering;
  onClose: () => void;
  /** The server found the cart stale (415/426/428): back to the cart, whose notice says what changed. */
  onStaleCart: () => void;
}

type Loaded =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; payment: PaymentConfig; scheduling: SchedulingResponse | null };

/** One checkout attempt: its Idempotency-Key and card token, reused by a retry of the same form. */
interface Attempt {
  key: string;
  token: string | null;
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

/**
 * Checkout, a modal <dialog> over the menu (its own chunk): pickup time, the restaurant's questions,
 * contact, payment and review, then "Place order"; after success, the confirmation. The card number
 * and CVD live only in this component's state and go only to /payment/tokenize.
 */
export function CheckoutPanel({ cart, restaurant, ordering, onClose, onStaleCart }: CheckoutPanelProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const now = useNow();
  const id = useId();
  const client = useApiClient(restaurant.id);
  const { dialogRef, closeRef } = useModalDialog();
  const titleId = `${id}-title`;
  const type = ordering.orderType;
  const placeable = isPlaceable(type) ? type : null;
  const needsPickupTime = placeable !== null && placeable !== 'dine_in';

  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [reload, setReload] = useState(0);
  const [form, setForm] = useState<CheckoutForm>({
    pickup: { kind: 'none' },
    answers: {},
    contact: { full_name: '', email: '', phone_number: '' },
    payment: EMPTY_PAYMENT,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const submittingRef = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [placed, setPlaced] = useState<PlaceOrderResponse | null>(null);
  const attemptRef = useRef<Attempt | null>(null);

  // Payment methods and pickup times, once per opening (or retry).
  const items = cart.choices.items;
  const itemsRef = useRef(items);
  useEffect(() => {
    let cancelled = false;
    setLoaded({ status: 'loading' });
    Promise.all([
      getPaymentConfig(client, { applePay: false, googlePay: false }),
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
        setForm((current) => ({
          ...current,
          pickup: current.pickup.kind === 'none' ? defaultPickup(scheduling) : current.pickup,
          payment:
            current.payment.paymentMethod === null ? resetOnMethodChange(current.payment, payment.methods[0] ?? null) : current.payment,
        }));
      },
      (error: unknown) => {
        if (!cancelled) setLoaded({ status: 'error', error });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [client, needsPickupTime, placeable, ordering.config.takeoutDateRange, ordering.config.takeoutSpecificDates, reload]);

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
    const name = FIELD_ORDER.flatMap((field) => (field === 'questions' ? questions : [field])).find((field) => field in found);
    if (!name) return;
    requestAnimationFrame(() => document.getElementById(`${id}-${name}`)?.focus());
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (submittingRef.current || loaded.status !== 'ready' || !placeable || items.length === 0) return;
    const found = checkForm(form, {
      restaurant,
      needsPickupTime,
      methods: loaded.payment.methods,
      postalCodeRequired: loaded.payment.postalCodeRequired,
      now,
    });
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      focusFirstError(found);
      return;
    }
    submittingRef.current = true;
    setSubmitting(true);
    const attempt: Attempt = attemptRef.current ?? { key: newKey(), token: null };
    attemptRef.current = attempt;
    try {
      if (form.payment.paymentMethod === 'credit_card' && attempt.token === null) {
        const card = form.payment.card;
        const tokenized = await tokenizeCard(client, {
          number: digitsOnly(card.number),
          expiry: digitsOnly(card.expiry_date),
          cvd: card.cvd.trim(),
          postal_code: card.postal_code.trim(),
        });
        attempt.token = tokenized.token;
      }
      const body = orderBody({
        type: placeable,
        config: ordering.config,
        items,
        choices: cart.choices,
        form,
        hideGuestInfo: restaurant.hideGuestInfo,
        cardToken: attempt.token,
      });
      const response = await placeOrder(client, body, attempt.key);
      attemptRef.current = null;
      setPlaced(response);
      setForm((current) => ({ ...current, payment: { ...current.payment, card: EMPTY_PAYMENT.card } }));
      cart.clear();
    } catch (error) {
      const stale = staleCartOf(error);
      if (stale) {
        cart.acceptStaleCart(stale, items);
        onStaleCart();
        return;
      }
      setFailure(errorMessage(t, error));
      // No answer, or the server failed: the same attempt may be retried with its key. Any answer
      // that refused the order ends the attempt; a declined card is typed again.
      const retryable = !isApiError(error) || error.status === 0 || error.status >= 500;
      if (!retryable) {
        attemptRef.current = null;
        if (form.payment.paymentMethod === 'credit_card') {
          setForm((current) => ({
            ...current,
            payment: { ...current.payment, card: { ...current.payment.card, number: '', cvd: '', type: null } },
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
            {placed ? t('checkout.confirmation.title') : t('checkout.title')}
          </h2>
          <button ref={closeRef} type="button" className="item-dialog__close" aria-label={t('checkout.close')} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {placed ? (
          <Confirmation placed={placed} zone={restaurant.zone} onDone={onClose} />
        ) : loaded.status === 'loading' ? (
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
              {needsPickupTime && (
                <PickupSection
                  id={id}
                  scheduling={loaded.scheduling}
                  pickup={form.pickup}
                  error={errors.pickup}
                  onChange={(pickup) => update((current) => ({ ...current, pickup }), 'pickup')}
                />
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
              <ContactSection id={id} form={form} hide={restaurant.hideGuestInfo} errors={errors} update={update} />
              {loaded.payment.methods.length > 0 && (
                <PaymentSection id={id} config={loaded.payment} form={form} errors={errors} update={update} />
              )}
              <ReviewSection id={id} cart={cart} />
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

function omit(errors: FieldErrors, field: string): FieldErrors {
  const next = { ...errors };
  delete next[field];
  return next;
}

/** The spec's field message, in the diner's language. */
function FieldError({ id, error }: { id: string; error: FieldMessage | undefined }) {
  const { t } = useTranslation();
  if (!error) return null;
  const params = 'params' in error ? error.params : {};
  return (
    <p id={id} className="field-error">
      {t(`checkout.field.${error.key}`, params)}
    </p>
  );
}

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  error: FieldMessage | undefined;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'numeric' | 'text' | 'email' | 'tel';
  required?: boolean;
  hint?: ReactNode;
  maxLength?: number;
}

function TextField({
  id,
  label,
  value,
  error,
  onChange,
  type = 'text',
  autoComplete,
  inputMode,
  required = true,
  hint,
  maxLength,
}: TextFieldProps) {
  const { t } = useTranslation();
  return (
    <div className="checkout-field">
      <label htmlFor={id} className="checkout-field__label">
        {label}
        {required && <span className="checkout-required"> {t('checkout.required')}</span>}
      </label>
      <input
        id={id}
        className="text-input"
        type={type}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

function PickupSection({
  id,
  scheduling,
  pickup,
  error,
  onChange,
}: {
  id: string;
  scheduling: SchedulingResponse | null;
  pickup: PickupChoice;
  error: FieldMessage | undefined;
  onChange: (pickup: PickupChoice) => void;
}) {
  const { t } = useTranslation();
  const days = scheduling?.days.filter((day) => day.slots.length > 0) ?? [];
  const asap = scheduling?.asap;
  const headingId = `${id}-pickup-heading`;
  const selectedDay = pickup.kind === 'slot' ? days.find((day) => day.date === pickup.date) : undefined;
  const firstSlot = (date: string): PickupChoice => {
    const slot = days.find((day) => day.date === date)?.slots[0];
    return slot ? { kind: 'slot', date, time: slot.startTime } : { kind: 'none' };
  };
  return (
    <section className="cart-section checkout-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="cart-section__title">
        {t('checkout.when.title')}
      </h3>
      {asap && <p className="checkout-hint">{t('checkout.when.prepTime', { prep: asap.prepTimeLabel })}</p>}
      {!asap?.available && days.length === 0 ? (
        <p id={`${id}-pickup`} tabIndex={-1} role="alert" className="field-error">
          {t('checkout.when.none')}
        </p>
      ) : (
        <fieldset
          id={`${id}-pickup`}
          tabIndex={-1}
          className="checkout-fieldset"
          aria-describedby={error ? `${id}-pickup-error` : undefined}
        >
          <legend className="visually-hidden">{t('checkout.when.title')}</legend>
          {asap?.available && (
            <label className="checkout-choice">
              <input type="radio" name={`${id}-when`} checked={pickup.kind === 'asap'} onChange={() => onChange({ kind: 'asap' })} />
              <span>{t('checkout.when.asap')}</span>
            </label>
          )}
          {days.length > 0 && (
            <label className="checkout-choice">
              <input
                type="radio"
                name={`${id}-when`}
                checked={pickup.kind === 'slot'}
                onChange={() => onChange(firstSlot(days[0]?.date ?? ''))}
              />
              <span>{t('checkout.when.later')}</span>
            </label>
          )}
          {pickup.kind === 'slot' && (
            <div className="checkout-row">
              <div className="checkout-field">
                <label htmlFor={`${id}-day`} className="checkout-field__label">
                  {t('checkout.when.day')}
                </label>
                <select
                  id={`${id}-day`}
                  className="text-input"
                  value={pickup.date}
                  onChange={(event) => onChange(firstSlot(event.target.value))}
                >
                  {days.map((day) => (
                    <option key={day.date} value={day.date}>
                      {day.dateLabel}
                    </option>
                  ))}
                </select>
              </div>
              <div className="checkout-field">
                <label htmlFor={`${id}-time`} className="checkout-field__label">
                  {t('checkout.when.time')}
                </label>
                <select
                  id={`${id}-time`}
                  className="text-input"
                  value={pickup.time}
                  onChange={(event) => onChange({ kind: 'slot', date: pickup.date, time: event.target.value })}
                >
                  {(selectedDay?.slots ?? []).map((slot) => (
                    <option key={slot.start} value={slot.startTime}>
                      {slot.localLabel}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          )}
        </fieldset>
      )}
      <FieldError id={`${id}-pickup-error`} error={error} />
    </section>
  );
}

function QuestionsSection({
  id,
  questions,
  answers,
  errors,
  onChange,
}: {
  id: string;
  questions: PublicRestaurant['customQuestions'];
  answers: Record<number, number[]>;
  errors: FieldErrors;
  onChange: (questionId: number, answers: number[]) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const headingId = `${id}-questions-heading`;
  return (
    <section className="cart-section checkout-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="cart-section__title">
        {t('checkout.questions.title')}
      </h3>
      {questions.map((question) => {
        const local = locale === 'fr-CA' ? question.localization['fr-CA'] : undefined;
        const text = local?.question || question.question;
        const chosen = answers[question.id] ?? [];
        const field = `question-${question.id}`;
        const error = errors[field];
        return (
          <fieldset
            key={question.id}
            id={`${id}-${field}`}
            tabIndex={-1}
            className="checkout-fieldset"
            // A radiogroup may say required and invalid; a group of checkboxes says it in its legend and message.
            role={question.question_type === 'select_one' ? 'radiogroup' : undefined}
            aria-required={(question.question_type === 'select_one' && question.required) || undefined}
            aria-invalid={(question.question_type === 'select_one' && error !== undefined) || undefined}
            aria-describedby={error ? `${id}-${field}-error` : undefined}
          >
            <legend className="checkout-field__label">
              {text}
              {question.required && <span className="checkout-required"> {t('checkout.required')}</span>}
            </legend>
            {question.options.map((option, index) => {
              const label = local?.options[index] || option;
              const checked = chosen.includes(index);
              return (
                <label key={index} className="checkout-choice">
                  <input
                    type={question.question_type === 'select_one' ? 'radio' : 'checkbox'}
                    name={`${id}-${field}`}
                    checked={checked}
                    onChange={() =>
                      onChange(
                        question.id,
                        question.question_type === 'select_one'
                          ? [index]
                          : checked
                            ? chosen.filter((entry) => entry !== index)
                            : [...chosen, index],
                      )
                    }
                  />
                  <span>{label}</span>
                </label>
              );
            })}
            <FieldError id={`${id}-${field}-error`} error={error} />
          </fieldset>
        );
      })}
    </section>
  );
}

type Update = (change: (current: CheckoutForm) => CheckoutForm, field?: string) => void;

function ContactSection({
  id,
  form,
  hide,
  errors,
  update,
}: {
  id: string;
  form: CheckoutForm;
  hide: { email: boolean; phone: boolean };
  errors: FieldErrors;
  update: Update;
}) {
  const { t } = useTranslation();
  const headingId = `${id}-contact-heading`;
  const set = (field: keyof CheckoutForm['contact'], value: string) =>
    update((current) => ({ ...current, contact: { ...current.contact, [field]: value } }), field);
  return (
    <section className="cart-section checkout-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="cart-section__title">
        {t('checkout.contact.title')}
      </h3>
      <TextField
        id={`${id}-full_name`}
        label={t('checkout.contact.fullName')}
        value={form.contact.full_name}
        error={errors.full_name}
        autoComplete="name"
        onChange={(value) => set('full_name', value)}
      />
      {!hide.email && (
        <TextField
          id={`${id}-email`}
          label={t('checkout.contact.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={form.contact.email}
          error={errors.email}
          onChange={(value) => set('email', value)}
        />
      )}
      {!hide.phone && (
        <TextField
          id={`${id}-phone_number`}
          label={t('checkout.contact.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={form.contact.phone_number}
          error={errors.phone_number}
          onChange={(value) => set('phone_number', formatPhone(value))}
        />
      )}
    </section>
  );
}

const CARD_TYPE_NAMES = { VISA: 'Visa', MC: 'Mastercard', AMEX: 'American Express' } as const;

function PaymentSection({
  id,
  config,
  form,
  errors,
  update,
}: {
  id: string;
  config: PaymentConfig;
  form: CheckoutForm;
  errors: FieldErrors;
  update: Update;
}) {
  const { t } = useTranslation();
  const headingId = `${id}-payment-heading`;
  const { payment } = form;
  const method = payment.paymentMethod;
  const card = payment.card;
  const setCard = (field: 'number' | 'expiry_date' | 'cvd' | 'postal_code', value: string) =>
    update(
      (current) => ({
        ...current,
        payment: {
          ...current.payment,
          card: { ...current.payment.card, [field]: value, ...(field === 'number' ? { type: cardType(value) } : {}) },
        },
      }),
      field,
    );
  const choose = (next: PaymentMethod) => {
    update((current) => ({ ...current, payment: resetOnMethodChange(current.payment, next) }), 'method');
  };
  const referenceLabel = (reference: 'invoice' | 'cost_center' | 'purchase_order') =>
    config.referenceLabels[reference] ?? t(`checkout.payment.methods.${reference}`);
  return (
    <section className="cart-section checkout-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="cart-section__title">
        {t('checkout.payment.title')}
      </h3>
      {config.methods.length > 1 && (
        <fieldset
          id={`${id}-method`}
          tabIndex={-1}
          className="checkout-fieldset"
          aria-describedby={errors.method ? `${id}-method-error` : undefined}
        >
          <legend className="checkout-field__label">{t('checkout.payment.method')}</legend>
          {config.methods.map((entry) => (
            <label key={entry} className="checkout-choice">
              <input type="radio" name={`${id}-method`} checked={method === entry} onChange={() => choose(entry)} />
              <span>{needsReference(entry) ? referenceLabel(entry) : t(`checkout.payment.methods.${entry}`)}</span>
            </label>
          ))}
          <FieldError id={`${id}-method-error`} error={errors.method} />
        </fieldset>
      )}
      {method === 'credit_card' && (
        <div className="checkout-card">
          {config.testMode && <p className="checkout-hint">{t('checkout.payment.testMode')}</p>}
          <TextField
            id={`${id}-number`}
            label={t('checkout.payment.cardNumber')}
            inputMode="numeric"
            autoComplete="cc-number"
            value={card.number}
            error={errors.number}
            onChange={(value) => setCard('number', formatCardNumber(value))}
            hint={
              card.type ? (
                <p className="checkout-hint" aria-live="polite">
                  {t('checkout.payment.cardType', { type: CARD_TYPE_NAMES[card.type] })}
                </p>
              ) : null
            }
          />
          <div className="checkout-row">
            <TextField
              id={`${id}-expiry_date`}
              label={t('checkout.payment.expiry')}
              inputMode="numeric"
              autoComplete="cc-exp"
              value={card.expiry_date}
              error={errors.expiry_date}
              maxLength={5}
              onChange={(value) => setCard('expiry_date', formatExpiry(value))}
            />
            <TextField
              id={`${id}-cvd`}
              label={t('checkout.payment.cvd')}
              inputMode="numeric"
              autoComplete="cc-csc"
              value={card.cvd}
              error={errors.cvd}
              maxLength={4}
              onChange={(value) => setCard('cvd', digitsOnly(value))}
            />
          </div>
          <TextField
            id={`${id}-postal_code`}
            label={t('checkout.payment.postalCode')}
            autoComplete="postal-code"
            value={card.postal_code}
            error={errors.postal_code}
            required={config.postalCodeRequired}
            maxLength={10}
            onChange={(value) => setCard('postal_code', value.toUpperCase())}
          />
        </div>
      )}
      {method !== null && needsReference(method) && (
        <TextField
          id={`${id}-reference`}
          label={referenceLabel(method)}
          value={payment[REFERENCE_FIELD[method]]}
          error={errors.reference}
          maxLength={100}
          onChange={(value) =>
            update((current) => ({ ...current, payment: { ...current.payment, [REFERENCE_FIELD[method]]: value } }), 'reference')
          }
        />
      )}
      {method === 'pay_on_premise' && <p className="checkout-hint">{t('checkout.payment.payOnPremise')}</p>}
    </section>
  );
}

function ReviewSection({ id, cart }: { id: string; cart: Cart }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const headingId = `${id}-review-heading`;
  return (
    <section className="cart-section checkout-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="cart-section__title">
        {t('checkout.review.title')}
      </h3>
      <ul className="checkout-lines">
        {cart.choices.items.map((line) => (
          <li key={line.orderId} className="checkout-line">
            <span>
              {line.quantity} × {cart.lineName(line) ?? t('cart.unknownItem')}
            </span>
            <span>{formatMoney(line.orderPrice, locale)}</span>
          </li>
        ))}
      </ul>
      <CostSummary cart={cart} headingId={`${id}-summary`} />
    </section>
  );
}

function Confirmation({ placed, zone, onDone }: { placed: PlaceOrderResponse; zone: string; onDone: () => void }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { order } = placed;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <>
      <div ref={ref} tabIndex={-1} className="item-dialog__body checkout-confirmation" role="status">
        <p className="checkout-confirmation__lead">{t('checkout.confirmation.thanks')}</p>
        <dl className="checkout-confirmation__facts">
          <dt>{t('checkout.confirmation.number')}</dt>
          <dd>{order.number}</dd>
          {order.pickup_time && (
            <>
              <dt>{t('checkout.confirmation.pickup')}</dt>
              <dd>
                {formatDate(order.pickup_time, zone)} {formatTime(order.pickup_time, locale, zone)}
              </dd>
            </>
          )}
          <dt>{placed.paymentNotRequired ? t('checkout.confirmation.total') : t('checkout.confirmation.charged')}</dt>
          <dd>{formatMoney(placed.paymentNotRequired ? order.costs.totalWithTip : order.payment.amount, locale)}</dd>
        </dl>
        {order.contact.email && <p>{t('checkout.confirmation.receipt', { email: order.contact.email })}</p>}
      </div>
      <div className="item-dialog__footer">
        <button type="button" className="button button--primary item-dialog__add" onClick={onDone}>
          {t('checkout.confirmation.done')}
        </button>
      </div>
    </>
  );
}
