/**
 * The venue's operator changes a suite's pre-order (issue 31 item 2; docs/decisions/0104-suite-manifest.md):
 * POST /catering/events/{event}/event-suites/{suite}/change-pre-order.
 *
 * - Only an operator of this venue, for one of its event suites (operatedSuite); the suite must have a
 *   live pre-order (ORDER_NOT_FOUND otherwise). Before or after the lock: the owner's own change stays
 *   refused from the lock on (PRE_ORDER_LOCKED), the operator's is not; the tab must be open.
 * - The change is new quantities for the pre-order's lines (0 takes a line out; at least one stays):
 *   the pre-order is placed again through the same checkout as the owner's (priced again, counted on
 *   the tab under its limit, the old pre-order retired and the board told), for the owner, with the
 *   same delivery time and notes, recorded as placed by the operator.
 * - The reason is required and kept in the suite's audit (action pre_order_change, with the lines
 *   before and after) in the new pre-order's own transaction (commit-checkout.ts `alongside`), which
 *   the suite's activity shows to the operator and the owner.
 */
import { randomUUID } from 'node:crypto';
import { PlaceOrderRequest } from '@servery/contracts/orders';
import type { Locale } from '@servery/contracts/tenant-file';
import type { PreOrderChangeRequest, PreOrderChangeResponse } from '@servery/contracts/suites';
import { normaliseEmail } from '@servery/domain/card';
import { findUserByEmail } from '../../db/accounts-repository';
import { findLivePreOrder, insertSuiteAudit } from '../../db/event-suites-repository';
import type { OrderRow } from '../../db/placed-orders-repository';
import type { Executor } from '../../kernel/executor';
import { AppError } from '../../lib/app-error';
import type { EventSuiteSealer } from '../../lib/event-suite-link';
import type { PlacementContext } from '../checkout/checkout-shape';
import { placeCheckout } from '../checkout/place-checkout';
import { storedOrderOf } from '../orders/order-view';
import { operatedSuite, operatorView } from './operator-events';

export async function changePreOrderByOperator(
  placement: PlacementContext,
  sealer: EventSuiteSealer,
  input: { operatorUserId: number; eventId: number; suiteId: number; body: PreOrderChangeRequest; locale: Locale },
): Promise<PreOrderChangeResponse> {
  const { database, restaurant, now } = placement;
  const facts = await operatedSuite(database, restaurant, input);
  const eventSuiteId = facts.eventSuite.id;
  const current = await findLivePreOrder(database.db, restaurant.id, eventSuiteId);
  if (!current) throw new AppError('ORDER_NOT_FOUND');
  const stored = storedOrderOf(current);
  const wanted = new Map(input.body.lines.map((line) => [line.orderId, line.quantity]));
  const unknown = input.body.lines.find((line) => !stored.items.some((item) => item.orderId === line.orderId));
  if (unknown) throw new AppError('VALIDATION_FAILED', [{ path: 'body.lines', message: `no line ${unknown.orderId}` }]);
  const items = stored.items.flatMap((item) => {
    const quantity = wanted.get(item.orderId) ?? item.quantity;
    if (quantity === 0) return [];
    // orderPrice is the line's price for its quantity, options included: the same per unit.
    const unit = item.quantity > 0 ? Math.round(item.orderPrice / item.quantity) : item.orderPrice;
    return [{ ...item, quantity, orderPrice: unit * quantity }];
  });
  if (items.length === 0) throw new AppError('VALIDATION_FAILED', [{ path: 'body.lines', message: 'empty' }]);
  const ownerEmail = facts.eventSuite.owner_email;
  const owner = ownerEmail ? await findUserByEmail(database.db, normaliseEmail(ownerEmail)) : null;
  const suite = stored.suite;
  const body = PlaceOrderRequest.parse({
    type: 'catering',
    data: {
      config: { eventSuite: eventSuiteId },
      items,
      costs: { tip: { type: 'percentage', value: '0' } },
      checkout: {
        paymentMethod: null,
        pickup: { delivery: false, notes: '', scheduled: false },
        contact: {
          full_name: stored.contact.full_name,
          email: stored.contact.email ?? '',
          phone_number: stored.contact.phone_number ?? '',
        },
        suitesInfo: {
          deliveryPreference: suite?.deliveryPreference ?? (suite?.deliverAt ? 'custom' : 'event_start'),
          deliveryTime: suite?.deliveryPreference === 'custom' || !suite?.deliveryPreference ? (suite?.deliverAt ?? null) : null,
          notes: stored.notes,
        },
      },
    },
  });
  const lines = (list: typeof items) => list.map((item) => ({ id: item.id, orderId: item.orderId, quantity: item.quantity }));
  // Kept in the order's own transaction: a change is never stored without its reason, nor a reason without its change.
  const record = (trx: Executor, order: OrderRow) =>
    insertSuiteAudit(trx, {
      id: randomUUID(),
      restaurantId: restaurant.id,
      eventSuiteId,
      actorUserId: input.operatorUserId,
      action: 'pre_order_change',
      detail: {
        reason: input.body.reason,
        orderNumber: order.number,
        replaced: current.number,
        before: lines(stored.items),
        after: lines(items),
      },
      now,
    });
  const placed = await placeCheckout({
    ...placement,
    userId: owner?.id ?? current.user_id ?? null,
    request: {
      kind: 'order',
      body,
      sealer,
      loginAs: null,
      operator: { kind: 'none' },
      operatorChange: { operatorUserId: input.operatorUserId, record },
    },
  });
  return {
    eventSuite: await operatorView(database, restaurant, facts, input.locale, now),
    orderNumber: placed.order.number ?? 0,
  };
}
