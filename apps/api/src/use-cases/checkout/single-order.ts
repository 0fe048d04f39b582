/**
 * A checkout that is one order (POST /orders: dine-in, takeout, catering, generic catering, a suite's
 * orders): the shape place-checkout.ts runs for a policy whose split is 'one'. Its event suite, when
 * its link names one, decides its policy (order-types/suite.ts) and is checked for its caller; it is
 * priced exactly like set-costs (the same function, with the member cookie the cart was priced with).
 */
import type { PlaceOrderResponse } from '@servery/contracts/orders';
import type { OrderSuite } from '@servery/contracts/suites';
import type { Locale } from '@servery/contracts/tenant-file';
import { deliverySummary } from '@servery/domain/delivery-summary';
import { pickupPlace } from '@servery/domain/pickup-place';
import { policyOf } from '@servery/domain/order-types/index';
import { hubOrderVendor } from '@servery/domain/order-types/marketplace';
import type { OrderTypePolicy } from '@servery/domain/order-types/policy';
import { checkSuiteCaller, checkSuiteOperator } from '@servery/domain/order-types/suite';
import type { OrderPlan } from '@servery/domain/plan-order';
import { reorderKind, reorderQuery, type ReorderableOrder, type ReorderKind } from '@servery/domain/reorder';
import { checkSlot, combineMenuTimings, type SchedulingInput, slotKey } from '@servery/domain/scheduling';
import { lockAndCountSlot } from '../../db/placed-orders-repository';
import { AppError } from '../../lib/app-error';
import type { Executor } from '../../kernel/executor';
import { mealLookup } from '../cart/cart-context';
import { composeReceipt, type ReceiptInput } from '../orders/compose-receipt';
import { cartMenuTimings, menuLookup } from '../menus/menu-lookup';
import { suitePlaceOf } from '../orders/get-order';
import { answersOf, namedAnswers, orderView } from '../orders/order-view';
import { queueMinutesFor } from '../menus/get-queue-time';
import { schedulingRestaurant } from '../menus/scheduling-input';
import { setCosts, type SetCostsResult, vendorsOfMenus } from '../cart/set-costs';
import { staleCartError } from '../cart/stale-cart';
import { chargeSuiteTab, loadSuiteOrder, orderSuiteOf, type SuiteOrder } from '../suites/suite-orders';
import type { CheckoutContext, CheckoutRequest, CheckoutShape, PlanLoads, ShapeCommit } from './checkout-shape';
import { newOrderIdentity, replayOrder, type CommitDraft } from './commit-checkout';
import { statusLink } from './status-link';

type OrderRequest = Extract<CheckoutRequest, { kind: 'order' }>;

interface Admitted {
  policy: OrderTypePolicy;
  suite: SuiteOrder | null;
}

interface Priced {
  priced: SetCostsResult & { headCount: number | null };
  scheduling: SchedulingInput;
}

