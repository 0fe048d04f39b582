import type { StaffOrder } from '@servery/contracts/staff';
import { needsReason, type OrderStatus } from '@servery/domain/order-lifecycle';
import type { TFunction } from 'i18next';
import { memo, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney, formatTime } from '../../lib/format';
import type { Locale } from '../../i18n/locales';
import { useLocale } from '../../lib/use-locale';

/**
 * One key per move, on the focused order (the board's key handler and the list it shows; each card's
 * aria-keyshortcuts says so too). Cancel and refund open the reason form first.
 */
export type ShortcutAction = Exclude<OrderStatus, 'placed'> | 'print';
export const SHORTCUTS: Readonly<Record<string, ShortcutAction>> = {
  a: 'accepted',
  p: 'preparing',
  r: 'ready',
  c: 'completed',
  x: 'cancelled',
  f: 'refunded',
  t: 'print',
};
/**
 * The keys that act on this order now: printing, and the moves its status allows (a ready order can
 * only be completed, so F for refund is not among them; issue 31, defect 7).
 */
export function shortcutKeysFor(order: Pick<StaffOrder, 'next_statuses'>): string {
  return Object.entries(SHORTCUTS)
    .filter(([, action]) => action === 'print' || order.next_statuses.includes(action))
    .map(([key]) => key.toUpperCase())
    .join(' ');
}

export interface OrderCardProps {
  order: StaffOrder;
  zone: string;
  today: string;
  fresh: boolean;
  busy: boolean;
  /** Open the reason form of this order (a shortcut asked for it). */
  askingReason: OrderStatus | null;
  onAskReason: (orderId: string, status: OrderStatus | null) => void;
  onMove: (order: StaffOrder, status: OrderStatus, reason?: string) => void;
  onPrint: (order: StaffOrder) => void;
}

