/**
 * Order-ready notifications. A diner leaves a phone number for an order (`POST /orders/notification`);
 * we confirm by SMS at once, and text again when the order becomes ready (`changeOrderStatus`, through
 * the lifecycle table). Messages go through the SMS port in the same transaction as the change that
 * causes them.
 *
 * A text costs money and names an order, so asking for one needs the order's access token (the diner
 * who placed it) or a staff session of the restaurant; an unknown order and a wrong token get the same
 * answer. Every request counts against limits per address, per restaurant and per order
 * (packages/domain/src/rate-limits.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Locale } from '@servery/contracts/tenant-file';
import { phoneToE164, validateNotificationPhone } from '@servery/domain/card';
import { isOrderStatus, recallToKitchen, transition, type OrderStatus } from '@servery/domain/order-lifecycle';
import { addOrderTokens, addStaffOf } from '../../db/data-scope';
import type { Db } from '../../db/database';
import {
  insertOrderNotification,
  markOrderNotified,
  rearmOrderNotifications,
  waitingOrderNotifications,
} from '../../db/order-notifications-repository';
import { moveOrderStatus } from '../../db/orders-repository';
import { findOrder, findOrderByNumber, type OrderRow } from '../../db/placed-orders-repository';
import type { Restaurant } from '../../db/restaurants-repository';
import { AppError } from '../../lib/app-error';
import { sameSecret } from '../../lib/same-secret';
import { hashToken } from '../../lib/session-tokens';
import { recordOrderEvent } from '../../db/order-events-repository';
import type { Executor } from '../../kernel/executor';
import type { SmsSender } from '../../ports/sms';
import { isRestaurantStaff } from '../staff/list-staff-orders';
import { addressKey, reserveOrThrow } from '../platform/rate-limits';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const TEXT = {
  'en-CA': {
    subscribed: (name: string, number: number) => `${name}: we'll text you when order ${number} is ready.`,
    ready: (name: string, number: number) => `${name}: order ${number} is ready.`,
    recalled: (name: string, number: number) => `${name}: order ${number} needs a few more minutes. We'll text you again when it's ready.`,
  },
  'fr-CA': {
    subscribed: (name: string, number: number) => `${name} : nous vous écrirons quand la commande ${number} sera prête.`,
    ready: (name: string, number: number) => `${name} : la commande ${number} est prête.`,
    recalled: (name: string, number: number) =>
      `${name} : la commande ${number} a besoin de quelques minutes de plus. Nous vous écrirons de nouveau quand elle sera prête.`,
  },
} as const;

const restaurantName = (restaurant: Restaurant) => restaurant.settings.display_name ?? restaurant.settings.name;

async function findByCheckNum(db: Executor, restaurantId: number, checkNum: string | number): Promise<OrderRow | null> {
  const text = String(checkNum).trim();
  if (UUID.test(text)) return findOrder(db, restaurantId, text.toLowerCase());
  if (/^\d{1,9}$/.test(text)) return findOrderByNumber(db, restaurantId, Number(text));
  return null;
}

export async function requestOrderNotification(
  database: Db,
  restaurant: Restaurant,
  input: {
    checkNum: string | number | null | undefined;
    phone: string;
    accessToken: string | undefined;
    /** The signed-in caller, if any: the restaurant's staff need no token. */
    callerUserId: number | null;
    address: string;
  },
  locale: Locale,
  sms: SmsSender,
  now: Date,
): Promise<{ orderNumber: number; phone: string }> {
  const details: Array<{ path: string; message: string }> = [];
  const checkNum = input.checkNum === null || input.checkNum === undefined || String(input.checkNum).trim() === '' ? null : input.checkNum;
  if (checkNum === null) details.push({ path: 'data.config.checkNum', message: 'required' });
  const phone = validateNotificationPhone(input.phone);
  if (!phone.ok) details.push({ path: 'data.checkout.contact.phone_number', message: phone.error.key });
  if (checkNum === null || !phone.ok) throw new AppError('VALIDATION_FAILED', details);
  const e164 = phoneToE164(phone.value)!;
  const staff = input.callerUserId !== null && (await isRestaurantStaff(database.db, restaurant.id, input.callerUserId));
  // What opens a school order to this request on PostgreSQL (db/data-scope.ts): the verified staff's
  // restaurant, or the guest's secret; the comparison below still decides.
  if (staff) addStaffOf(restaurant.id);
  else if (input.accessToken !== undefined) addOrderTokens([input.accessToken]);
  await reserveOrThrow(
    database.db,
    [
      ...(staff ? [] : [{ limit: 'readyTextAddress' as const, key: addressKey(input.address) }]),
      { limit: 'readyTextRestaurant', key: String(restaurant.id) },
    ],
    now,
  );
  const order = await findByCheckNum(database.db, restaurant.id, checkNum);
  const allowed =
    staff ||
    (order?.access_token_hash && input.accessToken !== undefined && sameSecret(order.access_token_hash, hashToken(input.accessToken)));
  if (!order || order.number === null || !allowed) throw new AppError('ORDER_NOT_FOUND');
  const orderNumber = order.number;
  await reserveOrThrow(database.db, [{ limit: 'readyTextOrder', key: order.id }], now);

  return database.db.transaction().execute(async (trx) => {
    await insertOrderNotification(trx, {
      id: randomUUID(),
      restaurant_id: restaurant.id,
      order_id: order.id,
      phone: e164,
      locale,
      created_at: now.toISOString(),
      notified_at: order.status === 'ready' ? now.toISOString() : null,
    });
    const text = order.status === 'ready' ? TEXT[locale].ready : TEXT[locale].subscribed;
    await sms.send(
      trx,
      { restaurantId: restaurant.id, to: e164, text: text(restaurantName(restaurant), orderNumber), locale, orderId: order.id },
      now,
    );
    return { orderNumber, phone: phone.value };
  });
}