export function singleOrder(context: CheckoutContext, request: OrderRequest): CheckoutShape<PlaceOrderResponse, Admitted, Priced> {
  const { database, restaurant, idempotencyKey, hash, now, userId } = context;
  const settings = restaurant.settings;
  const { type, data } = request.body;
  // Who places it comes before anything is read (the suite policy's caller rule).
  const caller = request.operatorChange ? ({ ok: true, operator: null } as const) : checkSuiteCaller(request.loginAs, request.operator);
  if (!caller.ok) throw new AppError(caller.error);
  const operator = caller.operator
    ? { userId: caller.operator.operatorUserId, eventSuiteId: caller.operator.eventSuiteId, guestName: caller.operator.guestName }
    : null;

  return {
    type,
    checkout: data.checkout,
    replay: (db) => replayOrder(db, restaurant.id, idempotencyKey, hash),

    async admit() {
      const change = request.operatorChange ?? null;
      const suite = await loadSuiteOrder(database, restaurant, request.sealer, request.body, { userId, operator, change }, now);
      const refused = checkSuiteOperator(caller.operator, suite !== null);
      if (refused) throw new AppError(refused);
      const policy = policyOf(type, suite?.kind);
      return { policy, admitted: { policy, suite } };
    },

    async price() {
      const priced = await setCosts(
        database.db,
        restaurant,
        {
          items: data.items,
          costs: data.costs,
          type,
          tableNum: data.config.tableNum ?? null,
          checkout: { pickup: { delivery: data.checkout.pickup.delivery } },
        },
        context.memberCookie,
        context.locale,
        now,
        userId,
        context.address,
        { headCount: data.checkout.headCount },
      );
      if (priced.errors.length > 0) throw staleCartError(priced.errors, priced.items, priced.costs);
      const rejected = priced.rejected[0];
      if (rejected) throw new AppError(rejected.error, undefined, { items: priced.items, costs: priced.costs });
      const lookup = menuLookup(priced.context.menuGroups);
      const scheduling: SchedulingInput = {
        restaurant: schedulingRestaurant(restaurant),
        menus: cartMenuTimings(lookup, priced.items),
        config: { takeoutDateRange: data.config.takeoutDateRange ?? null, takeoutSpecificDates: data.config.takeoutSpecificDates ?? null },
        booked: new Map(),
        // The kitchen's queue, counted on the server's clock as the menu banner counts it: an ASAP order
        // is kept ready no sooner than the banner's wait. A chosen slot is held by its capacity, not the
        // queue, so placing one reads no queue (decision 0131).
        queueMinutes: data.checkout.pickup.scheduled ? undefined : await queueMinutesFor(database.db, restaurant, now),
      };
      return { priced, scheduling };
    },

    planInput: ({ priced, scheduling }, loaded, { suite }) => ({
      type,
      restaurant: settings,
      tableNum: data.config.tableNum,
      tableLocation: data.config.genericTableLocation,
      checkout: data.checkout,
      cart: {
        items: priced.items,
        subtotal: priced.costs.subtotal,
        amountDue: priced.costs.amountDue,
        isMeal: mealLookup(priced.context.menuGroups),
      },
      scheduling,
      loaded,
      suite: suite?.plan ?? null,
      now,
    }),

    commit: (priced, plan, admitted, loaded) => commitOne(context, request, priced, plan, admitted, loaded),
  };
}

