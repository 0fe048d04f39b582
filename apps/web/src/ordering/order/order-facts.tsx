/** The confirmation's facts about a placed order (the review before placing it is features/checkout/checkout-review.tsx). */
import { chargesCard } from '@servery/domain/payment-method';
import type { OrderLine, OrderView } from '@servery/contracts/orders';
import type { OrderSuitePlace } from '@servery/contracts/suites';
import { deliverySummary } from '@servery/domain/delivery-summary';
import type { TFunction } from 'i18next';
import { storedOrderTraits } from '@servery/domain/order-types/traits';
import { localDate } from '@servery/domain/school-days';
import { pickupPlace } from '@servery/domain/pickup-place';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_BRAND_NAMES } from '../../components/ui/card-fields';
import { formatDate, formatDay, formatMoney, formatTime } from '../../lib/format';
import type { Locale } from '../../i18n/locales';
import { useLocale } from '../../lib/use-locale';
import { summaryRows } from '../cart/cost-breakdown';
import { SuiteOrderRows } from './suite-order-facts';
import { HubPartTotal, HubVendorRow, isHubPart } from './hub-order-facts';
import { refundedInFull } from './order-headline';
import '../cart/cart.css';

type ReferenceMethod = 'purchase_order' | 'cost_center' | 'invoice';
/** Payment methods whose reference (a PO number, a cost centre, an invoice) the diner's accounts need to see again. */
const REFERENCE_METHODS = new Set<string>(['purchase_order', 'cost_center', 'invoice']);

/**
 * What the diner keeps of a placed order: number, status, when, where, how it was paid (method, card,
 * or the diner's PO/cost centre/invoice) and the receipt's address.
 */
