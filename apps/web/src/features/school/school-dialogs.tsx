import type { Student, StudentRequest } from '@servery/contracts/accounts';
import { useId, type ReactNode } from 'react';
import { schoolChoices, StudentForm } from '../../components/ui/student-form';
import { useTranslation } from '../../i18n/i18n-context';
import { useModalDialog } from '../../lib/use-modal-dialog';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import '../../components/ui/dialog.css';

interface SchoolDialogProps {
  title: string;
  /** Where focus goes back when the dialog closes (the control that opened it). */
  returnFocusTo: HTMLElement | null;
  onClose: () => void;
  /** Role alertdialog: a question that needs an answer before going on. */
  alert?: boolean;
  describedBy?: string;
  children: ReactNode;
}

/** A modal <dialog>: focus on its close button when it opens, back on the opener when it closes; Escape closes it. */
function SchoolDialog({ title, returnFocusTo, onClose, alert = false, describedBy, children }: SchoolDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { dialogRef, closeRef } = useModalDialog(returnFocusTo);
  return (
    <dialog
      ref={dialogRef}
      className="item-dialog school-dialog"
      role={alert ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="item-dialog__content">
        <div className="item-dialog__header">
          <h2 id={titleId} className="item-dialog__title">
            {title}
          </h2>
          <button
            ref={closeRef}
            type="button"
            className="item-dialog__close"
            aria-label={t('school.studentDialog.close')}
            onClick={onClose}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="item-dialog__body">{children}</div>
      </div>
    </dialog>
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
  const named = allergens.map((allergen) => t(`allergens.${allergen}` as 'allergens.Egg', { defaultValue: allergen })).join(', ');
  return (
    <SchoolDialog title={t('school.allergen.title')} returnFocusTo={returnFocusTo} onClose={onClose} alert describedBy={bodyId}>
      <p id={bodyId} className="school-dialog__text">
        {t('school.allergen.body', { item, allergens: named, student })}
      </p>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={onConfirm}>
          {t('school.allergen.confirm')}
        </button>
        <button type="button" className="button" onClick={onClose}>
          {t('school.allergen.cancel')}
        </button>
      </div>
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
