/**
 * The student form (first and last name, school, grade, classroom, teacher, allergens): the
 * profile's student screens (features/profile-lists) and the school checkout's "add a student"
 * dialog and its guest checkout (features/school) show it, so it lives here rather than in either feature.
 */
import type { Student, StudentRequest } from '@servery/contracts/accounts';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import type { StudentAllergen } from '@servery/contracts/school';
// The list itself from the domain: importing a value from contracts would bundle its zod schemas into
// the server-rendering build, whose copies clash with the API's in zod's registry (OpenAPI).
import { ALLERGENS as STUDENT_ALLERGENS } from '@servery/domain/menu-search';
import { validateFullName, type FieldMessage } from '@servery/domain/card';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { SelectField, TextField } from './form-fields';

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

type FieldName = keyof StudentRequest;
type TextName = Exclude<FieldName, 'allergens'>;
const FIELD_ORDER: readonly TextName[] = ['firstName', 'lastName', 'school', 'grade', 'classroom', 'teacher'];
const MAX_LENGTH: Record<Exclude<TextName, 'firstName' | 'lastName'>, number> = { school: 200, grade: 50, classroom: 50, teacher: 100 };
type Errors = Partial<Record<TextName, FieldMessage>>;

const fieldId = (name: TextName) => `student-${name}`;

export function validateStudent(values: StudentRequest): { ok: true; value: StudentRequest } | { ok: false; errors: Errors } {
  const errors: Errors = {};
  const first = validateFullName(values.firstName, { required: true });
  const last = validateFullName(values.lastName, { required: true });
  if (!first.ok) errors.firstName = first.error;
  if (!last.ok) errors.lastName = last.error;
  const value: StudentRequest = {
    firstName: first.ok ? first.value : '',
    lastName: last.ok ? last.value : '',
    school: values.school.trim(),
    grade: values.grade.trim(),
    classroom: values.classroom.trim(),
    teacher: values.teacher.trim(),
    allergens: STUDENT_ALLERGENS.filter((allergen) => values.allergens?.includes(allergen)),
  };
  for (const name of ['school', 'grade', 'classroom', 'teacher'] as const) {
    if (value[name] === '') errors[name] = { key: 'required' };
    else if ([...value[name]].length > MAX_LENGTH[name]) errors[name] = { key: 'maxLength', params: { length: MAX_LENGTH[name] } };
  }
  return Object.keys(errors).length === 0 ? { ok: true, value } : { ok: false, errors };
}

interface ChoiceFieldProps {
  name: TextName;
  label: string;
  value: string;
  /** Empty: a free text field. */
  options: readonly string[];
  error: FieldMessage | undefined;
  onChange: (value: string) => void;
}

/** A select of the restaurant's values where it lists some, else a text field. */
function ChoiceField({ name, label, value, options, error, onChange }: ChoiceFieldProps) {
  const { t } = useTranslation();
  const id = fieldId(name);
  if (options.length === 0) return <TextField id={id} name={id} label={label} value={value} error={error} onChange={onChange} />;
  // A value saved before the restaurant changed its lists stays choosable.
  const shown = value !== '' && !options.includes(value) ? [value, ...options] : options;
  return (
    <SelectField
      id={id}
      name={id}
      label={label}
      value={value}
      options={shown}
      error={error}
      onChange={onChange}
      placeholder={t('students.choose')}
    />
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
  const [values, setValues] = useState<StudentRequest>({
    firstName: initial?.firstName ?? '',
    lastName: initial?.lastName ?? '',
    school: initial?.school ?? '',
    grade: initial?.grade ?? '',
    classroom: initial?.classroom ?? '',
    teacher: initial?.teacher ?? '',
    allergens: initial?.allergens ?? [],
  });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const school = schools.find((candidate) => candidate.name === values.school);
  const toggleAllergen = (allergen: StudentAllergen, on: boolean) =>
    setValues((current) => {
      const chosen = new Set(current.allergens ?? []);
      if (on) chosen.add(allergen);
      else chosen.delete(allergen);
      return { ...current, allergens: STUDENT_ALLERGENS.filter((entry) => chosen.has(entry)) };
    });
  const set = (name: TextName) => (value: string) =>
    setValues((current) =>
      // Another school has other grades, classrooms and teachers: the old picks no longer apply.
      name === 'school' && schools.length > 0 && value !== current.school
        ? { ...current, school: value, grade: '', classroom: '', teacher: '' }
        : { ...current, [name]: value },
    );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const checked = validateStudent(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = FIELD_ORDER.find((name) => checked.errors[name]);
      if (first) document.getElementById(fieldId(first))?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSubmit(checked.value);
    } catch (error) {
      setFailure(errorMessage(t, error));
      setBusy(false);
    }
  }

  return (
    <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        id={fieldId('firstName')}
        name={fieldId('firstName')}
        label={t('students.firstName')}
        value={values.firstName}
        error={errors.firstName}
        onChange={set('firstName')}
      />
      <TextField
        id={fieldId('lastName')}
        name={fieldId('lastName')}
        label={t('students.lastName')}
        value={values.lastName}
        error={errors.lastName}
        onChange={set('lastName')}
      />
      <ChoiceField
        name="school"
        label={t('students.school')}
        value={values.school}
        options={schools.map((choice) => choice.name)}
        error={errors.school}
        onChange={set('school')}
      />
      <ChoiceField
        name="grade"
        label={t('students.grade')}
        value={values.grade}
        options={school?.grades ?? []}
        error={errors.grade}
        onChange={set('grade')}
      />
      <ChoiceField
        name="classroom"
        label={t('students.classroom')}
        value={values.classroom}
        options={school?.classrooms ?? []}
        error={errors.classroom}
        onChange={set('classroom')}
      />
      <ChoiceField
        name="teacher"
        label={t('students.teacher')}
        value={values.teacher}
        options={school?.teachers ?? []}
        error={errors.teacher}
        onChange={set('teacher')}
      />
      {askAllergens && (
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
                  checked={values.allergens?.includes(allergen) ?? false}
                  onChange={(event) => toggleAllergen(allergen, event.target.checked)}
                />
                <span>{t(`allergens.${allergen}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {failure && (
        <p role="alert" className="field-error">
          {failure}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={busy}>
          {submitLabel}
        </button>
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
    </form>
  );
}
