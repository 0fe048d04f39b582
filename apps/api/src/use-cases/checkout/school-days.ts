/**
 * A school checkout (POST /orders/create-k12-order; docs/k12-school-meals.md): the shape
 * place-checkout.ts runs for the school policy (split 'per-school-day-and-student'): one payment, one
 * `placed` school order per school day and student.
 *
 * - replay: a guest's orders show on PostgreSQL only to the holder of their secrets (`openGuestCheckout`).
 * - price and check (school-checkout.ts): login, the parent's students, school days and their menus,
 *   each day priced by the one pricer; a date past the cut-off, a tender that no longer applies or a
 *   meal limit refuses the checkout with the fresh costs. A guest's child comes from the delivery fields.
 * - commit: every (date, student)'s lock and meals counted again (50 checkouts at once cannot pass a
 *   day's limit), ONE charge of the checkout's amount due, one numbered order per day, one receipt
 *   (each day's order with the link to its own status, as a restaurant's receipt has: status-link.ts).
 */
import { randomUUID } from 'node:crypto';
import type { OrderStudent } from '@servery/contracts/orders';
import type { CreateK12OrderRequest, CreateK12OrderResponse } from '@servery/contracts/school';
import type { Locale } from '@servery/contracts/tenant-file';
import { SCHOOL_POLICY } from '@servery/domain/order-types/school';
import type { OrderPlan } from '@servery/domain/plan-order';
import { defaultPickupTime } from '@servery/domain/scheduling';
import { compareEntries, guestStudent, schoolMealBreaches } from '@servery/domain/school-order';
import { addOrderTokenHashes, addOrderTokens, asSystem } from '../../db/data-scope';
import type { Db } from '../../db/database';
import { findIdempotencyKey, type OrderRow } from '../../db/placed-orders-repository';
import type { Restaurant } from '../../db/restaurants-repository';
import { bookedKey, checkoutTokenHashes, lockSchoolDay } from '../../db/school-orders-repository';
import { AppError } from '../../lib/app-error';
import type { Executor } from '../../kernel/executor';
import { mealLookup } from '../cart/cart-context';
import { composeSchoolReceipt } from '../orders/compose-receipt';
import { cartMenuTimings, menuLookup } from '../menus/menu-lookup';
import { orderView } from '../orders/order-view';
import { bookedMeals, type PricedSchoolCheckout, priceSchoolCheckout, schoolCostsResponse } from '../school/school-checkout';
import { schedulingRestaurant } from '../menus/scheduling-input';
import type { CheckoutContext, CheckoutShape, ShapeCommit } from './checkout-shape';
import { newOrderIdentity, type CommitDraft } from './commit-checkout';
import { statusLink } from './status-link';
import { replayedAccessToken } from '../../lib/secret-digests';
import { checkoutAnswer, checkoutDraftPayment, checkoutTenders, replayCheckout } from './several-orders';

interface Priced {
  priced: PricedSchoolCheckout;
  /** The child a guest (or a parent naming the child at checkout) names in the delivery fields. */
  named: OrderStudent | null;
}

