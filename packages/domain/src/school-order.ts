/**
 * A K-12 school checkout (spec ordering.md sections 4 and 5; docs/k12-school-meals.md): one cart per
 * school day and student (`rotationalMenuOrders`), each its own order, paid once. Pure: the
 * calendar, the cut-off, the meals already booked and the pricing input are passed in.
 *
 * - `checkSchoolEntries`: each entry's date must be a school day open for ordering (school-days.ts)
 *   and each of its items on one of that day's rotation menus; a date past the cut-off is not an
 *   error but dropped (the spec's "K12 orders past the cutoff are dropped and costs recalculated").
 *   One entry per (date, student).
 * - `schoolMealBreaches`: meals per day count the meal-package items of one student on one school
 *   day, this cart's plus those already booked in open orders (`booked`). A guest's child (no id) is
 *   counted within the checkout only.
 * - `priceSchoolDays`: each day priced by `priceCart` (pricing.ts, the one pricer), tenders carried
 *   from day to day in date order: a dollar promo code and the gift card and credits are spent until
 *   used up, a dollar tip goes to the first day; percentages apply to every day. Each day's costs are
 *   then exactly what its order stores, and the days' `amountDue` add up to the one charge.
 * - the days' total is the checkout's (checkout.ts `checkoutTotal`).
 * - `canCancelSchoolOrder`: a school order can be cancelled while its date could still be ordered.
 * - `productionRows`, `productionSummary` and `productionCsv`: the kitchen's list for a date, meals
 *   by item and by school, grade, classroom and teacher; on screen, each item's total and each
 *   class's items.
 */
import { csvText } from './csv';
import { type CartItem, mealQuantity } from './cart';
import { dollarsTextToCents } from './decimal';
import { centsToDecimalText } from './money';
import { type Costs, type PricingInput, type PricingLine, priceCart } from './pricing';
import { isOrderableDate, type SchoolCalendar, schoolDays } from './school-days';

export interface SchoolEntry {
  date: string;
  orderId: number;
  studentId: number | null;
  items: CartItem[];
}

export type SchoolEntryError = 'NOT_A_SCHOOL_DAY' | 'ITEM_NOT_ON_DAY_MENU' | 'K12_DUPLICATE_DAY';

export type SchoolEntriesResult<E extends SchoolEntry> =
  { ok: true; kept: E[]; dropped: E[] } | { ok: false; error: SchoolEntryError; index: number };

/** Date order, then student (a guest's child, null, first): the order in which days are priced and numbered. */
export function compareEntries(a: Pick<SchoolEntry, 'date' | 'studentId'>, b: Pick<SchoolEntry, 'date' | 'studentId'>): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  return (a.studentId ?? 0) - (b.studentId ?? 0);
}

export function checkSchoolEntries<E extends SchoolEntry>(
  entries: readonly E[],
  calendar: SchoolCalendar,
  now: Date,
  cutoff: Date,
): SchoolEntriesResult<E> {
  const seen = new Set<string>();
  const kept: E[] = [];
  const dropped: E[] = [];
  for (const [index, entry] of entries.entries()) {
    const key = `${entry.date}/${entry.studentId ?? ''}`;
    if (seen.has(key)) return { ok: false, error: 'K12_DUPLICATE_DAY', index };
    seen.add(key);
    const found = schoolDays({ start: entry.date, end: entry.date }, calendar, now, cutoff, false);
    const day = found.ok ? found.days[0] : undefined;
    if (!day) return { ok: false, error: 'NOT_A_SCHOOL_DAY', index };
    if (entry.items.some((item) => !day.menuIds.includes(item.menu_id))) return { ok: false, error: 'ITEM_NOT_ON_DAY_MENU', index };
    (day.orderable ? kept : dropped).push(entry);
  }
  return { ok: true, kept: kept.sort(compareEntries), dropped: dropped.sort(compareEntries) };
}

export interface MealLimits {
  maxMealsPerCart: number | null;
  minMealsPerCart: number | null;
  isMeal: (line: { id: number }) => boolean;
}

export interface MealBreach {
  date: string;
  studentId: number | null;
  error: 'MAX_MEALS_PER_CART' | 'MIN_MEALS_PER_CART';
  limit: number;
  meals: number;
}

/** Every (date, student) over its limits, in entry order. `booked` gives the meals already in open orders. */
export function schoolMealBreaches(
  entries: readonly SchoolEntry[],
  limits: MealLimits,
  booked: (date: string, studentId: number | null) => number,
): MealBreach[] {
  const breaches: MealBreach[] = [];
  for (const entry of entries) {
    const meals = mealQuantity(entry.items, limits.isMeal) + booked(entry.date, entry.studentId);
    const at = { date: entry.date, studentId: entry.studentId };
    if (limits.maxMealsPerCart !== null && meals > limits.maxMealsPerCart) {
      breaches.push({ ...at, error: 'MAX_MEALS_PER_CART', limit: limits.maxMealsPerCart, meals });
    } else if (limits.minMealsPerCart !== null && entry.items.length > 0 && meals < limits.minMealsPerCart) {
      breaches.push({ ...at, error: 'MIN_MEALS_PER_CART', limit: limits.minMealsPerCart, meals });
    }
  }
  return breaches;
}

