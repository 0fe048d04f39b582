import type { Student, StudentRequest } from '@servery/contracts/accounts';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { validateFullName, type FieldMessage } from '@servery/domain/card';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from '../../i18n/i18n-context';
import type { ApiClient } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';
import { ROUTE_PATHS } from '../../lib/route-paths';
import { useAccountClient } from '../../lib/session';
import { useResource } from '../../lib/use-resource';
import { SelectField, TextField } from '../../components/ui/form-fields';
import { fetchProfileRestaurant, useProfileRestaurantSlug } from './profile-api';

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

export interface StudentsContext {
  restaurant: PublicRestaurant;
  /** The account client speaking for this restaurant (students are kept per restaurant). */
  client: ApiClient;
}

/**
 * Students belong to a restaurant: the screens need the one the profile was opened for (the
 * `restaurant` query). Without it, or with an unknown one, they say so instead of a form.
 */
export function WithStudentsRestaurant({ children }: { children: (context: StudentsContext) => ReactNode }) {
  const { t } = useTranslation();
  const slug = useProfileRestaurantSlug();
  const client = useAccountClient();
  const { state, reload } = useResource(slug, (abort) => fetchProfileRestaurant(client, slug ?? '', abort));
  if (slug === null) {
    return (
      <p className="inline-error" role="alert">
        {t('students.noRestaurant')}
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="inline-error" role="alert">
        <p>{errorMessage(t, state.error)}</p>
        <button type="button" className="button" onClick={reload}>
          {t('students.retry')}
        </button>
      </div>
    );
  }
  if (state.status !== 'ready') return <Spinner />;
  return children({ restaurant: state.data, client: client.withRestaurant(state.data.id) });
}

/** The students list path keeping the query (the restaurant rides in it). */
export function useStudentsPath(): string {
  const { search } = useLocation();
  return `${ROUTE_PATHS.Students}${search}`;
}

type FieldName = Exclude<keyof StudentRequest, 'allergens'>;
const FIELD_ORDER: readonly FieldName[] = ['firstName', 'lastName', 'school', 'grade', 'classroom', 'teacher'];
const MAX_LENGTH: Record<Exclude<FieldName, 'firstName' | 'lastName'>, number> = { school: 200, grade: 50, classroom: 50, teacher: 100 };
type Errors = Partial<Record<FieldName, FieldMessage>>;

const fieldId = (name: FieldName) => `student-${name}`;

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
    allergens: values.allergens,
  };
  for (const name of ['school', 'grade', 'classroom', 'teacher'] as const) {
    if (value[name] === '') errors[name] = { key: 'required' };
    else if ([...value[name]].length > MAX_LENGTH[name]) errors[name] = { key: 'maxLength', params: { length: MAX_LENGTH[name] } };
  }
  return Object.keys(errors).length === 0 ? { ok: true, value } : { ok: false, errors };
}

interface ChoiceFieldProps {
  name: FieldName;
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
  initial?: Student | undefined;
  schools: readonly SchoolChoice[];
  submitLabel: string;
  /** Saves; a thrown error is shown (an expired session already went to /login). */
  onSubmit: (value: StudentRequest) => Promise<void>;
  cancelTo: string;
}

export function StudentForm({ initial, schools, submitLabel, onSubmit, cancelTo }: StudentFormProps) {
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
  const set = (name: FieldName) => (value: string) =>
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
      {failure && (
        <p role="alert" className="field-error">
          {failure}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={busy}>
          {submitLabel}
        </button>
        <Link to={cancelTo} className="button">
          {t('students.cancel')}
        </Link>
      </div>
    </form>
  );
}
