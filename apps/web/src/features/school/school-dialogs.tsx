import type { Student, StudentRequest } from '@servery/contracts/accounts';
import {
  defaultSelection,
  setValueQuantity,
  toggleValue,
  validateSelection,
  type SelectedGroup,
  type SelectionIssue,
} from '@servery/domain/item-selection';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { OptionGroups } from '../../components/ui/option-groups';
import { useNow } from '../../lib/clock';
import type { MenuItemEntry } from '../../lib/menu-model';
import { schoolChoices, StudentForm } from '../../components/ui/student-form';
import { useTranslation } from 'react-i18next';
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

/**
 * A meal's choices (drink, fruit or vegetable), the restaurant's defaults chosen first: "Add" takes
 * the selection once every required group has its pick.
 */
export function MealChoiceDialog({
  entry,
  title,
  addLabel,
  zone,
  returnFocusTo,
  onChoose,
  onClose,
}: {
  entry: MenuItemEntry;
  title: string;
  addLabel: string;
  zone: string;
  returnFocusTo: HTMLElement | null;
  onChoose: (selection: SelectedGroup[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const now = useNow();
  const { item } = entry;
  const [selection, setSelection] = useState<SelectedGroup[]>(() => defaultSelection(item, now, zone));
  const [submitted, setSubmitted] = useState(false);
  const issues = useMemo(() => validateSelection(item, selection, now, zone), [item, selection, now, zone]);
  const shown = submitted ? issues : issues.filter((issue) => issue.rule !== 'required');
  const byGroup = useMemo(() => {
    const map = new Map<number, SelectionIssue[]>();
    for (const issue of shown) map.set(issue.groupId, [...(map.get(issue.groupId) ?? []), issue]);
    return map;
  }, [shown]);
  return (
    <SchoolDialog title={title} returnFocusTo={returnFocusTo} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          if (issues.length > 0) {
            requestAnimationFrame(() => document.querySelector<HTMLElement>('.school-dialog [data-invalid]')?.focus());
            return;
          }
          onChoose(selection);
        }}
      >
        <fieldset className="item-dialog__options">
          <legend className="visually-hidden">{t('item.choicesLegend')}</legend>
          <OptionGroups
            groups={item.options}
            selected={selection}
            path={[]}
            onToggle={(path) => {
              const next = toggleValue(item, selection, path);
              if (next === selection) return false;
              setSelection(next);
              return true;
            }}
            onQuantity={(path, quantity) => setSelection((current) => setValueQuantity(item, current, path, quantity))}
            issues={byGroup}
            now={now}
            zone={zone}
          />
        </fieldset>
        <div className="button-row">
          <button type="submit" className="button button--primary">
            {addLabel}
          </button>
          <button type="button" className="button" onClick={onClose}>
            {t('school.allergen.cancel')}
          </button>
        </div>
      </form>
    </SchoolDialog>
  );
}
