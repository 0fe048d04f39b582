/**
 * The school's parts of the core's day checkout (ordering/days/day-checkout.tsx): which child each
 * day is for (asking first when the child is allergic to something in it), and the parent's subsidy
 * code, said as the server priced it.
 */
import type { Student } from '@servery/contracts/accounts';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { SubsidyCodeForm } from '@servery/contracts/forms';
import type { CartItem } from '@servery/domain/cart';
import { allergensInLines } from '@servery/domain/school-cart';
import { takesSubsidyCodes } from '@servery/domain/subsidy-codes';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldsRefused, Form, FormTextField } from '../../components/ui/form/form';
import { useZodForm } from '../../components/ui/form/use-zod-form';
import { useToasts } from '../../components/ui/toasts';
import { errorNameMessage, errorProblem, errorToast } from '../../lib/error-message';
import { formatDay } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { useSession } from '../../lib/session';
import { useUserMutation } from '../../lib/session-mutations';
import { useApiClient } from '../../lib/use-api-client';
import { useLocale } from '../../lib/use-locale';
import type { DayCarts, DayCheckoutParts, DayOrder, DayOrdering } from '../../ordering';
import { MoveAllergenDialog } from './school-dialogs';
import { studentName } from './school-ordering';
import { addSubsidyCode, deleteSubsidyCode } from './subsidy-code-api';

const childSelectId = (order: DayOrder) => `school-child-${order.date}-${order.studentId ?? 'none'}`;

export interface SchoolCheckoutOptions {
  restaurant: PublicRestaurant;
  cart: DayCarts;
  plugin: DayOrdering;
  students: readonly Student[];
  /** A line's allergens as a comma list (its item's and every value chosen): asked before a day goes to a child allergic to one. */
  lineAllergens: (line: CartItem) => string;
  /** Opens the add-student dialog; `then` gets the new student (to give it the day whose button opened it). */
  onAddStudent: (opener: HTMLElement, then: (student: Student) => void) => void;
}

