import type { StaffOrder } from '@servery/contracts/staff';
import type { OrderStatus } from '@servery/domain/order-lifecycle';
import { useState } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from '../../i18n/i18n-context';
import { errorMessage } from '../../lib/error-message';
import { formatMoney, formatTime } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import { useResource } from '../../lib/use-resource';
import { StaffGate, type StaffAccess } from './staff-access';
import { listOrders, moveOrder } from './staff-api';

/** The board's columns, left to right; the last gathers the orders that are finished one way or another. */
export const BOARD_COLUMNS: ReadonlyArray<{
  id: 'placed' | 'accepted' | 'preparing' | 'ready' | 'done';
  statuses: readonly OrderStatus[];
}> = [
  { id: 'placed', statuses: ['placed'] },
  { id: 'accepted', statuses: ['accepted'] },
  { id: 'preparing', statuses: ['preparing'] },
  { id: 'ready', statuses: ['ready'] },
  { id: 'done', statuses: ['completed', 'cancelled', 'refunded'] },
];

/** /{slug}/staff: today's orders in columns by status, each with the moves the lifecycle allows. */
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
  const { locale } = useLocale();
  const { caller } = access;
  const { state, reload } = useResource(`board:${caller.slug}:${caller.credentials.token}:${locale}`, (signal) =>
    listOrders(caller, signal),
  );
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  async function move(order: StaffOrder, status: OrderStatus) {
    setFailure(null);
    try {
      await moveOrder(caller, order.id, status);
      setNotice(t('staff.board.moved', { number: order.number, status: t(`staff.status.${status}`) }));
      reload();
    } catch (error) {
      setFailure(errorMessage(t, error));
    }
  }

  const orders = state.status === 'ready' ? state.data.orders : [];
  return (
    <section aria-labelledby="staff-title" className="staff-board">
      <h1 id="staff-title">{t('staff.board.title')}</h1>
      <p role="status" className="staff-notice">
        {notice}
      </p>
      {failure && <p role="alert">{failure}</p>}
      {state.status === 'error' && <p role="alert">{errorMessage(t, state.error)}</p>}
      {state.status === 'loading' && <Spinner />}
      {state.status === 'ready' && (
        <div className="staff-columns">
          {BOARD_COLUMNS.map((column) => {
            const inColumn = orders.filter((order) => column.statuses.includes(order.status));
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
                        <OrderCard order={order} onMove={(status) => void move(order, status)} />
                      </li>
                    ))}
                  </ol>
                )}
              </section>
            );
          })}
        </div>
      )}
    </section>
  );
}

function OrderCard({ order, onMove }: { order: StaffOrder; onMove: (status: OrderStatus) => void }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const titleId = `order-${order.id}`;
  return (
    <article className="staff-card" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('staff.board.orderNumber', { number: order.number })}</h3>
      <p className="staff-card__facts">
        {t(`staff.types.${order.type}`, { defaultValue: order.type })}
        {order.tableNum && ` · ${t('staff.board.table', { table: order.tableNum })}`}
        {order.pickup_time && ` · ${formatTime(order.pickup_time, locale)}`}
        {order.delivery?.address && ` · ${order.delivery.address}`}
      </p>
      <p className="staff-card__facts">
        {order.contact.full_name} · {formatMoney(order.payment.amount, locale)} · {t(`staff.status.${order.status}`)}
      </p>
      {order.next_statuses.length > 0 && (
        <div className="staff-card__moves">
          {order.next_statuses.map((status) => (
            <button
              key={status}
              type="button"
              className={status === 'cancelled' || status === 'refunded' ? 'button' : 'button button--primary'}
              aria-label={t(`staff.moves.${status}Label`, { number: order.number })}
              onClick={() => onMove(status)}
            >
              {t(`staff.moves.${status}`)}
            </button>
          ))}
        </div>
      )}
    </article>
  );
}
