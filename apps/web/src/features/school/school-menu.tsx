import type { StudentRequest } from '@servery/contracts/accounts';
import type { MenusResponse, PublicRestaurant } from '@servery/contracts/restaurant';
import type { RotationalMenusResponse } from '@servery/contracts/school';
import type { CartItem } from '@servery/domain/cart';
import { mealsOn } from '@servery/domain/school-cart';
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { loginRedirectPath, RequireSession } from '../../components/require-session';
import { fetchMenus } from '../../components/restaurant-shell/restaurant-api';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { useServerState } from '../../lib/initial-data';
import { menuViews, type MenuItemEntry, type MenuView } from '../../lib/menu-model';
import { formatDay } from '../../lib/format';
import { pathTo } from '../../lib/route-paths';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useServerData } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { useSession } from '../../lib/session';
import { useApiClient } from '../../lib/use-api-client';
import { useLocale } from '../../lib/use-locale';
import { dayCartListModule, dayCheckoutModule, itemDialogModule, type PlacedDays } from '../../ordering';
import { useDayCarts } from '../../ordering/verticals';
import { fetchSchoolDays } from './school-api';
import { useSchoolCheckoutParts } from './school-checkout-sections';
import { choiceAllergens } from './school-choice';
import { SchoolConfirmation } from './school-confirmation';
import { SchoolDayCard, type DayOrdering as DayOrderingOfWeek } from './school-day';
import { entryKeyOf, studentName, useSchoolGuestParts, useSchoolOrdering, useSchoolPricing } from './school-ordering';
import { formatWeek, weekRange } from './school-week';
import { useFetchingFlag } from './use-fetching-flag';
import { useMealAdding } from './use-meal-adding';
import { useSchoolStudents } from './use-school-students';
import { useSchoolWeek } from './use-school-week';
import { useCartLink } from './use-cart-link';
import { WeekCartSection } from './week-cart-section';
import { WeekPicker } from './week-picker';
import './school.css';

// Its own module, so the restaurant's home screen names a school without loading the school menu.
export { schoolTitle } from './school-title';

/**
 * /{slug} of a K-12 restaurant: the school days of one week with the rotation's menus, closed days
 * included and said to be closed. Anyone may read the week; where the school wants an account
 * (k12RequiresLogin, the default) a visitor signs in to order (issue 30: "the school's menus readable
 * without signing in; signing in only to order"), and its checkout sends them to /login, which keeps
 * the query, so the parent comes back to the same week.
 */
export function SchoolMenu({ restaurant }: { restaurant: PublicRestaurant }) {
  return <SchoolWeek restaurant={restaurant} />;
}

const CHECKOUT_STEP = 'checkout';

/** The day carts' checkout (the ordering core's, its own chunk), with the school's parts plugged in. */
const DayCheckout = lazy(() => dayCheckoutModule().then((module) => ({ default: module.DayCheckout<StudentRequest> })));