export function schoolDays(context: CheckoutContext, body: CreateK12OrderRequest): CheckoutShape<CreateK12OrderResponse, null, Priced> {
  const { database, restaurant, idempotencyKey, hash, locale, now, userId } = context;
  const settings = restaurant.settings;
  const { data } = body;
  const replay = async (db: Executor) => {
    if (userId === null) await openGuestCheckout(database, db, restaurant.id, idempotencyKey, hash);
    return replayCheckout(db, restaurant.id, idempotencyKey, hash, (rows) => schoolAnswer(rows, true));
  };

  return {
    type: 'school',
    checkout: data.checkout,
    replay,
    admit: () => Promise.resolve({ policy: SCHOOL_POLICY, admitted: null }),

    async price() {
      const priced = await priceSchoolCheckout({
        db: database.db,
        restaurant,
        entries: data.rotationalMenuOrders,
        costs: data.costs,
        memberCookie: context.memberCookie,
        locale,
        now,
        userId,
        address: context.address,
      });
      refuseUnlessPlaceable(priced, locale);
      // A guest's child (or a parent who names the child at checkout) comes from the delivery fields.
      let named: OrderStudent | null = null;
      if (priced.days.some((day) => day.student === null)) {
        const guest = guestStudent(data.checkout.delivery, settings.delivery?.schools ?? []);
        if (!guest.ok) throw new AppError('K12_STUDENT_REQUIRED', [{ path: `data.checkout.delivery.${guest.field}`, message: 'required' }]);
        named = { id: null, ...guest.student };
      }
      return { priced, named };
    },

    planInput: ({ priced }, loaded) => {
      const items = priced.days.flatMap((day) => day.items);
      return {
        type: 'school',
        restaurant: settings,
        tableNum: null,
        checkout: data.checkout,
        cart: {
          items,
          subtotal: priced.total.subtotal,
          amountDue: priced.total.amountDue,
          isMeal: mealLookup(priced.loaded.context.menuGroups),
        },
        scheduling: {
          restaurant: schedulingRestaurant(restaurant),
          menus: cartMenuTimings(menuLookup(priced.loaded.context.menuGroups), items),
          config: { takeoutDateRange: null, takeoutSpecificDates: null },
          booked: new Map(),
        },
        loaded,
        now,
      };
    },

    commit: (priced, plan) => ({ ...commitDays(context, body, priced, plan), replay }),
  };
}

function commitDays(
  context: CheckoutContext,
  body: CreateK12OrderRequest,
  { priced, named }: Priced,
  plan: OrderPlan,
): Omit<ShapeCommit<CreateK12OrderResponse>, 'replay'> {
  const { restaurant, locale, userId } = context;
  const settings = restaurant.settings;
  const { data } = body;
  const checkoutId = randomUUID();
  const drafts: CommitDraft[] = priced.days.map((day) => {
    const student = day.student ?? named!;
    return {
      ...newOrderIdentity(),
      totalCents: day.costs.totalWithTip,
      // The meal is served at noon of its school day (the spec's default hour when there is no time).
      pickupTime: defaultPickupTime(day.entry.date, settings.zone),
      slotStart: null,
      school: { checkoutId, date: day.entry.date, studentId: day.entry.studentId, mealCount: day.meals },
      stored: {
        items: day.items,
        costs: day.costs,
        scheduled: true,
        tableNum: null,
        config: { takeout: false, genericCatering: false },
        contact: plan.contact,
        delivery: {
          type: 'school',
          student: `${student.firstName} ${student.lastName}`.trim(),
          school: student.school,
          grade: student.grade,
          classroom: student.classroom,
          teacher: student.teacher,
        },
        notes: data.checkout.pickup.notes,
        questions: plan.questions,
        payment: checkoutDraftPayment(plan, day.costs.amountDue),
        tabOwner: null,
        school: { date: day.entry.date, student, checkoutId },
      },
    };
  });

  // A guest's school orders are theirs by their secrets alone (migration 0024): the checkout holds
  // them, so it may write and read back the orders it places. A parent's are theirs by `app.user`.
  if (userId === null) addOrderTokens(drafts.map((draft) => draft.accessToken));
  const lookup = menuLookup(priced.loaded.context.menuGroups);
  return {
    tenders: checkoutTenders(
      priced.days.map((day) => day.costs),
      priced.total,
      priced.loaded.discountCode,
    ),
    drafts,
    checkCapacity: (trx) => recountMeals(trx, restaurant.id, priced, settings),
    receipt: (rows, payment) =>
      composeSchoolReceipt({
        restaurantName: settings.display_name ?? settings.name,
        locale,
        orders: rows.map((row, index) => ({
          number: row.number ?? 0,
          date: drafts[index]!.school!.date,
          student: drafts[index]!.stored.school!.student,
          items: drafts[index]!.stored.items,
          costs: drafts[index]!.stored.costs,
          statusUrl: statusLink(context, row.id, drafts[index]!.accessToken),
        })),
        total: priced.total,
        payment,
        lookup,
      }),
    answer: (rows) => schoolAnswer(rows, false),
  };
}

