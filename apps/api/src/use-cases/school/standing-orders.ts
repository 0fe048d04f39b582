/**
 * A parent's standing weekly orders (contracts/standing-orders.ts; decision 0118): saved per child with
 * a saved card, skipped by day or week, paused, deleted; each shown with its coming school days
 * (domain standing-orders.ts `standingDays`) and what happened to the days the job handled.
 */
import { randomUUID } from 'node:crypto';
import type { CartOptionGroupWire } from '@servery/contracts/cart';
import type { ErrorName } from '@servery/contracts/errors';
import { errorMessage } from '@servery/contracts/errors';
import type {
  SaveStandingDayRequest,
  SaveStandingOrderRequest,
  SkipStandingRequest,
  StandingOrdersResponse,
  StandingOrderView,
  StandingPattern,
  StandingWeekday,
  UpdateStandingOrderRequest,
} from '@servery/contracts/standing-orders';
import { STANDING_WEEKDAYS } from '@servery/contracts/standing-orders';
import { SaveStandingOrderRequest as SaveSchema } from '@servery/contracts/standing-orders';
import type { Locale } from '@servery/contracts/tenant-file';
import type { Weekday } from '@servery/domain/price-schedule';
import type { MenuGroupData } from '@servery/domain/cart-lines';
import { addDays, DEFAULT_SCHOOL_ZONE, localDate, schoolCutoff, weekdayOf, weekStart } from '@servery/domain/school-days';
import { standingDays, type StandingFacts } from '@servery/domain/standing-orders';
import { listStudentSchoolOrders } from '../../db/school-orders-repository';
import { listStudents } from '../../db/accounts-repository';
import type { Db } from '../../db/database';
import { findPaymentMethod, listPaymentMethods } from '../../db/payment-methods-repository';
import { loadPublishedMenuTree, type Restaurant } from '../../db/restaurants-repository';
import {
  deleteStandingOrder,
  orderedSchoolDays,
  findStandingOrder,
  parentStandingOrders,
  placementsOf,
  setSkips,
  type StandingOrderRow,
  type StandingPlacementRow,
  updateStandingOrder,
  upsertStandingOrder,
} from '../../db/standing-orders-repository';
import type { Executor } from '../../kernel/executor';
import { AppError } from '../../lib/app-error';
import { loadPricing } from '../cart/set-costs';
import { menuLookup } from '../menus/menu-lookup';
import { storedOrderOf } from '../orders/order-view';
import { schoolCalendar, schoolSettings, type SchoolSettings } from './get-rotational-menus';
import { checkPatternDay, cycleMenus, cycleOf, patternsOf, patternsPerWeek, rotationWeekNumber, storedPatterns } from './standing-patterns';
import { itemOnMenus } from './standing-menus';

const datesOf = (text: string): string[] => JSON.parse(text) as string[];

/** A line's choices by name, each value followed by the values chosen inside it (nested choices). */
function choiceNames(groups: readonly CartOptionGroupWire[], nameOf: (id: number) => string): string[] {
  return groups.flatMap((group) => group.values.flatMap((value) => [nameOf(value.id), ...choiceNames(value.options ?? [], nameOf)]));
}

/** Another tab, window or request changed the standing order since the page read it: nothing changed. */
const changedElsewhere = () => new AppError('STANDING_ORDER_CHANGED');

/** The facts the domain reads, from the row and the days the job handled. */
export function standingFacts(row: StandingOrderRow, handled: ReadonlySet<string>): StandingFacts {
  const weekdays = patternsOf(row).map(
    (pattern) => new Set((Object.keys(pattern) as Weekday[]).filter((day) => (pattern[day as keyof StandingPattern]?.length ?? 0) > 0)),
  );
  return {
    weekdays,
    startDate: row.start_date,
    paused: row.paused === 1,
    skippedDates: datesOf(row.skipped_dates),
    skippedWeeks: datesOf(row.skipped_weeks),
    handled,
  };
}

function upcomingOf(settings: SchoolSettings, row: StandingOrderRow, placements: readonly StandingPlacementRow[], now: Date) {
  const handled = new Set(placements.map((placement) => placement.date));
  return standingDays(schoolCalendar(settings), now, schoolCutoff(now, settings), standingFacts(row, handled));
}

/** How far back the weeks a parent ordered are offered to repeat. */
const ORDERED_WEEKS_BACK = 28;