/** Everything pricing needs but the lines and the tenders, the same for every day. */
export type SchoolPricingBase = Omit<PricingInput, 'lines' | 'promoCode' | 'tip' | 'giftCard' | 'credits'>;
export interface SchoolTenders {
  promoCode: PricingInput['promoCode'];
  tip: PricingInput['tip'];
  giftCard: PricingInput['giftCard'];
  credits: PricingInput['credits'];
}

const dollarsText = (cents: number) => centsToDecimalText(cents);

/** Each day's costs, in the order given (date order), tenders carried from one day to the next. */
export function priceSchoolDays(days: ReadonlyArray<readonly PricingLine[]>, base: SchoolPricingBase, tenders: SchoolTenders): Costs[] {
  const promo = tenders.promoCode;
  let promoLeft = promo?.type === 'dollar' ? dollarsTextToCents(promo.value) : null;
  let giftLeft = tenders.giftCard?.balance ?? 0;
  let creditsLeft = tenders.credits?.balance ?? 0;
  return days.map((lines, index) => {
    const promoCode = promo && promoLeft !== null ? { ...promo, value: dollarsText(promoLeft) } : promo;
    const tip = tenders.tip && (tenders.tip.type === 'percentage' || index === 0) ? tenders.tip : null;
    const costs = priceCart({
      ...base,
      lines,
      promoCode: promoLeft === 0 ? null : promoCode,
      tip,
      giftCard: tenders.giftCard && giftLeft > 0 ? { code: tenders.giftCard.code, balance: giftLeft } : null,
      credits: tenders.credits && creditsLeft > 0 ? { id: tenders.credits.id, balance: creditsLeft } : null,
    });
    if (promoLeft !== null) promoLeft -= costs.discount.amount;
    giftLeft -= costs.voucher.amount;
    creditsLeft -= costs.credits.amount;
    return costs;
  });
}

/** A school order may be cancelled for credit while its date could still be ordered (the same cut-off). */
export function canCancelSchoolOrder(date: string, cutoff: Date, zone: string | null): boolean {
  return isOrderableDate(date, cutoff, zone);
}

export interface ProductionOrder {
  items: readonly CartItem[];
  student: ProductionClass;
}

/** Where meals go: the school, grade, classroom and teacher of the child they are for. */
export interface ProductionClass {
  school: string;
  grade: string;
  classroom: string;
  teacher: string;
}

export interface ProductionRow extends ProductionClass {
  item: string;
  quantity: number;
}

const kitchenOrder = (a: string, b: string) => a.localeCompare(b, 'en-CA', { numeric: true });
const byClass = (a: ProductionClass, b: ProductionClass) =>
  kitchenOrder(a.school, b.school) ||
  kitchenOrder(a.classroom, b.classroom) ||
  kitchenOrder(a.teacher, b.teacher) ||
  kitchenOrder(a.grade, b.grade);

/** Meals and extras of one date summed by item, school, grade, classroom and teacher; by item, then class. */
export function productionRows(orders: readonly ProductionOrder[], itemName: (id: number) => string): ProductionRow[] {
  const rows = new Map<string, ProductionRow>();
  for (const order of orders)
    for (const line of order.items) {
      const { school, grade, classroom, teacher } = order.student;
      const item = itemName(line.id);
      const key = JSON.stringify([item, school, grade, classroom, teacher]);
      const existing = rows.get(key) ?? { item, school, grade, classroom, teacher, quantity: 0 };
      existing.quantity += line.quantity;
      rows.set(key, existing);
    }
  return [...rows.values()].sort((a, b) => kitchenOrder(a.item, b.item) || byClass(a, b));
}

export interface ProductionSummary {
  /** To cook: each item's total that day, by name. */
  items: Array<{ item: string; quantity: number }>;
  /** To pack: each class (school, classroom, teacher, grade) with its items and their count. */
  classes: Array<ProductionClass & { items: Array<{ item: string; quantity: number }>; total: number }>;
  /** Everything that day. */
  total: number;
}

/** The production rows read two ways, for the kitchen's screen: totals per item, and each class's items. */
export function productionSummary(rows: readonly ProductionRow[]): ProductionSummary {
  const items = new Map<string, number>();
  const classes = new Map<string, ProductionSummary['classes'][number]>();
  for (const row of rows) {
    items.set(row.item, (items.get(row.item) ?? 0) + row.quantity);
    const key = JSON.stringify([row.school, row.grade, row.classroom, row.teacher]);
    const entry = classes.get(key) ?? {
      school: row.school,
      grade: row.grade,
      classroom: row.classroom,
      teacher: row.teacher,
      items: [],
      total: 0,
    };
    entry.items.push({ item: row.item, quantity: row.quantity });
    entry.total += row.quantity;
    classes.set(key, entry);
  }
  return {
    items: [...items].map(([item, quantity]) => ({ item, quantity })).sort((a, b) => kitchenOrder(a.item, b.item)),
    classes: [...classes.values()]
      .sort(byClass)
      .map((entry) => ({ ...entry, items: entry.items.sort((a, b) => kitchenOrder(a.item, b.item)) })),
    total: rows.reduce((sum, row) => sum + row.quantity, 0),
  };
}

