/** The checkout's form parts: a labelled text or select field with its message (spec section 5's messages). */
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/i18n-context';
import type { CheckoutForm, FieldErrors, FieldProblem } from './checkout-model';

export type Update = (change: (current: CheckoutForm) => CheckoutForm, field?: string) => void;

export function omit(errors: FieldErrors, field: string): FieldErrors {
  const next = { ...errors };
  delete next[field];
  return next;
}

/** The spec's field message, in the diner's language (or the server's, already translated). */
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

function FieldLabel({ id, label, required }: { id: string; label: string; required: boolean }) {
  const { t } = useTranslation();
  return (
    <label htmlFor={id} className="checkout-field__label">
      {label}
      {required && <span className="checkout-required"> {t('checkout.required')}</span>}
    </label>
  );
}

export interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  error: FieldProblem | undefined;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string;
  inputMode?: 'numeric' | 'text' | 'email' | 'tel';
  required?: boolean;
  /** Shown under the field and read with it (a rule such as the password's). */
  hint?: ReactNode;
  hintId?: string;
  maxLength?: number;
}

export function TextField({
  id,
  label,
  value,
  error,
  onChange,
  type = 'text',
  autoComplete,
  inputMode,
  required = true,
  hint,
  hintId,
  maxLength,
}: TextFieldProps) {
  const describedBy = [hintId, error ? `${id}-error` : undefined].filter(Boolean).join(' ');
  return (
    <div className="checkout-field">
      <FieldLabel id={id} label={label} required={required} />
      <input
        id={id}
        className="text-input"
        type={type}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  options: readonly string[];
  error: FieldProblem | undefined;
  onChange: (value: string) => void;
  required?: boolean;
}

/** A choice from the restaurant's list; starts on "Choose…" so nothing is picked for the diner. */
export function SelectField({ id, label, value, options, error, onChange, required = true }: SelectFieldProps) {
  const { t } = useTranslation();
  return (
    <div className="checkout-field">
      <FieldLabel id={id} label={label} required={required} />
      <select
        id={id}
        className="text-input"
        value={value}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{t('checkout.choose')}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