export async function listStandingOrders(
  database: Db,
  restaurant: Restaurant,
  userId: number,
  locale: Locale,
  now: Date,
): Promise<StandingOrdersResponse> {
  const settings = schoolSettings(restaurant);
  const db = database.db;
  const rows = await parentStandingOrders(db, restaurant.id, userId);
  const placements = await placementsOf(
    db,
    restaurant.id,
    rows.map((row) => row.id),
  );
  const cards = new Map((await listPaymentMethods(db, userId)).map((card) => [card.id, card]));
  const menuGroups = (await loadPublishedMenuTree(db, restaurant.id, now.toISOString())).menuGroups as unknown as MenuGroupData[];
  const names = menuLookup(menuGroups);
  const cycle = cycleOf(settings.rotation);
  const daysOf = (pattern: StandingPattern) =>
    STANDING_WEEKDAYS.flatMap((weekday) => {
      const lines = pattern[weekday] ?? [];
      if (lines.length === 0) return [];
      return [
        {
          weekday,
          lines: lines.map((line) => ({
            name: names.itemName(line.id, locale),
            options: choiceNames(line.orderOptions, (id) => names.valueName(id, locale)),
            quantity: line.quantity,
          })),
        },
      ];
    });
  const standingOrders = rows.map((row): StandingOrderView => {
    const own = placements.filter((placement) => placement.standing_order_id === row.id);
    const card = cards.get(row.payment_method_id);
    return {
      id: row.id,
      studentId: row.student_id,
      version: row.version,
      paymentCardId: row.payment_method_id,
      card: card ? { brand: card.brand, last4: card.last4 } : null,
      weeks: patternsPerWeek(patternsOf(row), cycle).map((pattern, index) => ({ week: index + 1, pattern, days: daysOf(pattern) })),
      paused: row.paused === 1,
      skippedDates: datesOf(row.skipped_dates),
      skippedWeeks: datesOf(row.skipped_weeks),
      upcoming: upcomingOf(settings, row, own, now),
      history: own.map((placement) => ({
        date: placement.date,
        status: placement.status,
        orderId: placement.order_id,
        orderNumber: placement.order_number,
        amount: placement.amount_cents,
        error: placement.error,
        message: placement.error ? errorMessage(placement.error as ErrorName, locale) : null,
      })),
    };
  });
  const today = localDate(now, settings.zone || DEFAULT_SCHOOL_ZONE);
  const weeks = new Map<string, StandingOrdersResponse['orderedWeeks'][number]>();
  for (const day of await orderedSchoolDays(db, restaurant.id, userId, weekStart(addDays(today, -ORDERED_WEEKS_BACK)))) {
    if (day.student_id === null || day.school_date === null) continue;
    const week = weekStart(day.school_date);
    const key = `${day.student_id} ${week}`;
    const entry = weeks.get(key) ?? {
      studentId: day.student_id,
      week,
      days: 0,
      rotationWeek: rotationWeekNumber(settings.rotation, day.school_date),
    };
    entry.days += 1;
    weeks.set(key, entry);
  }
  return {
    standingOrders,
    orderedWeeks: [...weeks.values()],
    cycle: { weeks: cycle, current: rotationWeekNumber(settings.rotation, today) },
    mealsPerDay: settings.maxMealsPerCart ?? null,
    menus: cycleMenus(menuGroups, settings.rotation, locale),
  };
}

/** A pattern as another week of the cycle can take it: each weekday's lines its menus have there, where they are. */
function patternOnWeek(
  pattern: StandingPattern,
  menuGroups: readonly MenuGroupData[],
  week: Partial<Record<Weekday, readonly number[]>>,
): StandingPattern {
  const result: StandingPattern = {};
  for (const weekday of STANDING_WEEKDAYS) {
    const lines = (pattern[weekday] ?? []).flatMap((line) => {
      const place = itemOnMenus(menuGroups, week[weekday] ?? [], line.id);
      return place ? [{ ...line, menu_id: place.menuId, section_id: place.sectionId }] : [];
    });
    if (lines.length > 0) result[weekday] = lines;
  }
  return result;
}

