import type { FieldMessage } from '@servery/domain/card';
import { useTranslation } from '../../i18n/i18n-context';

/** The spec's field message, in the diner's language (the checkout's catalogue of field messages). */
export function FieldError({ id, error }: { id: string; error: FieldMessage | undefined }) {
  const { t } = useTranslation();
  if (!error) return null;
  const params = 'params' in error ? error.params : {};
  return (
    <p id={id} className="field-error">
      {t(`checkout.field.${error.key}`, params)}
    </p>
  );
}

export interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  error: FieldMessage | undefined;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string;
  hint?: string;
}

/** A labelled input whose error and hint are announced with it. */
export function TextField({ id, label, value, error, onChange, type = 'text', autoComplete, hint }: TextFieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="account-field">
      <label htmlFor={id} className="account-field__label">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="account-field__hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        name={id}
        className="text-input"
        type={type}
        value={value}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
