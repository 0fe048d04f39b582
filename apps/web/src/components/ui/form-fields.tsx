/**
 * The form fields every screen shares (checkout, account, …): a labelled text field or select whose
 * hint and message are read with it, and the message itself. The words come from the caller; the
 * messages are the spec's field messages (FieldMessage in packages/domain/src/card.ts).
 */
import type { FieldMessage } from '@servery/domain/card';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './form-fields.css';

/** A field message: one of the spec's (translated here), or the server's, already in the person's language. */
export type FieldProblem = FieldMessage | { key: 'server'; text: string };

export function FieldError({ id, error }: { id: string; error: FieldProblem | undefined }) {
  const { t } = useTranslation();
  if (!error) return null;
  if (error.key === 'server') {
    return (
      <p id={id} className="field-error">
        {error.text}
      </p>
    );
  }
  const params = 'params' in error ? error.params : {};
  return (
    <p id={id} className="field-error">
      {t(`checkout.field.${error.key}`, params)}
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
  name?: string;
}

export interface TextFieldProps extends FieldBase {
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string;
  inputMode?: 'numeric' | 'text' | 'email' | 'tel';
  maxLength?: number;
  /** A short rule between the label and the input, read with the field. */
  hint?: string;
  /** Shown under the input (the card type found, a password rule); read with the field when its id is in `describedBy`. */
  after?: ReactNode;
  describedBy?: string;
}

export function TextField({
  id,
  label,
  value,
  error,
  onChange,
  required = false,
  marks = 'none',
  name,
  type = 'text',
  autoComplete,
  inputMode,
  maxLength,
  hint,
  after,
  describedBy,
}: TextFieldProps) {
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
        id={id}
        name={name}
        className="text-input"
        type={type}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {after}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export interface SelectFieldProps extends FieldBase {
  /** A choice read as it is sent, or a value sent with the words shown for it. */
  options: ReadonlyArray<string | { value: string; label: string }>;
  /** The empty first choice ("Choose…"), so that nothing is picked for the person. */
  placeholder: string;
}

export function SelectField({
  id,
  label,
  value,
  error,
  onChange,
  required = false,
  marks = 'none',
  name,
  options,
  placeholder,
}: SelectFieldProps) {
  return (
    <div className="form-field">
      <FieldLabel id={id} label={label} required={required} marks={marks} />
      <select
        id={id}
        name={name}
        className="text-input"
        value={value}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{placeholder}</option>
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