export function OrderFacts({
  order,
  zone,
  suitePlace = null,
  concourse = null,
  inSplit = false,
  moneyKnown = true,
}: {
  order: OrderView;
  zone: string;
  suitePlace?: OrderSuitePlace | null;
  /** The venue's concourse (PublicRestaurant `concourse`), where a pickup is collected. */
  concourse?: string | null;
  /** One of a hub checkout's vendor orders shown under its vendor's heading (hub-order-facts.tsx). */
  inSplit?: boolean;
  /**
   * False while `order.status` is the live stream's and the rest of the order is from before it (the
   * confirmation reads it again): a cancel's money back, to the card or as credit, is not listed yet.
   */
  moneyKnown?: boolean;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const delivered = order.delivery !== null;
  // An invoice, a cost centre or a purchase order is billed later, like paying at the counter.
  const paidLater = !chargesCard(order.payment.method);
  const where = order.delivery ? deliverySummary(order.delivery) : null;
  const byDay = isServedByDay(order);
  // The order's day: a school order's own date, else its stored time's date in the restaurant's zone.
  const day = order.school?.date ?? (order.pickup_time ? localDate(new Date(order.pickup_time), zone) : null);
  const collectAt = pickupPlace(concourse, { delivered, tableNum: order.tableNum, suite: Boolean(order.suite) });
  // The processor's transaction id is for the restaurant and its processor (the staff card shows it),
  // not for the diner, who would only be asked to copy it (issue 30 item 8).
  const { method, brand, last4 } = order.payment;
  // A card kept, not charged (a suite's order, charged with the owner's card when the suite's tab
  // closes; an open tab): its total says so, never "Total charged".
  const kept = method === 'credit_card' && order.payment.captured === false;
  const total = kept && order.payment.amount > 0 ? keptCardTotal(order, t, locale) : null;
  const refunded = moneyKnown ? refundedInFull(order) : null;
  return (
    <>
      <dl className="checkout-confirmation__facts">
        <HubVendorRow order={order} inSplit={inSplit} />
        <dt>{t('checkout.confirmation.number')}</dt>
        <dd>{order.number}</dd>
        <dt>{t('scheduledOrders.status')}</dt>
        <dd className="checkout-confirmation__status">{t(`scheduledOrders.statuses.${order.status}`)}</dd>
        {order.tableNum && (
          <>
            <dt>{t('checkout.review.table')}</dt>
            <dd>{order.tableNum}</dd>
          </>
        )}
        {order.tableLocation && (
          <>
            <dt>{t('checkout.confirmation.tableLocation')}</dt>
            <dd>{order.tableLocation}</dd>
          </>
        )}
        {order.tabOwner && (
          <>
            <dt>{t('checkout.confirmation.tab')}</dt>
            <dd>{order.tabOwner}</dd>
          </>
        )}
        <SuiteOrderRows order={order} place={suitePlace} zone={zone} />
        {/* Brought on its day with the day's others (a school's lunches): the day, not a time no one chose. */}
        {byDay && day && (
          <>
            <dt>{t('checkout.confirmation.day')}</dt>
            <dd>{formatDay(day, locale)}</dd>
          </>
        )}
        {/* A suite order is delivered to the suite (its own rows), never picked up. */}
        {order.pickup_time && !order.suite && !byDay && (
          <>
            <dt>{delivered ? t('checkout.confirmation.delivery') : t('checkout.confirmation.pickup')}</dt>
            <dd>
              {formatDate(order.pickup_time, zone)} {formatTime(order.pickup_time, locale, zone)}
            </dd>
          </>
        )}
        {collectAt && (
          <>
            <dt>{t('checkout.confirmation.pickupPlace')}</dt>
            <dd>{collectAt}</dd>
          </>
        )}
        {where && (
          <>
            <dt>{t('checkout.confirmation.deliverTo')}</dt>
            <dd>{where}</dd>
          </>
        )}
        {method && !kept && (
          <>
            <dt>{t('checkout.confirmation.payment')}</dt>
            <dd>{brand && last4 ? t('checkout.confirmation.card', { brand, last4 }) : t(`checkout.payment.methods.${method}`)}</dd>
          </>
        )}
        {order.payment.reference && REFERENCE_METHODS.has(method ?? '') && (
          <>
            <dt>{t(`checkout.confirmation.reference.${method as ReferenceMethod}`)}</dt>
            <dd className="checkout-confirmation__reference">{order.payment.reference}</dd>
          </>
        )}
        {order.headCount != null && (
          <>
            <dt>{t('cateringHeadCount.guests')}</dt>
            <dd>{order.headCount}</dd>
          </>
        )}
        {/* The catering questions' answers, in the diner's language (decision 0116). */}
        {(order.answers ?? []).map((answer) => (
          <Fragment key={answer.id}>
            <dt>{answer.question[locale]}</dt>
            <dd>{answer.answers.map((chosen) => chosen[locale]).join(', ')}</dd>
          </Fragment>
        ))}
        {order.notes && (
          <>
            <dt>{t('checkout.notes.label')}</dt>
            <dd className="checkout-confirmation__reference">{order.notes}</dd>
          </>
        )}
        {isHubPart(order) ? (
          <HubPartTotal
            order={order}
            amount={paidLater ? order.costs.totalWithTip : order.payment.amount}
            paidLater={paidLater}
            inSplit={inSplit}
          />
        ) : (
          <>
            <dt>{paidLater || kept ? t('checkout.confirmation.total') : t('checkout.confirmation.charged')}</dt>
            <dd>{total ?? formatMoney(paidLater || kept ? order.costs.totalWithTip : order.payment.amount, locale)}</dd>
            {refunded !== null && (
              <>
                <dt>{t('checkout.confirmation.refunded')}</dt>
                <dd>{formatMoney(refunded, locale)}</dd>
              </>
            )}
            {Boolean(order.credited) && (
              <>
                <dt>{t('checkout.confirmation.credited')}</dt>
                <dd>{formatMoney(order.credited ?? 0, locale)}</dd>
              </>
            )}
          </>
        )}
      </dl>
      {/* "On its way" only while the order is as it was placed: a link opened days later, or an order staff have moved, says it was sent. */}
      {order.contact.email && (
        <p>
          {t(order.status === 'placed' ? 'checkout.confirmation.receipt' : 'checkout.confirmation.receiptSent', {
            email: order.contact.email,
          })}
        </p>
      )}
    </>
  );
}

/**
 * Whether the order is brought on a day rather than at a time (its type's `schedule` trait,
 * packages/domain/src/order-types/traits.ts): its status screen names the day and offers no "text me
 * when it's ready" (checkout-confirmation-screen.tsx).
 */
export function isServedByDay(order: Pick<OrderView, 'type'>): boolean {
  return storedOrderTraits(order.type)?.schedule === 'day';
}

/** "$451.24, to be charged to Visa •••• 4242 when the suite's tab closes" ("your saved card" when the order does not name it). */
function keptCardTotal(order: OrderView, t: TFunction, locale: Locale): string {
  const { brand, last4 } = order.payment;
  const name = brand && brand in CARD_BRAND_NAMES ? CARD_BRAND_NAMES[brand as keyof typeof CARD_BRAND_NAMES] : brand;
  const card = name && last4 ? t('checkout.confirmation.keptCard', { brand: name, last4 }) : t('checkout.confirmation.savedCard');
  const total = formatMoney(order.payment.amount, locale);
  return order.suite ? t('checkout.confirmation.suiteTab', { total, card }) : t('checkout.confirmation.openTab', { total, card });
}

/** The placed lines with their options (nested choices indented) and each line's amount, as the cart lists them. */
export function OrderLines({ lines }: { lines: readonly OrderLine[] }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <section className="checkout-confirmation__section" aria-labelledby="confirmation-items-title">
      <h3 id="confirmation-items-title" className="cart-section__title">
        {t('checkout.confirmation.itemsTitle')}
      </h3>
      <ul className="confirmation-lines">
        {lines.map((line) => (
          <li key={line.orderId} className="confirmation-line">
            <p className="cost-row">
              <span>
                {line.quantity} × {line.name[locale]}
              </span>
              <span className="confirmation-line__amount">{formatMoney(line.amount, locale)}</span>
            </p>
            {line.options.length > 0 && (
              <ul className="confirmation-line__options">
                {line.options.map((option, index) => (
                  <li key={index} style={{ paddingInlineStart: `${option.depth}rem` }}>
                    {option.quantity > 1
                      ? t('checkout.confirmation.optionQuantity', { quantity: option.quantity, name: option.name[locale] })
                      : option.name[locale]}
                  </li>
                ))}
              </ul>
            )}
            {line.instructions && (
              <p className="confirmation-line__options">{t('checkout.confirmation.instructions', { text: line.instructions })}</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Every line that changes the total, the same rows the cart's summary shows (features/cart/cost-breakdown.tsx).
 * `level`: its heading's, under the screen's (the confirmation's h2, or the profile detail's h1).
 */
export function OrderCosts({ costs, splitTaxes, level = 3 }: { costs: OrderView['costs']; splitTaxes: boolean; level?: 2 | 3 }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="checkout-confirmation__section" aria-labelledby="confirmation-costs-title">
      <Heading id="confirmation-costs-title" className="cart-section__title">
        {t('checkout.confirmation.costsTitle')}
      </Heading>
      <dl className="cost-rows cost-rows--summary">
        {summaryRows(costs, t, locale, splitTaxes).map((row) => (
          <div key={row.key} className={row.total ? 'cost-row cost-row--total' : 'cost-row'}>
            <dt>{row.label}</dt>
            <dd>{formatMoney(row.reduction ? -row.amount : row.amount, locale)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