/** A school day (yyyy-MM-dd) as the board writes dates: dd/MM/yyyy, like formatDate. */
function schoolDay(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** The methods whose reference (a purchase order, a cost centre, an invoice) accounts match the order by. */
const REFERENCE_METHODS = ['purchase_order', 'cost_center', 'invoice'] as const;
type ReferenceMethod = (typeof REFERENCE_METHODS)[number];
const isReferenceMethod = (method: string | null): method is ReferenceMethod =>
  method !== null && (REFERENCE_METHODS as readonly string[]).includes(method);

/**
 * Where and when the order goes, by its type, for the card and the kitchen ticket: a dine-in table,
 * a takeout slot, a delivery address (or a stadium seat, a custom location), a catering order's
 * reference and room, a school day with its school, grade, classroom, teacher and child, a suite's
 * event and suite.
 */
export function orderFacts(order: StaffOrder, zone: string, today: string, locale: Locale, t: TFunction): string[] {
  const suite = order.suite ?? null;
  const facts: string[] = [suite ? t(`staff.types.suite_${suite.kind}`) : t(`staff.types.${order.type}`, { defaultValue: order.type })];
  // A marketplace hub's vendor order: the counter it is for (its staff see only theirs).
  const vendor = order.marketplace?.vendor;
  if (vendor) facts.push(vendor.names[locale] ?? vendor.name);
  if (order.tableNum) facts.push(t('staff.board.table', { table: order.tableNum }));
  if (order.tableLocation) facts.push(t('staff.board.location', { location: order.tableLocation }));

  // When: a school order is for its school day (its stored time, noon, is no one's pickup).
  if (order.school) facts.push(schoolDay(order.school.date));
  else if (order.pickup_time) {
    const day = formatDate(order.pickup_time, zone);
    const time = formatTime(order.pickup_time, locale, zone);
    facts.push(day === today ? time : `${day} ${time}`);
  } else if (!order.tableNum) facts.push(t('staff.board.asap'));

  if (suite && order.suite_place) {
    facts.push(order.suite_place.event);
    facts.push(
      order.suite_place.location
        ? t('staff.board.suiteAt', { suite: order.suite_place.suite, location: order.suite_place.location })
        : order.suite_place.suite,
    );
  }
  if (suite?.guestName) facts.push(t('staff.board.forGuest', { name: suite.guestName }));

  const delivery = order.delivery;
  if (delivery?.type === 'school') {
    if (delivery.school) facts.push(delivery.school);
    if (delivery.grade) facts.push(t('staff.board.grade', { grade: delivery.grade }));
    if (delivery.classroom) facts.push(t('staff.board.classroom', { classroom: delivery.classroom }));
    if (delivery.teacher) facts.push(delivery.teacher);
    if (delivery.student) facts.push(t('staff.board.forGuest', { name: delivery.student }));
  } else if (delivery) {
    for (const value of [delivery.name, delivery.location, delivery.area]) if (value) facts.push(value);
    if (delivery.section) facts.push(t('staff.board.section', { section: delivery.section }));
    if (delivery.row) facts.push(t('staff.board.row', { row: delivery.row }));
    if (delivery.seat) facts.push(t('staff.board.seat', { seat: delivery.seat }));
    if (delivery.address) facts.push(t('staff.board.deliverTo', { address: delivery.address }));
  }

  // Catering paid by purchase order, cost centre or invoice: the reference accounts match it by.
  const method = order.payment.method;
  if (isReferenceMethod(method) && order.payment.reference)
    facts.push(`${t(`checkout.confirmation.reference.${method}`)} ${order.payment.reference}`);
  return facts;
}

/** The order's facts as one line (orderFacts). */
export function OrderFacts({ order, zone, today }: { order: StaffOrder; zone: string; today: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return <p className="staff-card__facts">{orderFacts(order, zone, today, locale, t).join(' · ')}</p>;
}

export function OrderLines({ order }: { order: StaffOrder }) {
  const { t } = useTranslation();
  return (
    <>
      <ul className="staff-card__lines">
        {order.lines.map((line, index) => (
          <li key={index}>
            <strong>{line.quantity} ×</strong> {line.name}
            {line.options.length > 0 && <span className="staff-card__options"> ({line.options.join(', ')})</span>}
            {line.instructions && <span className="staff-card__options"> “{line.instructions}”</span>}
          </li>
        ))}
      </ul>
      {order.notes && <p className="staff-card__facts">{t('checkout.notes.forKitchen', { text: order.notes })}</p>}
    </>
  );
}

/** Where the order's receipt and texts stand (queued, retrying, sent, failed), a failure marked. */
export function OrderMessages({ order }: { order: StaffOrder }) {
  const { t } = useTranslation();
  if (order.messages.length === 0) return null;
  return (
    <p className="staff-card__facts staff-card__messages">
      {t('staff.board.messages')}{' '}
      {order.messages.map((message, index) => (
        <span
          key={index}
          className={message.status === 'failed' ? 'staff-card__message staff-card__message--failed' : 'staff-card__message'}
        >
          {index > 0 && ' · '}
          {t('staff.board.message', { channel: t(`staff.channels.${message.channel}`), status: t(`staff.delivery.${message.status}`) })}
        </span>
      ))}
    </p>
  );
}

/**
 * One order on the board. Memoised: with a busy day on the board, a reload re-renders only the cards
 * whose order changed (use-live-orders.ts keeps the unchanged orders' objects), not all of them.
 */
export const OrderCard = memo(function OrderCard({
  order,
  zone,
  today,
  fresh,
  busy,
  askingReason,
  onAskReason,
  onMove,
  onPrint,
}: OrderCardProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const titleId = `order-${order.id}`;
  const reasonId = `reason-${order.id}`;
  // The form opened for this: typing the reason is the next thing to do.
  const reasonInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (askingReason) reasonInput.current?.focus();
  }, [askingReason]);

  function submitReason(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!askingReason) return;
    if (reason.trim() === '') {
      setMissing(true);
      return;
    }
    onMove(order, askingReason, reason.trim());
  }

  return (
    <article
      className={fresh ? 'staff-card staff-card--new' : 'staff-card'}
      aria-labelledby={titleId}
      tabIndex={0}
      data-order-id={order.id}
      aria-keyshortcuts={shortcutKeysFor(order)}
    >
      <h3 id={titleId}>
        {t('staff.board.orderNumber', { number: order.number })}
        {fresh && <span className="staff-card__badge"> {t('staff.board.new')}</span>}
      </h3>
      <OrderFacts order={order} zone={zone} today={today} />
      <OrderLines order={order} />
      <p className="staff-card__facts">
        {order.contact.full_name} · {formatMoney(order.payment.amount, locale)}
        {order.payment_captured === false && ` · ${t('staff.board.openTab')}`}
      </p>
      {order.cancel_reason && <p className="staff-card__facts">{t('staff.board.reasonShown', { reason: order.cancel_reason })}</p>}
      <OrderMessages order={order} />
      {askingReason ? (
        <form
          className="staff-card__reason"
          noValidate
          onSubmit={submitReason}
          aria-label={t(`staff.moves.${askingReason}Label`, { number: order.number })}
        >
          <label htmlFor={reasonId}>{t('staff.board.reason')}</label>
          <input
            id={reasonId}
            className="text-input"
            value={reason}
            maxLength={200}
            ref={reasonInput}
            aria-invalid={missing || undefined}
            aria-describedby={missing ? `${reasonId}-error` : undefined}
            onChange={(event) => {
              setReason(event.target.value);
              setMissing(false);
            }}
          />
          {missing && (
            <p id={`${reasonId}-error`} className="field-error">
              {t('staff.board.reasonRequired')}
            </p>
          )}
          <div className="staff-card__moves">
            <button type="submit" className="button button--primary" disabled={busy}>
              {t(`staff.moves.${askingReason}Label`, { number: order.number })}
            </button>
            <button type="button" className="button" onClick={() => onAskReason(order.id, null)}>
              {t('staff.board.keep')}
            </button>
          </div>
        </form>
      ) : (
        <div className="staff-card__moves">
          {order.next_statuses.map((status) => (
            <button
              key={status}
              type="button"
              className={needsReason(status) ? 'button' : 'button button--primary'}
              aria-label={t(`staff.moves.${status}Label`, { number: order.number })}
              disabled={busy}
              onClick={() => (needsReason(status) ? onAskReason(order.id, status) : onMove(order, status))}
            >
              {t(`staff.moves.${status}`)}
            </button>
          ))}
          <button
            type="button"
            className="button"
            aria-label={t('staff.board.printLabel', { number: order.number })}
            onClick={() => onPrint(order)}
          >
            {t('staff.board.print')}
          </button>
        </div>
      )}
    </article>
  );
});