/**
 * Moves an order through the lifecycle (order-lifecycle.ts). Becoming ready texts every phone left
 * for it that was not texted yet. For the staff screens to come; no route exposes it yet.
 */
export async function changeOrderStatus(
  database: Db,
  restaurant: Restaurant,
  orderId: string,
  to: OrderStatus,
  sms: SmsSender,
  now: Date,
  /** Who moved it (recorded with the order's event). */
  actorUserId: number | null = null,
): Promise<MoveAnswer> {
  return database.db.transaction().execute((trx) => moveOrderIn(trx, restaurant, orderId, to, sms, now, actorUserId));
}

/**
 * The same move in the caller's transaction: a station's last bump (use-cases/staff/bump-station.ts)
 * moves its order to ready with the bump, or not at all.
 */
export async function moveOrderIn(
  trx: Executor,
  restaurant: Restaurant,
  orderId: string,
  to: OrderStatus,
  sms: SmsSender,
  now: Date,
  actorUserId: number | null = null,
): Promise<MoveAnswer> {
  const moved = await moveWith(trx, restaurant, orderId, (status) => transition({ status }, to, now), now, actorUserId);
  if (!moved.ok) return moved;
  if (to === 'ready' && moved.order.number !== null) {
    const waiting = await waitingOrderNotifications(trx, restaurant.id, orderId);
    for (const subscriber of waiting) {
      const locale: Locale = subscriber.locale === 'fr-CA' ? 'fr-CA' : 'en-CA';
      const text = TEXT[locale].ready(restaurantName(restaurant), moved.order.number);
      await sms.send(trx, { restaurantId: restaurant.id, to: subscriber.phone, text, locale, orderId }, now);
      await markOrderNotified(trx, subscriber.id, now.toISOString());
    }
  }
  return { ok: true, status: to } as const;
}

type MoveAnswer = { ok: true; status: OrderStatus } | { ok: false; error: 'ORDER_NOT_FOUND' | 'INVALID_TRANSITION' };

/** The order's row moved from the status it has to the one `decide` gives (only if still that status), with its event. */
async function moveWith(
  trx: Executor,
  restaurant: Restaurant,
  orderId: string,
  decide: (status: OrderStatus) => ReturnType<typeof transition<{ status: OrderStatus }>>,
  now: Date,
  actorUserId: number | null,
): Promise<{ ok: true; order: OrderRow; to: OrderStatus } | { ok: false; error: 'ORDER_NOT_FOUND' | 'INVALID_TRANSITION' }> {
  const order = await findOrder(trx, restaurant.id, orderId);
  if (!order || !isOrderStatus(order.status)) return { ok: false, error: 'ORDER_NOT_FOUND' } as const;
  const moved = decide(order.status);
  if (!moved.ok) return { ok: false, error: moved.error } as const;
  const to = moved.order.status;
  const changed = await moveOrderStatus(trx, restaurant.id, orderId, order.status, { status: to, updated_at: now.toISOString() });
  if (!changed) return { ok: false, error: 'INVALID_TRANSITION' } as const;
  if (to !== 'placed') await recordOrderEvent(trx, { restaurantId: restaurant.id, orderId, type: to, actorUserId }, now);
  return { ok: true, order, to } as const;
}

/**
 * A station's recall of a ready order, in the caller's transaction (use-cases/staff/bump-station.ts):
 * ready -> preparing (order-lifecycle.ts `recallToKitchen`), the `preparing` event for the boards and
 * the diner's page, and every phone already texted "ready" is texted that it is not, and waits for
 * the next "ready" text.
 */
export async function recallOrderIn(
  trx: Executor,
  restaurant: Restaurant,
  orderId: string,
  sms: SmsSender,
  now: Date,
  actorUserId: number | null,
): Promise<MoveAnswer> {
  const moved = await moveWith(trx, restaurant, orderId, (status) => recallToKitchen({ status }, now), now, actorUserId);
  if (!moved.ok) return moved;
  if (moved.order.number !== null) {
    for (const subscriber of await rearmOrderNotifications(trx, restaurant.id, orderId)) {
      const locale: Locale = subscriber.locale === 'fr-CA' ? 'fr-CA' : 'en-CA';
      const text = TEXT[locale].recalled(restaurantName(restaurant), moved.order.number);
      await sms.send(trx, { restaurantId: restaurant.id, to: subscriber.phone, text, locale, orderId }, now);
    }
  }
  return { ok: true, status: moved.to } as const;
}
