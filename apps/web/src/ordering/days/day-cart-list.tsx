import type { PricedRotationalOrder } from '@servery/contracts/school';
import { groupByStudent, type SchoolCartKey } from '@servery/domain/school-cart';
import { useId, type ReactNode } from 'react';
import { QuantityStepper } from '../../components/ui/quantity-stepper';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/use-locale';
import { formatDay, formatMoney } from '../../lib/format';
import { errorMessage } from '../../lib/error-message';
import type { DayCosts, DayOrder, DayOrdering } from './day-ordering';
import type { DayCarts } from './use-day-carts';
import './day-cart.css';

export interface DayCartListProps {
  orders: readonly DayOrder[];
  priced: DayCosts | null;
  plugin: Pick<DayOrdering, 'lineName' | 'lineOptions' | 'dinerHeading' | 'dinerName'>;
  onQuantity: (key: SchoolCartKey, lineOrderId: number, quantity: number) => void;
  /**
   * The diner of days without a chosen one (a guest's child, named at checkout): the heading of their
   * days and their name in the lines' buttons; default "No child chosen", and no name.
   */
  unnamed?: { heading: string; name: string } | undefined;
  /** The checkout's per-day control (which child), under the day's heading. */
  dayControl?: ((order: DayOrder) => ReactNode) | undefined;
  headingLevel: 2 | 3;
}

const pricedOf = (priced: DayCosts | null, order: DayOrder): PricedRotationalOrder | undefined =>
  priced?.orders.find((entry) => entry.date === order.date && entry.studentId === order.studentId);

/**
 * The day carts grouped by diner, then by day, each day with its lines (quantity steppers) and its
 * subtotal; the sums of the whole checkout under it (the server's, once priced).
 */
export function DayCartList({ orders, priced, plugin, onQuantity, unnamed, dayControl, headingLevel }: DayCartListProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { lineName, lineOptions } = plugin;
  const Group = headingLevel === 2 ? 'h3' : 'h4';
  const Day = headingLevel === 2 ? 'h4' : 'h5';
  const nameOf = (id: number | null) => plugin.dinerHeading(id) ?? unnamed?.heading ?? t('school.cart.noStudent');
  return (
    <div className="day-cart">
      {groupByStudent(orders).map((group) => (
        <section key={group.studentId ?? 'none'} className="day-cart__child" aria-label={nameOf(group.studentId)}>
          <Group className="day-cart__child-name">{nameOf(group.studentId)}</Group>
          <ul className="day-cart__days">
            {group.orders.map((order) => (
              <CartDay
                key={`${order.date}:${order.studentId}`}
                order={order}
                priced={pricedOf(priced, order)}
                Heading={Day}
                diner={plugin.dinerName(order.studentId) ?? unnamed?.name ?? null}
                lineName={lineName}
                lineOptions={lineOptions}
                onQuantity={onQuantity}
                control={dayControl?.(order)}
              />
            ))}
          </ul>
        </section>
      ))}
      <CartTotals orders={orders} priced={priced} locale={locale} />
    </div>
  );
}