/** Each day's order with its date and student. */
function schoolAnswer(rows: readonly OrderRow[], replayed: boolean): CreateK12OrderResponse {
  return checkoutAnswer(
    rows,
    replayed,
    (stored) => stored.school?.checkoutId,
    ({ row, stored }) => ({
      order: orderView(row),
      date: stored.school!.date,
      student: stored.school!.student,
      access_token: replayedAccessToken(row),
    }),
  );
}

/** The fresh costs ride with every refusal, so the screen can show what changed. */
function refuseUnlessPlaceable(priced: PricedSchoolCheckout, locale: Locale): void {
  const costs = () => ({ costs: schoolCostsResponse(priced, locale) });
  if (priced.dropped.length > 0) {
    const details = priced.dropped.map((entry) => ({ path: `rotationalMenuOrders.${entry.date}`, message: 'K12_DATE_PAST_CUTOFF' }));
    throw new AppError('K12_DATE_PAST_CUTOFF', details, costs());
  }
  const rejected = priced.rejected[0];
  if (rejected) throw new AppError(rejected.error, undefined, costs());
  const breach = priced.mealLimits[0];
  if (breach) {
    throw new AppError(
      breach.error,
      [{ path: `rotationalMenuOrders.${breach.date}`, message: `${breach.meals}/${breach.limit}` }],
      costs(),
    );
  }
}

/**
 * The school policy's capacity rule ('school-day-meals'), inside the transaction: every (date,
 * student)'s lock row, in a fixed order, then the meals already booked counted again. A checkout that
 * got past pricing while another one committed is refused here.
 */
async function recountMeals(
  trx: Executor,
  restaurantId: number,
  priced: PricedSchoolCheckout,
  settings: Restaurant['settings'],
): Promise<void> {
  if (settings.maxMealsPerCart === null && settings.minMealsPerCart === null) return;
  const locked = priced.days.filter((day) => day.entry.studentId !== null).sort((a, b) => compareEntries(a.entry, b.entry));
  for (const day of locked) await lockSchoolDay(trx, restaurantId, day.entry.date, day.entry.studentId!);
  const booked = await bookedMeals(trx, restaurantId, locked);
  const breach = schoolMealBreaches(
    priced.days.map((day) => ({ ...day.entry, items: day.items })),
    {
      maxMealsPerCart: settings.maxMealsPerCart,
      minMealsPerCart: settings.minMealsPerCart,
      isMeal: mealLookup(priced.loaded.context.menuGroups),
    },
    (date, studentId) => (studentId === null ? 0 : (booked.get(bookedKey(date, studentId)) ?? 0)),
  )[0];
  if (breach)
    throw new AppError(breach.error, [{ path: `rotationalMenuOrders.${breach.date}`, message: `${breach.meals}/${breach.limit}` }]);
}

/**
 * A guest's school orders show on PostgreSQL only to the holder of their secrets (migration 0024),
 * and a guest sending their checkout again (same key, same body) holds the key, not the secrets. When
 * the key is taken with this very body, the secrets of its checkout's orders are read on the owner's
 * connection, named, and added to the scope; the replay then reads the orders as usual. Nothing to do
 * on SQLite (no row-level security) nor for a new key (no replay).
 */
async function openGuestCheckout(database: Db, db: Executor, restaurantId: number, key: string, hash: string): Promise<void> {
  if (database.dialect !== 'postgres') return;
  const taken = await findIdempotencyKey(db, restaurantId, key);
  if (!taken?.order_id || taken.request_hash !== hash) return;
  const orderId = taken.order_id;
  addOrderTokenHashes(await asSystem('guest school checkout replay', () => checkoutTokenHashes(database.db, restaurantId, orderId, hash)));
}
