import type { StaffOrder } from '@servery/contracts/staff';
import { needsReason, type OrderStatus } from '@servery/domain/order-lifecycle';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { useNow } from '../../lib/clock';
import { formatDate, formatMoney } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import { StaffGate, type StaffAccess } from './staff-access';
import { moveOrder } from './staff-api';
import { OrderCard, SHORTCUTS } from './order-card';
import { BoardShortcuts } from './board-shortcuts';
import { StationPicker } from './stations/station-picker';
import { linesAtStation, STATION_SHORTCUTS, stationActionsFor } from './stations/station-rules';
import { useStationBoard } from './stations/use-station-board';
import { FINISHED, KitchenTicket, timeShown } from './order-summary';
import { playArrivalSound } from './arrival-sound';
import { useLiveOrders } from './use-live-orders';
import { useSendToPrinter } from './kitchen-printer/printer-api';
import { FailedPrints } from './kitchen-printer/printer-tickets';
import { RefundDialog } from './refunds/refund-dialog';
import { canRefund } from '@servery/domain/staff-roles';

export type BoardColumnId = 'placed' | 'accepted' | 'preparing' | 'ready' | 'done';

/** The board's columns, left to right; the last gathers the orders that are finished one way or another. */
export const BOARD_COLUMNS: ReadonlyArray<{ id: BoardColumnId; statuses: readonly OrderStatus[] }> = [
  { id: 'placed', statuses: ['placed'] },
  { id: 'accepted', statuses: ['accepted'] },
  { id: 'preparing', statuses: ['preparing'] },
  { id: 'ready', statuses: ['ready'] },
  { id: 'done', statuses: FINISHED },
];

const withoutRefund = (order: StaffOrder): StaffOrder =>
  order.next_statuses.includes('refunded')
    ? { ...order, next_statuses: order.next_statuses.filter((status) => status !== 'refunded') }
    : order;

/** /{slug}/staff: today's and upcoming orders in columns by status, live, each with the moves the lifecycle allows. */
export function StaffBoardScreen() {
  const { t } = useTranslation();
  return (
    <StaffGate area="orders" title={t('staff.board.title')}>
      {(access) => <Board access={access} />}
    </StaffGate>
  );
}