/** The school's parts of checkout, and the dialog that asks before a day goes to an allergic child. */
export function useSchoolCheckoutParts({ restaurant, cart, plugin, students, lineAllergens, onAddStudent }: SchoolCheckoutOptions): {
  parts: DayCheckoutParts;
  dialog: ReactNode;
} {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { show } = useToasts();
  const dayName = (date: string) => formatDay(date, locale);
  // A day about to go to a child allergic to something in it: asked first, as when a meal is added.
  const [moving, setMoving] = useState<{ order: DayOrder; student: Student; found: Array<{ line: CartItem; allergens: string[] }> } | null>(
    null,
  );

  /** The day's meals go to `student` once the parent has said yes to any of the child's allergens in them. */
  function requestMove(order: DayOrder, student: Student) {
    if (order.studentId === student.id) return;
    const found = allergensInLines(order.items, lineAllergens, student.allergens);
    if (found.length > 0) setMoving({ order, student, found });
    else moveDay(order, student);
  }

  function moveDay(order: DayOrder, student: Student) {
    const result = cart.moveTo({ date: order.date, studentId: order.studentId }, student.id);
    if (!result.ok) show(errorNameMessage(t, result.error), 'error');
    else show(t('school.checkout.moved', { day: dayName(order.date), name: studentName(student) }), 'info');
  }

  /**
   * The day's child picker's name: its day, the child it is for now and the meals it holds. Two
   * children's days on one date each have a picker, and the label alone ("Child for Monday", what
   * the name starts with) named them alike; on screen, the day's heading and lines say the rest.
   */
  const childName = (order: DayOrder, current: Student | undefined) => {
    const meals = order.items
      .map((line) =>
        line.quantity > 1
          ? t('school.checkout.childLine', { quantity: line.quantity, name: plugin.lineName(line) })
          : plugin.lineName(line),
      )
      .join(', ');
    const day = dayName(order.date);
    return current
      ? t('school.checkout.childNow', { day, student: studentName(current), meals })
      : t('school.checkout.childOf', { day, meals });
  };

  const dayControl = (order: DayOrder, failureShown: boolean) => {
    const selectId = childSelectId(order);
    // A day without a child is the checkout's refusal (missingDiner), said as its failure.
    const missing = order.studentId === null && failureShown;
    // Each day has this button: its name says which day (and whose meals) it gives the new student.
    const current = students.find((student) => student.id === order.studentId);
    const addLabel = current
      ? t('school.checkout.addStudentFor', { day: dayName(order.date), student: studentName(current) })
      : t('school.checkout.addStudentOn', { day: dayName(order.date) });
    return (
      <div className="school-child">
        <label htmlFor={selectId} className="form-field__label">
          {t('school.checkout.child', { day: dayName(order.date) })}
        </label>
        <div className="school-child__row">
          <select
            id={selectId}
            aria-label={childName(order, current)}
            className="text-input"
            value={order.studentId ?? ''}
            aria-invalid={missing || undefined}
            onChange={(event) => {
              const target = students.find((student) => student.id === Number(event.target.value));
              if (target) requestMove(order, target);
            }}
          >
            <option value="" disabled>
              {t('students.choose')}
            </option>
            {students.map((student) => (
              <option key={student.id} value={student.id}>
                {studentName(student)}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button"
            aria-label={addLabel}
            onClick={(event) => onAddStudent(event.currentTarget, (student) => requestMove(order, student))}
          >
            {t('school.addStudent')}
          </button>
        </div>
      </div>
    );
  };

  const dialog = moving && (
    <MoveAllergenDialog
      day={dayName(moving.order.date)}
      student={studentName(moving.student)}
      lines={moving.found.map((entry) => ({ name: plugin.lineName(entry.line), allergens: entry.allergens }))}
      returnFocusTo={document.getElementById(childSelectId(moving.order))}
      onConfirm={() => {
        moveDay(moving.order, moving.student);
        setMoving(null);
      }}
      onClose={() => setMoving(null)}
    />
  );

  return {
    parts: {
      dayControl,
      sections: <SubsidySection restaurant={restaurant} cart={cart} />,
      missingDiner: (orders) => {
        const withoutChild = orders.find((order) => order.studentId === null);
        return withoutChild ? t('school.checkout.needChild', { day: dayName(withoutChild.date) }) : null;
      },
    },
    dialog,
  };
}

/**
 * The parent's subsidy code at checkout, offered only where a code can count (an active subsidy for
 * users with a code); a code saved before the school changed that is still shown, to be removed.
 */
function SubsidySection({ restaurant, cart }: { restaurant: PublicRestaurant; cart: DayCarts }) {
  const { t } = useTranslation();
  const { show } = useToasts();
  const session = useSession();
  const client = useApiClient(restaurant.id);
  const user = session.status === 'authenticated' ? session.user : null;
  const credentials = session.status === 'authenticated' ? session.credentials : null;
  // Add (a code) or remove (null) the subsidy code: the user in the session carries it, and the
  // profile's own read of it is asked again.
  const subsidyChange = useUserMutation({
    mutationFn: async (code: string | null) => {
      if (!credentials) throw new Error('signed out');
      return code === null
        ? deleteSubsidyCode(client, credentials, String(restaurant.id)).then(() => null)
        : addSubsidyCode(client, credentials, String(restaurant.id), code);
    },
    user: (saved) => (user ? { ...user, subsidyCode: saved } : null),
    invalidates: [queryKeys.subsidyCodes],
  });
  const [busy, setBusy] = useState(false);
  // What the last change of code did, said in the section rather than in a toast: a toast at the
  // foot of a phone's screen covered the card's fields below it (issue 30 defect 8).
  const [note, setNote] = useState<string | null>(null);
  const takesCodes = takesSubsidyCodes(restaurant.subsidiesEnabled ? restaurant.subsidies : null);
  if (!user || !(user.subsidyCode || takesCodes)) return null;
  const priced = cart.priced;
  // Unknown (null) until the pricing of the current cart and code is back: a code just added is not
  // said to fail on the pricing from before it.
  const applied = priced && cart.pricing === 'idle' ? priced.orders.some((order) => order.costs.subsidyDiscount.type !== null) : null;

  /** The server's refusal of a code is said on its field (SubsidyCodeEntry). */
  async function apply(code: string) {
    setBusy(true);
    try {
      await subsidyChange.mutateAsync(code);
      // The section's own status says it is applied.
      setNote(null);
    } catch (error) {
      throw new FieldsRefused([['code', errorProblem(t, error)]]);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await subsidyChange.mutateAsync(null);
      setNote(t('school.checkout.subsidyRemoved'));
    } catch (error) {
      show(errorToast(t, error), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="day-checkout__part" aria-labelledby="school-subsidy-title">
      <h3 id="school-subsidy-title">{t('school.checkout.subsidyTitle')}</h3>
      {user.subsidyCode ? (
        <div className="school-subsidy">
          {/* Said as the server priced it: applied only when the days' costs carry the subsidy. */}
          <p role="status">
            {applied === null
              ? t('school.checkout.subsidySaved', { code: user.subsidyCode })
              : applied
                ? t('school.checkout.subsidyOn', { code: user.subsidyCode })
                : t('school.checkout.subsidyNotApplied', { code: user.subsidyCode })}
          </p>
          <button type="button" className="button" disabled={busy} onClick={() => void remove()}>
            {t('school.checkout.subsidyRemove')}
          </button>
        </div>
      ) : (
        <SubsidyCodeEntry busy={busy} apply={apply} />
      )}
      {note && !user.subsidyCode && <p role="status">{note}</p>}
    </section>
  );
}

/** A subsidy code to add (SubsidyCodeForm in packages/contracts/src/forms.ts); the server's refusal lands on the field. */
function SubsidyCodeEntry({ busy, apply }: { busy: boolean; apply: (code: string) => Promise<void> }) {
  const { t } = useTranslation();
  const form = useZodForm(SubsidyCodeForm, { defaultValues: { code: '' } });
  return (
    <Form form={form} className="school-subsidy" onValid={({ code }) => apply(code)}>
      <FormTextField field="code" id="school-subsidy" label={t('school.checkout.subsidyLabel')} maxLength={100} />
      <button type="submit" className="button" disabled={busy}>
        {t('school.checkout.subsidyApply')}
      </button>
    </Form>
  );
}
