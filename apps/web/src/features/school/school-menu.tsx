import type { StudentRequest } from '@servery/contracts/accounts';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { RequireSession } from '../../components/require-session';
import { Spinner } from '../../components/ui/spinner';
import { pathTo } from '../../lib/route-paths';
import { queryKeys } from '../../lib/query-keys';
import { dayCartListModule, dayCheckoutModule, itemDialogModule, type PlacedDays } from '../../ordering';
import { SchoolConfirmation } from './school-confirmation';
import type { DayOrdering as DayOrderingOfWeek } from './school-day';
import { studentName } from './school-ordering';
import { useCartLink } from './use-cart-link';
import { useSchoolWeekData } from './use-school-week-data';
import { useSchoolWeekOrdering } from './use-school-week-ordering';
import { WeekCartSection } from './week-cart-section';
import { DroppedNotice, SignInToOrder, StudentBar, WeekBody } from './week-body';
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
 *
 * Its parts: the week's data (use-school-week-data.ts), the school plugged into the core's day carts
 * (use-school-week-ordering.ts), the week's days and bars (week-body.tsx); this module chooses the
 * step shown: the week, its checkout, or the placed orders' confirmation.
 */
export function SchoolMenu({ restaurant }: { restaurant: PublicRestaurant }) {
  return <SchoolWeek restaurant={restaurant} />;
}

const CHECKOUT_STEP = 'checkout';

/** The day carts' checkout (the ordering core's, its own chunk), with the school's parts plugged in. */
const DayCheckout = lazy(() => dayCheckoutModule().then((module) => ({ default: module.DayCheckout<StudentRequest> })));

function SchoolWeek({ restaurant }: { restaurant: PublicRestaurant }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const data = useSchoolWeekData(restaurant);
  const { session, credentials, days, menus, fetching } = data;
  const { signInFirst, cart, students, plugin, guestParts, checkout, mealsFor, adding } = useSchoolWeekOrdering(restaurant, data);
  usePreloadChunks();
  const headingId = useId();
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
        <DroppedNotice cart={cart} />
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

  const { chosen } = students;
  const ordering = (date: string): DayOrderingOfWeek => ({
    studentName: chosen ? studentName(chosen) : null,
    meals: mealsFor(date),
    maxMeals: restaurant.maxMealsPerCart,
    onAdd: (entry) => adding.requestAdd(entry, date),
  });

  return (
    <section className="school-menu" aria-labelledby={headingId} aria-busy={fetching}>
      <WeekPicker headingId={headingId} dates={data.dates} fetching={fetching} onPrevious={data.previous} onNext={data.next} />
      {credentials && <StudentBar students={students} />}
      {credentials && (
        <p className="button-row">
          <Link to={pathTo('SchoolCalendar', { restaurantSlug: restaurant.slug })}>{t('schoolCalendar.openCalendar')}</Link>
          <Link to={pathTo('StandingOrders', { restaurantSlug: restaurant.slug })}>{t('standing.link')}</Link>
        </p>
      )}
      {signInFirst && session.status === 'anonymous' && <SignInToOrder />}
      <DroppedNotice cart={cart} />
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

/** The meal-choice dialog's and the checkout's chunks come while the parent reads the week, not on the first "Add" (a failure is left to that render). */
function usePreloadChunks() {
  useEffect(() => {
    itemDialogModule().catch(() => undefined);
    dayCartListModule().catch(() => undefined);
    dayCheckoutModule().catch(() => undefined);
  }, []);
}
