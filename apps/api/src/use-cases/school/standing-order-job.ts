/**
 * The standing weekly orders' job (decision 0118): on the server's clock (`now` passed in), every
 * school day due (domain standing-orders.ts `dueStandingDates`: open for ordering, at most a week past
 * the first open day, on the weekdays of the pattern of the date's rotation week, not skipped, not paused) is placed for the child
 * through the same checkout as a parent's own order (place-checkout.ts: the same pricing, meal limits
 * under their locks, subsidies, one payment with the saved card, the usual receipt e-mail).
 *
 * Once: each (standing order, date) is claimed by inserting its row in `standing_order_placements`
 * (migration 0038) before the day is placed, so two processes running the job at once, or a run after
 * a restart, place it once; the placement's Idempotency-Key is the same pair, so even a placement
 * tried again would answer with the first one. A refused day (a declined card, a meal no longer on the
 * menu, the day's meals already full) is recorded on its row with the reason, never tried again (no
 * second charge), and the parent is told by e-mail in their language.
 */
import { type ErrorName, errorMessage } from '@servery/contracts/errors';
import type { CreateK12OrderRequest, CreateK12OrderResponse } from '@servery/contracts/school';
import type { Locale } from '@servery/contracts/tenant-file';
import type { CartItem } from '@servery/domain/cart';
import { buildCartLines } from '@servery/domain/cart-lines';
import { schoolCutoff } from '@servery/domain/school-days';
import { dueStandingDates } from '@servery/domain/standing-orders';
import { findUserById, listStudents } from '../../db/accounts-repository';
import { asSystem } from '../../db/data-scope';
import type { Db } from '../../db/database';
import { findRestaurantById, type Restaurant } from '../../db/restaurants-repository';
import {
  activeStandingOrders,
  latestOrderData,
  schoolsWithStandingOrders,
  claimPlacement,
  placementsOf,
  recordPlacement,
  type StandingOrderRow,
} from '../../db/standing-orders-repository';
import { AppError } from '../../lib/app-error';
import { dateTimeFormat } from '../../lib/intl-formats';
import type { Ports } from '../../ports/services';
import { loadPricing } from '../cart/set-costs';
import { placeCheckout } from '../checkout/place-checkout';
import { storedOrderOf } from '../orders/order-view';
import { schoolCalendar, schoolSettings } from './get-rotational-menus';
import { itemOnDay } from './standing-menus';
import { standingFacts } from './standing-orders';
import { linesOn, patternsOf } from './standing-patterns';

/** How often the job runs in each server process (plugins/delivery-workers.ts). */
export const STANDING_SWEEP_MS = 60_000;

export interface StandingJobServices {
  ports: Pick<Ports, 'payments' | 'mailer' | 'geocoder'>;
  publicUrl?: string | undefined;
}

export interface StandingRun {
  placed: number;
  failed: number;
}

/** Runs the job at `now` over every school with a standing order that is not paused. */
export function placeDueStandingOrders(database: Db, services: StandingJobServices, now: Date): Promise<StandingRun> {
  return asSystem('standing weekly orders', async () => {
    const run: StandingRun = { placed: 0, failed: 0 };
    for (const restaurant_id of await schoolsWithStandingOrders(database.db)) {
      const restaurant = await findRestaurantById(database.db, restaurant_id);
      if (!restaurant?.settings.k12 || !restaurant.settings.rotation) continue;
      await placeAtSchool(database, restaurant, services, now, run);
    }
    return run;
  });
}

async function placeAtSchool(database: Db, restaurant: Restaurant, services: StandingJobServices, now: Date, run: StandingRun) {
  const settings = schoolSettings(restaurant);
  const calendar = schoolCalendar(settings);
  const cutoff = schoolCutoff(now, settings);
  const rows = await activeStandingOrders(database.db, restaurant.id);
  const handled = await placementsOf(
    database.db,
    restaurant.id,
    rows.map((row) => row.id),
  );
  for (const row of rows) {
    const own = new Set(handled.filter((placement) => placement.standing_order_id === row.id).map((placement) => placement.date));
    for (const date of dueStandingDates(calendar, now, cutoff, standingFacts(row, own))) {
      // Claimed first: another process that got here first has it.
      if (!(await claimPlacement(database.db, restaurant.id, row.id, date, now))) continue;
      const outcome = await placeDay(database, restaurant, services, row, date, now);
      if (outcome === 'placed') run.placed += 1;
      else run.failed += 1;
    }
  }
}

