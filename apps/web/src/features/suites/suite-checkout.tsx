/**
 * A suite pre-order's checkout (spec accounts-and-suites.md section 4, "Suite flow"; ordering.md
 * checkout "suite pre-order delivery preference"): when the food comes to the suite (before the
 * event, at its start, at half-time, or a chosen time during the event), notes, and the owner's saved
 * card, which is required; without one the owner adds a card and comes back here.
 */
import type { MinimalEventInfo } from '@servery/contracts/suites';
import { SUITE_DELIVERY_PREFERENCES } from '@servery/domain/event-suites';
import { eventDayDelivery } from '@servery/domain/order-types/suite-delivery';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useNow, useServerNow } from '../../lib/clock';
import { formatDateTime, formatMoney, formatTime } from '../../lib/format';
import { ROUTE_PATHS } from '../../lib/route-paths';
import { useLocale } from '../../lib/use-locale';
import type { SavedCard } from '../../ordering';
import { wallTime, type SuiteChoice } from './suite-choice';
import { preOrderLocked, SuitePlace } from './suite-menu';
import { localizedName } from '../../lib/localize';

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
  const now = useNow();
  const start = wallTime(info.event.starts_at, info.zone);
  const end = info.event.ends_at ? wallTime(info.event.ends_at, info.zone) : undefined;
  return (
    <SuiteCheckoutSection id={id} info={info}>
      {/* Never "until" a time already past: a checkout left open across the lock says it is locked. */}
      {preOrderLocked(info, now) ? (
        <p className="field-error" role="alert">
          {t('errors.PRE_ORDER_LOCKED')}
        </p>
      ) : (
        <p suppressHydrationWarning>
          {t('checkout.suite.lock', { when: formatDateTime(info.event.pre_order_lock_at, locale, info.zone) })}
        </p>
      )}
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
    </SuiteCheckoutSection>
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
 * Event day: when the order will be brought, before it is placed, by the rule the server applies
 * (packages/domain/src/order-types/suite-delivery.ts, decision 0130) on the server's clock
 * (`useServerNow`: the event's facts said it): at the event's start until it begins, then as soon as possible.
 */
export function EventDayDelivery({ id, info }: { id: string; info: MinimalEventInfo }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const serverNow = useServerNow();
  const delivery = eventDayDelivery(info.event, serverNow);
  return (
    <SuiteCheckoutSection id={id} info={info}>
      <p suppressHydrationWarning>
        {delivery.ok && delivery.deliverAt
          ? t('checkout.suite.eventDayAtStart', { time: formatTime(delivery.deliverAt, locale, info.zone) })
          : t('checkout.suite.eventDayAsap')}
      </p>
    </SuiteCheckoutSection>
  );
}

/** The suite's part of checkout, headed by the suite and naming its event: a pre-order's or event day's. */
function SuiteCheckoutSection({ id, info, children }: { id: string; info: MinimalEventInfo; children: ReactNode }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const headingId = `${id}-suite-heading`;
  return (
    <section className="cart-section checkout-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="cart-section__title">
        {t('checkout.suite.title', { suite: localizedName(info.eventSuite.suite, locale) })}
      </h3>
      <SuitePlace info={info} />
      {children}
    </section>
  );
}
