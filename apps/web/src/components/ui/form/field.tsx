/**
 * The form fields every screen shares (checkout, account, …): a labelled text field or select whose
 * hint and message are read with it (aria-describedby; aria-invalid while it has a message), and the
 * message itself. The words come from the caller; the messages are FieldProblems (field-problem.ts).
 * Forms bind them to React Hook Form through form.tsx beside this file.
 */
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldProblem } from './field-problem';
import '../form-fields.css';

export type { FieldProblem } from './field-problem';

/** A field's message in the person's language: the one way every form shows what is wrong with a field. */
export function FieldError({ id, error }: { id: string; error: FieldProblem | undefined }) {
  const { t } = useTranslation();
  if (!error) return null;
  let text: string;
  if (error.key === 'server') text = error.text;
  else if (error.key === 'message') text = t(error.name);
  else text = t(`checkout.field.${error.key}`, 'params' in error ? error.params : {});
  return (
    <p id={id} className="field-error">
      {text}
    </p>
  );
}

/**
 * Which fields a form names in their labels: checkout marks the required ones ("(required)"), the
 * account's card form the optional ones ("(optional)"); other forms say neither.
 */
export type FieldMarks = 'required' | 'optional' | 'none';

interface FieldLabelProps {
  id: string;
  label: string;
  required: boolean;
  marks: FieldMarks;
}

function FieldLabel({ id, label, required, marks }: FieldLabelProps) {
  const { t } = useTranslation();
  const mark =
    marks === 'required' && required ? t('checkout.required') : marks === 'optional' && !required ? t('paymentMethods.optional') : null;
  return (
    <label htmlFor={id} className="form-field__label">
      {label}
      {mark && <span className="form-field__mark"> {mark}</span>}
    </label>
  );
}

interface FieldBase {
  id: string;
  label: string;
  value: string;
  error: FieldProblem | undefined;
  onChange: (value: string) => void;
  /** aria-required, and the label's "(required)" in a form that marks required fields. */
  required?: boolean;
  marks?: FieldMarks;
  /** The input's form name; account forms name theirs after the id (password managers read it). */
  name?: string | undefined;
  /** React Hook Form's: it moves focus here when this is the first field with a message. */
  inputRef?: Ref<HTMLInputElement & HTMLSelectElement> | undefined;
  onBlur?: (() => void) | undefined;
  /** The field's path in its form's values (form.tsx), by which the first one with a message is found. */
  field?: string | undefined;
}

/** What an input and a select share: their ids, their message's state and description, their form's hooks. */
function controlProps({ id, name, field, error, required = false, inputRef, onChange, onBlur }: FieldBase, described: string) {
  return {
    ref: inputRef,
    id,
    name,
    'data-field': field,
    className: 'text-input',
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    onBlur,
  };
}

export interface TextFieldProps extends FieldBase {
  type?: 'text' | 'email' | 'tel' | 'password' | 'datetime-local';
  autoComplete?: string;
  inputMode?: 'numeric' | 'decimal' | 'text' | 'email' | 'tel';
  maxLength?: number;
  /** A short rule between the label and the input, read with the field. */
  hint?: string;
  /** Shown under the input (the card type found, a password rule); read with the field when its id is in `describedBy`. */
  after?: ReactNode;
  describedBy?: string;
}

export function TextField(props: TextFieldProps) {
  const {
    id,
    label,
    value,
    error,
    required = false,
    marks = 'none',
    type = 'text',
    autoComplete,
    inputMode,
    maxLength,
    hint,
    after,
    describedBy,
  } = props;
  const described = [hint ? `${id}-hint` : undefined, describedBy, error ? `${id}-error` : undefined].filter(Boolean).join(' ');
  return (
    <div className="form-field">
      <FieldLabel id={id} label={label} required={required} marks={marks} />
      {hint && (
        <p id={`${id}-hint`} className="form-field__hint">
          {hint}
        </p>
      )}
      <input
        {...controlProps(props, described)}
        type={type}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
      />
      {after}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export interface SelectFieldProps extends FieldBase {
  /** A choice read as it is sent, or a value sent with the words shown for it. */
  options: ReadonlyArray<string | { value: string; label: string }>;
  /** The empty first choice ("Choose…"), so that nothing is picked for the person; none where one is always picked. */
  placeholder?: string | undefined;
}

export function SelectField(props: SelectFieldProps) {
  const { id, label, value, error, required = false, marks = 'none', options, placeholder } = props;
  return (
    <div className="form-field">
      <FieldLabel id={id} label={label} required={required} marks={marks} />
      <select {...controlProps(props, error ? `${id}-error` : '')} value={value}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => {
          const { value: optionValue, label: optionLabel } = typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={optionValue} value={optionValue}>
              {optionLabel}
            </option>
          );
        })}
      </select>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