/** A week's orders for the child as a weekly pattern: each weekday's lines, as ordered. */
async function patternOfWeek(
  db: Executor,
  restaurant: Restaurant,
  userId: number,
  studentId: number,
  week: string,
): Promise<StandingPattern> {
  const from = weekStart(week);
  const pattern: StandingPattern = {};
  for (const order of await listStudentSchoolOrders(db, restaurant.id, userId, studentId, { from, to: addDays(from, 6) })) {
    if (!order.school_date) continue;
    const weekday = weekdayOf(order.school_date) as StandingWeekday;
    const lines = pattern[weekday] ?? [];
    for (const item of storedOrderOf(order).items)
      lines.push({
        id: item.id,
        menu_id: item.menu_id,
        section_id: item.section_id ?? null,
        quantity: item.quantity,
        orderOptions: item.orderOptions,
      });
    pattern[weekday] = lines;
  }
  if (Object.keys(pattern).length === 0) throw new AppError('NOT_FOUND');
  return pattern;
}

async function ownStandingOrder(db: Executor, restaurant: Restaurant, userId: number, studentId: number): Promise<StandingOrderRow> {
  const row = await findStandingOrder(db, restaurant.id, userId, studentId);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function viewOf(database: Db, restaurant: Restaurant, userId: number, studentId: number, locale: Locale, now: Date) {
  const views = (await listStandingOrders(database, restaurant, userId, locale, now)).standingOrders;
  const view = views.find((entry) => entry.studentId === studentId);
  if (!view) throw new AppError('NOT_FOUND');
  return view;
}

export async function saveStandingOrder(
  database: Db,
  restaurant: Restaurant,
  userId: number,
  studentId: number,
  body: SaveStandingOrderRequest,
  locale: Locale,
  now: Date,
): Promise<StandingOrderView> {
  const settings = schoolSettings(restaurant);
  const request = SaveSchema.parse(body);
  const db = database.db;
  const students = await listStudents(db, restaurant.id, userId);
  if (!students.some((student) => student.id === studentId)) throw new AppError('STUDENT_NOT_FOUND');
  if (!(await findPaymentMethod(db, userId, request.paymentCardId))) throw new AppError('PAYMENT_METHOD_NOT_FOUND');
  const pattern = request.pattern ?? (await patternOfWeek(db, restaurant, userId, studentId, request.fromWeek ?? ''));
  const at = now.toISOString();
  const existing = await findStandingOrder(db, restaurant.id, userId, studentId);
  // A page that read a version expects the order as it was then (deleted since, or changed: refused).
  if (request.version !== undefined && existing?.version !== request.version) throw changedElsewhere();
  // A week ordered fills its own rotation week's pattern, a pattern given the week it names. A new
  // standing order (or a pattern for no week in particular) starts every other week of the cycle from
  // it too, with only the meals that week's menus have on that weekday; the parent edits them after.
  const cycle = cycleOf(settings.rotation);
  const week = request.fromWeek ? rotationWeekNumber(settings.rotation, weekStart(request.fromWeek)) : (request.rotationWeek ?? null);
  if (week !== null && week > cycle) throw new AppError('NOT_FOUND');
  const menuGroups = (await loadPublishedMenuTree(db, restaurant.id, at)).menuGroups as unknown as MenuGroupData[];
  const patterns =
    existing && week !== null
      ? patternsPerWeek(patternsOf(existing), cycle)
      : Array.from({ length: cycle }, (_, index) => patternOnWeek(pattern, menuGroups, settings.rotation.weeks[index] ?? {}));
  if (week !== null) patterns[week - 1] = pattern;
  const written = await upsertStandingOrder(
    db,
    {
      id: existing?.id ?? randomUUID(),
      restaurant_id: restaurant.id,
      user_id: userId,
      student_id: studentId,
      payment_method_id: request.paymentCardId,
      pattern: storedPatterns(patterns),
      paused: request.paused ? 1 : 0,
      skipped_dates: existing?.skipped_dates ?? '[]',
      skipped_weeks: existing?.skipped_weeks ?? '[]',
      start_date: existing?.start_date ?? localDate(now, settings.zone || DEFAULT_SCHOOL_ZONE),
      locale,
      created_at: existing?.created_at ?? at,
      updated_at: at,
    },
    request.version,
  );
  if (!written) throw changedElsewhere();
  return viewOf(database, restaurant, userId, studentId, locale, now);
}

/** Another of the parent's own cards, or paused / resumed: the patterns and skips stay as they are. */
export async function updateStanding(
  database: Db,
  restaurant: Restaurant,
  userId: number,
  studentId: number,
  request: UpdateStandingOrderRequest,
  locale: Locale,
  now: Date,
): Promise<StandingOrderView> {
  schoolSettings(restaurant);
  const db = database.db;
  const row = await ownStandingOrder(db, restaurant, userId, studentId);
  // Only a card of the parent's own: another's is not found, like any card one does not hold.
  if (request.paymentCardId !== undefined && !(await findPaymentMethod(db, userId, request.paymentCardId)))
    throw new AppError('PAYMENT_METHOD_NOT_FOUND');
  await updateStandingOrder(
    db,
    restaurant.id,
    row.id,
    {
      ...(request.paymentCardId !== undefined && { payment_method_id: request.paymentCardId }),
      ...(request.paused !== undefined && { paused: request.paused ? 1 : 0 }),
      locale,
    },
    now,
  );
  return viewOf(database, restaurant, userId, studentId, locale, now);
}

/**
 * One weekday's meals of one rotation week's pattern, changed, added or removed meal by meal (none:
 * the day is left out): each on that weekday's menus in that week of the cycle, within the meals per
 * day, its choices (nested ones too) checked and priced by the cart's own line pricing
 * (standing-patterns.ts). Saved only from the version the page read (STANDING_ORDER_CHANGED otherwise).
 */
export async function saveStandingDay(
  database: Db,
  restaurant: Restaurant,
  userId: number,
  target: { studentId: number; week: number; weekday: StandingWeekday },
  request: SaveStandingDayRequest,
  diner: { locale: Locale; now: Date; address: string },
): Promise<StandingOrderView> {
  const { locale, now } = diner;
  const settings = schoolSettings(restaurant);
  const db = database.db;
  const row = await ownStandingOrder(db, restaurant, userId, target.studentId);
  if (row.version !== request.version) throw changedElsewhere();
  const cycle = cycleOf(settings.rotation);
  if (target.week > cycle) throw new AppError('NOT_FOUND');
  const menuIds = settings.rotation.weeks[target.week - 1]?.[target.weekday] ?? [];
  const pricing = await loadPricing(db, restaurant, { costs: {}, type: 'school' }, undefined, locale, now, userId, diner.address);
  const lines = checkPatternDay(request.lines, menuIds, pricing, settings.maxMealsPerCart);
  const patterns = patternsPerWeek(patternsOf(row), cycle);
  const pattern = patterns[target.week - 1]!;
  if (lines.length > 0) pattern[target.weekday] = lines;
  else delete pattern[target.weekday];
  // The day is merged into the patterns of the version read, and written only while the row still has
  // that version (one UPDATE ... WHERE version = ?): a save in between is never overwritten.
  if (!(await updateStandingOrder(db, restaurant.id, row.id, { pattern: storedPatterns(patterns), locale }, now, request.version)))
    throw changedElsewhere();
  return viewOf(database, restaurant, userId, target.studentId, locale, now);
}

export async function skipStanding(
  database: Db,
  restaurant: Restaurant,
  userId: number,
  studentId: number,
  request: SkipStandingRequest,
  locale: Locale,
  now: Date,
): Promise<StandingOrderView> {
  schoolSettings(restaurant);
  const row = await ownStandingOrder(database.db, restaurant, userId, studentId);
  const dates = new Set(datesOf(row.skipped_dates));
  const weeks = new Set(datesOf(row.skipped_weeks));
  const target = request.scope === 'week' ? weeks : dates;
  const value = request.scope === 'week' ? weekStart(request.date) : request.date;
  if (request.skip) target.add(value);
  else target.delete(value);
  // Only what is still to come is kept.
  const today = localDate(now, restaurant.settings.zone || DEFAULT_SCHOOL_ZONE);
  const keep = (values: Set<string>, from: string) => JSON.stringify([...values].filter((entry) => entry >= from).sort());
  await setSkips(
    database.db,
    restaurant.id,
    row.id,
    { skipped_dates: keep(dates, today), skipped_weeks: keep(weeks, weekStart(today)) },
    now,
  );
  return viewOf(database, restaurant, userId, studentId, locale, now);
}

export async function removeStandingOrder(database: Db, restaurant: Restaurant, userId: number, studentId: number): Promise<void> {
  const row = await ownStandingOrder(database.db, restaurant, userId, studentId);
  await deleteStandingOrder(database.db, restaurant.id, row.id);
}
