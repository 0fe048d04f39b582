import type { Student, StudentRequest } from '@servery/contracts/accounts';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../../components/ui/modal-dialog';
import { schoolChoices, StudentForm } from './students/student-form';

/**
 * The school's own questions and its student form, in the shared dialog shell (the item dialog's):
 * everything in the body. A meal's choices are the ordering core's item dialog (school-menu.tsx).
 */
function SchoolDialog({
  title,
  returnFocusTo,
  onClose,
  alert = false,
  describedBy,
  children,
}: {
  title: string;
  /** Where focus goes back when the dialog closes (the control that opened it). */
  returnFocusTo: HTMLElement | null;
  onClose: () => void;
  /** Role alertdialog: a question that needs an answer before going on. */
  alert?: boolean;
  describedBy?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ModalDialog
      title={title}
      closeLabel={t('school.studentDialog.close')}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      alert={alert}
      describedBy={describedBy}
      className="school-dialog"
    >
      <div className="item-dialog__body">{children}</div>
    </ModalDialog>
  );
}

/** The allergens as the diner's language names them ("Eggs, Milk"); the spec's name ("Egg") where it has none. */
function useAllergenNames(): (allergens: readonly string[]) => string {
  const { t } = useTranslation();
  return (allergens) => allergens.map((allergen) => t(`allergens.${allergen}` as 'allergens.Egg', { defaultValue: allergen })).join(', ');
}

/** An allergen question's answers: go ahead anyway (first), or not. */
function AllergenAnswers({
  confirm,
  cancel,
  onConfirm,
  onClose,
}: {
  confirm: string;
  cancel: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <div className="button-row">
      <button type="button" className="button button--primary" onClick={onConfirm}>
        {confirm}
      </button>
      <button type="button" className="button" onClick={onClose}>
        {cancel}
      </button>
    </div>
  );
}

/**
 * "Spaghetti contains Eggs, which Léa is allergic to. Add it anyway?": asked before an item holding
 * one of the child's allergens goes into the cart; only "Add anyway" adds it.
 */
export function AllergenDialog({
  item,
  student,
  allergens,
  returnFocusTo,
  onConfirm,
  onClose,
}: {
  item: string;
  student: string;
  /** The child's allergens the item contains, as the spec names them ("Egg"). */
  allergens: readonly string[];
  returnFocusTo: HTMLElement | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const bodyId = useId();
  const named = useAllergenNames()(allergens);
  return (
    <SchoolDialog title={t('school.allergen.title')} returnFocusTo={returnFocusTo} onClose={onClose} alert describedBy={bodyId}>
      <p id={bodyId} className="school-dialog__text">
        {t('school.allergen.body', { item, allergens: named, student })}
      </p>
      <AllergenAnswers
        confirm={t('school.allergen.confirm')}
        cancel={t('school.allergen.cancel')}
        onConfirm={onConfirm}
        onClose={onClose}
      />
    </SchoolDialog>
  );
}

/**
 * Before a day's meals go to another child at checkout (a guest cart brought in after sign-in
 * included): "Léa is allergic to something in the meals of Monday: Spaghetti contains Eggs. Give
 * these meals to Léa anyway?"; only "Move anyway" moves them.
 */
export function MoveAllergenDialog({
  day,
  student,
  lines,
  returnFocusTo,
  onConfirm,
  onClose,
}: {
  day: string;
  student: string;
  /** Each line holding one of the child's allergens, with those allergens as the spec names them ("Egg"). */
  lines: ReadonlyArray<{ name: string; allergens: readonly string[] }>;
  returnFocusTo: HTMLElement | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const bodyId = useId();
  const named = useAllergenNames();
  return (
    <SchoolDialog title={t('school.allergen.title')} returnFocusTo={returnFocusTo} onClose={onClose} alert describedBy={bodyId}>
      <div id={bodyId} className="school-dialog__text">
        <p>{t('school.allergen.moveLead', { student, day })}</p>
        <ul>
          {lines.map((line) => (
            <li key={line.name}>{t('school.allergen.moveLine', { item: line.name, allergens: named(line.allergens) })}</li>
          ))}
        </ul>
        <p>{t('school.allergen.moveQuestion', { student })}</p>
      </div>
      <AllergenAnswers
        confirm={t('school.allergen.moveConfirm')}
        cancel={t('school.allergen.moveCancel')}
        onConfirm={onConfirm}
        onClose={onClose}
      />
    </SchoolDialog>
  );
}

/** The student form in a dialog, so a parent adds a child without leaving the week or the checkout. */
export function AddStudentDialog({
  restaurant,
  returnFocusTo,
  onSave,
  onClose,
}: {
  restaurant: PublicRestaurant;
  returnFocusTo: HTMLElement | null;
  /** Saves the student (POST /api/auth/students); a thrown error is shown in the form. */
  onSave: (value: StudentRequest) => Promise<Student>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <SchoolDialog title={t('school.studentDialog.title')} returnFocusTo={returnFocusTo} onClose={onClose}>
      <StudentForm
        schools={schoolChoices(restaurant)}
        submitLabel={t('students.addSubmit')}
        onSubmit={async (value) => {
          await onSave(value);
        }}
        cancel={{ onCancel: onClose }}
      />
    </SchoolDialog>
  );
}
