/**
 * A suite pre-order's checkout (spec accounts-and-suites.md section 4, "Suite flow"; ordering.md
 * checkout "suite pre-order delivery preference"): when the food comes to the suite (before the
 * event, at its start, at half-time, or a chosen time during the event), notes, and the owner's saved
 * card, which is required; without one the owner adds a card and comes back here.
 */
import type { PlaceOrderBody } from '@servery/contracts/orders';
import type { MinimalEventInfo, SuiteDeliveryPreference, SuitesInfoBody, SuiteTab } from '@servery/contracts/suites';
import { SUITE_DELIVERY_PREFERENCES } from '@servery/domain/event-suites';
import type { OrderingConfig } from '@servery/domain/ordering-config';
import { localDateTime, zonedInstant } from '@servery/domain/price-schedule';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { formatDateTime, formatMoney } from '../../lib/format';
import { ROUTE_PATHS } from '../../lib/route-paths';
import { useSessionActions } from '../../lib/session';
import { useLocale } from '../../lib/use-locale';
import type { EventSuiteView, SavedCard } from '../../ordering';

export interface SuiteChoice {
  preference: SuiteDeliveryPreference;
  /** yyyy-MM-ddTHH:mm in the venue's time zone (a datetime-local value), for "custom". */
  time: string;
  notes: string;
}

export const DEFAULT_SUITE_CHOICE: SuiteChoice = { preference: 'before_event', time: '', notes: '' };

/** The venue-zone wall time of an instant as a datetime-local value. */
export function wallTime(iso: string, zone: string): string {
  const local = localDateTime(new Date(iso), zone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${local.year}-${pad(local.month)}-${pad(local.day)}T${pad(local.hour)}:${pad(local.minute)}`;
}

/** Changing a pre-order starts from it: its preference, its chosen time (for "custom") and its notes. */
export function suiteChoiceOf(
  preOrder: { delivery_preference: SuiteDeliveryPreference | null; deliver_at: string | null; notes: string } | null,
  zone: string,
): SuiteChoice {
  if (!preOrder?.delivery_preference) return { ...DEFAULT_SUITE_CHOICE, notes: preOrder?.notes ?? '' };
  const time = preOrder.delivery_preference === 'custom' && preOrder.deliver_at ? wallTime(preOrder.deliver_at, zone) : '';
  return { preference: preOrder.delivery_preference, time, notes: preOrder.notes };
}

/**
 * What the order sends (spec ordering.md: suitesInfo{deliveryTime, notes, tabLimit}): the preference,
 * for "custom" the chosen wall time as an instant, the notes, and the tab limit the checkout showed.
 */
export function suitesInfoOf(choice: SuiteChoice, zone: string, tabLimit: number | null): SuitesInfoBody {
  const common = { notes: choice.notes.trim(), tabLimit };
  if (choice.preference !== 'custom') return { deliveryPreference: choice.preference, ...common };
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(choice.time);
  if (!match) return { deliveryPreference: 'custom', deliveryTime: null, ...common };
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  return { deliveryPreference: 'custom', deliveryTime: zonedInstant(zone, year, month, day, hour, minute).toISOString(), ...common };
}

export function SuiteSection({
  id,
  info,
  tab,
  choice,
  error,
  onChange,
}: {
  id: string;
  info: MinimalEventInfo;
  /** The suite's tab limit and what this pre-order may take of it (the owner's view); null: not known. */
  tab: { limit: number | null; available: number | null } | null;
  choice: SuiteChoice;
  error: string | null;
  onChange: (choice: SuiteChoice) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const headingId = `${id}-suite-heading`;
  const start = wallTime(info.event.starts_at, info.zone);
  const end = info.event.ends_at ? wallTime(info.event.ends_at, info.zone) : undefined;
  return (
    <section className="cart-section checkout-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="cart-section__title">
        {t('checkout.suite.title', { suite: info.eventSuite.suite.name })}
      </h3>
      <p suppressHydrationWarning>{t('checkout.suite.lock', { when: formatDateTime(info.event.pre_order_lock_at, locale, info.zone) })}</p>
      {tab && (
        <p>
          {tab.limit === null
            ? t('checkout.suite.tabNoLimit')
            : t('checkout.suite.tabLimit', { limit: formatMoney(tab.limit, locale), available: formatMoney(tab.available ?? 0, locale) })}
        </p>
      )}
      <fieldset className="checkout-fieldset" aria-describedby={error ? `${id}-suite-error` : undefined}>
        <legend>{t('checkout.suite.when')}</legend>
        {SUITE_DELIVERY_PREFERENCES.map((preference) => (
          <label key={preference} className="checkout-choice">
            <input
              type="radio"
              name={`${id}-suite-preference`}
              value={preference}
              checked={choice.preference === preference}
              onChange={() =>
                onChange({ ...choice, preference, time: preference === 'custom' && choice.time === '' ? start : choice.time })
              }
            />
            <span>{t(`checkout.suite.preference.${preference}`)}</span>
          </label>
        ))}
      </fieldset>
      {choice.preference === 'custom' && (
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-suite-time`}>
            {t('checkout.suite.time')}
          </label>
          <input
            id={`${id}-suite-time`}
            className="text-input"
            type="datetime-local"
            min={start}
            {...(end ? { max: end } : {})}
            value={choice.time}
            aria-invalid={error ? true : undefined}
            onChange={(event) => onChange({ ...choice, time: event.target.value })}
          />
        </div>
      )}
      {error && (
        <p id={`${id}-suite-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-suite-notes`}>
          {t('checkout.suite.notes')}
        </label>
        <textarea
          id={`${id}-suite-notes`}
          className="text-input"
          rows={3}
          maxLength={500}
          value={choice.notes}
          onChange={(event) => onChange({ ...choice, notes: event.target.value })}
        />
      </div>
    </section>
  );
}