function SchoolWeek({ restaurant }: { restaurant: PublicRestaurant }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const client = useApiClient(restaurant.id);
  const queryClient = useQueryClient();
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
  const fetching = useFetchingFlag(days.isPending || menus.isLoading);
  usePreloadChunks();
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
  /** A cart line's allergens (its item's and every value chosen), for the question before a day goes to another child. */
  const lineAllergens = useCallback(
    (line: CartItem) => {
      const entry = entries.get(entryKeyOf(line));
      return entry ? choiceAllergens(entry.item, line.orderOptions) : '';
    },
    [entries],
  );
  // The school plugged into the core's day carts (school-ordering.tsx).
  const pricing = useSchoolPricing(restaurant, entries);
  // Where the school wants an account, a visitor reads the week and signs in to order.
  const signInFirst = restaurant.k12RequiresLogin !== false && session.status !== 'authenticated';
  const cart = useDayCarts({ restaurant, plugin: pricing, enabled: !signInFirst });
  const students = useSchoolStudents({ restaurant, credentials, cart });
  const plugin = useSchoolOrdering(pricing, entries, students.list);
  const guestParts = useSchoolGuestParts(restaurant);
  const checkout = useSchoolCheckoutParts({
    restaurant,
    cart,
    plugin,
    students: students.list,
    lineAllergens,
    onAddStudent: students.openDialog,
  });
  const { chosen } = students;
  // The chosen child's meals on a day: those already in open orders (the server's count) and the cart's.
  const booked = days.data?.booked;
  const mealsFor = useCallback(
    (date: string) => {
      const placed = booked?.find((entry) => entry.date === date && entry.studentId === chosen?.id)?.meals ?? 0;
      return placed + mealsOn(cart.orders, { date, studentId: chosen?.id ?? null }, plugin.isMeal);
    },
    [booked, chosen, cart.orders, plugin.isMeal],
  );
  const adding = useMealAdding({ restaurant, cart, chosen, signedIn: credentials !== null, mealsFor });
  const [placed, setPlaced] = useState<{ answer: PlacedDays; guestEmail: string | null } | null>(null);

  const step = params.get('step') === CHECKOUT_STEP ? 'checkout' : 'week';
  // The header's cart link: the week's cart section, from checkout or the confirmation too.
  useCartLink({ weekReady: step === 'week' && !placed && !days.isPending && !menus.isLoading, showWeek: () => setPlaced(null) });
  const goTo = (target: 'week' | 'checkout') =>
    setParams((current) => {
      const query = new URLSearchParams(current);
      if (target === 'checkout') query.set('step', CHECKOUT_STEP);
      else query.delete('step');
      return query;
    });

  const dialogs = (
    <>
      {adding.dialogs}
      {checkout.dialog}
      {students.addDialog}
    </>
  );

  const droppedNotice =
    cart.dropped.length > 0 ? (
      <div className="school-notice" role="alert">
        <p>{t('school.dropped', { days: cart.dropped.map((date) => formatDay(date, locale)).join(', ') })}</p>
        <button type="button" className="button" onClick={cart.dismissDropped}>
          {t('toast.dismiss')}
        </button>
      </div>
    ) : null;

  if (placed) {
    return (
      <div className="school-menu">
        <SchoolConfirmation
          placed={placed.answer}
          guestEmail={placed.guestEmail}
          restaurantSlug={restaurant.slug}
          restaurantId={restaurant.id}
          lineName={plugin.lineName}
          lineOptions={plugin.lineOptions}
          onDone={() => {
            setPlaced(null);
            goTo('week');
          }}
        />
      </div>
    );
  }

  if (step === 'checkout' && signInFirst) {
    return <RequireSession>{() => null}</RequireSession>;
  }

  if (step === 'checkout') {
    return (
      <div className="school-menu">
        {droppedNotice}
        <Suspense fallback={<Spinner />}>
          <DayCheckout
            restaurant={restaurant}
            cart={cart}
            plugin={plugin}
            parts={checkout.parts}
            guestParts={guestParts}
            onBack={() => goTo('week')}
            onPlaced={(answer, email) => {
              // The days' booked meals changed: the week counts them when it shows again.
              void queryClient.invalidateQueries({ queryKey: queryKeys.schoolDaysOf(restaurant.id) });
              setPlaced({ answer, guestEmail: email ?? null });
              goTo('week');
            }}
          />
        </Suspense>
        {dialogs}
      </div>
    );
  }

  const ordering = (date: string): DayOrderingOfWeek => ({
    studentName: chosen ? studentName(chosen) : null,
    meals: mealsFor(date),
    maxMeals: restaurant.maxMealsPerCart,
    onAdd: (entry) => adding.requestAdd(entry, date),
  });

  return (
    <section className="school-menu" aria-labelledby={headingId} aria-busy={fetching}>
      <WeekPicker headingId={headingId} dates={dates} fetching={fetching} onPrevious={previous} onNext={next} />
      {credentials && <StudentBar students={students} />}
      {credentials && (
        <p className="button-row">
          <Link to={pathTo('SchoolCalendar', { restaurantSlug: restaurant.slug })}>{t('schoolCalendar.openCalendar')}</Link>
          <Link to={pathTo('StandingOrders', { restaurantSlug: restaurant.slug })}>{t('standing.link')}</Link>
        </p>
      )}
      {signInFirst && session.status === 'anonymous' && <SignInToOrder />}
      {droppedNotice}
      <WeekBody
        days={days}
        menus={menus}
        restaurant={restaurant}
        errorText={t('school.daysError')}
        ordering={signInFirst ? () => undefined : ordering}
      />
      {!signInFirst && <WeekCartSection cart={cart} plugin={plugin} onCheckout={() => goTo('checkout')} />}
      {dialogs}
    </section>
  );
}

/** Where the school wants an account: the week is the school's menu to read, and ordering starts by signing in. */
function SignInToOrder() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <div className="school-notice">
      <p>{t('school.signInToOrder')}</p>
      <Link className="button button--primary" to={loginRedirectPath(pathname, search)}>
        {t('school.signInToOrderLink')}
      </Link>
    </div>
  );
}

/** The child new meals are for, and adding one. */
function StudentBar({ students }: { students: ReturnType<typeof useSchoolStudents> }) {
  const { t } = useTranslation();
  const { list, chosen, setStudentId, loaded, openDialog } = students;
  return (
    <div className="school-student-bar">
      {list.length > 0 ? (
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
            {list.map((student) => (
              <option key={student.id} value={student.id}>
                {studentName(student)}
              </option>
            ))}
          </select>
        </div>
      ) : (
        loaded && <p>{t('school.noStudents')}</p>
      )}
      <button type="button" className="button" onClick={(event) => openDialog(event.currentTarget)}>
        {t('school.addStudent')}
      </button>
    </div>
  );
}

/** The meal-choice dialog's and the checkout's chunks come while the parent reads the week, not on the first "Add" (a failure is left to that render). */
function usePreloadChunks() {
  useEffect(() => {
    itemDialogModule().catch(() => undefined);
    dayCartListModule().catch(() => undefined);
    dayCheckoutModule().catch(() => undefined);
  }, []);
}

interface WeekBodyProps {
  days: UseQueryResult<RotationalMenusResponse>;
  menus: UseQueryResult<MenusResponse>;
  restaurant: PublicRestaurant;
  errorText: string;
  ordering: (date: string) => DayOrderingOfWeek | undefined;
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
