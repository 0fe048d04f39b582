/**
 * The student form (first and last name, school, grade, classroom, teacher, allergens): the
 * profile's student screens (this folder), the school week's "add a student" dialog and the school's
 * guest checkout show it.
 */
import type { Student, StudentRequest } from '@servery/contracts/accounts';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import type { StudentAllergen } from '@servery/contracts/school';
// The list itself from the domain: importing a value from a contracts module with registered schemas
// would bundle them into the server-rendering build, whose copies clash with the API's in zod's
// registry (OpenAPI). contracts/forms.ts registers none.
import { ALLERGENS as STUDENT_ALLERGENS } from '@servery/domain/menu-search';
import { StudentForm as StudentFormSchema } from '@servery/contracts/forms';
import { useController, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Form, FormFailure, FormSelectField, FormTextField, SubmitButton } from '../../../components/ui/form/form';
import { useZodForm } from '../../../components/ui/form/use-zod-form';

type StudentFormValues = StudentFormSchema;

/** The restaurant's schools, their lists split from the operator's comma lists. */
export interface SchoolChoice {
  name: string;
  grades: string[];
  classrooms: string[];
  teachers: string[];
}

function commaList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    ),
  ];
}

export function schoolChoices(restaurant: Pick<PublicRestaurant, 'delivery'>): SchoolChoice[] {
  return (restaurant.delivery?.schools ?? []).map((school) => ({
    name: school.name,
    grades: commaList(school.grades),
    classrooms: commaList(school.classrooms),
    teachers: commaList(school.teachers),
  }));
}

type ChoiceName = 'school' | 'grade' | 'classroom' | 'teacher';

const fieldId = (name: string) => `student-${name}`;

interface ChoiceFieldProps {
  name: ChoiceName;
  label: string;
  /** Empty: a free text field. */
  options: readonly string[];
  onChanged?: (value: string, previous: string) => void;
}

/** A select of the restaurant's values where it lists some, else a text field. */
function ChoiceField({ name, label, options, onChanged }: ChoiceFieldProps) {
  const { t } = useTranslation();
  const value = useWatch<StudentFormValues, ChoiceName>({ name });
  const id = fieldId(name);
  if (options.length === 0) return <FormTextField field={name} id={id} name={id} label={label} onChanged={onChanged} />;
  // A value saved before the restaurant changed its lists stays choosable.
  const shown = value !== '' && !options.includes(value) ? [value, ...options] : options;
  return (
    <FormSelectField
      field={name}
      id={id}
      name={id}
      label={label}
      options={shown}
      placeholder={t('students.choose')}
      onChanged={onChanged}
    />
  );
}

/** The allergens ticked, kept in the list's order. */
function AllergenChoices() {
  const { t } = useTranslation();
  const { field } = useController<StudentFormValues, 'allergens'>({ name: 'allergens' });
  const chosen = new Set(field.value);
  const toggle = (allergen: StudentAllergen, on: boolean) => {
    if (on) chosen.add(allergen);
    else chosen.delete(allergen);
    field.onChange(STUDENT_ALLERGENS.filter((entry) => chosen.has(entry)));
  };
  return (
    <fieldset className="student-allergens" aria-describedby="student-allergens-hint">
      <legend className="form-field__label">{t('students.allergens')}</legend>
      <p id="student-allergens-hint" className="form-field__hint">
        {t('students.allergensHint')}
      </p>
      <div className="student-allergens__choices">
        {STUDENT_ALLERGENS.map((allergen) => (
          <label key={allergen} className="student-allergens__choice">
            <input
              type="checkbox"
              name="student-allergens"
              value={allergen}
              checked={chosen.has(allergen)}
              onChange={(event) => toggle(allergen, event.target.checked)}
            />
            <span>{t(`allergens.${allergen}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export interface StudentFormProps {
  initial?: Student | StudentRequest | undefined;
  /** False for a guest's child: nothing is saved on an account, so the allergen list is not asked. */
  askAllergens?: boolean;
  schools: readonly SchoolChoice[];
  submitLabel: string;
  /** Saves; a thrown error is shown (an expired session already went to /login). */
  onSubmit: (value: StudentRequest) => Promise<void>;
  /** Where Cancel goes (a screen), or what it does (a dialog). */
  cancel: { to: string } | { onCancel: () => void };
}

export function StudentForm({ initial, askAllergens = true, schools, submitLabel, onSubmit, cancel }: StudentFormProps) {
  const { t } = useTranslation();
  const form = useZodForm(StudentFormSchema, {
    defaultValues: {
      firstName: initial?.firstName ?? '',
      lastName: initial?.lastName ?? '',
      school: initial?.school ?? '',
      grade: initial?.grade ?? '',
      classroom: initial?.classroom ?? '',
      teacher: initial?.teacher ?? '',
      allergens: initial?.allergens ?? [],
    },
  });
  const schoolName = useWatch({ control: form.control, name: 'school' });
  const school = schools.find((candidate) => candidate.name === schoolName);
  // Another school has other grades, classrooms and teachers: the old picks no longer apply.
  const schoolChanged = (value: string, previous: string) => {
    if (schools.length === 0 || value === previous) return;
    for (const name of ['grade', 'classroom', 'teacher'] as const) form.setValue(name, '');
  };

  return (
    <Form form={form} className="account-form" onValid={onSubmit}>
      <FormTextField field="firstName" id={fieldId('firstName')} name={fieldId('firstName')} label={t('students.firstName')} />
      <FormTextField field="lastName" id={fieldId('lastName')} name={fieldId('lastName')} label={t('students.lastName')} />
      <ChoiceField name="school" label={t('students.school')} options={schools.map((choice) => choice.name)} onChanged={schoolChanged} />
      <ChoiceField name="grade" label={t('students.grade')} options={school?.grades ?? []} />
      <ChoiceField name="classroom" label={t('students.classroom')} options={school?.classrooms ?? []} />
      <ChoiceField name="teacher" label={t('students.teacher')} options={school?.teachers ?? []} />
      {askAllergens && <AllergenChoices />}
      <FormFailure />
      <div className="button-row">
        <SubmitButton>{submitLabel}</SubmitButton>
        {'to' in cancel ? (
          <Link to={cancel.to} className="button">
            {t('students.cancel')}
          </Link>
        ) : (
          <button type="button" className="button" onClick={cancel.onCancel}>
            {t('students.cancel')}
          </button>
        )}
      </div>
    </Form>
  );
}