/** The owner's saved cards to keep with the pre-order, or the way to add one and come back. */
export function SuitePaymentSection({
  id,
  savedCards,
  chosen,
  backTo,
  onChoose,
}: {
  id: string;
  savedCards: readonly SavedCard[];
  chosen: string | null;
  /** This menu's address, to come back to once a card is added. */
  backTo: { path: string; search: string };
  onChoose: (paymentCardId: string) => void;
}) {
  const { t } = useTranslation();
  const headingId = `${id}-suite-payment-heading`;
  const query = new URLSearchParams(backTo.search);
  query.set('redirect', backTo.path);
  return (
    <section className="cart-section checkout-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="cart-section__title">
        {t('checkout.suite.paymentTitle')}
      </h3>
      <p>{t('checkout.suite.paymentNote')}</p>
      {savedCards.length === 0 ? (
        <div role="alert" className="inline-error">
          <p>{t('errors.PRE_ORDER_REQUIRES_SAVED_CARD')}</p>
          <Link className="button" to={`${ROUTE_PATHS.UserPaymentMethods}?${query.toString()}`}>
            {t('checkout.suite.addCard')}
          </Link>
        </div>
      ) : (
        <fieldset className="checkout-fieldset">
          <legend>{t('checkout.suite.card')}</legend>
          {savedCards.map((card) => (
            <label key={card.paymentCardId} className="checkout-choice">
              <input
                type="radio"
                name={`${id}-suite-card`}
                value={card.paymentCardId}
                checked={chosen === card.paymentCardId}
                onChange={() => onChoose(card.paymentCardId)}
              />
              <span>{t('checkout.suite.cardLabel', { brand: card.brand, last4: card.last4 })}</span>
            </label>
          ))}
        </fieldset>
      )}
    </section>
  );
}

/** A pre-order is the suite owner's: a guest logs in first and comes back to this suite. */
export function SuiteLoginNotice({ eventSuite, restaurant }: { eventSuite: string; restaurant: string }) {
  const { t } = useTranslation();
  const query = new URLSearchParams({ eventSuite, restaurant });
  return (
    <div role="alert" className="inline-error">
      <p>{t('checkout.suite.logIn')}</p>
      <Link className="button" to={`${ROUTE_PATHS.Login}?${query.toString()}`}>
        {t('suites.logIn')}
      </Link>
    </div>
  );
}

/** Event day: nothing to pay now; the order goes on the suite's tab. */
export function SuiteTabNote() {
  const { t } = useTranslation();
  return (
    <section className="cart-section checkout-section" aria-labelledby="suite-tab-note">
      <h3 id="suite-tab-note" className="cart-section__title">
        {t('checkout.suite.paymentTitle')}
      </h3>
      <p>{t('checkout.suite.onTab')}</p>
    </section>
  );
}

/**
 * The suite's tab as a pre-order sees it: its limit, and what the pre-order may take of it (a change
 * replaces the current pre-order, whose amount leaves the tab first: decision 0025, point 3).
 */
