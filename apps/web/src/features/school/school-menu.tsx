import type { Student } from '@servery/contracts/accounts';
import type { MenusResponse, PublicRestaurant } from '@servery/contracts/restaurant';
import type { CreateK12OrderResponse, RotationalMenusResponse } from '@servery/contracts/school';
import { unitPrice, type SelectedGroup } from '@servery/domain/item-selection';
import type { CartItem } from '@servery/domain/cart';
import { allergensFound, mealsOn } from '@servery/domain/school-cart';
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { RequireSession } from '../../components/require-session';
import { fetchMenus } from '../../components/restaurant-shell/restaurant-api';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from 'react-i18next';
import { errorMessage, errorNameMessage } from '../../lib/error-message';
import { useServerState } from '../../lib/initial-data';
import { menuViews, type MenuItemEntry, type MenuView } from '../../lib/menu-model';
import { localizedText } from '../../lib/localize';
import { formatMoney } from '../../lib/format';
import { useNow } from '../../lib/clock';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useServerData } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { useSession, type SessionCredentials } from '../../lib/session';
import { useStudentWrite } from './students/student-mutations';
import { createStudent, listStudents } from './students/students-api';
import { useToasts } from '../../components/ui/toasts';
import { useApiClient } from '../../lib/use-api-client';
import { useLocale } from '../../lib/use-locale';
import { fetchSchoolDays } from './school-api';
import { SchoolDayCard, type DayOrdering } from './school-day';
import { SchoolCartList, studentName } from './school-cart-list';
import { SchoolCheckout } from './school-checkout';
import { PricingState } from './school-checkout-parts';
import { SchoolConfirmation } from './school-confirmation';
import { AddStudentDialog, AllergenDialog } from './school-dialogs';
import { itemDialogModule, toOrderOptions } from '../../ordering';
import { choiceAllergens, chosenValueNames } from './school-choice';
import { useSchoolCart } from './use-school-cart';
import { formatSchoolDay, formatWeek, weekRange } from './school-week';
import { useFetchingFlag } from './use-fetching-flag';
import { useSchoolWeek } from './use-school-week';
import { WeekPicker } from './week-picker';
import './school.css';

// Its own module, so the restaurant's home screen names a school without loading the school menu.
export { schoolTitle } from './school-title';

/** A meal's choices (drink, side) in the ordering core's item dialog: its own chunk, fetched with the week (SchoolWeek). */
const ItemDialog = lazy(() => itemDialogModule().then((module) => ({ default: module.ItemDialog })));

/**
 * /{slug} of a K-12 restaurant: the school days of one week with the rotation's menus, closed days
 * included and said to be closed. Signing in comes first unless the school lets guests order
 * (k12RequiresLogin false); /login keeps the query, so the parent comes back to the same week.
 */
export function SchoolMenu({ restaurant }: { restaurant: PublicRestaurant }) {
  if (restaurant.k12RequiresLogin === false) return <SchoolWeek restaurant={restaurant} />;
  return <RequireSession>{() => <SchoolWeek restaurant={restaurant} />}</RequireSession>;
}

const CHECKOUT_STEP = 'checkout';
const entryKeyOf = (line: { id: number; menu_id: number; section_id: number | null }) =>
  `${line.menu_id}:${line.section_id ?? '-'}:${line.id}`;