/** The production list as CSV (csv.ts): the header, then one row per item, school, grade, classroom and teacher. */
export function productionCsv(date: string, rows: readonly ProductionRow[], header: readonly string[]): string {
  return csvText([header, ...rows.map((row) => [date, row.item, row.school, row.grade, row.classroom, row.teacher, row.quantity])]);
}

export interface SchoolStudent {
  firstName: string;
  lastName: string;
  school: string;
  grade: string;
  classroom: string;
  teacher: string;
}

type SchoolLists = ReadonlyArray<{ name: string; grades: string; classrooms: string; teachers: string }>;

/**
 * Which of a child's school, grade, classroom and teacher is not among the school's lists (the
 * restaurant's `delivery.schools`), or null. A school with no lists takes any; a list left empty
 * takes any value for its field. A guest's child at checkout and a parent's saved student are held
 * to the same lists (POST/PUT /api/auth/students).
 */
export function unlistedSchoolPlace(
  place: { school: string; grade: string; classroom: string; teacher: string },
  schools: SchoolLists,
): 'school' | 'grade' | 'classroom' | 'teacher' | null {
  if (schools.length === 0) return null;
  const school = schools.find((entry) => entry.name === place.school);
  if (!school) return 'school';
  const listed = (text: string) =>
    text
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
  for (const [field, list] of [
    ['grade', school.grades],
    ['classroom', school.classrooms],
    ['teacher', school.teachers],
  ] as const) {
    const offered = listed(list);
    if (offered.length > 0 && !offered.includes(place[field])) return field;
  }
  return null;
}

/** How many of a restaurant's saved students are at one school, grade, classroom and teacher. */
export interface StudentPlaceCount {
  school: string;
  grade: string;
  classroom: string;
  teacher: string;
  students: number;
}

/** A value a change of the school lists takes away from students: which field, at which school. */
export interface PlaceLeft {
  field: 'school' | 'grade' | 'classroom' | 'teacher';
  school: string;
  value: string;
  students: number;
}

/**
 * What a change of the restaurant's school lists (`before` to `after`) leaves saved students
 * without: the places that were listed and no longer are, with how many students each (summed by
 * field, school and value; most students first). A place already unlisted before is not this
 * change's doing. Removing every school takes every school away: no lists would take any value, but
 * the students' orders would still name schools the restaurant no longer has. The settings' Delivery
 * form asks before such a save (apps/web/src/features/restaurant-delivery/students-left.tsx).
 */
export function placesLeftUnlisted(places: readonly StudentPlaceCount[], before: SchoolLists, after: SchoolLists): PlaceLeft[] {
  const left = new Map<string, PlaceLeft>();
  for (const place of places) {
    if (before.length === 0 || unlistedSchoolPlace(place, before) !== null) continue;
    const field = after.length === 0 ? 'school' : unlistedSchoolPlace(place, after);
    if (field === null) continue;
    const key = JSON.stringify([field, place.school, place[field]]);
    const entry = left.get(key) ?? { field, school: place.school, value: place[field], students: 0 };
    entry.students += place.students;
    left.set(key, entry);
  }
  return [...left.values()].sort((a, b) => b.students - a.students);
}

/**
 * A guest's child, from the checkout's delivery fields (type "school"): the name, school, grade,
 * classroom and teacher are all required, and must be among the school's lists where it has them.
 * The name is split at its first space (first name, then the rest).
 */
export function guestStudent(
  delivery:
    | {
        type: string;
        student?: string | undefined;
        school?: string | undefined;
        grade?: string | undefined;
        classroom?: string | undefined;
        teacher?: string | undefined;
      }
    | null
    | undefined,
  schools: SchoolLists,
): { ok: true; student: SchoolStudent } | { ok: false; field: string } {
  if (!delivery || delivery.type !== 'school') return { ok: false, field: 'type' };
  const fields = ['student', 'school', 'grade', 'classroom', 'teacher'] as const;
  const value = Object.fromEntries(fields.map((field) => [field, (delivery[field] ?? '').trim()])) as Record<
    (typeof fields)[number],
    string
  >;
  for (const field of fields) if (value[field] === '') return { ok: false, field };
  const unlisted = unlistedSchoolPlace(value, schools);
  if (unlisted) return { ok: false, field: unlisted };
  const space = value.student.indexOf(' ');
  return {
    ok: true,
    student: {
      firstName: space === -1 ? value.student : value.student.slice(0, space),
      lastName: space === -1 ? '' : value.student.slice(space + 1).trim(),
      school: value.school,
      grade: value.grade,
      classroom: value.classroom,
      teacher: value.teacher,
    },
  };
}