function Board({ access }: { access: StaffAccess }) {
  const { t } = useTranslation();
  const { caller, me } = access;
  const { locale } = useLocale();
  const zone = me.restaurant.zone;
  const [sound, setSound] = useState(true);
  const soundRef = useRef(sound);
  soundRef.current = sound;
  const [announcement, setAnnouncement] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [reasonFor, setReasonFor] = useState<{ id: string; status: OrderStatus } | null>(null);
  const [printing, setPrinting] = useState<StaffOrder | null>(null);
  const [refunding, setRefunding] = useState<{ order: StaffOrder; opener: HTMLElement } | null>(null);
  // Owners and managers give money back; the kitchen's role sees no "Refund…" (the API refuses it too).
  const openRefund = useCallback((order: StaffOrder, opener: HTMLElement) => setRefunding({ order, opener }), []);
  const onRefund = canRefund(me.role) ? openRefund : undefined;

  const onArrival = useCallback(
    (arrived: StaffOrder[]) => {
      if (soundRef.current) playArrivalSound();
      setAnnouncement(t('staff.board.arrived', { count: arrived.length, numbers: arrived.map((order) => order.number).join(', ') }));
    },
    [t],
  );
  // Told without a sound: the kitchen makes nothing new, but the order is now due at another time.
  const onRetimed = useCallback(
    (moved: StaffOrder[]) => {
      const today = todayRef.current;
      const orders = moved
        .map((order) =>
          t('staff.board.retimedOrder', { number: order.number, time: timeShown(order.pickup_time ?? '', zone, today, locale) }),
        )
        .join(', ');
      setAnnouncement(t('staff.board.retimed', { count: moved.length, orders }));
    },
    [t, zone, locale],
  );
  // The board's day on the server's clock (below), read when a move is told.
  const todayRef = useRef('');
  const changes = useMemo(() => ({ onArrival, onRetimed }), [onArrival, onRetimed]);
  const { orders: liveOrders, error, live, fresh, retimed, replace, serverOffset } = useLiveOrders(caller, changes);
  // The kitchen's role gives no money back (decision 0103): its cards offer no Refund move, nor its key.
  const orders = useMemo(() => (onRefund || !liveOrders ? liveOrders : liveOrders.map(withoutRefund)), [liveOrders, onRefund]);
  // The station this device shows (decision 0107): its cards show its lines only, with its Bump and Recall.
  const stations = useMemo(() => me.restaurant.kitchen_stations ?? [], [me.restaurant.kitchen_stations]);
  const stationBoard = useStationBoard(caller, stations, { replace, announce: setAnnouncement, fail: setFailure });
  const station = stationBoard.station;
  const shown = useMemo(
    () => (station && orders ? orders.filter((order) => linesAtStation(order, station.id).length > 0) : orders),
    [orders, station],
  );
  // The server's clock, by its last answer, whatever the tablet's own clock says (useNow re-renders each minute).
  useNow();
  const today = formatDate(new Date(Date.now() + serverOffset), zone);
  todayRef.current = today;

  const move = useCallback(
    async (order: StaffOrder, status: OrderStatus, reason?: string) => {
      setFailure(null);
      setBusy(order.id);
      try {
        const answer = await moveOrder(caller, order.id, status, reason);
        replace(answer.order);
        setReasonFor(null);
        setAnnouncement(t('staff.board.moved', { number: order.number, status: t(`staff.status.${status}`) }));
      } catch (caught) {
        setFailure(errorMessage(t, caught));
      } finally {
        setBusy(null);
      }
    },
    [caller, replace, t],
  );

  const print = useCallback((order: StaffOrder) => setPrinting(order), []);
  // Browser printing stays; with a kitchen printer set up, a card can also send its ticket there.
  const kitchenPrinter = useSendToPrinter(caller, setAnnouncement, setFailure);
  const askReason = useCallback((id: string, status: OrderStatus | null) => setReasonFor(status ? { id, status } : null), []);
  const onMove = useCallback((order: StaffOrder, status: OrderStatus, reason?: string) => void move(order, status, reason), [move]);
  useEffect(() => {
    if (!printing) return;
    const done = () => setPrinting(null);
    window.addEventListener('afterprint', done, { once: true });
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [printing]);

  const act = stationBoard.act;
  const stationView = useMemo(() => (station ? { station, stations, onAct: act } : null), [station, stations, act]);
  const byId = useMemo(() => new Map((orders ?? []).map((order) => [order.id, order])), [orders]);
  // Shortcuts act on the focused order card; typing in a field is left alone.
  const onKeyDown = (event: React.KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    if (target.closest('input, textarea, select')) return;
    const card = target.closest<HTMLElement>('[data-order-id]');
    const order = card ? byId.get(card.dataset.orderId ?? '') : undefined;
    const action = SHORTCUTS[event.key.toLowerCase()];
    const stationAction = station ? STATION_SHORTCUTS[event.key.toLowerCase()] : undefined;
    if (order && station && stationAction) {
      event.preventDefault();
      if (stationActionsFor(order, station.id).includes(stationAction)) void stationBoard.act(order, stationAction);
      else setAnnouncement(t('errors.STATION_ORDER_NOT_IN_KITCHEN'));
      return;
    }
    if (!order || !action) return;
    event.preventDefault();
    if (action === 'print') print(order);
    else if (action === 'refunded' && !onRefund) setAnnouncement(t('errors.REFUND_ROLE_NOT_ALLOWED'));
    else if (!order.next_statuses.includes(action)) setAnnouncement(t('errors.ORDER_STATUS_CHANGE_NOT_ALLOWED'));
    else if (needsReason(action)) setReasonFor({ id: order.id, status: action });
    else void move(order, action);
  };

  return (
    <section aria-labelledby="staff-title" className="staff-board">
      <div className="staff-board__head">
        <h1 id="staff-title">{t('staff.board.title')}</h1>
        <p className="staff-board__live">{live ? t('staff.board.live') : t('staff.board.notLive')}</p>
        <button type="button" className="button" aria-pressed={sound} onClick={() => setSound((on) => !on)}>
          {t('staff.board.sound')}
        </button>
      </div>
      {stations.length > 0 && <StationPicker stations={stations} station={station} onChange={stationBoard.setStation} />}
      <BoardShortcuts />
      <p role="status" className="staff-notice">
        {announcement}
      </p>
      {failure && <p role="alert">{failure}</p>}
      {error !== null && <p role="alert">{errorMessage(t, error)}</p>}
      {kitchenPrinter.tickets && <FailedPrints caller={caller} tickets={kitchenPrinter.tickets} />}
      {orders === null && error === null && <Spinner />}
      {shown !== null && (
        <div className="staff-columns" onKeyDown={onKeyDown}>
          {BOARD_COLUMNS.map((column) => {
            const inColumn = shown.filter((order) => column.statuses.includes(order.status));
            return (
              <section key={column.id} className="staff-column" aria-labelledby={`column-${column.id}`}>
                <h2 id={`column-${column.id}`}>
                  {t(`staff.board.columns.${column.id}`)} <span className="staff-column__count">({inColumn.length})</span>
                </h2>
                {inColumn.length === 0 ? (
                  <p className="staff-column__empty">{t('staff.board.empty')}</p>
                ) : (
                  <ol className="staff-cards">
                    {inColumn.map((order) => (
                      <li key={order.id}>
                        <OrderCard
                          order={order}
                          zone={zone}
                          today={today}
                          clockOffset={serverOffset}
                          targets={me.restaurant.kitchen_targets}
                          fresh={fresh.has(order.id)}
                          retimed={retimed.has(order.id)}
                          busy={busy === order.id || stationBoard.busy === order.id}
                          askingReason={reasonFor?.id === order.id ? reasonFor.status : null}
                          onAskReason={askReason}
                          onMove={onMove}
                          onPrint={print}
                          onSendToPrinter={kitchenPrinter.send}
                          onRefund={onRefund}
                          station={stationView}
                        />
                      </li>
                    ))}
                  </ol>
                )}
              </section>
            );
          })}
        </div>
      )}
      {refunding && (
        <RefundDialog
          caller={caller}
          order={byId.get(refunding.order.id) ?? refunding.order}
          returnFocusTo={refunding.opener}
          onClose={() => setRefunding(null)}
          onRefunded={(order, amount) => {
            replace(order);
            setRefunding(null);
            setAnnouncement(t('staff.refunds.announced', { number: order.number, amount: formatMoney(amount, locale) }));
          }}
        />
      )}
      {printing && <KitchenTicket order={printing} zone={zone} today={today} restaurant={me.restaurant.name} />}
    </section>
  );
}