function CartDay({
  order,
  priced,
  Heading,
  diner,
  lineName,
  lineOptions,
  onQuantity,
  control,
}: {
  order: DayOrder;
  priced: PricedRotationalOrder | undefined;
  Heading: 'h4' | 'h5';
  /** Who the day is for, in the lines' buttons; null: nobody chosen yet. */
  diner: string | null;
  lineName: DayOrdering['lineName'];
  lineOptions: DayOrdering['lineOptions'];
  onQuantity: DayCartListProps['onQuantity'];
  control: ReactNode;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const id = useId();
  const key = { date: order.date, studentId: order.studentId };
  const subtotal = priced?.costs.subtotal ?? order.items.reduce((sum, line) => sum + line.orderPrice, 0);
  const day = formatDay(order.date, locale);
  return (
    <li className="day-cart__day">
      <Heading className="day-cart__date">{day}</Heading>
      {control}
      <ul className="day-cart__lines">
        {order.items.map((line) => {
          const name = lineName(line);
          const options = lineOptions(line);
          const price = priced?.costs.lines.find((entry) => entry.orderId === line.orderId)?.subtotal ?? line.orderPrice;
          // The buttons say which meal, diner and day (the same meal is in many days and for each child);
          // its choices too where the day holds the same item twice, with other choices.
          const twice = order.items.some((other) => other.orderId !== line.orderId && sameItem(other, line));
          const item = twice && options !== '' ? t('school.cart.withOptions', { item: name, options }) : name;
          const meal = diner === null ? t('school.cart.lineOn', { item, day }) : t('school.cart.lineFor', { item, student: diner, day });
          return (
            <li key={line.orderId} className="day-cart__line">
              <span className="day-cart__name">{name}</span>
              <span className="day-cart__price">{formatMoney(price, locale)}</span>
              {options !== '' && <span className="day-cart__options">{options}</span>}
              <span id={`${id}-${line.orderId}`} className="visually-hidden">
                {t('school.cart.quantityOf', { meal })}
              </span>
              <QuantityStepper
                labelledBy={`${id}-${line.orderId}`}
                decreaseLabel={t('school.cart.decrease', { meal })}
                increaseLabel={t('school.cart.increase', { meal })}
                value={line.quantity}
                min={0}
                max={null}
                onChange={(quantity) => onQuantity(key, line.orderId, quantity)}
              />
            </li>
          );
        })}
      </ul>
      <dl className="day-cart__sums">
        <dt>{t('school.cart.daySubtotal')}</dt>
        <dd>{formatMoney(subtotal, locale)}</dd>
        {priced && priced.costs.subsidyDiscount.amount > 0 && (
          <>
            <dt>{t('school.cart.subsidy')}</dt>
            <dd>−{formatMoney(priced.costs.subsidyDiscount.amount, locale)}</dd>
          </>
        )}
        {priced && (
          <>
            <dt>{t('school.cart.dayTotal')}</dt>
            <dd>{formatMoney(priced.costs.total, locale)}</dd>
          </>
        )}
      </dl>
    </li>
  );
}

const sameItem = (a: DayOrder['items'][number], b: DayOrder['items'][number]) =>
  a.id === b.id && a.menu_id === b.menu_id && a.section_id === b.section_id;

function CartTotals({ orders, priced, locale }: { orders: readonly DayOrder[]; priced: DayCosts | null; locale: 'en-CA' | 'fr-CA' }) {
  const { t } = useTranslation();
  if (!priced) {
    const subtotal = orders.reduce((sum, order) => sum + order.items.reduce((inner, line) => inner + line.orderPrice, 0), 0);
    return (
      <dl className="day-cart__sums day-cart__totals">
        <dt>{t('school.cart.daySubtotal')}</dt>
        <dd>{formatMoney(subtotal, locale)}</dd>
      </dl>
    );
  }
  const { total } = priced;
  const rows: Array<[string, number, boolean]> = [
    [t('school.cart.daySubtotal'), total.subtotal, false],
    [t('school.cart.subsidy'), total.subsidyDiscount, true],
    [t('school.cart.discount'), total.discount, true],
    [t('school.cart.taxes'), total.taxes, false],
    [t('school.cart.total'), total.totalWithTip, false],
    [t('school.cart.credits'), total.credits, true],
  ];
  return (
    <dl className="day-cart__sums day-cart__totals">
      {rows
        .filter(([, amount, off], index) => index === 0 || index === 3 || index === 4 || (off && amount > 0))
        .map(([label, amount, off]) => (
          <div key={label} className="day-cart__sum">
            <dt>{label}</dt>
            <dd>{off ? `−${formatMoney(amount, locale)}` : formatMoney(amount, locale)}</dd>
          </div>
        ))}
      <div className="day-cart__sum day-cart__due">
        <dt>{t('school.cart.amountDue')}</dt>
        <dd>{formatMoney(total.amountDue, locale)}</dd>
      </div>
    </dl>
  );
}

/** "Updating the prices…", or why they could not be, with a way to try again. */
export function DayPricingState({ cart }: { cart: Pick<DayCarts, 'pricing' | 'pricingError' | 'retryPricing'> }) {
  const { t } = useTranslation();
  if (cart.pricing === 'error') {
    return (
      <div className="inline-error" role="alert">
        <p>
          {t('school.cart.pricingError')} {errorMessage(t, cart.pricingError)}
        </p>
        <button type="button" className="button" onClick={cart.retryPricing}>
          {t('school.cart.retry')}
        </button>
      </div>
    );
  }
  return (
    <p className="day-cart__status" role="status">
      {cart.pricing === 'busy' ? t('school.cart.pricing') : ''}
    </p>
  );
}