function SchoolWeek({ restaurant }: { restaurant: PublicRestaurant }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { show } = useToasts();
  const now = useNow();
  const client = useApiClient(restaurant.id);
  const session = useSession();
  const credentials = session.status === 'authenticated' ? session.credentials : null;
  const server = useServerState(restaurant.slug);
  const [params, setParams] = useSearchParams();
  const { week, previous, next } = useSchoolWeek(restaurant);
  const range = weekRange(week, restaurant.weekendOrdering);
  const subsidyCode = session.status === 'authenticated' ? session.user.subsidyCode : null;
  // Adding or deleting a subsidy code reprices the rotational menus (spec accounts-and-suites.md section 4).
  // Asked once the session is known, so a signed-in parent's week is not fetched twice (as a guest first).
  const sessionKnown = session.status === 'authenticated' || session.status === 'anonymous';
  const days = useQuery({
    queryKey: queryKeys.schoolDays(restaurant.id, range.start, range.end, credentials?.userId ?? null, subsidyCode ?? null),
    queryFn: ({ signal }) => fetchSchoolDays(client, restaurant.id, range, signal, credentials),
    enabled: sessionKnown,
  });
  const menusKey = queryKeys.menus(restaurant.id, 'school');
  const menusFromServer = useServerData(menusKey, server?.menus);
  const menus = useQuery({
    queryKey: menusKey,
    queryFn: ({ signal }) => fetchMenus(client, restaurant.id, 'school', signal),
    ...menusFromServer,
  });
  const students = useQuery({
    queryKey: queryKeys.students.of(restaurant.id, credentials?.userId ?? 0),
    queryFn: ({ signal }) => (credentials ? listStudents(client, credentials, signal) : Promise.resolve([])),
    enabled: credentials !== null,
  });
  const addStudent = useStudentWrite(
    ({ credentials: signedIn, value }: { credentials: SessionCredentials; value: Parameters<typeof createStudent>[2] }) =>
      createStudent(client, signedIn, value),
  );
  // A student added here shows at once, before the list is read again.
  const [added, setAdded] = useState<Student[]>([]);
  const studentList: Student[] = useMemo(() => {
    const fetched = students.data ?? [];
    return [...fetched, ...added.filter((student) => !fetched.some((entry) => entry.id === student.id))];
  }, [students.data, added]);
  const fetching = useFetchingFlag(days.isPending || menus.isLoading);
  usePreloadMealChoices();
  const dates = formatWeek(range, locale);
  const headingId = useId();

  const entries = useMemo(() => {
    const index = new Map<string, MenuItemEntry>();
    if (!menus.isSuccess) return index;
    for (const group of menuViews(menus.data.menu_groups, null))
      for (const view of group.menus)
        for (const section of view.sections)
          for (const entry of section.entries)
            index.set(entryKeyOf({ id: entry.item.id, menu_id: entry.menu.id, section_id: entry.section?.id ?? null }), entry);
    return index;
  }, [menus.isSuccess, menus.data]);
  const isMeal = useCallback(
    (line: { id: number; menu_id: number; section_id: number | null }) => entries.get(entryKeyOf(line))?.item.meal_package === true,
    [entries],
  );
  const lineName = useCallback(
    (line: { id: number; menu_id: number; section_id: number | null }) => {
      const entry = entries.get(entryKeyOf(line));
      return entry ? localizedText(entry.item, 'name', locale).text : '?';
    },
    [entries, locale],
  );
  const lineOptions = useCallback(
    (line: CartItem) => {
      const entry = entries.get(entryKeyOf(line));
      return entry ? chosenValueNames(entry.item, line.orderOptions, (value) => localizedText(value, 'name', locale).text).join(', ') : '';
    },
    [entries, locale],
  );
  /** A cart line's allergens (its item's and every value chosen), for the question before a day goes to another child. */
  const lineAllergens = useCallback(
    (line: CartItem) => {
      const entry = entries.get(entryKeyOf(line));
      return entry ? choiceAllergens(entry.item, line.orderOptions) : '';
    },
    [entries],
  );
  const cart = useSchoolCart({ restaurant, isMeal });
  const [placed, setPlaced] = useState<CreateK12OrderResponse | null>(null);
  const [guestEmail, setGuestEmail] = useState<string | null>(null);
  const [allergen, setAllergen] = useState<{
    entry: MenuItemEntry;
    date: string;
    selection: SelectedGroup[];
    found: string[];
    student: string;
    opener: HTMLElement | null;
  } | null>(null);
  const [choosing, setChoosing] = useState<{ entry: MenuItemEntry; date: string; opener: HTMLElement | null } | null>(null);
  const [studentDialog, setStudentDialog] = useState<{ opener: HTMLElement | null; then?: (student: Student) => void } | null>(null);

  // The child new meals are for: the one chosen before, else the parent's first.
  const chosen = studentList.find((student) => student.id === cart.studentId) ?? null;
  const { setStudentId } = cart;
  useEffect(() => {
    if (students.isSuccess && cart.ready && chosen === null && studentList[0]) setStudentId(studentList[0].id);
  }, [students.isSuccess, cart.ready, chosen, studentList, setStudentId]);

  const step = params.get('step') === CHECKOUT_STEP ? 'checkout' : 'week';
  const goTo = (target: 'week' | 'checkout') =>
    setParams((current) => {
      const query = new URLSearchParams(current);
      if (target === 'checkout') query.set('step', CHECKOUT_STEP);
      else query.delete('step');
      return query;
    });

  function addNow(entry: MenuItemEntry, date: string, selection: SelectedGroup[]) {
    const price = unitPrice(entry.item, selection, now, restaurant.zone);
    const name = localizedText(entry.item, 'name', locale).text;
    if (price === null) {
      show(errorNameMessage(t, 'ITEM_UNAVAILABLE'), 'error');
      return;
    }
    const line = {
      id: entry.item.id,
      menu_id: entry.menu.id,
      section_id: entry.section?.id ?? null,
      quantity: 1,
      orderPrice: price,
      orderOptions: toOrderOptions(selection),
    };
    const result = cart.add({ date, studentId: chosen?.id ?? null }, line);
    const day = formatSchoolDay(date, locale);
    if (result.ok) show(t('school.added', { item: name, student: chosen ? studentName(chosen) : '', day }), 'success');
    else if (result.error === 'MAX_MEALS_PER_CART' && chosen)
      show(t('school.mealLimit', { student: studentName(chosen), max: result.limit ?? 0, day }), 'error');
    else show(errorNameMessage(t, result.error), 'error');
  }

  /** After the meal's choices: the child's allergens in what was chosen are named and confirmed first. */
  function proceed(entry: MenuItemEntry, date: string, selection: SelectedGroup[], opener: HTMLElement | null) {
    const found = chosen ? allergensFound(choiceAllergens(entry.item, selection), chosen.allergens) : [];
    if (chosen && found.length > 0) {
      setAllergen({ entry, date, selection, found, student: studentName(chosen), opener });
      return;
    }
    addNow(entry, date, selection);
  }

  function requestAdd(entry: MenuItemEntry, date: string) {
    if (credentials && !chosen) {
      show(t('school.chooseChildFirst'), 'error');
      document.getElementById('school-ordering-for')?.focus();
      return;
    }
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (entry.item.options.length > 0) setChoosing({ entry, date, opener });
    else proceed(entry, date, [], opener);
  }

  const openStudentDialog = (opener: HTMLElement | null, then?: (student: Student) => void) =>
    setStudentDialog({ opener, ...(then ? { then } : {}) });
  const saveStudent = async (value: Parameters<typeof createStudent>[2]) => {
    if (!credentials) throw new Error('signed out');
    // Every list of this user's students (the profile's too) reads the new one.
    const student = await addStudent.mutateAsync({ credentials, value });
    setAdded((current) => [...current, student]);
    setStudentId(student.id);
    show(t('students.added', { name: studentName(student) }), 'success');
    const then = studentDialog?.then;
    setStudentDialog(null);
    // The new student is not in the list until it reloads: the move names it itself.
    then?.(student);
    return student;
  };

  const dialogs = (
    <>
      {choosing && (
        <MealChoices
          choosing={choosing}
          restaurant={restaurant}
          student={chosen}
          onChoose={(selection) => proceed(choosing.entry, choosing.date, selection, choosing.opener)}
          onClose={() => setChoosing(null)}
        />
      )}
      {allergen && (
        <AllergenDialog
          item={localizedText(allergen.entry.item, 'name', locale).text}
          student={allergen.student}
          allergens={allergen.found}
          returnFocusTo={allergen.opener}
          onConfirm={() => {
            addNow(allergen.entry, allergen.date, allergen.selection);
            setAllergen(null);
          }}
          onClose={() => setAllergen(null)}
        />
      )}
      {studentDialog && (
        <AddStudentDialog
          restaurant={restaurant}
          returnFocusTo={studentDialog.opener}
          onSave={saveStudent}
          onClose={() => setStudentDialog(null)}
        />
      )}
    </>
  );

  const droppedNotice =
    cart.dropped.length > 0 ? (
      <div className="school-notice" role="alert">
        <p>{t('school.dropped', { days: cart.dropped.map((date) => formatSchoolDay(date, locale)).join(', ') })}</p>
        <button type="button" className="button" onClick={cart.dismissDropped}>
          {t('toast.dismiss')}
        </button>
      </div>
    ) : null;

  if (placed) {
    return (
      <div className="school-menu">
        <SchoolConfirmation
          placed={placed}
          guestEmail={guestEmail}
          restaurantSlug={restaurant.slug}
          restaurantId={restaurant.id}
          lineName={lineName}
          lineOptions={lineOptions}
          onDone={() => {
            setPlaced(null);
            goTo('week');
          }}
        />
      </div>
    );
  }

  if (step === 'checkout') {
    return (
      <div className="school-menu">
        {droppedNotice}
        <SchoolCheckout
          restaurant={restaurant}
          cart={cart}
          students={studentList}
          lineName={lineName}
          lineOptions={lineOptions}
          lineAllergens={lineAllergens}
          isMeal={isMeal}
          onAddStudent={openStudentDialog}
          onBack={() => goTo('week')}
          onPlaced={(answer, email) => {
            setPlaced(answer);
            setGuestEmail(email ?? null);
            goTo('week');
          }}
        />
        {dialogs}
      </div>
    );
  }

  const cartCount = cart.orders.reduce((sum, order) => sum + order.items.reduce((inner, line) => inner + line.quantity, 0), 0);
  const cartSubtotal = cart.orders.reduce((sum, order) => sum + order.items.reduce((inner, line) => inner + line.orderPrice, 0), 0);

  const ordering = (date: string): DayOrdering => ({
    studentName: chosen ? studentName(chosen) : null,
    meals: mealsOn(cart.orders, { date, studentId: chosen?.id ?? null }, isMeal),
    maxMeals: restaurant.maxMealsPerCart,
    onAdd: (entry) => requestAdd(entry, date),
  });

  return (
    <section className="school-menu" aria-labelledby={headingId} aria-busy={fetching}>
      <WeekPicker headingId={headingId} dates={dates} fetching={fetching} onPrevious={previous} onNext={next} />
      {credentials && (
        <div className="school-student-bar">
          {studentList.length > 0 ? (
            <div className="form-field">
              <label htmlFor="school-ordering-for" className="form-field__label">
                {t('school.orderingFor')}
              </label>
              <select
                id="school-ordering-for"
                className="text-input"
                value={chosen?.id ?? ''}
                onChange={(event) => setStudentId(Number(event.target.value))}
              >
                {studentList.map((student) => (
                  <option key={student.id} value={student.id}>
                    {studentName(student)}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            students.isSuccess && <p>{t('school.noStudents')}</p>
          )}
          <button type="button" className="button" onClick={(event) => openStudentDialog(event.currentTarget)}>
            {t('school.addStudent')}
          </button>
        </div>
      )}
      {droppedNotice}
      <WeekBody days={days} menus={menus} restaurant={restaurant} errorText={t('school.daysError')} ordering={ordering} />
      <section className="school-cart-panel" aria-labelledby="school-cart-title">
        <h2 id="school-cart-title" tabIndex={-1}>
          {t('school.cart.title')}
        </h2>
        {cart.orders.length === 0 ? (
          <p>{t('school.cart.empty')}</p>
        ) : (
          <>
            <SchoolCartList
              orders={cart.orders}
              priced={cart.priced}
              students={studentList}
              lineName={lineName}
              lineOptions={lineOptions}
              onQuantity={cart.setQuantity}
              headingLevel={2}
            />
            <PricingState cart={cart} />
            <button type="button" className="button button--primary school-cart-panel__checkout" onClick={() => goTo('checkout')}>
              {t('school.cart.checkout')}
            </button>
          </>
        )}
      </section>
      {cartCount > 0 && (
        // The week is long on a phone: the cart stays one tap away at the foot of the screen.
        <div className="school-cart-bar">
          <button
            type="button"
            className="button button--primary school-cart-bar__button"
            onClick={() => {
              const heading = document.getElementById('school-cart-title');
              heading?.scrollIntoView({ block: 'start' });
              heading?.focus();
            }}
          >
            {t('school.cart.jump', {
              items: t('school.cart.items', { count: cartCount }),
              amount: formatMoney(cart.priced?.total.amountDue ?? cartSubtotal, locale),
            })}
          </button>
        </div>
      )}
      {dialogs}
    </section>
  );
}

/** The meal-choice dialog's chunk comes while the parent reads the week, not on the first "Add" (a failure is left to that render). */
function usePreloadMealChoices() {
  useEffect(() => {
    itemDialogModule().catch(() => undefined);
  }, []);
}

/**
 * A meal's choices (drink, side) in the core's item dialog, the restaurant's defaults chosen first:
 * only the choices (the week prices the meal), titled with the meal and day, added for the child.
 */
function MealChoices({
  choosing,
  restaurant,
  student,
  onChoose,
  onClose,
}: {
  choosing: { entry: MenuItemEntry; date: string; opener: HTMLElement | null };
  restaurant: PublicRestaurant;
  student: Student | null;
  onChoose: (selection: SelectedGroup[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <Suspense fallback={null}>
      <ItemDialog
        entry={choosing.entry}
        restaurant={restaurant}
        blockedBy={null}
        variant={{
          title: `${localizedText(choosing.entry.item, 'name', locale).text} · ${formatSchoolDay(choosing.date, locale)}`,
          addLabel: student ? t('school.addFor', { student: studentName(student) }) : t('school.add'),
          cancelLabel: t('school.allergen.cancel'),
          choicesOnly: true,
        }}
        returnFocusTo={choosing.opener}
        onSelect={(choice) => {
          // The school prices and announces the meal itself (addNow), after the allergen question.
          onChoose(choice.options);
          return { ok: true };
        }}
        onClose={onClose}
      />
    </Suspense>
  );
}

interface WeekBodyProps {
  days: UseQueryResult<RotationalMenusResponse>;
  menus: UseQueryResult<MenusResponse>;
  restaurant: PublicRestaurant;
  errorText: string;
  ordering: (date: string) => DayOrdering;
}

function WeekBody({ days, menus, restaurant, errorText, ordering }: WeekBodyProps) {
  const { t } = useTranslation();
  const byId = useMemo(() => {
    const views = menus.isSuccess ? menuViews(menus.data.menu_groups, null) : [];
    return new Map<number, MenuView>(views.flatMap((group) => group.menus).map((view) => [view.menu.id, view]));
  }, [menus.isSuccess, menus.data]);

  const failed = days.isError ? days : menus.isError ? menus : null;
  if (failed) {
    const error = failed.error;
    return (
      <div role="alert" className="inline-error">
        <p>
          {failed === days ? errorText : t('restaurant.menusError')} {errorMessage(t, error)}
        </p>
        <button type="button" className="button" onClick={() => void failed.refetch()}>
          {t('restaurant.retry')}
        </button>
      </div>
    );
  }
  if (!days.isSuccess || !menus.isSuccess) return <Spinner />;
  const schoolDays = days.data.days;
  const prices = new Map((days.data.prices ?? []).map((entry) => [`${entry.menuId}:${entry.itemId}`, entry]));
  if (schoolDays.length === 0) return <p className="school-menu__empty">{t('school.noSchoolDays')}</p>;
  return (
    <ol className="school-days">
      {schoolDays.map((day) => (
        <SchoolDayCard
          key={day.date}
          day={day}
          menus={day.menu_ids.flatMap((id) => byId.get(id) ?? [])}
          zone={restaurant.zone}
          prices={prices}
          ordering={day.orderable ? ordering(day.date) : undefined}
        />
      ))}
    </ol>
  );
}
