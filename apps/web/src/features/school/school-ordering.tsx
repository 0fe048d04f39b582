/**
 * The school plugged into the ordering core's day carts (ordering/days/day-ordering.ts): a cart per
 * school day and child, priced by POST set-k12-costs with the parent's subsidy code, placed by POST
 * create-k12-order, refused by the school's meal limits; the guest's child named by the student form.
 */
import type { Student, StudentRequest } from '@servery/contracts/accounts';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import type { CartItem } from '@servery/domain/cart';
import { checkSchoolMeals } from '@servery/domain/school-cart';
import { takesSubsidyCodes } from '@servery/domain/subsidy-codes';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { loginRedirectPath } from '../../components/require-session';
import { errorNameMessage } from '../../lib/error-message';
import { formatDay } from '../../lib/format';
import type { MenuItemEntry } from '../../lib/menu-model';
import { localizedText } from '../../lib/localize';
import { useSession } from '../../lib/session';
import { useLocale } from '../../lib/use-locale';
import type { DayGuestParts, DayOrdering, LineRef } from '../../ordering';
import { createK12Order, setK12Costs } from './school-api';
import { chosenValueNames } from './school-choice';
import { schoolChoices, StudentForm } from './students/student-form';

export const studentName = (student: Pick<Student, 'firstName' | 'lastName'>) => `${student.firstName} ${student.lastName}`.trim();

/** Where a cart line's item sits on the menu, as the school's index of entries keys it. */
export const entryKeyOf = (line: LineRef) => `${line.menu_id}:${line.section_id ?? '-'}:${line.id}`;

type SchoolPricing = Pick<DayOrdering, 'price' | 'place' | 'priceKey' | 'isMeal' | 'refusal'>;

/** The school's day carts' calls, meal rule and limits (what the carts need before the children are known). */
export function useSchoolPricing(restaurant: PublicRestaurant, entries: ReadonlyMap<string, MenuItemEntry>): SchoolPricing {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const session = useSession();
  const subsidyCode = session.status === 'authenticated' ? session.user.subsidyCode : null;
  return useMemo(() => {
    const isMeal = (line: LineRef) => entries.get(entryKeyOf(line))?.item.meal_package === true;
    return {
      price: (client, credentials, orders, signal) => setK12Costs(client, credentials, { rotationalMenuOrders: orders, costs: {} }, signal),
      place: createK12Order,
      // Adding or deleting a subsidy code reprices every date's cart (spec accounts-and-suites.md section 4).
      priceKey: [subsidyCode ?? null],
      isMeal,
      refusal: (orders, priced) => {
        // The school's meals per cart first, then the meals per day and child the server counted with what is already booked.
        const meals = checkSchoolMeals(orders, {
          maxMealsPerCart: restaurant.maxMealsPerCart,
          minMealsPerCart: restaurant.minMealsPerCart,
          isMeal,
        });
        if (!meals.ok) return `${formatDay(meals.date, locale)}: ${errorNameMessage(t, meals.error)}`;
        const breach = priced?.mealLimits[0];
        return breach ? `${formatDay(breach.date, locale)}: ${breach.message}` : null;
      },
    };
  }, [entries, subsidyCode, restaurant.maxMealsPerCart, restaurant.minMealsPerCart, locale, t]);
}

/** The whole plug-in: the pricing above, with the lines' names and options and the children's names. */
export function useSchoolOrdering(
  pricing: SchoolPricing,
  entries: ReadonlyMap<string, MenuItemEntry>,
  students: readonly Student[],
): DayOrdering {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return useMemo(
    () => ({
      ...pricing,
      lineName: (line) => {
        const entry = entries.get(entryKeyOf(line));
        return entry ? localizedText(entry.item, 'name', locale).text : '?';
      },
      lineOptions: (line: CartItem) => {
        const entry = entries.get(entryKeyOf(line));
        return entry
          ? chosenValueNames(entry.item, line.orderOptions, (value) => localizedText(value, 'name', locale).text).join(', ')
          : '';
      },
      dinerHeading: (id) => {
        const student = students.find((entry) => entry.id === id);
        return student ? t('school.cart.forStudent', { name: studentName(student) }) : null;
      },
      dinerName: (id) => {
        const student = students.find((entry) => entry.id === id);
        return student ? studentName(student) : null;
      },
    }),
    [pricing, entries, students, locale, t],
  );
}

/**
 * A guest's child, where the school lets guests order: the same form as a parent's saved student,
 * without the allergen list (no account to keep it on). A subsidy code counts for signed-in users
 * only (pricing.md 2.3), so where the school takes codes the guest is told to sign in to use one.
 */
export function useSchoolGuestParts(restaurant: PublicRestaurant): DayGuestParts<StudentRequest> {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const takesCodes = takesSubsidyCodes(restaurant.subsidiesEnabled ? restaurant.subsidies : null);
  const signIn = loginRedirectPath(pathname, search);
  // Its own memo: a new component would mount the form again, losing what the guest typed.
  const NameDiner = useMemo<DayGuestParts<StudentRequest>['NameDiner']>(
    () =>
      function GuestChild({ initial, onNamed, onCancel }) {
        return (
          <StudentForm
            initial={initial ?? undefined}
            askAllergens={false}
            schools={schoolChoices(restaurant)}
            submitLabel={t('school.guest.childContinue')}
            onSubmit={async (value) => onNamed(value)}
            cancel={{ onCancel }}
          />
        );
      },
    [restaurant, t],
  );
  return useMemo(
    () => ({
      NameDiner,
      heading: (child) => t('school.cart.forStudent', { name: studentName(child) }),
      name: studentName,
      describe: (child) =>
        t('school.guest.childSummary', {
          name: studentName(child),
          school: child.school,
          grade: child.grade,
          classroom: child.classroom,
          teacher: child.teacher,
        }),
      delivery: (child) => ({
        type: 'school',
        student: studentName(child),
        school: child.school,
        grade: child.grade,
        classroom: child.classroom,
        teacher: child.teacher,
      }),
      note: takesCodes ? (
        <>
          <h3 id="school-subsidy-title">{t('school.checkout.subsidyTitle')}</h3>
          <p>
            {t('school.guest.subsidyNote')} <Link to={signIn}>{t('school.guest.subsidySignIn')}</Link>
          </p>
        </>
      ) : null,
    }),
    [NameDiner, t, takesCodes, signIn],
  );
}
