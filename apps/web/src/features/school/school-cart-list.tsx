import type { Student } from '@servery/contracts/accounts';
import type { PricedRotationalOrder, SetK12CostsResponse } from '@servery/contracts/school';
import type { CartItem } from '@servery/domain/cart';
import { groupByStudent, type SchoolCartKey, type SchoolCartOrder } from '@servery/domain/school-cart';
import { useId, type ReactNode } from 'react';
import { QuantityStepper } from '../../components/ui/quantity-stepper';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import { formatSchoolDay } from './school-week';

export const studentName = (student: Pick<Student, 'firstName' | 'lastName'>) => `${student.firstName} ${student.lastName}`.trim();

export interface SchoolCartListProps {
  orders: readonly SchoolCartOrder[];
  priced: SetK12CostsResponse | null;
  students: readonly Student[];
  lineName: (line: Pick<CartItem, 'id' | 'menu_id' | 'section_id'>) => string;
  /** The line's chosen options as one text ("Apple juice, Apple slices"); empty when none. */
  lineOptions: (line: CartItem) => string;
  /** The largest quantity of a line (null: no limit); the cart's rules cap a raise anyway. */
  onQuantity: (key: SchoolCartKey, lineOrderId: number, quantity: number) => void;
  /** The heading of days without a saved child (a guest's child, named at checkout); default "No child chosen". */
  unnamed?: string;
  /** The checkout's per-day control (which child), under the day's heading. */
  dayControl?: (order: SchoolCartOrder) => ReactNode;
  headingLevel: 2 | 3;
}

const pricedOf = (priced: SetK12CostsResponse | null, order: SchoolCartOrder): PricedRotationalOrder | undefined =>
  priced?.orders.find((entry) => entry.date === order.date && entry.studentId === order.studentId);

/**
 * The school cart grouped by child, then by day, each day with its lines (quantity steppers) and its
 * subtotal; the sums of the whole checkout under it (the server's, once priced).
 */
export function SchoolCartList({
  orders,
  priced,
  students,
  lineName,
  lineOptions,
  onQuantity,
  unnamed,
  dayControl,
  headingLevel,
}: SchoolCartListProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const Group = headingLevel === 2 ? 'h3' : 'h4';
  const Day = headingLevel === 2 ? 'h4' : 'h5';
  const nameOf = (id: number | null) => {
    const student = students.find((entry) => entry.id === id);
    return student ? t('school.cart.forStudent', { name: studentName(student) }) : (unnamed ?? t('school.cart.noStudent'));
  };
  return (
    <div className="school-cart">
      {groupByStudent(orders).map((group) => (
        <section key={group.studentId ?? 'none'} className="school-cart__child" aria-label={nameOf(group.studentId)}>
          <Group className="school-cart__child-name">{nameOf(group.studentId)}</Group>
          <ul className="school-cart__days">
            {group.orders.map((order) => (
              <CartDay
                key={`${order.date}:${order.studentId}`}
                order={order}
                priced={pricedOf(priced, order)}
                Heading={Day}
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
  lineName,
  lineOptions,
  onQuantity,
  control,
}: {
  order: SchoolCartOrder;
  priced: PricedRotationalOrder | undefined;
  Heading: 'h4' | 'h5';
  lineName: SchoolCartListProps['lineName'];
  lineOptions: SchoolCartListProps['lineOptions'];
  onQuantity: SchoolCartListProps['onQuantity'];
  control: ReactNode;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const id = useId();
  const key = { date: order.date, studentId: order.studentId };
  const subtotal = priced?.costs.subtotal ?? order.items.reduce((sum, line) => sum + line.orderPrice, 0);
  return (
    <li className="school-cart__day">
      <Heading className="school-cart__date">{formatSchoolDay(order.date, locale)}</Heading>
      {control}
      <ul className="school-cart__lines">
        {order.items.map((line) => {
          const name = lineName(line);
          const price = priced?.costs.lines.find((entry) => entry.orderId === line.orderId)?.subtotal ?? line.orderPrice;
          return (
            <li key={line.orderId} className="school-cart__line">
              <span id={`${id}-${line.orderId}`} className="school-cart__name">
                {name}
              </span>
              <span className="school-cart__price">{formatMoney(price, locale)}</span>
              {lineOptions(line) !== '' && <span className="school-cart__options">{lineOptions(line)}</span>}
              <QuantityStepper
                labelledBy={`${id}-${line.orderId}`}
                decreaseLabel={t('school.cart.decrease', { item: name })}
                increaseLabel={t('school.cart.increase', { item: name })}
                value={line.quantity}
                min={0}
                max={null}
                onChange={(quantity) => onQuantity(key, line.orderId, quantity)}
              />
            </li>
          );
        })}
      </ul>
      <dl className="school-cart__sums">
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

function CartTotals({
  orders,
  priced,
  locale,
}: {
  orders: readonly SchoolCartOrder[];
  priced: SetK12CostsResponse | null;
  locale: 'en-CA' | 'fr-CA';
}) {
  const { t } = useTranslation();
  if (!priced) {
    const subtotal = orders.reduce((sum, order) => sum + order.items.reduce((inner, line) => inner + line.orderPrice, 0), 0);
    return (
      <dl className="school-cart__sums school-cart__totals">
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
    <dl className="school-cart__sums school-cart__totals">
      {rows
        .filter(([, amount, off], index) => index === 0 || index === 3 || index === 4 || (off && amount > 0))
        .map(([label, amount, off]) => (
          <div key={label} className="school-cart__sum">
            <dt>{label}</dt>
            <dd>{off ? `−${formatMoney(amount, locale)}` : formatMoney(amount, locale)}</dd>
          </div>
        ))}
      <div className="school-cart__sum school-cart__due">
        <dt>{t('school.cart.amountDue')}</dt>
        <dd>{formatMoney(total.amountDue, locale)}</dd>
      </div>
    </dl>
  );
}