async function placeDay(
  database: Db,
  restaurant: Restaurant,
  services: StandingJobServices,
  row: StandingOrderRow,
  date: string,
  now: Date,
): Promise<'placed' | 'failed'> {
  const db = database.db;
  const locale: Locale = row.locale === 'fr-CA' ? 'fr-CA' : 'en-CA';
  const user = await findUserById(db, row.user_id);
  // The pattern of the date's week of the rotation cycle (decision 0122).
  const lines = linesOn(patternsOf(row), schoolSettings(restaurant).rotation, date);
  try {
    if (!user) throw new AppError('SESSION_EXPIRED');
    const address = `standing-order:${row.user_id}`;
    // Priced now, through the cart's own line pricing: the order is placed at today's prices.
    const loaded = await loadPricing(db, restaurant, { costs: {}, type: 'school' }, undefined, locale, now, row.user_id, address);
    // Each meal where that day's menus have it (a rotation may list it under another menu); none: unavailable.
    const rotation = schoolSettings(restaurant).rotation;
    const drafted: CartItem[] = lines.map((line, index) => {
      const place = itemOnDay(loaded.context.menuGroups, rotation, date, line.id);
      if (!place) throw new AppError('ITEM_UNAVAILABLE');
      return { ...line, menu_id: place.menuId, section_id: place.sectionId, orderId: index + 1, orderPrice: 0 };
    });
    if (drafted.length === 0) throw new AppError('ITEM_UNAVAILABLE');
    const built = buildCartLines(drafted, loaded.context);
    const refused = built.errors.find((error) => error.code !== 428);
    if (refused) throw new AppError(refused.error);
    const body: CreateK12OrderRequest = {
      type: 'school',
      data: {
        rotationalMenuOrders: [{ date, orderId: 1, studentId: row.student_id, items: built.items }],
        costs: {},
        checkout: {
          paymentMethod: 'credit_card',
          chosenCreditCard: row.payment_method_id,
          contact: {
            full_name: `${user.first_name} ${user.last_name}`.trim(),
            email: user.email,
            phone_number: await phoneOf(db, restaurant.id, user),
          },
          pickup: { delivery: false, notes: '', scheduled: false },
          savePaymentMethodOnCheckout: false,
          purchaseOrder: '',
          costCenter: '',
          invoice: '',
          questions: [],
        },
      },
    };
    const placed: CreateK12OrderResponse = await placeCheckout({
      database,
      services: services.ports,
      restaurant,
      idempotencyKey: `standing:${row.id}:${date}`,
      locale,
      now,
      userId: row.user_id,
      address,
      publicUrl: services.publicUrl,
      request: { kind: 'school', body },
    });
    const order = placed.orders[0]?.order;
    await recordPlacement(
      db,
      restaurant.id,
      row.id,
      date,
      {
        status: 'placed',
        order_id: order?.id ?? null,
        order_number: order?.number ?? null,
        amount_cents: placed.payment.amount,
        error: null,
      },
      now,
    );
    return 'placed';
  } catch (error) {
    const name: ErrorName = error instanceof AppError ? error.errorName : 'INTERNAL';
    await db.transaction().execute(async (trx) => {
      await recordPlacement(
        trx,
        restaurant.id,
        row.id,
        date,
        { status: 'failed', order_id: null, order_number: null, amount_cents: null, error: name },
        now,
      );
      if (user) await tellParent(trx, restaurant, row, user.email, date, name, locale, now, services);
    });
    return 'failed';
  }
}

/** The parent's phone: the account's, else the one they gave on their latest order at this school. */
async function phoneOf(db: Db['db'], restaurantId: number, user: { id: number; phone_number: string | null }): Promise<string> {
  if (user.phone_number?.trim()) return user.phone_number;
  const latest = await latestOrderData(db, restaurantId, user.id);
  return latest ? (storedOrderOf(latest).contact?.phone_number ?? '') : '';
}

const NOTICE = {
  'en-CA': {
    subject: (school: string, student: string, day: string) => `${school}: the standing order for ${student} on ${day} was not placed`,
    body: (student: string, day: string, reason: string) =>
      `Your standing weekly order for ${student} could not be placed for ${day}: ${reason}\nNothing was charged for that day. It will not be tried again: you can order that day yourself before ordering closes.`,
    manage: 'Your standing orders:',
  },
  'fr-CA': {
    subject: (school: string, student: string, day: string) =>
      `${school} : la commande hebdomadaire de ${student} pour le ${day} n’a pas été passée`,
    body: (student: string, day: string, reason: string) =>
      `Votre commande hebdomadaire pour ${student} n’a pas pu être passée pour le ${day} : ${reason}\nRien n’a été facturé pour ce jour. Elle ne sera pas retentée : vous pouvez commander ce jour vous-même avant la fermeture des commandes.`,
    manage: 'Vos commandes hebdomadaires :',
  },
} as const;

async function tellParent(
  trx: Parameters<typeof recordPlacement>[0],
  restaurant: Restaurant,
  row: StandingOrderRow,
  to: string,
  date: string,
  error: ErrorName,
  locale: Locale,
  now: Date,
  services: StandingJobServices,
) {
  const student = (await listStudents(trx, restaurant.id, row.user_id)).find((entry) => entry.id === row.student_id);
  const name = student ? `${student.first_name} ${student.last_name}`.trim() : '';
  const day = dateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
  const school = restaurant.settings.display_name ?? restaurant.settings.name;
  const text = NOTICE[locale];
  const link = services.publicUrl ? `${services.publicUrl}/${encodeURIComponent(restaurant.slug)}/standing-orders` : null;
  await services.ports.mailer.send(
    trx,
    {
      restaurantId: restaurant.id,
      to,
      subject: text.subject(school, name, day),
      text: [text.body(name, day, errorMessage(error, locale)), ...(link ? ['', text.manage, link] : [])].join('\n'),
      locale,
      orderId: null,
    },
    now,
  );
}