function commitOne(
  context: CheckoutContext,
  request: OrderRequest,
  { priced, scheduling }: Priced,
  plan: OrderPlan,
  { policy, suite }: Admitted,
  loaded: PlanLoads,
): ShapeCommit<PlaceOrderResponse> {
  const { restaurant, idempotencyKey, hash, now, locale } = context;
  const settings = restaurant.settings;
  const { data } = request.body;
  const costs = priced.costs;
  const onTab = policy.payment === 'suite-tab';
  // The owner's saved card kept with a suite order (charged when the tab closes): named as the diner knows it.
  const keptCard = onTab && plan.payment.selection.method === 'credit_card' ? loaded.savedCard : null;
  const draft: CommitDraft = {
    ...newOrderIdentity(),
    totalCents: costs.totalWithTip,
    pickupTime: plan.pickupTime,
    slotStart: plan.slotStart,
    school: null,
    stored: {
      items: priced.items,
      costs,
      scheduled: plan.scheduled,
      tableNum: plan.tableNum,
      tableLocation: plan.tableLocation,
      config: data.config,
      contact: plan.contact,
      delivery: plan.delivery,
      // hide_takeout_special_instructions: the field is not offered, so nothing sent in it is kept
      // (a suite's notes are the suite form's own field, checkout-suite.tsx, sent as suitesInfo.notes).
      notes: suite
        ? data.checkout.suitesInfo?.notes || data.checkout.pickup.notes.trim()
        : settings.hide_takeout_special_instructions
          ? ''
          : data.checkout.pickup.notes.trim(),
      questions: namedAnswers(plan.questions, settings.customQuestions),
      headCount: priced.headCount,
      payment: {
        method: plan.payment.selection.method,
        brand: keptCard?.brand ?? null,
        last4: keptCard?.last4 ?? null,
        reference: plan.payment.reference,
        amount: plan.payment.amount,
        paymentId: null,
        // Paid when the suite's tab closes: the owner's card is kept with it, not charged now.
        captured: !onTab,
      },
      tabOwner: plan.tabOwner,
      suite: suite ? orderSuiteOf(suite, { at: plan.suiteDeliverAt ?? null, preference: plan.suiteDeliveryPreference ?? null }) : null,
    },
  };
  // At a marketplace hub, an order of one vendor's items (a table's drinks from the bar) is that
  // vendor's, so its counter sees it; several vendors' items take the hub's checkout instead.
  if (settings.marketplaceHub) {
    const vendorOfMenu = vendorsOfMenus(priced.context.menuGroups);
    const vendor = hubOrderVendor(new Set(priced.items.map((item) => vendorOfMenu.get(item.menu_id) ?? null)));
    if (!vendor.ok) throw new AppError(vendor.error);
    if (vendor.vendorId !== null) draft.marketplace = { checkoutId: draft.orderId, vendorId: vendor.vendorId };
  }
  const lookup = menuLookup(priced.context.menuGroups);
  const change = request.operatorChange;
  return {
    suite,
    alongside: change ? (trx, [row]) => (row ? change.record(trx, row) : Promise.resolve()) : undefined,
    tenders: {
      credits: costs.credits.amount,
      voucher: costs.voucher,
      discountCode: costs.discount.code ? priced.discountCode : null,
      amountDue: costs.amountDue,
    },
    drafts: [draft],
    checkCapacity: async (trx: Executor) => {
      if (policy.capacity === 'suite-tab' && suite) {
        await chargeSuiteTab(trx, restaurant, suite, costs.totalWithTip, now);
        return;
      }
      // Only a slot with a limit needs its lock and count.
      if (plan.slotStart && combineMenuTimings(scheduling.menus).capacity !== null) {
        const booked = await lockAndCountSlot(trx, restaurant.id, slotKey(plan.slotStart));
        const check = checkSlot(plan.slotStart, { ...scheduling, booked: () => booked }, now);
        if (!check.ok) throw new AppError(check.error);
      }
    },
    replay: (trx) => replayOrder(trx, restaurant.id, idempotencyKey, hash),
    receipt: ([row], payment) =>
      row && plan.contact.email
        ? composeReceipt({
            restaurantName: settings.display_name ?? settings.name,
            zone: settings.zone,
            locale,
            number: row.number ?? 0,
            items: priced.items,
            costs,
            pickupTime: plan.pickupTime,
            delivery: plan.facts.isDelivery,
            tableNum: plan.tableNum,
            tableLocation: plan.tableLocation,
            deliverTo: plan.delivery ? deliverySummary(plan.delivery) : null,
            pickupPlace: pickupPlace(settings.concourse, {
              delivered: plan.facts.isDelivery,
              tableNum: plan.tableNum,
              suite: suite !== null,
            }),
            payment,
            lookup,
            headCount: priced.headCount,
            answers: answersOf(draft.stored.questions),
            suite: suiteOfReceipt(settings, draft.stored.suite ?? null, locale, plan.pickupTime),
            statusUrl: statusLink(context, row.id, draft.accessToken),
            reorder: reorderLink(
              context,
              {
                type: row.order_type,
                delivery: plan.delivery,
                tableNum: plan.tableNum,
                suite,
                marketplace: draft.marketplace ?? undefined,
              },
              row.id,
            ),
          })
        : null,
    answer: ([row]) => ({
      // The row's data is draft.stored as JSON (commitPlacement wrote it): not read back.
      order: orderView(row!, draft.stored),
      access_token: draft.accessToken,
      paymentNotRequired: !plan.payment.required,
      replayed: false,
    }),
  };
}

/** A suite order's event and suite in the receipt's language, and when it is brought (get-order.ts `suitePlaceOf`). */
function suiteOfReceipt(
  settings: CheckoutContext['restaurant']['settings'],
  suite: OrderSuite | null,
  locale: Locale,
  pickupTime: Date | null,
): ReceiptInput['suite'] {
  if (!suite) return null;
  const place = suitePlaceOf(settings, suite);
  if (!place) return null;
  return {
    event: place.event[locale],
    startsAt: new Date(place.startsAt),
    suite: place.suite[locale],
    preference: suite.deliveryPreference,
    deliverAt: suite.deliverAt ? new Date(suite.deliverAt) : pickupTime,
  };
}

/** "Another round" or "order this again" for the receipt (domain/reorder.ts): the menu's address that rebuilds this order. */
function reorderLink(context: CheckoutContext, order: ReorderableOrder, orderId: string): { kind: ReorderKind; url: string } | null {
  const kind = reorderKind(order, context.restaurant.settings);
  if (kind === null || !context.publicUrl) return null;
  return { kind, url: `${context.publicUrl}/${encodeURIComponent(context.restaurant.slug)}?${reorderQuery(order, orderId)}` };
}
