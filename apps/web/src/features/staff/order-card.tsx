import type { StaffOrder } from '@servery/contracts/staff';
import { needsReason, type OrderStatus } from '@servery/domain/order-lifecycle';
import { ticketAge, type TicketTargets } from '@servery/domain/ticket-age';
import { memo, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../lib/clock';
import { formatMoney } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import { OrderFacts, OrderLines, OrderMessages, OrderOutcome } from './order-summary';
import { RefundSummary } from './refunds/refund-summary';
import { StationLines, type StationView } from './stations/station-lines';
import { stationKeysFor } from './stations/station-rules';

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
  /** How far the server's clock is ahead of the browser's (use-live-orders.ts), and the restaurant's ticket targets. */
  clockOffset: number;
  targets: TicketTargets;
  fresh: boolean;
  /** Given a new time by the server while the board was open (use-live-orders.ts): flashed, with a badge. */
  retimed?: boolean;
  busy: boolean;
  /** Open the reason form of this order (a shortcut asked for it). */
  askingReason: OrderStatus | null;
  onAskReason: (orderId: string, status: OrderStatus | null) => void;
  onMove: (order: StaffOrder, status: OrderStatus, reason?: string) => void;
  onPrint: (order: StaffOrder) => void;
  /** Sends the order's ticket to the restaurant's kitchen printer; absent when it has none. */
  onSendToPrinter?: ((order: StaffOrder) => void) | undefined;
  /** Opens the refund dialog (refunds/refund-dialog.tsx); absent for a role that cannot refund. */
  onRefund?: ((order: StaffOrder, opener: HTMLElement) => void) | undefined;
  /** The board's station (stations/): the card shows its lines, its Bump and Recall; null: every line. */
  station?: StationView | null;
}

/**
 * One order on the board. Memoised: with a busy day on the board, a reload re-renders only the cards
 * whose order changed (use-live-orders.ts keeps the unchanged orders' objects), not all of them.
 */
export const OrderCard = memo(function OrderCard({
  order,
  zone,
  today,
  clockOffset,
  targets,
  fresh,
  retimed = false,
  busy,
  askingReason,
  onAskReason,
  onMove,
  onPrint,
  onSendToPrinter,
  onRefund,
  station = null,
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

  // The ticket's age on the server's clock, again each minute (useNow re-renders this card).
  useNow();
  const age = ticketAge(order, new Date(Date.now() + clockOffset), targets);
  const className = ['staff-card', (fresh || retimed) && 'staff-card--new', age && age.level !== 'on_time' && `staff-card--${age.level}`]
    .filter(Boolean)
    .join(' ');
  return (
    <article
      className={className}
      aria-labelledby={titleId}
      tabIndex={0}
      data-order-id={order.id}
      aria-keyshortcuts={[shortcutKeysFor(order), stationKeysFor(order, station?.station.id ?? null)].filter(Boolean).join(' ')}
    >
      <h3 id={titleId}>
        {t('staff.board.orderNumber', { number: order.number })}
        {fresh && <span className="staff-card__badge"> {t('staff.board.new')}</span>}
        {retimed && <span className="staff-card__badge"> {t('staff.board.newTime')}</span>}
      </h3>
      {age && (
        // The level in words as well as in colour (WCAG 1.4.1).
        <p className={`ticket-age ticket-age--${age.level}`}>{t(`staff.board.age.${age.level}`, { minutes: age.minutes })}</p>
      )}
      <OrderOutcome order={order} />
      <OrderFacts order={order} zone={zone} today={today} />
      {station ? <StationLines order={order} {...station} busy={busy} /> : <OrderLines order={order} />}
      <p className="staff-card__facts">
        {order.contact.full_name} · {formatMoney(order.payment.amount, locale)}
        {order.payment_captured === false && ` · ${t('staff.board.openTab')}`}
      </p>
      {order.cancel_reason && <p className="staff-card__facts">{t('staff.board.reasonShown', { reason: order.cancel_reason })}</p>}
      <RefundSummary order={order} onRefund={onRefund} />
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
          {onSendToPrinter && (
            <button
              type="button"
              className="button"
              aria-label={t('staff.board.sendToPrinterLabel', { number: order.number })}
              onClick={() => onSendToPrinter(order)}
            >
              {t('staff.board.sendToPrinter')}
            </button>
          )}
        </div>
      )}
    </article>
  );
});
