/**
 * A kitchen station bumps its lines of an order, or one of them, or recalls them (docs/decisions/0107-kitchen-stations.md).
 *
 * One transaction: the order row's lock first (placed-orders-repository.ts `lockOrder`), so two
 * stations bumping the last two stations' lines at once take turns: the second reads the first's
 * bumps after the wait and is the one that finds every station done. That one moves the order to ready
 * through the lifecycle's own move (order-notifications.ts `moveOrderIn`: the `ready` event, the
 * diners' texts), in the same transaction; the first moved nothing, so the order moves once.
 *
 * Only an order in the kitchen (accepted, preparing) is bumped. A ready order is recalled too (a line
 * made wrong, found at the pass): the station's lines, or the one line, are made again and the order
 * goes back to preparing in the same transaction (order-notifications.ts `recallOrderIn`: the
 * `preparing` event, a text to the diners already told "ready"); it is ready again at the last bump.
 * Each bump and recall that changes something writes an order event (every process's board reloads
 * from it, decision 0058) and a row of the team's audit list; a repeated one changes nothing.
 */
import type { StaffOrder } from '@servery/contracts/staff';
import { kitchenStationsOf, type Locale } from '@servery/contracts/tenant-file';
import { isOrderDoneAtStations, linesAt, stationOf, type StationLine } from '@servery/domain/kitchen-stations';
import { isOrderStatus, type OrderStatus } from '@servery/domain/order-lifecycle';
import type { Db } from '../../db/database';
import { recordOrderEvent } from '../../db/order-events-repository';
import { lockOrder, type OrderRow } from '../../db/placed-orders-repository';
import type { Restaurant } from '../../db/restaurants-repository';
import { insertAudit } from '../../db/staff-repository';
import { deleteBumps, insertBumps } from '../../db/station-bumps-repository';
import type { Executor } from '../../kernel/executor';
import { AppError } from '../../lib/app-error';
import type { SmsSender } from '../../ports/sms';
import { publishedMenuLookup, type MenuLookup } from '../menus/menu-lookup';
import { moveOrderIn, recallOrderIn } from '../orders/order-notifications';
import { storedOrderOf } from '../orders/order-view';
import { bumpsByOrder, orderMessages, staffOrderView } from './list-staff-orders';
import type { StaffActor } from './staff-team';

/** The statuses of an order a station bumps (accepted, in progress) or recalls (those, and ready). */
const STATUSES_FOR: Readonly<Record<'bump' | 'recall', readonly OrderStatus[]>> = {
  bump: ['accepted', 'preparing'],
  recall: ['accepted', 'preparing', 'ready'],
};

/** Each line of the order and the station that makes it now. */
function stationLines(row: OrderRow, lookup: MenuLookup, stationIds: readonly string[]): StationLine[] {
  return storedOrderOf(row).items.map((item) => ({ lineId: item.orderId, station: stationOf(lookup.itemStation(item.id), stationIds) }));
}

export async function bumpStation(
  database: Db,
  restaurant: Restaurant,
  input: { orderId: string; station: string; lineId?: number | null; action: 'bump' | 'recall' },
  ports: { sms: SmsSender },
  now: Date,
  caller: { actor: StaffActor; locale: Locale },
): Promise<{ order: StaffOrder; changed: boolean }> {
  const lookup = await publishedMenuLookup(database.db, restaurant.id, now);
  const stations = kitchenStationsOf(restaurant.settings);
  const stationIds = stations.map((station) => station.id);
  const view = async (db: Executor, row: OrderRow) =>
    staffOrderView(
      row,
      lookup,
      caller.locale,
      await orderMessages(db, restaurant.id, [row.id]),
      restaurant.settings,
      (await bumpsByOrder(db, restaurant.id, [row.id])).get(row.id),
    );

  return database.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, restaurant.id, input.orderId);
    // Another restaurant's order is not found, like an unknown one; a hub counter's staff bump their own orders only.
    if (!order || !isOrderStatus(order.status)) throw new AppError('ORDER_NOT_FOUND');
    if (caller.actor.vendorId !== null && order.vendor_id !== caller.actor.vendorId) throw new AppError('ORDER_NOT_FOUND');
    const lines = stationLines(order, lookup, stationIds);
    // One line (the station makes the order's items one by one), or every line of the station.
    const mine = linesAt(lines, input.station).filter((line) => input.lineId == null || line.lineId === input.lineId);
    if (mine.length === 0) throw new AppError('STATION_NOT_FOUND');
    if (!STATUSES_FOR[input.action].includes(order.status)) throw new AppError('STATION_ORDER_NOT_IN_KITCHEN');

    const { orderId, station } = input;
    const changed =
      input.action === 'bump'
        ? await insertBumps(
            trx,
            { restaurantId: restaurant.id, orderId, station, lineIds: mine.map((line) => line.lineId), by: caller.actor.userId },
            now,
          )
        : await deleteBumps(trx, {
            restaurantId: restaurant.id,
            orderId,
            station,
            lineIds: input.lineId == null ? null : mine.map((line) => line.lineId),
          });
    // A ready order is recalled even where the station had nothing bumped (the board's own Ready moved it).
    const recallsReady = input.action === 'recall' && order.status === 'ready';
    if (changed === 0 && !recallsReady) return { order: await view(trx, order), changed: false };

    const type = input.action === 'bump' ? 'station_bumped' : 'station_recalled';
    await recordOrderEvent(trx, { restaurantId: restaurant.id, orderId, type, actorUserId: caller.actor.userId }, now);
    await insertAudit(
      trx,
      {
        restaurantId: restaurant.id,
        actor: { userId: caller.actor.userId, email: caller.actor.email },
        action: type,
        subject: `#${order.number ?? ''} · ${stations.find((entry) => entry.id === station)?.name[caller.locale] ?? station}`,
        detail: { order_id: orderId, station, ...(input.lineId != null && { line_id: String(input.lineId) }) },
      },
      now,
    );
    let row: OrderRow = order;
    if (recallsReady) {
      const moved = await recallOrderIn(trx, restaurant, orderId, ports.sms, now, caller.actor.userId);
      if (!moved.ok) throw new AppError('STATION_ORDER_NOT_IN_KITCHEN');
      row = { ...order, status: moved.status, updated_at: now.toISOString() };
    } else if (input.action === 'bump') {
      const bumps = (await bumpsByOrder(trx, restaurant.id, [orderId])).get(orderId) ?? [];
      if (isOrderDoneAtStations(lines, bumps)) {
        const moved = await moveOrderIn(trx, restaurant, orderId, 'ready', ports.sms, now, caller.actor.userId);
        if (!moved.ok) throw new AppError('STATION_ORDER_NOT_IN_KITCHEN');
        row = { ...order, status: 'ready', updated_at: now.toISOString() };
      }
    }
    return { order: await view(trx, row), changed: true };
  });
}