export function preOrderTab(tab: SuiteTab, replacing: number): { limit: number | null; available: number | null } {
  return { limit: tab.limit, available: tab.limit === null ? null : Math.max(0, tab.limit - tab.spent + replacing) };
}

export interface SuiteCheckout {
  /** The link's event suite (an id or the value the server sealed); null: not a suite order. */
  value: string | null;
  /** Before event day: the owner's pre-order, paid by a saved card, delivered when its preference says. */
  preOrder: boolean;
  /** Event day: the order goes on the suite's tab, settled by the operator's payment preference after the event. */
  eventDay: boolean;
  /** The pre-order's delivery section (`SuiteSection`, without its id); null: none. */
  section: Omit<Parameters<typeof SuiteSection>[0], 'id'> | null;
  /** What the order sends as suitesInfo; null: not a suite order. */
  info: SuitesInfoBody | null;
  /** A pre-order's own checks before anything is sent; true: one failed and says so. */
  stopped: (signedIn: boolean, savedCard: string | null) => boolean;
  /** An operator ordering for the suite (login-as) sends its own token with the order (spec section 7). */
  addOperator: (body: PlaceOrderBody) => void;
  /** The server refused the suite's time or its tab; false: not the suite's refusal. */
  refused: (error: unknown, text: string) => boolean;
}

/**
 * A suite order's part of the checkout (spec accounts-and-suites.md sections 4 and 7): which kind it
 * is, the pre-order's delivery choice and its checks, what the order sends and the suite's refusals.
 * `suite` is the event suite the menu loaded (event-suite.ts).
 */
export function useSuiteCheckout({
  id,
  config,
  suite,
  zone,
  setFailure,
}: {
  id: string;
  config: Pick<OrderingConfig, 'eventSuite' | 'eventDayOrdering'>;
  suite: EventSuiteView | null | undefined;
  /** The restaurant's zone, for a pre-order whose event is not known. */
  zone: string;
  setFailure: (text: string | null) => void;
}): SuiteCheckout {
  const { t } = useTranslation();
  const { locale } = useLocale();
  // Read when the order is sent (an operator may have signed in since the render), on this tree's client.
  const { getOperatorSession } = useSessionActions();
  const value = config.eventSuite;
  const preOrder = value !== null && !config.eventDayOrdering;
  const eventDay = value !== null && config.eventDayOrdering;
  // A pre-order's event (its times) and, for its owner, the pre-order it changes and the suite's tab.
  const event = preOrder ? (suite?.info ?? null) : null;
  const owner = preOrder ? (suite?.owner?.eventSuite ?? null) : null;
  const [choice, setChoice] = useState<SuiteChoice>(() => suiteChoiceOf(owner?.preOrder ?? null, event?.zone ?? zone));
  const [error, setError] = useState<string | null>(null);
  const info = event ? suitesInfoOf(choice, event.zone, owner?.tab.limit ?? null) : eventDay ? {} : null;
  return {
    value,
    preOrder,
    eventDay,
    section: event && {
      info: event,
      tab: owner ? preOrderTab(owner.tab, owner.preOrder?.total ?? 0) : null,
      choice,
      error,
      onChange: (next) => {
        setChoice(next);
        setError(null);
      },
    },
    info,
    stopped: (signedIn, savedCard) => {
      if (!preOrder) return false;
      if (!signedIn) {
        setFailure(t('checkout.suite.logIn'));
        return true;
      }
      // The server refuses these too; saying so here keeps the owner on the field to fix.
      if (savedCard === null) {
        setFailure(t('errors.PRE_ORDER_REQUIRES_SAVED_CARD'));
        return true;
      }
      if (info?.deliveryPreference === 'custom' && !info.deliveryTime) {
        setError(t('errors.SUITE_DELIVERY_TIME_INVALID'));
        requestAnimationFrame(() => document.getElementById(`${id}-suite-time`)?.focus());
        return true;
      }
      return false;
    },
    addOperator: (body) => {
      const operator = getOperatorSession();
      if (eventDay && operator.status === 'authenticated') body.operatorToken = operator.credentials.token;
    },
    refused: (refusal, text) => {
      if (!isApiError(refusal)) return false;
      if (refusal.error === 'SUITE_DELIVERY_TIME_INVALID') setError(text);
      else if (refusal.error === 'TAB_LIMIT_EXCEEDED' && refusal.remaining !== undefined)
        setFailure(`${text} ${t('checkout.suite.tabLeft', { remaining: formatMoney(refusal.remaining, locale) })}`);
      else return false;
      return true;
    },
  };
}
