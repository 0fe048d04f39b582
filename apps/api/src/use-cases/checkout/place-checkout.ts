/**
 * Placing a checkout (ARCHITECTURE.md "Order types and verticals"; docs/decisions/0056-checkout-pipeline.md):
 * POST /orders, /orders/create-k12-order and /orders/create-marketplace-order all come here, and a
 * checkout yields one or more orders and at most one payment. The steps, once for every order type:
 *
 * 1. replay: a key already used answers with what it placed (`replayOrder` and `orderUnderKey` in commit-checkout.ts, beside the key's claim).
 * 2. admit: the policy (packages/domain/src/order-types/) says who may place it and whether the
 *    restaurant takes it now; a suite order's event suite, which decides its policy, is loaded first.
 * 3. price: through the same code as the cart's costs (set-costs.ts, school-checkout.ts); stale
 *    lines and a tender that no longer applies stop here, with the fresh costs.
 * 4. load for the plan: the diner's chosen saved card, where the geocoder puts a delivery postal code.
 * 5. plan (packages/domain/src/plan-order.ts, pure): the common steps and the policy's own.
 * 6. commit (commit-checkout.ts): one transaction: the key, the policy's capacity rule under its
 *    locks, the tenders, one payment (or the suite's tab), the numbered orders, one receipt.
 *
 * How a cart becomes orders is the checkout's shape (checkout-shape.ts): one order (single-order.ts),
 * one per school day and student (school-days.ts), one per vendor (vendor-orders.ts).
 *
 * Pricing and loading stay out of the transaction on purpose: the menu tree comes from a per-process
 * cache filled through the pool, and on SQLite the transaction holds the only connection, so a cache
 * fill awaited inside it could wait for itself. Menus change only on import.
 */
import type { CreateMarketplaceOrderResponse } from '@servery/contracts/marketplace';
import type { PlaceOrderResponse } from '@servery/contracts/orders';
import type { CreateK12OrderResponse } from '@servery/contracts/school';
import { policyOf } from '@servery/domain/order-types/index';
import { deliveryToLocate, planOrder } from '@servery/domain/plan-order';
import { orderMetrics } from '../../ports/metrics';
import { requestHash } from './order-request-hash';
import { findPaymentMethod } from '../accounts/payment-methods';
import type { CheckoutContext, CheckoutRequest, CheckoutShape, PlacementContext, PlanLoads } from './checkout-shape';
import { commitPlacement, planRefusal } from './commit-checkout';
import { schoolDays } from './school-days';
import { singleOrder } from './single-order';
import { vendorOrders } from './vendor-orders';

interface Answers {
  order: PlaceOrderResponse;
  school: CreateK12OrderResponse;
  marketplace: CreateMarketplaceOrderResponse;
}

export type PlaceCheckoutOptions<K extends CheckoutRequest['kind']> = PlacementContext & { request: Extract<CheckoutRequest, { kind: K }> };

export async function placeCheckout<K extends CheckoutRequest['kind']>(options: PlaceCheckoutOptions<K>): Promise<Answers[K]> {
  const { request, ...placement } = options;
  const context: CheckoutContext = { ...placement, hash: requestHash(request.body) };
  // Refusals are counted by policy (ports/metrics.ts): the requested type's until the admitted one is known.
  const counted = { policy: request.kind === 'order' ? policyOf(request.body.type).name : request.kind };
  try {
    // Each shape answers its own route's type; the request's kind picks both.
    return (await runCheckout(context, shapeOf(context, request), counted)) as Answers[K];
  } catch (error) {
    orderMetrics.ended(counted.policy, error);
    throw error;
  }
}

function shapeOf(context: CheckoutContext, request: CheckoutRequest): CheckoutShape<unknown, never, never> {
  switch (request.kind) {
    case 'order':
      return singleOrder(context, request) as CheckoutShape<unknown, never, never>;
    case 'school':
      return schoolDays(context, request.body) as CheckoutShape<unknown, never, never>;
    case 'marketplace':
      return vendorOrders(context, request.body) as CheckoutShape<unknown, never, never>;
  }
}

/** The steps of the module comment, 1 to 6. */
async function runCheckout<Answer, Admitted, Priced>(
  context: CheckoutContext,
  shape: CheckoutShape<Answer, Admitted, Priced>,
  counted: { policy: string },
): Promise<Answer> {
  const { database, restaurant, now } = context;
  const earlier = await shape.replay(database.db);
  if (earlier) return earlier;

  const { policy, admitted } = await shape.admit();
  counted.policy = policy.name;
  const refused = policy.admit(restaurant.settings, now);
  if (refused) throw planRefusal(refused);

  const priced = await shape.price(admitted);
  const loaded = await loadForPlan(context, shape);
  const planned = planOrder(shape.planInput(priced, loaded, admitted));
  if (!planned.ok) throw shape.refusal ? shape.refusal(planned.error, priced) : planRefusal(planned.error);

  return commitPlacement({ ...context, plan: planned.plan, ...shape.commit(priced, planned.plan, admitted, loaded) });
}

async function loadForPlan(
  context: CheckoutContext,
  shape: Pick<CheckoutShape<unknown, unknown, unknown>, 'checkout' | 'type'>,
): Promise<PlanLoads> {
  const { database, services, userId } = context;
  const { checkout } = shape;
  // A saved card must be the signed-in diner's own: a guest's or another user's id is not found.
  const savedCard =
    checkout.paymentMethod === 'credit_card' && checkout.chosenCreditCard && userId !== null
      ? await findPaymentMethod(database.db, userId, checkout.chosenCreditCard)
      : null;
  // A default address is placed on the map by the geocoder port from its postal code, never from a
  // point the browser sends.
  const toLocate = deliveryToLocate(shape.type, checkout, context.restaurant.settings);
  return {
    signedIn: userId !== null,
    processor: { name: services.payments.name, wallets: services.payments.wallets },
    savedCard: savedCard
      ? { reference: savedCard.reference, processor: savedCard.processor, brand: savedCard.brand, last4: savedCard.last4 }
      : null,
    located: toLocate ? await services.geocoder.locate(toLocate) : null,
  };
}
